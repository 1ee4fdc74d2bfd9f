import { sql } from 'kysely';
import type { Store } from '../store/index.ts';
import { preparedStatement } from '../store/prepared.ts';
import { utcMinute } from '../lib/utc-minute.ts';

/** A calendar month in UTC, `YYYY-MM` (docs/contract.md "Accounts, plans, quota and rate limits"). */
export function periodOf(date: Date): string {
  return utcMinute(date).slice(0, 7);
}

/** First instant of the next UTC month: when the period's credits reset. */
export function periodEnd(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export interface Credits {
  /** Credits the account's calls spent in the current period. */
  used(accountId: string): Promise<number>;
  /**
   * Refunds the `reservations` rows of processes that are gone: versions before credit leases held a call's credits
   * there, so a process of such a version killed mid-call (before an upgrade) gets its credits back; returns them.
   */
  refundOrphaned(liveOwners: Set<string>, ownerlessBefore: Date): Promise<number>;
}

/**
 * What the month's calls spent, and the clean-up of per-call reservations left by versions before credit leases.
 * Metering itself is leased (accounts/leases.ts, docs/architecture.md "Metering").
 */
export function createCredits(store: Store, now: () => Date): Credits {
  const closeReservation = preparedStatement((id: string) => store.db.deleteFrom('reservations').where('id', '=', id).returning('cost'));
  const giveBack = preparedStatement((cost: number, accountId: string, period: string) =>
    store.db
      .updateTable('usage')
      .set({ used: sql<number>`used - ${cost}` })
      .where('account_id', '=', accountId)
      .where('period', '=', period),
  );
  return {
    async used(accountId) {
      const period = periodOf(now());
      const row = await store.db.selectFrom('usage').select('used').where('account_id', '=', accountId).where('period', '=', period).executeTakeFirst();
      if (!row) return 0;
      // Credits instances hold in leases (accounts/leases.ts) and have not spent are not used.
      const held = await store.db
        .selectFrom('credit_leases')
        .select((eb) => eb.fn.sum<number | string | null>(sql<number>`granted - spent`).as('held'))
        .where('account_id', '=', accountId)
        .where('period', '=', period)
        .executeTakeFirst();
      return Number(row.used) - Number(held?.held ?? 0);
    },
    async refundOrphaned(liveOwners, ownerlessBefore) {
      const rows = await store.db.selectFrom('reservations').select(['id', 'account_id', 'period', 'cost', 'owner', 'created_at']).execute();
      const orphaned = rows.filter((row) => (row.owner === null ? row.created_at < ownerlessBefore.toISOString() : !liveOwners.has(row.owner)));
      let refunded = 0;
      for (const row of orphaned) {
        refunded += await store.atomically(function* () {
          // What the row holds when it goes, read in the same unit: nothing can add to it in between.
          const { rows: closed } = yield closeReservation(row.id);
          const held = Number(closed[0]?.cost ?? 0);
          if (held > 0) yield giveBack(held, row.account_id, row.period);
          return held;
        });
      }
      return refunded;
    },
  };
}
