import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createCredits, periodOf } from '../../src/accounts/credits.ts';
import { registerInstance, type Instance } from '../../src/accounts/instances.ts';
import { leasedMeter } from '../../src/accounts/leases.ts';
import type { Meter } from '../../src/accounts/meter.ts';
import type { Plan } from '../../src/accounts/plans.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { createTestDatabase } from '../helpers/postgres.ts';

/**
 * Metering on both stores (docs/architecture.md "Metering"): concurrent calls never overspend, what a dead
 * instance leased comes back exactly once, and a unit of work that fails in a group commit fails alone.
 */
const NOW = new Date('2026-11-25T12:00:00Z');
const PERIOD = periodOf(NOW);

for (const adapter of ['sqlite', 'postgres'] as const) {
  describe(`metering on ${adapter}`, () => {
    const stores: Store[] = [];
    const closers: (() => Promise<void>)[] = [];
    const dirs: string[] = [];
    const open = async (): Promise<Store> => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'toolapi-credits-'));
      dirs.push(dataDir);
      const store = await createStore({ dataDir, databaseUrl: adapter === 'sqlite' ? undefined : await createTestDatabase('credits') });
      stores.push(store);
      return store;
    };
    after(async () => {
      for (const close of closers) await close();
      for (const store of stores) await store.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    const used = async (store: Store, accountId: string): Promise<number> => {
      const row = await store.db.selectFrom('usage').select('used').where('account_id', '=', accountId).where('period', '=', PERIOD).executeTakeFirst();
      return Number(row?.used ?? 0);
    };
    const plan = (monthlyCredits: number): Plan => ({ name: 'test', monthlyCredits, ratePerMinute: 100_000, bulkUrlLimit: 1, blockedTools: [] });
    const meterOn = async (store: Store, clock: () => Date = () => NOW): Promise<{ meter: Meter; instance: Instance }> => {
      const instance = await registerInstance(store, clock);
      const meter = leasedMeter(store, clock, instance);
      closers.push(async () => {
        await meter.close();
        await instance.stop();
      });
      return { meter, instance };
    };

    test('200 concurrent calls on 50 credits: exactly 50 are admitted; what succeeded stays spent, the rest comes back', async () => {
      const store = await open();
      const { meter } = await meterOn(store);
      const admitted = await Promise.all(Array.from({ length: 200 }, () => meter.admit('acct-1', plan(50), 1)));
      const holds = admitted.flatMap(({ hold }) => (hold ? [hold] : []));
      assert.equal(holds.length, 50);
      await Promise.all(holds.map((hold, i) => (i < 30 ? hold.commit() : hold.refund())));
      // Settling twice changes nothing.
      await Promise.all(holds.map((hold) => hold.refund()));
      assert.equal(await createCredits(store, () => NOW).used('acct-1'), 30, 'the 30 committed stay spent, the 20 refunded come back');
      await meter.close();
      assert.equal(await used(store, 'acct-1'), 30, 'at a graceful stop the unspent block goes back to the shared row');
    });

    test("a dead instance's unspent block and in-flight calls come back once; a live instance's lease is untouched", async () => {
      const store = await open();
      // The dead instance's clock is an hour behind, so its heartbeat is long stale: a sweeper takes it for gone.
      const dead = await meterOn(store, () => new Date(NOW.getTime() - 3_600_000));
      const alive = await meterOn(store);
      const deadHolds = await Promise.all(Array.from({ length: 5 }, () => dead.meter.admit('acct-2', plan(100), 2)));
      await deadHolds[0]?.hold?.commit();
      await deadHolds[1]?.hold?.commit();
      const kept = (await alive.meter.admit('acct-2', plan(100), 3)).hold;
      assert.ok(kept);
      await kept.commit();

      const live = new Set([alive.instance.id]);
      assert.equal(await alive.meter.reclaimOrphaned(live), 1, "the dead instance's one lease");
      assert.equal(await createCredits(store, () => NOW).used('acct-2'), 7, 'its 2 settled calls (4) stay billed, with the live call (3)');
      assert.equal(await alive.meter.reclaimOrphaned(live), 0, 'nothing comes back twice');
      // It settles late: its lease is gone, so nothing is written twice.
      await deadHolds[2]?.hold?.refund();
      assert.equal(await createCredits(store, () => NOW).used('acct-2'), 7);
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
