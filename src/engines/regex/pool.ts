/**
 * A small warm pool of regex worker threads with a hard deadline per task, owned by the engines (closed at
 * shutdown). A task that overruns is answered with a 422 and its worker is terminated (V8 interrupts even a
 * backtracking regex), so the server's event loop never runs user patterns. Idle workers are unref'd and never
 * keep the process alive. A pool of its own rather than the CPU pool: the deadline counts from the moment a
 * worker receives the task (queue time is not the pattern's fault), and each worker has a small heap.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ToolError } from '../../core/errors.ts';
import type { RegexReply, RegexTask } from './worker.ts';

export type RegexJob = Omit<RegexTask, 'id'>;
export type RegexOutcome = Extract<RegexReply, { ok: true }>;

export interface RegexPool {
  /**
   * Runs a regex job in a worker. `deadlineMs` counts from the moment a ready worker receives it; on expiry the
   * worker is killed and the call fails with 422. `signal` (caller gone, tool deadline) abandons the job the same way.
   */
  run(job: RegexJob, deadlineMs: number, signal: AbortSignal): Promise<RegexOutcome>;
  /** Terminates every worker. */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

interface Waiter {
  resolve(slot: Slot): void;
  reject(error: unknown): void;
}

const MAX_WORKERS = Math.max(2, Math.min(4, availableParallelism()));
const MAX_QUEUE = 200;
const WORKER_URL = new URL('./worker.ts', import.meta.url);

export function createRegexPool(): RegexPool {
  const slots = new Set<Slot>();
  const waiters: Waiter[] = [];
  let nextId = 1;

  function start(): Slot {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 } });
    worker.unref();
    const slot: Slot = {
      worker,
      busy: false,
      ready: new Promise<void>((resolve, reject) => {
        const onMessage = (message: unknown): void => {
          if (message === 'ready') {
            worker.off('message', onMessage);
            worker.off('error', reject);
            resolve();
          }
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
      }),
    };
    slot.ready.catch(() => retire(slot));
    // An idle worker that fails must not become an unhandled 'error' event (that would crash the server).
    worker.on('error', () => retire(slot));
    worker.once('exit', () => retire(slot));
    slots.add(slot);
    return slot;
  }

  function retire(slot: Slot): void {
    if (!slots.delete(slot)) return;
    void slot.worker.terminate();
    // A waiter may now get a fresh worker in the freed place.
    const waiter = waiters.shift();
    if (waiter) acquire().then(waiter.resolve, waiter.reject);
  }

  function acquire(): Promise<Slot> {
    for (const slot of slots) {
      if (!slot.busy) {
        slot.busy = true;
        return Promise.resolve(slot);
      }
    }
    if (slots.size < MAX_WORKERS) {
      const slot = start();
      slot.busy = true;
      return Promise.resolve(slot);
    }
    if (waiters.length >= MAX_QUEUE) {
      return Promise.reject(new ToolError('service_unavailable', 'The regex engine is saturated; retry in a moment.', { headers: { 'Retry-After': '1' } }));
    }
    return new Promise<Slot>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  function release(slot: Slot): void {
    slot.busy = false;
    slot.worker.unref();
    const waiter = waiters.shift();
    if (waiter) {
      slot.busy = true;
      waiter.resolve(slot);
    }
  }

  async function run(job: RegexJob, deadlineMs: number, signal: AbortSignal): Promise<RegexOutcome> {
    signal.throwIfAborted();
    const waiting = acquire();
    const slot = await new Promise<Slot>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason ?? new ToolError('timeout', 'The request was cancelled before the regex ran.'));
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.then(
        (s) => {
          signal.removeEventListener('abort', onAbort);
          if (signal.aborted) {
            release(s);
            return;
          }
          resolve(s);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
    try {
      await slot.ready;
    } catch {
      throw new ToolError('service_unavailable', 'The regex engine could not start; retry in a moment.');
    }
    const id = nextId++;
    const { worker } = slot;
    worker.ref();
    return new Promise<RegexOutcome>((resolve, reject) => {
      let settled = false;
      const finish = (kill: boolean, outcome: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal.removeEventListener('abort', onAbort);
        if (kill) retire(slot);
        else release(slot);
        outcome();
      };
      const onMessage = (reply: RegexReply): void => {
        if (reply.id !== id) return;
        finish(false, () => {
          if (reply.ok) resolve(reply);
          else reject(new ToolError('validation_failed', reply.message.startsWith('replace:') ? reply.message : `pattern: ${reply.message}`));
        });
      };
      const onError = (error: Error): void => {
        const oom = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish(true, () =>
          reject(
            oom
              ? new ToolError('unprocessable', 'pattern: evaluating it ran out of memory (too many or too large matches); narrow the pattern or shorten text.')
              : new ToolError('service_unavailable', 'The regex engine failed; retry in a moment.', { cause: error }),
          ),
        );
      };
      const onExit = (): void => finish(true, () => reject(new ToolError('service_unavailable', 'The regex engine stopped unexpectedly; retry in a moment.')));
      const onAbort = (): void => finish(true, () => reject(signal.reason ?? new ToolError('timeout', 'The request was cancelled.')));
      const timer = setTimeout(() => {
        finish(true, () =>
          reject(
            new ToolError(
              'unprocessable',
              `pattern: evaluation timed out after ${deadlineMs} ms — the pattern likely backtracks catastrophically (nested quantifiers such as (a+)+ or (.*)*); make the repetition unambiguous or shorten text.`,
            ),
          ),
        );
      }, deadlineMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal.addEventListener('abort', onAbort, { once: true });
      worker.postMessage({ ...job, id } satisfies RegexTask);
    });
  }

  async function close(): Promise<void> {
    const all = [...slots];
    slots.clear();
    for (const waiter of waiters.splice(0)) waiter.reject(new ToolError('service_unavailable', 'The regex engine is shutting down.'));
    await Promise.all(all.map((slot) => slot.worker.terminate()));
  }

  return { run, close };
}
