import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ToolError, type ErrorCode } from '../../core/errors.ts';
import type { PlanLimits } from '../../core/context.ts';
import type { UploadedFile } from '../../files/result.ts';
import { QueueWaits, waitClock } from '../queue-waits.ts';

/**
 * The worker-thread pool for CPU-bound tool work (piscina), so one heavy call cannot stall the event loop that
 * every other caller shares. A call past its deadline is aborted, and an aborted task's thread is terminated and
 * replaced (piscina), so a timed-out call frees its CPU. The queue is bounded: past it, 503 with Retry-After.
 */
export interface CpuJob {
  kind: 'tool';
  module: string;
  slug: string;
  /** The call's input as received (the worker validates it again: zod output may not cross threads). */
  input: unknown;
  /** The call's uploads, already checked, on local disk: the worker reads them by path. */
  uploads: UploadedFile[];
  requestId: string;
  /** The caller's clock, as epoch milliseconds. */
  now: number;
  plan: PlanLimits;
}

/** A CPU-heavy step of a tool that also does I/O (engines/cpu/task.ts): a named export of a module, by file URL. */
export interface CpuTaskJob {
  kind: 'task';
  moduleUrl: string;
  name: string;
  args: unknown[];
}

/** `startedAt`: when the worker took the job, on waitClock (engines/queue-waits.ts). */
export type CpuReply = { startedAt: number } & (
  | { ok: true; output: unknown; warnings: string[] }
  | { ok: false; error: { code: ErrorCode; detail: string; status: number; message: string; cause?: string } }
);

export interface CpuPool {
  /** Runs a `cpu` tool, or a task, in a worker; `signal` (deadline, client gone) terminates it. */
  run(job: CpuJob | CpuTaskJob, signal: AbortSignal): Promise<{ output: unknown; warnings: string[] }>;
  /**
   * For metrics and tests: threads alive now, the most it starts (`maxThreads`), tasks running (`running`) and
   * waiting for a thread (`queued`), and tasks completed.
   */
  stats(): { threads: number; maxThreads: number; running: number; queued: number; completed: number };
  /** How long each task waited for a thread (engines/queue-waits.ts). */
  readonly waits: QueueWaits;
  close(): Promise<void>;
}

export interface CpuPoolOptions {
  threads?: number;
  /** Tasks waiting for a thread before calls are refused with 503. */
  maxQueue?: number;
}

export function createCpuPool(options: CpuPoolOptions = {}): CpuPool {
  const threads = options.threads ?? Math.max(2, availableParallelism());
  // Admission is counted here (running + waiting), so the bound holds exactly whatever piscina's own queue does.
  const capacity = threads + (options.maxQueue ?? threads * 16);
  let admitted = 0;
  const waits = new QueueWaits();
  const pool = new Piscina({
    filename: new URL('./worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    // Warm threads keep their loaded tool modules; a quiet pool gives its memory back after a while.
    idleTimeout: 60_000,
    // Below the event loop's priority (Linux nice, per thread): on a busy machine the loop runs first.
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  return {
    async run(job, signal) {
      if (admitted >= capacity) {
        throw new ToolError('service_unavailable', 'The CPU workers are busy; retry shortly.', { headers: { 'retry-after': '2' } });
      }
      admitted++;
      const queuedAt = waitClock();
      let reply: CpuReply;
      try {
        reply = (await pool.run(job, { signal })) as CpuReply;
        waits.started(queuedAt, reply.startedAt);
      } catch (error) {
        if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new ToolError('timeout', 'The call was cancelled.');
        throw error;
      } finally {
        admitted--;
      }
      if (reply.ok) return { output: reply.output, warnings: reply.warnings };
      const { code, detail, status, message, cause } = reply.error;
      throw new ToolError(code, detail, { status, message, ...(cause ? { cause: new Error(cause) } : {}) });
    },
    stats: () => ({
      threads: pool.threads.length,
      maxThreads: threads,
      running: Math.min(admitted, threads),
      queued: Math.max(0, admitted - threads),
      completed: pool.completed,
    }),
    waits,
    close: () => pool.destroy(),
  };
}
