import type { Plan } from './plans.ts';
import type { RateState } from './rate-limit.ts';

/** Credits held for one call: settled exactly once, after the call. */
export interface CreditHold {
  cost: number;
  /** Credits used in the period, this call included (exact on one instance; with several, their blocks count as used). */
  used: number;
  /** The call succeeded: the credits stay spent (durably, before the answer is sent). */
  commit(): Promise<void>;
  /** The call failed: the credits come back. */
  refund(): Promise<void>;
}

export interface Metered {
  rate: RateState;
  /** Undefined when the rate refused the call, when it is free, or when the month's credits do not cover it. */
  hold: CreditHold | undefined;
}

/**
 * The minute's rate window and the month's credits of an account: what the gate asks before each call. One
 * implementation, leased blocks (accounts/leases.ts), on SQLite and PostgreSQL alike.
 */
export interface Meter {
  admit(accountId: string, plan: Plan, cost: number): Promise<Metered>;
  /** The minute's window without taking from it: calls counted by every instance, less what this one holds unused. */
  peekRate(accountId: string, limit: number): Promise<RateState>;
  /** Gives back the leases of instances that are gone; returns how many. */
  reclaimOrphaned(liveOwners: Set<string>): Promise<number>;
  /** Gives back what this process holds and is not spending. */
  close(): Promise<void>;
}
