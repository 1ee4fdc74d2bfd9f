/**
 * One error class for everything the API refuses, with subclasses for the statuses a caller handles
 * differently: 401 (bad key), 403 (tool not allowed), 429 (monthly quota vs per-minute rate limit).
 * Client-side failures (no connection, timeout) are ToolApiErrors with `status: 0`.
 */

/** The error envelope of the API (SERVICE-SPEC 2.2). */
export interface ErrorEnvelope {
  status: false;
  code: number;
  message: string;
  error: string;
  detail: string;
}

export interface ToolApiErrorInit {
  /** HTTP status; 0 when no response arrived (connection failure, timeout). */
  status: number;
  /** The numeric `code` of the error body (the HTTP status on this API). */
  code?: number;
  /** Stable snake_case identifier, e.g. `validation_failed`, `quota_exceeded`. */
  error: string;
  /** Short message, e.g. `Validation failed`. */
  message: string;
  /** What to change, naming the field. */
  detail: string;
  requestId?: string;
  headers?: Headers;
  /** The parsed error body as received. */
  body?: unknown;
  cause?: unknown;
}

export class ToolApiError extends Error {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Numeric `code` of the error body. */
  readonly code: number;
  /** Stable snake_case identifier of the error. */
  readonly error: string;
  /** What to change, naming the field. */
  readonly detail: string;
  /** `X-Request-Id` of the response: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** Response headers, when a response arrived. */
  readonly headers: Headers | undefined;
  /** The error body as received. */
  readonly body: unknown;
  /** The envelope's short `message` (Error.message is `message: detail`). */
  readonly title: string;

  constructor(init: ToolApiErrorInit) {
    super(init.detail ? `${init.message}: ${init.detail}` : init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ToolApiError';
    this.status = init.status;
    this.code = init.code ?? init.status;
    this.error = init.error;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.body = init.body;
    this.title = init.message;
  }

  /** The error envelope (SERVICE-SPEC 2.2) with the request id: what `toolapi call` prints on stderr. */
  toJSON(): ErrorEnvelope & { requestId?: string } {
    return {
      status: false,
      code: this.code,
      message: this.title,
      error: this.error,
      detail: this.detail,
      ...(this.requestId ? { requestId: this.requestId } : {}),
    };
  }
}

/** 401: the API key is missing, unknown or revoked. */
export class UnauthorizedError extends ToolApiError {
  constructor(init: ToolApiErrorInit) {
    super(init);
    this.name = 'UnauthorizedError';
  }
}

/** 403: the key's `allowedTools` or the account's plan do not include this tool, or the account is not verified. */
export class ForbiddenError extends ToolApiError {
  constructor(init: ToolApiErrorInit) {
    super(init);
    this.name = 'ForbiddenError';
  }
}

/** 429, either kind. `retryAfter` is the `Retry-After` header in seconds, when the server sent one. */
export class TooManyRequestsError extends ToolApiError {
  readonly retryAfter: number | undefined;

  constructor(init: ToolApiErrorInit & { retryAfter?: number }) {
    super(init);
    this.name = 'TooManyRequestsError';
    this.retryAfter = init.retryAfter;
  }
}

/** 429 `quota_exceeded`: the account's monthly credits are spent. Never retried (it lasts until the month turns). */
export class QuotaExceededError extends TooManyRequestsError {
  constructor(init: ToolApiErrorInit & { retryAfter?: number }) {
    super(init);
    this.name = 'QuotaExceededError';
  }
}

/** 429 `rate_limited`: too many calls this minute; `retryAfter` says when the window opens again. */
export class RateLimitError extends TooManyRequestsError {
  constructor(init: ToolApiErrorInit & { retryAfter?: number }) {
    super(init);
    this.name = 'RateLimitError';
  }
}

/** No response: the connection failed (`error: "connection_failed"`). `status` is 0. */
export class ToolApiConnectionError extends ToolApiError {
  constructor(init: Omit<ToolApiErrorInit, 'status' | 'error' | 'message'> & { message?: string }) {
    super({ ...init, status: 0, error: 'connection_failed', message: init.message ?? 'Connection failed' });
    this.name = 'ToolApiConnectionError';
  }
}

/** No response within `timeoutMs` (`error: "client_timeout"`). `status` is 0. */
export class ToolApiTimeoutError extends ToolApiError {
  constructor(init: Omit<ToolApiErrorInit, 'status' | 'error' | 'message'> & { message?: string }) {
    super({ ...init, status: 0, error: 'client_timeout', message: init.message ?? 'Timed out' });
    this.name = 'ToolApiTimeoutError';
  }
}

const ERROR_OF_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
  501: 'engine_unavailable',
  502: 'upstream_failed',
  503: 'service_unavailable',
  504: 'timeout',
};

/** `Retry-After` as seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error of a non-2xx response, from its body: the error envelope, the `{status, message}` body of
 * ZIP extraction, or anything else a proxy may answer (its text becomes the detail).
 */
export function errorFromResponse(status: number, statusText: string, headers: Headers, bodyText: string): ToolApiError {
  let body: unknown = bodyText;
  try {
    body = bodyText === '' ? undefined : (JSON.parse(bodyText) as unknown);
  } catch {
    // not JSON: keep the text
  }
  const fallbackError = ERROR_OF_STATUS[status] ?? (status >= 500 ? 'server_error' : 'http_error');
  let error = fallbackError;
  let message = statusText || `HTTP ${status}`;
  let detail = '';
  let code = status;
  if (isRecord(body)) {
    if (typeof body.error === 'string') error = body.error;
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.detail === 'string') detail = body.detail;
    if (typeof body.code === 'number') code = body.code;
    // `{status: 400, message: "Validation failed: file: …"}` (convertors/zip-extract)
    if (typeof body.status === 'number' && body.detail === undefined && typeof body.message === 'string') {
      const split = /^([^:]+): (.*)$/s.exec(body.message);
      message = split?.[1] ?? body.message;
      detail = split?.[2] ?? '';
    }
  } else if (typeof body === 'string') {
    detail = body.slice(0, 500);
  }
  const init: ToolApiErrorInit = { status, code, error, message, detail, requestId: headers.get('x-request-id') ?? undefined, headers, body };
  if (status === 401) return new UnauthorizedError(init);
  if (status === 403) return new ForbiddenError(init);
  if (status === 429) {
    const retryAfter = parseRetryAfter(headers.get('retry-after'));
    if (error === 'quota_exceeded') return new QuotaExceededError({ ...init, retryAfter });
    return new RateLimitError({ ...init, error: error === fallbackError ? 'rate_limited' : error, retryAfter });
  }
  return new ToolApiError(init);
}

/**
 * A local file path the client was given cannot be used: an upload that does not exist or cannot be read, or a
 * download target that cannot be written. `status` is 0 (no request was sent, or its answer was not saved); `path`
 * names the file.
 */
export class LocalFileError extends ToolApiError {
  readonly path: string;
  constructor(path: string, detail: string, cause?: unknown) {
    super({ status: 0, error: 'local_file', message: 'Local file error', detail: `${path}: ${detail}`, cause });
    this.name = 'LocalFileError';
    this.path = path;
  }
}
