/**
 * How long an engine pool's jobs waited for a worker, kept until `/metrics` is scraped (http/metrics.ts observes
 * them into a histogram then): the hot path only pushes a number. Between two scrapes at most MAX_KEPT waits are
 * kept and later ones are not, so a service nobody scrapes holds a bounded list.
 */
const MAX_KEPT = 10_000;

/** Milliseconds on one clock for every thread (a worker's `performance.now()` starts at its own origin). */
export const waitClock = (): number => performance.timeOrigin + performance.now();

export class QueueWaits {
  #seconds: number[] = [];

  /** A job that was queued at `queuedAt` (waitClock) starts now, or at `startedAt` when another thread says so. */
  started(queuedAt: number, startedAt = waitClock()): void {
    if (this.#seconds.length < MAX_KEPT) this.#seconds.push(Math.max(0, startedAt - queuedAt) / 1000);
  }

  /** The waits recorded since the last drain, in seconds. */
  drain(): number[] {
    const drained = this.#seconds;
    this.#seconds = [];
    return drained;
  }
}
