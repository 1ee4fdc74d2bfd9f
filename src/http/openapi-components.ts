import { ERROR_STATUS } from '../core/errors.ts';
import { fileResultSchema } from '../files/result.ts';
import { jsonSchemaOf, type JsonSchema } from '../registry/json-schema.ts';
import { jobSchema } from './route-schemas.ts';

/** The shared parts of the OpenAPI document: envelopes, the file result, response headers, error responses. */

export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });
export const headerRef = (name: string): JsonSchema => ({ $ref: `#/components/headers/${name}` });

/** The error responses of the document, by status; operations refer to those that can happen on them. */
export const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Invalid request: the detail names the field and what is allowed',
  '401': 'Missing or invalid API key',
  '403': 'Not allowed: tool blocked for this key or plan, e-mail address not verified, account suspended (account_inactive), or a bad link signature',
  '404': 'Nothing there (the detail says what)',
  '409': 'Conflicts with what exists (the detail says what), or a request with the same Idempotency-Key still in progress',
  '410': 'Gone: an expired link, or a mode past its sunset date',
  '413': 'Body larger than the limit (JSON or upload)',
  '415': 'Content-Type not accepted, or an upload of a format the tool does not take',
  '422': 'Unprocessable: the input is well-formed but cannot be used, or an Idempotency-Key reused with another request (idempotency_mismatch)',
  '429': 'Monthly quota (quota_exceeded) or per-minute rate (rate_limited) exceeded; see Retry-After',
  '500': 'Unexpected error (quote the X-Request-Id)',
  '502': 'An outside address could not be resolved or reached',
  '503': 'Timed out, or too busy right now (see Retry-After)',
};

/** What every tool route can answer besides success. */
export const TOOL_ERROR_STATUSES = ['400', '401', '403', '409', '413', '415', '422', '429', '500', '503'] as const;

/** Headers on keyed responses (IETF httpapi ratelimit-headers draft, one policy per minute and one per month). */
const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': { description: 'Identifies the request in the logs (echoed when the client sent a valid one)', schema: { type: 'string' } },
  RateLimit: { description: 'Remaining calls in the minute window and credits in the month: `"minute";r=…;t=…, "month";r=…;t=…`', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The plan\'s limits: `"minute";q=…;w=60, "month";q=…;w=2592000`', schema: { type: 'string' } },
  'X-Quota-Remaining': { description: 'Credits left this month', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': { description: 'How to authenticate (RFC 9110 §11.6.1)', schema: { type: 'string' } },
};

export const KEYED_HEADERS = {
  'X-Request-Id': headerRef('X-Request-Id'),
  RateLimit: headerRef('RateLimit'),
  'RateLimit-Policy': headerRef('RateLimit-Policy'),
  'X-Quota-Remaining': headerRef('X-Quota-Remaining'),
};

const ERROR_HEADERS: Record<string, JsonSchema> = {
  '401': { 'WWW-Authenticate': headerRef('WWW-Authenticate') },
  '429': { 'Retry-After': headerRef('Retry-After'), RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimit-Policy') },
  '503': { 'Retry-After': headerRef('Retry-After') },
};

/** An example error body per status, so the reference shows what comes back. */
const ERROR_EXAMPLES: Record<string, { error: string; message: string; detail: string }> = {
  '400': { error: 'validation_failed', message: 'Validation failed', detail: 'text: is required' },
  '401': {
    error: 'unauthorized',
    message: 'Unauthorized',
    detail: 'X-Api-Key: missing; send the header with an API key (keys begin with tk_), or Authorization: Bearer tk_….',
  },
  '403': { error: 'forbidden', message: 'Forbidden', detail: 'X-Api-Key: this key may only call text-utilities/*.' },
  '404': { error: 'not_found', message: 'Not found', detail: 'id: no active key 6f1c… in this account' },
  '409': { error: 'conflict', message: 'Conflict', detail: 'email: an account with ada@example.com already exists' },
  '410': { error: 'gone', message: 'Gone', detail: 'delivery: binary delivery ended on 2027-06-30; omit delivery and GET the downloadUrl of the result.' },
  '413': { error: 'payload_too_large', message: 'Payload too large', detail: 'file: larger than the 50 MB upload limit (TOOLAPI_MAX_UPLOAD_MB).' },
  '415': { error: 'unsupported_media_type', message: 'Unsupported media type', detail: 'file: expected Markdown (UTF-8 text); it looks like PDF document.' },
  '429': { error: 'rate_limited', message: 'Rate limit exceeded', detail: 'rate: at most 60 calls per minute on the free plan; retry in 12 s.' },
  '500': { error: 'internal_error', message: 'Internal error', detail: 'An unexpected error occurred; quote the X-Request-Id when reporting it.' },
  '503': { error: 'timeout', message: 'Timed out', detail: 'The tool did not finish within 10000 ms; try a smaller input.' },
};

/** A response of the error envelope, with the headers and an example that fit the status. */
export function errorResponse(status: string, description: string): JsonSchema {
  const example = ERROR_EXAMPLES[status];
  return {
    description,
    ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
    content: {
      'application/json': {
        schema: schemaRef('ErrorEnvelope'),
        ...(example ? { example: { status: false, code: Number(status), ...example } } : {}),
      },
    },
  };
}

export function components(): JsonSchema {
  return {
    securitySchemes: {
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An API key (tk_…); `Authorization: Bearer tk_…` works too' },
      AdminToken: { type: 'http', scheme: 'bearer', description: 'TOOLAPI_ADMIN_TOKEN (the admin API, only when the server is started with it)' },
    },
    headers: HEADERS,
    schemas: {
      FileResult: {
        ...jsonSchemaOf(fileResultSchema, 'output'),
        description: 'A converted file: a signed link to GET it (no key needed), valid 1 hour; the file is removed within 24 hours',
      },
      ErrorEnvelope: {
        type: 'object',
        description: 'Every error: a stable snake_case `error` code and a `detail` that names the field and what is allowed',
        required: ['status', 'code', 'message', 'error', 'detail'],
        properties: {
          status: { const: false },
          code: { type: 'integer', description: 'The HTTP status' },
          message: { type: 'string', description: 'Short text of the status, e.g. Validation failed' },
          error: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'Stable identifier of the error' },
          detail: { type: 'string', description: 'What to change, naming the field' },
          param: { type: 'string', description: 'The field (or header) at fault, when one is' },
          requestId: { type: 'string', description: 'The X-Request-Id of the answer: quote it when reporting a problem' },
          docUrl: { type: 'string', description: 'The reference page of the operation' },
        },
      },
      Job: { ...jsonSchemaOf(jobSchema, 'output'), description: 'An async tool call (Prefer: respond-async): its state and, once finished, its response' },
      StatusMessageError: {
        type: 'object',
        description: 'The error body of ZIP extraction: the HTTP status and one message',
        required: ['status', 'message'],
        properties: { status: { type: 'integer', description: 'The HTTP status' }, message: { type: 'string' } },
      },
    },
    responses: {
      ...Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([status, description]) => [`Error${status}`, errorResponse(status, description)])),
      HeadersTooLarge: {
        description: 'Request headers (the URL included) larger than 16 KB: refused by the HTTP server before any route runs, in its own shape',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['statusCode', 'error', 'message'],
              properties: { statusCode: { const: 431 }, error: { type: 'string' }, message: { type: 'string' } },
            },
            example: { error: 'Request Header Fields Too Large', message: 'Exceeded maximum allowed HTTP header size', statusCode: 431 },
          },
        },
      },
    },
  };
}
