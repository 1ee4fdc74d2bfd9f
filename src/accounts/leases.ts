import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ToolError } from '../core/errors.ts';
import type { Steps, Store } from '../store/index.ts';
import { preparedStatement } from '../store/prepared.ts';
import { periodOf } from './credits.ts';
import { STALE_AFTER_MS, type Instance } from './instances.ts';
import type { CreditHold, Meter } from './meter.ts';
import { rateState, rateWindow, type RateState } from './rate-limit.ts';

/**
 * Metering, on SQLite and PostgreSQL alike (docs/architecture.md, "Metering"). Taking a row lock on the account's
 * usage row for every call serialises all calls of an account on that row (and costs two writes per call on
 * SQLite); instead an instance leases a block of credits (and of the minute's rate allowance) in one
 * transaction and serves calls from memory:
 * - a block is at most 1/SHARE of what is left, so it shrinks to the call's own cost near the limit and the
 *   boundary stays exact: the shared rows never hand out more than the plan allows;
 * - a call that succeeds is settled (`spent`) in the lease row before its answer is sent, batched with the
 *   other calls that finished meanwhile: after a crash, `granted - spent` is exactly what goes back;
 * - a failed call puts its credits back in the block; a block left idle goes back to the shared row;
 * - the leases of an instance that is gone (its heartbeat stale, or its process dead on this host) go back
 *   to the usage row in the sweep of any other instance (`reclaimOrphaned`).
 */
const SHARE = 8;
const MAX_CREDIT_BLOCK = 1000;
const MAX_RATE_BLOCK = 1000;
/** A block unused this long goes back to the shared row, where other instances can take it. */
export const IDLE_RETURN_MS = 1000;

interface CreditLease {
  readonly id: string;
  readonly accountId: string;
  readonly period: string;
  /** As in the lease row. */
  granted: number;
  spent: number;
  inserted: boolean;
  /** In memory: free to hold, held by calls in flight, committed and not yet settled. */
  available: number;
  held: number;
  pending: number;
  /** usage.used after this instance's last take or return (the other instances' blocks count as used). */
  rowUsed: number;
  /** A take or return in progress: calls wait for it rather than starting their own. */
  busy: Promise<TakeOutcome> | undefined;
  flushing: boolean;
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>;
  lastUse: number;
  /** Settled and given back: the row is gone; a new lease replaces it. */
  closed: boolean;
}

interface TakeOutcome {
  granted: number;
  /** The cost that could not be covered (when nothing was granted). */
  cost: number;
}

interface RateLease {
  readonly accountId: string;
  readonly window: string;
  available: number;
  /** The window's count after this instance's last take or return. */
  rowCount: number;
  busy: Promise<number> | undefined;
  lastUse: number;
}

