import { errorFromResponse, parseRetryAfter, RateLimitError, ToolApiConnectionError, ToolApiError, ToolApiTimeoutError } from './errors.ts';
import type { RetryOptions } from './types.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 60_000;

export const DEFAULT_RETRY: Required<RetryOptions> = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  unsafe: false,
};

export interface SendOptions {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: RequestInit['body'];
  signal?: AbortSignal;
  timeoutMs: number;
  retry: Required<RetryOptions> | false;
  /** Safe to send twice (GET tools, catalog, usage, downloads). */
  idempotent: boolean;
}

/** A response read within the attempt's deadline. */
export interface Received<T> {
  status: number;
  headers: Headers;
  value: T;
  attempts: number;
}

/** Merges retry settings: `false` anywhere turns retries off. */
export function resolveRetry(base: RetryOptions | false | undefined, override: RetryOptions | false | undefined): Required<RetryOptions> | false {
  if (override === false || (base === false && override === undefined)) return false;
  return { ...DEFAULT_RETRY, ...(base === false ? {} : base), ...override };
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function retriable(error: unknown): boolean {
  if (error instanceof RateLimitError) return true;
  if (error instanceof ToolApiConnectionError) return true;
  return error instanceof ToolApiError && error.status === 503;
}

/** How long to wait before retry number `retry` (0-based), or undefined to give up. */
export function retryDelay(error: ToolApiError, retry: number, options: Required<RetryOptions>, random: () => number = Math.random): number | undefined {
  const retryAfter = error.headers ? parseRetryAfter(error.headers.get('retry-after')) : undefined;
  if (retryAfter !== undefined) {
    const ms = retryAfter * 1000;
    if (ms > options.maxRetryAfterMs) return undefined;
    // At least what the server asked, plus a little jitter so waiting clients do not return in step.
    return ms + Math.floor(random() * Math.min(1000, Math.max(50, ms * 0.1)));
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.floor(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Sends a request with a per-attempt deadline and the retry policy; `read` consumes a 2xx response
 * inside the deadline. Non-2xx responses become ToolApiErrors (see errors.ts).
 */
export async function send<T>(fetchImpl: FetchLike, options: SendOptions, read: (response: Response) => Promise<T>): Promise<Received<T>> {
  const retry = options.retry;
  const maxRetries = retry && (options.idempotent || retry.unsafe) ? retry.maxRetries : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const received = await once(fetchImpl, options, read);
      return { ...received, attempts: attempt + 1 };
    } catch (error) {
      if (!retry || attempt >= maxRetries || !retriable(error)) throw error;
      const delay = retryDelay(error as ToolApiError, attempt, retry);
      if (delay === undefined) throw error;
      await sleep(delay, options.signal);
    }
  }
}

async function once<T>(fetchImpl: FetchLike, options: SendOptions, read: (response: Response) => Promise<T>): Promise<Omit<Received<T>, 'attempts'>> {
  const { signal: outer, timeoutMs } = options;
  if (outer?.aborted) throw outer.reason;
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = (): void => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  try {
    let response: Response;
    try {
      response = await fetchImpl(options.url, { method: options.method, headers: options.headers, body: options.body, signal: controller.signal });
    } catch (cause) {
      throw failure(cause, timedOut, outer, timeoutMs, options);
    }
    try {
      if (!response.ok) {
        throw errorFromResponse(response.status, response.statusText, response.headers, await response.text());
      }
      return { status: response.status, headers: response.headers, value: await read(response) };
    } catch (cause) {
      if (cause instanceof ToolApiError) throw cause;
      throw failure(cause, timedOut, outer, timeoutMs, options);
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

function failure(cause: unknown, timedOut: boolean, outer: AbortSignal | undefined, timeoutMs: number, options: SendOptions): unknown {
  if (timedOut)
    return new ToolApiTimeoutError({ detail: `no complete response from ${options.method} ${options.url} within ${timeoutMs} ms (timeoutMs)`, cause });
  if (outer?.aborted) return outer.reason;
  if (cause instanceof TypeError || (cause instanceof Error && /fetch failed|network|ECONN|socket/i.test(cause.message))) {
    const reason = cause instanceof Error && cause.cause instanceof Error ? cause.cause.message : cause instanceof Error ? cause.message : String(cause);
    return new ToolApiConnectionError({ detail: `${options.method} ${options.url}: ${reason}`, cause });
  }
  return cause;
}
