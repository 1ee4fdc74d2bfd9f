import type { Engines } from '../index.ts';

/**
 * A CPU-heavy step of a tool that also needs I/O (fetching, files), so the tool itself cannot run in the pool:
 * the step is a named export of a pure module, run in a worker thread when the pool is there (inline otherwise,
 * e.g. a tool run without engines in a unit test). Its arguments and result cross the thread boundary by
 * structured clone: plain data, strings, numbers, buffers.
 */
export interface CpuTask<A extends unknown[], R> {
  run(ctx: { engines: Engines; signal: AbortSignal }, ...args: A): Promise<R>;
}

/** `moduleUrl` is the declaring module's `import.meta.url`; `name` the export that `fn` is. */
export function cpuTask<A extends unknown[], R>(moduleUrl: string, name: string, fn: (...args: A) => R | Promise<R>): CpuTask<A, R> {
  return {
    async run(ctx, ...args) {
      const pool = ctx.engines.cpu;
      if (!pool) return fn(...args);
      const { output } = await pool.run({ kind: 'task', moduleUrl, name, args }, ctx.signal);
      return output as R;
    },
  };
}