export function leasedMeter(store: Store, now: () => Date, instance: Instance): Meter {
  const { db } = store;
  // SQLite runs a unit of work alone (store/index.ts): it needs no row locks, and has no FOR UPDATE.
  const rowLocks = store.dialect === 'postgres';
  const credits = new Map<string, CreditLease>();
  /** Leases of a period that ended, kept until their calls settle and their rest is given back. */
  const retired = new Set<CreditLease>();
  const rates = new Map<string, RateLease>();
  let lastCleanup = 0;
  const settle = preparedStatement((count: number, id: string) =>
    db
      .updateTable('credit_leases')
      .set({ spent: sql<number>`spent + ${count}` })
      .where('id', '=', id),
  );

  const newLease = (accountId: string, period: string): CreditLease => ({
    id: randomUUID(),
    accountId,
    period,
    granted: 0,
    spent: 0,
    inserted: false,
    available: 0,
    held: 0,
    pending: 0,
    rowUsed: 0,
    busy: undefined,
    flushing: false,
    waiters: [],
    lastUse: performance.now(),
    closed: false,
  });

  function* takeSteps(lease: CreditLease, limit: number, cost: number): Steps<TakeOutcome & { rowUsed: number }> {
    const locate = db
      .selectFrom('usage')
      .select('used')
      .where('account_id', '=', lease.accountId)
      .where('period', '=', lease.period)
      .$if(rowLocks, (query) => query.forUpdate())
      .compile();
    let { rows } = yield locate;
    if (rows.length === 0) {
      // The first call of the month: a concurrent first call may insert too; the lock then waits for it.
      yield db
        .insertInto('usage')
        .values({ account_id: lease.accountId, period: lease.period, used: 0 })
        .onConflict((oc) => oc.columns(['account_id', 'period']).doNothing())
        .compile();
      ({ rows } = yield locate);
    }
    const used = Number(rows[0]?.used ?? 0);
    if (used + cost > limit) return { granted: 0, cost, rowUsed: used };
    const left = limit - used;
    const granted = Math.min(left, Math.max(cost, Math.min(MAX_CREDIT_BLOCK, Math.floor(left / SHARE))));
    yield db
      .updateTable('usage')
      .set({ used: sql<number>`used + ${granted}` })
      .where('account_id', '=', lease.accountId)
      .where('period', '=', lease.period)
      .compile();
    if (lease.inserted) {
      const { rows: kept } = yield db
        .updateTable('credit_leases')
        .set({ granted: sql<number>`granted + ${granted}` })
        .where('id', '=', lease.id)
        .returning('id')
        .compile();
      // Reclaimed by a sweeper while this instance was taken for gone: roll back, start a new lease.
      if (kept.length === 0) throw new LeaseLost();
    } else {
      yield db
        .insertInto('credit_leases')
        .values({ id: lease.id, account_id: lease.accountId, period: lease.period, owner: instance.id, granted, spent: 0, created_at: now().toISOString() })
        .compile();
    }
    return { granted, cost, rowUsed: used + granted };
  }

  const take = async (lease: CreditLease, limit: number, cost: number): Promise<TakeOutcome> => {
    try {
      const outcome = await store.atomically(() => takeSteps(lease, limit, cost));
      lease.inserted = true;
      lease.granted += outcome.granted;
      lease.available += outcome.granted;
      lease.rowUsed = outcome.rowUsed;
      return outcome;
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
      lease.closed = true;
      lease.available = 0;
      if (credits.get(lease.accountId) === lease) credits.delete(lease.accountId);
      return { granted: 0, cost: 0 };
    }
  };

  /** Gives the free part of a lease back to the usage row; the lease row goes too once nothing is in flight. */
  const giveBack = async (lease: CreditLease): Promise<TakeOutcome> => {
    const back = lease.available;
    const drop = lease.held === 0 && lease.pending === 0 && !lease.flushing && lease.granted - back === lease.spent;
    if (back === 0 && !drop) return { granted: 0, cost: 0 };
    lease.available = 0;
    try {
      await store.atomically(function* (tx) {
        if (back > 0) {
          yield tx
            .updateTable('usage')
            .set({ used: sql<number>`used - ${back}` })
            .where('account_id', '=', lease.accountId)
            .where('period', '=', lease.period)
            .compile();
        }
        if (drop) yield tx.deleteFrom('credit_leases').where('id', '=', lease.id).compile();
        else
          yield tx
            .updateTable('credit_leases')
            .set({ granted: sql<number>`granted - ${back}` })
            .where('id', '=', lease.id)
            .compile();
      });
    } catch (error) {
      lease.available += back;
      throw error;
    }
    lease.granted -= back;
    lease.rowUsed -= back;
    if (drop) {
      lease.closed = true;
      if (credits.get(lease.accountId) === lease) credits.delete(lease.accountId);
      retired.delete(lease);
    }
    return { granted: 0, cost: 0 };
  };

  /** Runs a take or a return as the lease's one operation in progress. */
  const exclusive = async <T extends TakeOutcome>(lease: CreditLease, operation: () => Promise<T>): Promise<T> => {
    const running = operation();
    lease.busy = running;
    try {
      return await running;
    } finally {
      lease.busy = undefined;
    }
  };

  /** Writes the spending of the calls that committed since the last write, one statement for all of them. */
  const flush = async (lease: CreditLease): Promise<void> => {
    lease.flushing = true;
    try {
      while (lease.pending > 0) {
        // Taken when the statement runs (on SQLite at the group commit of this turn), so the calls that committed
        // until then share this write; once taken, a batch run again after a failure writes the same count.
        let count = 0;
        let waiters: CreditLease['waiters'] = [];
        let taken = false;
        const statement = () => {
          if (!taken) {
            taken = true;
            count = lease.pending;
            waiters = lease.waiters;
            lease.pending = 0;
            lease.waiters = [];
          }
          return settle(count, lease.id);
        };
        try {
          await store.executeOne(statement);
          lease.spent += count;
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          // Unknown whether it was written: it stays pending (billed), never back in the block (that could overspend).
          lease.pending += count;
          for (const waiter of waiters) waiter.reject(error);
          return;
        }
      }
    } finally {
      lease.flushing = false;
    }
  };

  const holdOf = (lease: CreditLease, cost: number): CreditHold => {
    let settled = false;
    return {
      cost,
      used: lease.rowUsed - lease.available,
      commit() {
        if (settled) return Promise.resolve();
        settled = true;
        lease.held -= cost;
        lease.pending += cost;
        const written = new Promise<void>((resolve, reject) => lease.waiters.push({ resolve, reject }));
        if (!lease.flushing) void flush(lease);
        return written;
      },
      async refund() {
        if (settled) return;
        settled = true;
        lease.held -= cost;
        lease.available += cost;
      },
    };
  };

  const mustBeFresh = (): void => {
    // Another instance may give this one's leases back once its heartbeat is stale: spend nothing from memory then.
    if (!instance.fresh()) {
      throw new ToolError('service_unavailable', 'metering: this instance has not reached the database for a while; retry shortly.', {
        headers: { 'retry-after': '5' },
      });
    }
  };

  /** After a stale spell, the leases a sweeper gave back meanwhile are dropped before anything is spent from memory. */
  let verifiedEpoch = instance.epoch();
  const dropReclaimed = async (): Promise<void> => {
    const epoch = instance.epoch();
    const rows = await db.selectFrom('credit_leases').select('id').where('owner', '=', instance.id).execute();
    const present = new Set(rows.map((row) => row.id));
    for (const lease of [...credits.values(), ...retired]) {
      if (!lease.inserted || present.has(lease.id)) continue;
      lease.closed = true;
      lease.available = 0;
      if (credits.get(lease.accountId) === lease) credits.delete(lease.accountId);
      retired.delete(lease);
    }
    verifiedEpoch = epoch;
  };

  async function reserve(accountId: string, limit: number, cost: number): Promise<CreditHold | undefined> {
    const period = periodOf(now());
    for (;;) {
      if (instance.epoch() !== verifiedEpoch) await dropReclaimed();
      let lease = credits.get(accountId);
      if (lease && lease.period !== period) {
        credits.delete(accountId);
        retired.add(lease);
        lease = undefined;
      }
      if (!lease) {
        lease = newLease(accountId, period);
        credits.set(accountId, lease);
      }
      lease.lastUse = performance.now();
      if (lease.available >= cost) {
        mustBeFresh();
        lease.available -= cost;
        lease.held += cost;
        return holdOf(lease, cost);
      }
      if (lease.busy) {
        const outcome = await lease.busy;
        if (outcome.granted === 0 && outcome.cost > 0 && cost >= outcome.cost && lease.available < cost) return undefined;
        continue;
      }
      const outcome = await exclusive(lease, () => take(lease, limit, cost));
      if (outcome.granted === 0 && outcome.cost > 0 && lease.available < cost) return undefined;
    }
  }

  function* takeRateSteps(lease: RateLease, limit: number): Steps<{ granted: number; count: number }> {
    yield db
      .insertInto('rate_windows')
      .values({ account_id: lease.accountId, window_start: lease.window, count: 0 })
      .onConflict((oc) => oc.columns(['account_id', 'window_start']).doNothing())
      .compile();
    const { rows } = yield db
      .selectFrom('rate_windows')
      .select('count')
      .where('account_id', '=', lease.accountId)
      .where('window_start', '=', lease.window)
      .$if(rowLocks, (query) => query.forUpdate())
      .compile();
    const count = Number(rows[0]?.count ?? 0);
    if (count >= limit) return { granted: 0, count };
    const left = limit - count;
    const granted = Math.min(left, Math.max(1, Math.min(MAX_RATE_BLOCK, Math.floor(left / SHARE))));
    yield db
      .updateTable('rate_windows')
      .set({ count: sql<number>`count + ${granted}` })
      .where('account_id', '=', lease.accountId)
      .where('window_start', '=', lease.window)
      .compile();
    const at = now().getTime();
    if (at - lastCleanup > 60_000) {
      lastCleanup = at;
      yield db
        .deleteFrom('rate_windows')
        .where('window_start', '<', new Date(at - 120_000).toISOString())
        .compile();
    }
    return { granted, count: count + granted };
  }

  async function hitRate(accountId: string, limit: number): Promise<RateState> {
    for (;;) {
      const { start, resetSeconds } = rateWindow(now());
      let lease = rates.get(accountId);
      if (!lease || lease.window !== start) {
        lease = { accountId, window: start, available: 0, rowCount: 0, busy: undefined, lastUse: 0 };
        rates.set(accountId, lease);
      }
      lease.lastUse = performance.now();
      if (lease.available > 0) {
        lease.available -= 1;
        return rateState(lease.rowCount - lease.available, limit, resetSeconds);
      }
      if (lease.busy) {
        if ((await lease.busy) === 0 && lease.available === 0) return { allowed: false, limit, remaining: 0, resetSeconds };
        continue;
      }
      const current = lease;
      const running = store
        .atomically(() => takeRateSteps(current, limit))
        .then(({ granted, count }) => {
          current.available += granted;
          current.rowCount = count;
          return granted;
        });
      current.busy = running;
      let granted: number;
      try {
        granted = await running;
      } finally {
        current.busy = undefined;
      }
      if (granted === 0 && current.available === 0) return { allowed: false, limit, remaining: 0, resetSeconds };
    }
  }

  const giveBackRate = async (lease: RateLease): Promise<void> => {
    const back = lease.available;
    lease.available = 0;
    rates.delete(lease.accountId);
    if (back === 0 || lease.window !== rateWindow(now()).start) return;
    await db
      .updateTable('rate_windows')
      .set({ count: sql<number>`count - ${back}` })
      .where('account_id', '=', lease.accountId)
      .where('window_start', '=', lease.window)
      .execute();
  };

  /** Idle blocks, and the leases of ended periods, go back to the shared rows. */
  const returnIdle = async (all: boolean): Promise<void> => {
    const cutoff = performance.now() - IDLE_RETURN_MS;
    const work: Promise<unknown>[] = [];
    for (const lease of [...credits.values(), ...retired]) {
      const idle = all || retired.has(lease) || lease.lastUse < cutoff;
      if (idle && !lease.busy && !lease.closed && (lease.available > 0 || lease.held === 0)) work.push(exclusive(lease, () => giveBack(lease)));
    }
    for (const lease of rates.values()) if ((all || lease.lastUse < cutoff) && !lease.busy) work.push(giveBackRate(lease));
    const failed = (await Promise.allSettled(work)).find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  };
  const idleTimer = setInterval(() => void returnIdle(false).catch(() => {}), IDLE_RETURN_MS);
  idleTimer.unref();

  return {
    async admit(accountId, plan, cost) {
      const rate = await hitRate(accountId, plan.ratePerMinute);
      if (!rate.allowed || cost === 0) return { rate, hold: undefined };
      return { rate, hold: await reserve(accountId, plan.monthlyCredits, cost) };
    },
    async peekRate(accountId, limit) {
      const { start, resetSeconds } = rateWindow(now());
      const row = await db.selectFrom('rate_windows').select('count').where('account_id', '=', accountId).where('window_start', '=', start).executeTakeFirst();
      const lease = rates.get(accountId);
      const unused = lease?.window === start ? lease.available : 0;
      return { ...rateState(Number(row?.count ?? 0) - unused, limit, resetSeconds), allowed: true };
    },
    async close() {
      clearInterval(idleTimer);
      // Calls still settling finish first; what is held by calls that never settle goes back in a sweep.
      for (const lease of [...credits.values(), ...retired]) {
        while (lease.flushing || lease.busy) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await returnIdle(true);
    },
    async reclaimOrphaned(liveOwners) {
      const rows = await db.selectFrom('credit_leases').select(['id', 'owner']).execute();
      const cutoff = new Date(now().getTime() - STALE_AFTER_MS).toISOString();
      let reclaimed = 0;
      for (const row of rows.filter((r) => !liveOwners.has(r.owner))) {
        reclaimed += await store.atomically(function* (tx) {
          // Only if the owner is still gone now: one that came back keeps its lease (it spends from it again).
          const { rows: gone } = yield tx
            .deleteFrom('credit_leases')
            .where('id', '=', row.id)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('instances')
                    .select('instances.id')
                    .whereRef('instances.id', '=', 'credit_leases.owner')
                    .where('instances.heartbeat_at', '>=', cutoff),
                ),
              ),
            )
            .returning(['account_id', 'period', 'granted', 'spent'])
            .compile();
          const lease = gone[0] as { account_id: string; period: string; granted: number; spent: number } | undefined;
          if (!lease) return 0;
          const back = Number(lease.granted) - Number(lease.spent);
          if (back !== 0) {
            yield tx
              .updateTable('usage')
              .set({ used: sql<number>`used - ${back}` })
              .where('account_id', '=', lease.account_id)
              .where('period', '=', lease.period)
              .compile();
          }
          return 1;
        });
      }
      return reclaimed;
    },
  };
}

class LeaseLost extends Error {}
