/** Shared types of the client (the generated files import them). */

export type HttpMethod = 'GET' | 'POST';

/** How a tool answers (SERVICE-SPEC 2.1, 2.4): the client unwraps each to the tool's result. */
export type ResponseShape = 'envelope' | 'status-result-warnings' | 'bare-json' | 'text' | 'file';

/** What the client needs to know to call one operation; generated from the registry. */
export interface OperationInfo {
  method: HttpMethod;
  path: string;
  response: ResponseShape;
  /** File tools: the multipart field of the upload. */
  upload?: {
    field: string;
    aliases?: readonly string[];
    /** How many files the field takes. Default 1. */
    maxFiles?: number;
    /** The tool also works without an upload. */
    optional?: boolean;
  };
}

/**
 * Automatic retries of 429 `rate_limited` and 503 (and of a failed connection), with exponential
 * backoff and jitter, honouring `Retry-After`. A 429 `quota_exceeded` is never retried.
 *
 * Retries apply to idempotent requests only unless `unsafe` is set: GET tools (read-only checks of a
 * URL), the catalog and usage. Other tool calls are POSTs and are treated as non-idempotent — a call
 * that timed out may have run and spent a credit — so they are not retried by default. A 429 is refused
 * before any work is done, so `unsafe: true` is harmless for rate limits; for 503 it may run a call twice.
 */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff delay when the server sends no `Retry-After`; doubled each retry, with jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** Largest backoff delay. Default 8000 ms. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited out: the error is thrown at once. Default 60000 ms. */
  maxRetryAfterMs?: number;
  /** Also retry non-idempotent calls (POST tools). Default false. */
  unsafe?: boolean;
}

/** What a response said besides the result. */
export interface ResponseMeta {
  /** HTTP status. */
  status: number;
  /** `X-Request-Id`: quote it when reporting a problem. */
  requestId: string | undefined;
  /** Notes from the tool (`warnings` of the envelope). */
  warnings: string[];
  /** Credits left this month (`X-Quota-Remaining`), when sent. */
  quotaRemaining: number | undefined;
  headers: Headers;
  /** Attempts made (1 + retries). */
  attempts: number;
}

/** Options of one call; they override the client's. */
export interface CallOptions {
  /** Cancels the call (and any wait between retries). */
  signal?: AbortSignal;
  /** Deadline of each attempt in milliseconds. Default: the client's `timeoutMs` (60 s). */
  timeoutMs?: number;
  /** `false` turns retries off; an object is merged over the client's retry options. */
  retry?: RetryOptions | false;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Sent as `X-Request-Id` (the server echoes it and logs it). */
  requestId?: string;
  /** Called with the response's status, warnings, request id and quota headers. */
  onResponse?: (meta: ResponseMeta) => void;
}

/** A result with its response details: what `callWithResponse` returns. */
export interface ToolResponse<T> extends ResponseMeta {
  result: T;
}

/** A tool of the catalog (`GET /api/v1/catalog`). */
export interface CatalogTool {
  module: string;
  slug: string;
  operationId: string;
  name: string;
  description: string;
  keywords?: string[];
  method: HttpMethod;
  path: string;
  cost: number;
  inputSchema: Record<string, unknown>;
}

/** `GET /api/v1/usage`. */
export interface Usage {
  plan: string;
  /** `YYYY-MM` (UTC). */
  period: string;
  used: number;
  limit: number;
  remaining: number;
  resetsAt: string;
  ratePerMinute?: number;
}
