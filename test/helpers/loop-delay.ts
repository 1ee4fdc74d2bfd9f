import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/**
 * Event-loop delay sampled only while the measured work runs: a timer every `intervalMs` records how late it
 * fired. (perf_hooks.monitorEventLoopDelay, re-enabled between pieces of work, counts the gap since it was
 * disabled as delay, so it cannot exclude a test's own set-up.)
 */
export interface LoopDelaySampler {
  /** Every sample so far, in microseconds. */
  readonly histogram: RecordableHistogram;
  /** Runs `work` while sampling; resolves with the longest delay seen meanwhile, in milliseconds. */
  measure(work: () => Promise<unknown>): Promise<{ maxMs: number; error?: unknown }>;
}

export function createLoopDelaySampler(intervalMs = 5): LoopDelaySampler {
  const histogram = createHistogram();
  return {
    histogram,
    async measure(work) {
      let maxMs = 0;
      let expected = performance.now() + intervalMs;
      const timer = setInterval(() => {
        const now = performance.now();
        const late = Math.max(0, now - expected);
        histogram.record(Math.max(1, Math.round(late * 1000)));
        maxMs = Math.max(maxMs, late);
        expected = now + intervalMs;
      }, intervalMs);
      let error: unknown;
      try {
        await work();
      } catch (caught) {
        error = caught;
      }
      // One more tick: a block that ended just now is recorded when the timer finally fires.
      await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
      clearInterval(timer);
      return error === undefined ? { maxMs } : { maxMs, error };
    },
  };
}
