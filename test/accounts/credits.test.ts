import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createCredits, periodOf } from '../../src/accounts/credits.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { createTestDatabase } from '../helpers/postgres.ts';

/**
 * Credit reservations (docs/architecture.md "State behind ports"): each process keeps one in-flight row per
 * account and month; what a dead process held comes back exactly once, and a unit of work that fails in a
 * group commit fails alone.
 */
const NOW = new Date('2026-11-25T12:00:00Z');
const PERIOD = periodOf(NOW);

for (const adapter of ['sqlite', 'postgres'] as const) {
  describe(`credit reservations on ${adapter}`, () => {
    const stores: Store[] = [];
    const open = async (): Promise<Store> => {
      const store = await createStore(
        adapter === 'sqlite'
          ? { dataDir: mkdtempSync(path.join(tmpdir(), 'toolapi-credits-')), databaseUrl: undefined }
          : { dataDir: mkdtempSync(path.join(tmpdir(), 'toolapi-credits-')), databaseUrl: await createTestDatabase('credits') },
      );
      stores.push(store);
      return store;
    };
    after(async () => {
      for (const store of stores) await store.close();
    });

    const used = async (store: Store, accountId: string): Promise<number> => {
      const row = await store.db.selectFrom('usage').select('used').where('account_id', '=', accountId).where('period', '=', PERIOD).executeTakeFirst();
      return Number(row?.used ?? 0);
    };
    const rows = (store: Store, owner: string) => store.db.selectFrom('reservations').select(['account_id', 'cost']).where('owner', '=', owner).execute();

    test('200 concurrent reservations on 50 credits: exactly 50, held in one in-flight row that settling empties', async () => {
      const store = await open();
      const credits = createCredits(store, () => NOW, 'process-a');
      const reservations = await Promise.all(Array.from({ length: 200 }, () => credits.reserve('acct-1', 50, 1)));
      const granted = reservations.filter((r) => r !== undefined);
      assert.equal(granted.length, 50);
      assert.deepEqual(
        (await rows(store, 'process-a')).map((r) => ({ ...r, cost: Number(r.cost) })),
        [{ account_id: 'acct-1', cost: 50 }],
      );
      await Promise.all(granted.map((r, i) => (i < 30 ? credits.commit(r) : credits.refund(r))));
      assert.equal(await used(store, 'acct-1'), 30, 'the 30 committed stay spent, the 20 refunded come back');
      assert.deepEqual(
        (await rows(store, 'process-a')).map((r) => Number(r.cost)),
        [0],
      );
      // Settling twice changes nothing.
      await Promise.all(granted.map((r) => credits.refund(r)));
      assert.equal(await used(store, 'acct-1'), 30);
    });

    test("a dead process's in-flight credits come back once; its late settlements change nothing", async () => {
      const store = await open();
      const dead = createCredits(store, () => NOW, 'process-dead');
      const alive = createCredits(store, () => NOW, 'process-alive');
      const held = (await Promise.all(Array.from({ length: 5 }, () => dead.reserve('acct-2', 100, 2)))).filter((r) => r !== undefined);
      const kept = await alive.reserve('acct-2', 100, 3);
      assert.ok(kept);
      assert.equal(await used(store, 'acct-2'), 13);

      assert.equal(await alive.refundOrphaned(new Set(['process-alive']), new Date(0)), 10, 'the dead process held 5 calls of 2 credits');
      assert.equal(await used(store, 'acct-2'), 3, "the live process's reservation is untouched");
      assert.deepEqual(await rows(store, 'process-dead'), []);
      // The process was taken for dead but settles late: neither a refund nor a commit gives anything back twice.
      await dead.refund(held[0]!);
      await dead.commit(held[1]!);
      assert.equal(await used(store, 'acct-2'), 3);
      assert.equal(await alive.refundOrphaned(new Set(['process-alive']), new Date(0)), 0);

      // A new reservation of that process opens a new in-flight row; the old reservations never touch it.
      const fresh = await dead.reserve('acct-2', 100, 4);
      assert.ok(fresh);
      await dead.refund(held[2]!);
      assert.deepEqual(
        (await rows(store, 'process-dead')).map((r) => Number(r.cost)),
        [4],
      );
      await alive.commit(kept);
      await dead.commit(fresh);
      assert.equal(await used(store, 'acct-2'), 7);
    });

    test('in one group commit, a unit that throws fails alone: the others are committed, its own statements are not', async () => {
      const store = await open();
      const bump = (accountId: string, fail: boolean) =>
        store.atomically(function* (db) {
          yield db.insertInto('usage').values({ account_id: accountId, period: PERIOD, used: 1 }).compile();
          if (fail) throw new Error(`unit ${accountId} failed`);
          return accountId;
        });
      const outcomes = await Promise.allSettled([bump('u1', false), bump('u2', true), bump('u3', false)]);
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      assert.match(String((outcomes[1] as PromiseRejectedResult).reason), /unit u2 failed/);
      assert.equal(await used(store, 'u1'), 1);
      assert.equal(await used(store, 'u2'), 0, 'the failed unit left nothing behind');
      assert.equal(await used(store, 'u3'), 1);
    });
  });
}
