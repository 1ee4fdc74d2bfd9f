import { sql } from 'kysely';
import { hashSecret } from '../accounts/keys.ts';
import type { Store } from '../store/index.ts';

export interface ThrottleResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the store (shared by every instance), for what the dashboard must not let anyone
 * repeat endlessly: sign-in and signup mails per address and per IP, admin sign-in attempts. Buckets are stored
 * as HMACs under the server secret, so the table holds no addresses or IPs.
 */
export interface Throttle {
  hit(bucket: string, limit: number, windowMs: number): Promise<ThrottleResult>;
}

export function createThrottle(store: Store, secret: string, now: () => Date): Throttle {
  let lastPrune = 0;
  return {
    async hit(bucket, limit, windowMs) {
      const at = now().getTime();
      const start = Math.floor(at / windowMs) * windowMs;
      const key = hashSecret(`throttle:${bucket}`, secret);
      const count = await store.atomically(function* (db) {
        const { rows } = yield db
          .insertInto('web_throttle')
          .values({ bucket: key, window_start: new Date(start).toISOString(), count: 1 })
          .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`web_throttle.count + 1` }))
          .returning('count')
          .compile();
        return Number(rows[0]?.count ?? 1);
      });
      if (at - lastPrune > 10 * 60_000) {
        lastPrune = at;
        await store.db
          .deleteFrom('web_throttle')
          .where('window_start', '<', new Date(at - 24 * 60 * 60_000).toISOString())
          .execute();
      }
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - at) / 1000)) };
    },
  };
}
