import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { processIdentity } from '../lib/process-identity.ts';
import type { Store } from '../store/index.ts';

/** How often a process renews its heartbeat, and how old one may be before its process counts as gone. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 4 * HEARTBEAT_MS;

/**
 * This process in the `instances` table: an id that credit leases carry as their owner, and a heartbeat.
 * An owner is alive while its heartbeat is fresh and, on this same host, while its process still runs (so a
 * restart right after a crash knows at once that the old process is gone).
 */
export interface Instance {
  readonly id: string;
  /** The ids of instances that are alive now (this one included). */
  liveIds(): Promise<Set<string>>;
  /**
   * Whether this instance's heartbeat is recent enough that no other instance can take it for gone yet:
   * what it holds in memory (credit leases) is still its own to spend.
   */
  fresh(): boolean;
  /** Counts the heartbeats that came after a stale spell: a change means leases may have been reclaimed meanwhile. */
  epoch(): number;
  stop(): Promise<void>;
}

export async function registerInstance(store: Store, now: () => Date): Promise<Instance> {
  const id = randomUUID();
  const host = hostname();
  // Real time (not the injectable clock): when the last heartbeat that reached the store was sent.
  let lastBeat = 0;
  let epoch = 0;
  const freshFor = STALE_AFTER_MS - HEARTBEAT_MS;
  const beat = async (): Promise<void> => {
    const sentAt = performance.now();
    await store.db
      .insertInto('instances')
      .values({ id, host, process: processIdentity(process.pid), heartbeat_at: now().toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now().toISOString() }))
      .execute();
    if (lastBeat !== 0 && sentAt - lastBeat >= freshFor) epoch++;
    lastBeat = sentAt;
  };
  await beat();
  const timer = setInterval(() => void beat().catch(() => {}), HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    // One heartbeat of margin below STALE_AFTER_MS: others take this instance for gone only after that.
    fresh: () => performance.now() - lastBeat < freshFor,
    epoch: () => epoch,
    async liveIds() {
      const cutoff = new Date(now().getTime() - STALE_AFTER_MS).toISOString();
      const rows = await store.db.selectFrom('instances').selectAll().execute();
      const live = new Set<string>([id]);
      const gone: string[] = [];
      for (const row of rows) {
        if (row.id === id) continue;
        const sameHostDead = row.host === host && processIdentity(Number(row.process.split(':')[0])) !== row.process;
        if (row.heartbeat_at >= cutoff && !sameHostDead) live.add(row.id);
        else gone.push(row.id);
      }
      if (gone.length > 0) await store.db.deleteFrom('instances').where('id', 'in', gone).execute();
      return live;
    },
    async stop() {
      clearInterval(timer);
      await store.db.deleteFrom('instances').where('id', '=', id).execute();
    },
  };
}
