import { sql } from 'kysely';
import type { Log } from '../core/context.ts';
import type { Store } from '../store/index.ts';
import { utcDay } from '../lib/utc-minute.ts';

/** How long a settled call's count waits in memory before it is added to the store. */
const FLUSH_AFTER_MS = 1000;

export interface DailyUsage {
  day: string;
  tool: string;
  calls: number;
  credits: number;
}

/**
 * Aggregated usage for the dashboard: one counter row per account, UTC day and tool, never a row per call. Calls
 * are counted in memory and added to the store in one transaction at most once a second, so a metered call costs
 * no extra round trip (on PostgreSQL the credits themselves come from leased blocks, accounts/leases.ts). The
 * monthly quota stays exact in `usage`; these counters are for the chart and the per-tool table, and a process
 * that is killed loses at most its last second of counts.
 */
export interface DailyUsageCounters {
  /** Counts one settled call (the credits it kept). */
  record(call: { accountId: string; tool: string; credits: number; at: Date }): void;
  /** Writes the counts waiting in memory. */
  flush(): Promise<void>;
  /** The account's counters from `fromDay` (inclusive, `YYYY-MM-DD`) on, this process's waiting counts included. */
  read(accountId: string, fromDay: string): Promise<DailyUsage[]>;
}

interface Pending {
  accountId: string;
  day: string;
  tool: string;
  calls: number;
  credits: number;
}

export function createDailyUsage(store: Store, log: Log): DailyUsageCounters {
  /** By day, account and tool: keyed by strings each call already holds, so counting builds no key. */
  let pending = new Map<string, Map<string, Map<string, Pending>>>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = async (batch: Pending[]): Promise<void> => {
    await store.atomically(function* (db) {
      for (const row of batch) {
        yield db
          .insertInto('usage_daily')
          .values({ account_id: row.accountId, day: row.day, tool: row.tool, calls: row.calls, credits: row.credits })
          .onConflict((oc) =>
            oc
              .columns(['account_id', 'day', 'tool'])
              .doUpdateSet({ calls: sql<number>`usage_daily.calls + ${row.calls}`, credits: sql<number>`usage_daily.credits + ${row.credits}` }),
          )
          .compile();
      }
    });
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()].flatMap((accounts) => [...accounts.values()].flatMap((tools) => [...tools.values()]));
    pending = new Map();
    // One write at a time, in order: a read after a flush sees every count recorded before it.
    writing = writing
      .then(() => (batch.length > 0 ? write(batch) : undefined))
      .catch((error: unknown) => log.error({ err: error }, 'daily usage counters not written'));
    return writing;
  };

  return {
    record({ accountId, tool, credits, at }) {
      const day = utcDay(at);
      let accounts = pending.get(day);
      if (!accounts) pending.set(day, (accounts = new Map()));
      let tools = accounts.get(accountId);
      if (!tools) accounts.set(accountId, (tools = new Map()));
      let row = tools.get(tool);
      if (!row) tools.set(tool, (row = { accountId, day, tool, calls: 0, credits: 0 }));
      row.calls += 1;
      row.credits += credits;
      if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    flush,
    async read(accountId, fromDay) {
      await flush();
      const rows = await store.db
        .selectFrom('usage_daily')
        .select(['day', 'tool', 'calls', 'credits'])
        .where('account_id', '=', accountId)
        .where('day', '>=', fromDay)
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, tool: row.tool, calls: Number(row.calls), credits: Number(row.credits) }));
    },
  };
}
