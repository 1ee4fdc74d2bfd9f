/**
 * Errors are values with stable codes (docs/contract.md "Envelopes"). Tools and adapters throw
 * ToolError; the HTTP and MCP adapters map it to their envelope in one place each.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  account_inactive: 403,
  invalid_signature: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_in_progress: 409,
  gone: 410,
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  idempotency_mismatch: 422,
  quota_exceeded: 429,
  rate_limited: 429,
  internal_error: 500,
  engine_unavailable: 501,
  upstream_failed: 502,
  timeout: 503,
  service_unavailable: 503,
  forbidden_target: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  invalid_request: 'Invalid request',
  validation_failed: 'Validation failed',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  account_inactive: 'Account inactive',
  invalid_signature: 'Invalid signature',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  idempotency_in_progress: 'Request with this Idempotency-Key in progress',
  gone: 'Gone',
  link_expired: 'Link expired',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  unprocessable: 'Unprocessable input',
  idempotency_mismatch: 'Idempotency-Key reused with another request',
  quota_exceeded: 'Quota exceeded',
  rate_limited: 'Rate limit exceeded',
  internal_error: 'Internal error',
  engine_unavailable: 'Engine unavailable',
  upstream_failed: 'Upstream failed',
  timeout: 'Timed out',
  service_unavailable: 'Service temporarily unavailable',
  forbidden_target: 'Forbidden target',
};

export interface ToolErrorOptions {
  status?: number;
  message?: string;
  headers?: Record<string, string>;
  cause?: unknown;
  /** The field at fault; by default the name a request error's detail starts with ("text: is required"). */
  param?: string;
}

/** Request errors whose detail starts with the field at fault, by the convention "field: what is allowed". */
const FIELD_ERRORS = new Set([400, 413, 415, 422]);

function fieldOfDetail(status: number, detail: string): string | undefined {
  if (!FIELD_ERRORS.has(status)) return undefined;
  return /^([A-Za-z][\w.[\]-]*): /.exec(detail)?.[1];
}

export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly headers: Record<string, string>;
  readonly param: string | undefined;

  constructor(code: ErrorCode, detail: string, options: ToolErrorOptions = {}) {
    super(options.message ?? DEFAULT_MESSAGE[code], { cause: options.cause });
    this.name = 'ToolError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.detail = detail;
    this.headers = options.headers ?? {};
    this.param = options.param ?? fieldOfDetail(this.status, detail);
  }
}

/** A 400 that names the offending field and what is allowed. */
export function invalidField(field: string, allowed: string): ToolError {
  return new ToolError('validation_failed', `${field}: ${allowed}`);
}

/**
 * The text, or a 400 naming `field` when it holds a lone UTF-16 surrogate: valid in JSON, but with no UTF-8 form to
 * percent-encode (RFC 3986, 2.5) or hash.
 */
export function utf8Encodable(field: string, text: string): string {
  if (!text.isWellFormed()) throw invalidField(field, 'contains an unpaired UTF-16 surrogate, which has no UTF-8 encoding');
  return text;
}

export interface ErrorBody {
  status: false;
  code: number;
  message: string;
  error: ErrorCode;
  detail: string;
  /** The field path at fault, when one is. */
  param?: string;
  /** The request's X-Request-Id, to quote when reporting. */
  requestId?: string;
  /** The reference page of the operation that failed. */
  docUrl?: string;
}

export function errorBody(error: ToolError, context: { requestId?: string; docUrl?: string } = {}): ErrorBody {
  return {
    status: false,
    code: error.status,
    message: error.message,
    error: error.code,
    detail: error.detail,
    ...(error.param ? { param: error.param } : {}),
    ...(context.requestId ? { requestId: context.requestId } : {}),
    ...(context.docUrl ? { docUrl: context.docUrl } : {}),
  };
}

/** Anything that is not a ToolError is a bug: the client sees a generic 500, the log sees the cause. */
export function asToolError(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  return new ToolError('internal_error', 'An unexpected error occurred; quote the X-Request-Id when reporting it.', {
    cause: error,
  });
}
