import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Steps, Store } from '../store/index.ts';
import { preparedStatement } from '../store/prepared.ts';
import type { Database } from '../store/schema.ts';

export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current minute window ends. */
  resetSeconds: number;
}

/** Calls per account per calendar minute (fixed window). */
export interface RateLimiter {
  hit(accountId: string, limit: number): Promise<RateState>;
  /** The statements of `hit`, for a caller that runs them inside a larger atomic unit (the gate). */
  hitSteps(db: Kysely<Database>, accountId: string, limit: number): Steps<RateState>;
  peek(accountId: string, limit: number): Promise<RateState>;
}

export function rateWindow(now: Date): { start: string; resetSeconds: number } {
  const startMs = Math.floor(now.getTime() / 60_000) * 60_000;
  return { start: new Date(startMs).toISOString(), resetSeconds: Math.max(1, Math.ceil((startMs + 60_000 - now.getTime()) / 1000)) };
}

export function rateState(count: number, limit: number, resetSeconds: number): RateState {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}

/**
 * One shared counter row per account and minute, bumped atomically in the store: every process on one SQLite
 * data dir, and every instance on one PostgreSQL, counts in the same window.
 */
export function storeRateLimiter(store: Store, now: () => Date): RateLimiter {
  const { db } = store;
  let lastCleanup = 0;
  const bump = preparedStatement((accountId: string, start: string) =>
    db
      .insertInto('rate_windows')
      .values({ account_id: accountId, window_start: start, count: 1 })
      .onConflict((oc) => oc.columns(['account_id', 'window_start']).doUpdateSet({ count: sql<number>`rate_windows.count + 1` }))
      .returning('count'),
  );
  function* hitSteps(tx: Kysely<Database>, accountId: string, limit: number): Steps<RateState> {
    const at = now();
    const { start, resetSeconds } = rateWindow(at);
    const { rows } = yield bump(accountId, start);
    if (at.getTime() - lastCleanup > 60_000) {
      lastCleanup = at.getTime();
      yield tx
        .deleteFrom('rate_windows')
        .where('window_start', '<', new Date(at.getTime() - 120_000).toISOString())
        .compile();
    }
    return rateState(Number(rows[0]?.count ?? 1), limit, resetSeconds);
  }
  return {
    hit: (accountId, limit) => store.atomically((tx) => hitSteps(tx, accountId, limit)),
    hitSteps,
    async peek(accountId, limit) {
      const { start, resetSeconds } = rateWindow(now());
      const row = await db.selectFrom('rate_windows').select('count').where('account_id', '=', accountId).where('window_start', '=', start).executeTakeFirst();
      return { ...rateState(row ? Number(row.count) : 0, limit, resetSeconds), allowed: true };
    },
  };
}
