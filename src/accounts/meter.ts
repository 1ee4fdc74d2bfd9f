import type { Store } from '../store/index.ts';
import type { Credits } from './credits.ts';
import type { Plan } from './plans.ts';
import type { RateLimiter, RateState } from './rate-limit.ts';

/** Credits held for one call: settled exactly once, after the call. */
export interface CreditHold {
  cost: number;
  /** Credits used in the period, this call included (an estimate across instances on PostgreSQL). */
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

/** The minute's rate window and the month's credits of an account: what the gate asks before each call. */
export interface Meter {
  admit(accountId: string, plan: Plan, cost: number): Promise<Metered>;
  /** Gives back what this process holds and is not spending (PostgreSQL leases); a no-op per call metering. */
  close(): Promise<void>;
}

/**
 * The embedded store's meter: the minute's count and the credits in one atomic unit per call, which SQLite's
 * group commit (store/index.ts) makes cheap; every process on the data dir counts in the same rows.
 */
export function storeMeter(store: Store, credits: Credits, rateLimiter: RateLimiter): Meter {
  return {
    async admit(accountId, plan, cost) {
      const { rate, reservation } = await store.atomically(function* (db) {
        const hit = yield* rateLimiter.hitSteps(db, accountId, plan.ratePerMinute);
        if (!hit.allowed || cost === 0) return { rate: hit, reservation: undefined };
        return { rate: hit, reservation: yield* credits.reserveSteps(db, accountId, plan.monthlyCredits, cost) };
      });
      if (!reservation) return { rate, hold: undefined };
      return {
        rate,
        hold: { cost, used: reservation.used, commit: () => credits.commit(reservation), refund: () => credits.refund(reservation) },
      };
    },
    close: async () => {},
  };
}
