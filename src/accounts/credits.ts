import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Steps, Store } from '../store/index.ts';
import { preparedStatement } from '../store/prepared.ts';
import type { Database } from '../store/schema.ts';

/** A calendar month in UTC, `YYYY-MM` (docs/contract.md "Accounts, plans, quota and rate limits"). */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** First instant of the next UTC month: when the period's credits reset. */
export function periodEnd(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export interface Reservation {
  /** The in-flight row (of this process, account and month) that holds its credits until it is settled. */
  id: string;
  accountId: string;
  period: string;
  cost: number;
  /** Credits used in the period, this reservation included. */
  used: number;
}

export interface Credits {
  /** Reserves `cost` credits if the month's `limit` allows it: atomic, exact across processes. */
  reserve(accountId: string, limit: number, cost: number): Promise<Reservation | undefined>;
  /** The statements of `reserve`, for a caller that runs them inside a larger atomic unit (the gate). */
  reserveSteps(db: Kysely<Database>, accountId: string, limit: number, cost: number): Steps<Reservation | undefined>;
  /** The work succeeded: the reserved credits stay spent. */
  commit(reservation: Reservation): Promise<void>;
  /** The work failed: the credits come back. */
  refund(reservation: Reservation): Promise<void>;
  used(accountId: string): Promise<number>;
  /**
   * Refunds the reservations whose owner is not among `liveOwners` (a process that died mid-call), and those
   * without an owner (made before owners were recorded) once older than `ownerlessBefore`; returns the credits.
   */
  refundOrphaned(liveOwners: Set<string>, ownerlessBefore: Date): Promise<number>;
}

/**
 * Credits are reserved before the work and settled after it. The reservation takes the credits with
 * one conditional UPDATE (`used + cost <= limit`), so concurrent calls can never overspend, and adds them to this
 * process's in-flight row for the account and month (a `reservations` row owned by this process,
 * accounts/instances.ts); settling takes them off again. A process killed mid-call leaves its in-flight credits
 * in that row, which the next start or the sweeper of any other process refunds once its owner is gone, so `used`
 * ends equal to the calls that succeeded, while the calls of processes still alive keep their reservations.
 * One row per process, account and month, updated in place: an insert and a delete per call cost several
 * times more on SQLite (docs/architecture.md "State behind ports").
 */
export function createCredits(store: Store, now: () => Date, owner: string): Credits {
  const { db } = store;
  /** This process's in-flight row per `account period`; a row the sweeper removed is replaced by a new one. */
  const inFlightRows = new Map<string, string>();
  const closeReservation = preparedStatement((id: string) => db.deleteFrom('reservations').where('id', '=', id).returning('cost'));
  const addInFlight = preparedStatement((cost: number, id: string) =>
    db
      .updateTable('reservations')
      .set({ cost: sql<number>`cost + ${cost}` })
      .where('id', '=', id),
  );
  const giveBack = preparedStatement((cost: number, accountId: string, period: string) =>
    db
      .updateTable('usage')
      .set({ used: sql<number>`used - ${cost}` })
      .where('account_id', '=', accountId)
      .where('period', '=', period),
  );
  const takeCredits = preparedStatement((cost: number, accountId: string, period: string, limit: number) =>
    db
      .updateTable('usage')
      .set({ used: sql<number>`used + ${cost}` })
      .where('account_id', '=', accountId)
      .where('period', '=', period)
      .where(sql<number>`used + ${cost}`, '<=', limit)
      .returning('used'),
  );
  const openReservation = preparedStatement((id: string, accountId: string, period: string, cost: number, createdAt: string, holder: string) =>
    db.insertInto('reservations').values({ id, account_id: accountId, period, cost, created_at: createdAt, owner: holder }),
  );
  /** Reservations already settled: a second commit or refund of one is a no-op (marked before the statement runs). */
  const settled = new WeakSet<Reservation>();
  const firstSettlement = (reservation: Reservation): boolean => {
    if (settled.has(reservation)) return false;
    settled.add(reservation);
    return true;
  };
  const refund = async (reservation: Reservation): Promise<void> => {
    if (!firstSettlement(reservation)) return;
    await store.atomically(function* () {
      // Only credits still in flight come back: none when the sweeper already refunded this process's row
      // (it took the process for dead), so they are never given back twice.
      const taken = yield addInFlight(-reservation.cost, reservation.id);
      if (Number(taken.numAffectedRows ?? 0) === 0) return;
      yield giveBack(reservation.cost, reservation.accountId, reservation.period);
    });
  };

  function* reserveSteps(tx: Kysely<Database>, accountId: string, limit: number, cost: number): Steps<Reservation | undefined> {
    const at = now();
    const period = periodOf(at);
    const take = takeCredits(cost, accountId, period, limit);
    let { rows } = yield take;
    if (rows.length === 0) {
      // The first call of the month finds no usage row yet (a concurrent first call may be creating
      // it: the insert then waits for that one and the retry sees its row); a full month refuses again.
      yield tx
        .insertInto('usage')
        .values({ account_id: accountId, period, used: 0 })
        .onConflict((oc) => oc.columns(['account_id', 'period']).doNothing())
        .compile();
      ({ rows } = yield take);
    }
    const used = rows[0]?.used;
    if (used === undefined) return undefined;
    const key = `${accountId} ${period}`;
    let id = inFlightRows.get(key);
    const added = id === undefined ? undefined : yield addInFlight(cost, id);
    if (id === undefined || Number(added?.numAffectedRows ?? 0) === 0) {
      id = randomUUID();
      yield openReservation(id, accountId, period, cost, at.toISOString(), owner);
      inFlightRows.set(key, id);
    }
    return { id, accountId, period, cost, used: Number(used) };
  }

  return {
    reserve: (accountId, limit, cost) => store.atomically((db) => reserveSteps(db, accountId, limit, cost)),
    reserveSteps,
    async commit(reservation) {
      if (!firstSettlement(reservation)) return;
      await store.atomically(function* () {
        yield addInFlight(-reservation.cost, reservation.id);
      });
    },
    refund,
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
