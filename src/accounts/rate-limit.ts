import { utcMinute } from '../lib/utc-minute.ts';

export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current minute window ends. */
  resetSeconds: number;
}

/** Rate limits count calls per account per calendar minute (a fixed window, in UTC). */
export function rateWindow(now: Date): { start: string; resetSeconds: number } {
  const startMs = Math.floor(now.getTime() / 60_000) * 60_000;
  return { start: utcMinute(now), resetSeconds: Math.max(1, Math.ceil((startMs + 60_000 - now.getTime()) / 1000)) };
}

export function rateState(count: number, limit: number, resetSeconds: number): RateState {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}
