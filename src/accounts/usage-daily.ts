import { sql } from 'kysely';
import type { Store } from '../store/index.ts';

/**
 * Aggregated usage for the dashboard: one counter row per account, UTC day and tool, bumped when a call is
 * settled (the credits it kept), never a row per call. The monthly quota itself stays in `usage`.
 */
export async function recordDailyUsage(store: Store, call: { accountId: string; tool: string; credits: number; at: Date }): Promise<void> {
  const day = call.at.toISOString().slice(0, 10);
  await store.atomically(function* (db) {
    yield db
      .insertInto('usage_daily')
      .values({ account_id: call.accountId, day, tool: call.tool, calls: 1, credits: call.credits })
      .onConflict((oc) =>
        oc.columns(['account_id', 'day', 'tool']).doUpdateSet({ calls: sql<number>`usage_daily.calls + 1`, credits: sql<number>`usage_daily.credits + ${call.credits}` }),
      )
      .compile();
  });
}

export interface DailyUsage {
  day: string;
  tool: string;
  calls: number;
  credits: number;
}

/** The account's counters from `fromDay` (inclusive, `YYYY-MM-DD`) on. */
export async function dailyUsage(store: Store, accountId: string, fromDay: string): Promise<DailyUsage[]> {
  const rows = await store.db
    .selectFrom('usage_daily')
    .select(['day', 'tool', 'calls', 'credits'])
    .where('account_id', '=', accountId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, tool: row.tool, calls: Number(row.calls), credits: Number(row.credits) }));
}
