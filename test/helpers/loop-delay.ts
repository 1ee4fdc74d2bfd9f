import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** A stall: the loop was late this long, with the main thread busy (its own CPU time) for most of it. */
export const STALL_MS = 250;

export function isStall(measured: { maxMs: number; cpuMs: number }): boolean {
  return measured.maxMs >= STALL_MS && measured.cpuMs >= 0.8 * STALL_MS;
}

/**
 * Event-loop delay sampled only while the measured work runs: a timer every `intervalMs` records how late it
 * fired. (perf_hooks.monitorEventLoopDelay, re-enabled between pieces of work, counts the gap since it was
 * disabled as delay, so it cannot exclude a test's own set-up.)
 */
export interface LoopDelaySampler {
  /** Every sample so far, in microseconds. */
  readonly histogram: RecordableHistogram;
  /**
   * Runs `work` while sampling; resolves with the longest delay seen meanwhile and the CPU time the main thread
   * spent (both in milliseconds). A long delay with little main-thread CPU is the machine being busy elsewhere,
   * not the work blocking the loop.
   */
  measure(work: () => Promise<unknown>): Promise<{ maxMs: number; cpuMs: number; error?: unknown }>;
}

export function createLoopDelaySampler(intervalMs = 5): LoopDelaySampler {
  const histogram = createHistogram();
  return {
    histogram,
    async measure(work) {
      let maxMs = 0;
      const cpuBefore = process.threadCpuUsage();
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
      const cpu = process.threadCpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      return error === undefined ? { maxMs, cpuMs } : { maxMs, cpuMs, error };
    },
  };
}
