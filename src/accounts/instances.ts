import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { processIdentity } from '../lib/process-identity.ts';
import type { Store } from '../store/index.ts';

/** How often a process renews its heartbeat, and how old one may be before its process counts as gone. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 4 * HEARTBEAT_MS;

/**
 * This process in the `instances` table: an id that credit reservations carry as their owner, and a heartbeat.
 * An owner is alive while its heartbeat is fresh and, on this same host, while its process still runs (so a
 * restart right after a crash knows at once that the old process is gone).
 */
export interface Instance {
  readonly id: string;
  /** The ids of instances that are alive now (this one included). */
  liveIds(): Promise<Set<string>>;
  stop(): Promise<void>;
}

export async function registerInstance(store: Store, now: () => Date): Promise<Instance> {
  const id = randomUUID();
  const host = hostname();
  const beat = (): Promise<unknown> =>
    store.db
      .insertInto('instances')
      .values({ id, host, process: processIdentity(process.pid), heartbeat_at: now().toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now().toISOString() }))
      .execute();
  await beat();
  const timer = setInterval(() => void beat().catch(() => {}), HEARTBEAT_MS);
  timer.unref();
  return {
    id,
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
