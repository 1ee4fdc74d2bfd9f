import { z } from 'zod';
import { webhookBody } from '../mcp/webhook.ts';
import { jsonSchemaOf, type JsonSchema } from '../registry/json-schema.ts';
import { createAccountBody, createKeyBody, signupBody } from './account-routes.ts';
import { KEYED_HEADERS, responseRef } from './openapi-components.ts';
import * as S from './route-schemas.ts';

/** Who may call a route: `key` needs X-Api-Key, `admin` the admin bearer token, `public` nothing. */
type Auth = 'public' | 'key' | 'admin' | 'key-or-admin';

interface Reply {
  description: string;
  /** A zod schema (JSON), a JSON Schema, or a media type with its schema. */
  json?: z.ZodType;
  other?: { mediaType: string; schema: JsonSchema };
}

export interface RouteDoc {
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  query?: { name: string; required: boolean; description: string; schema: JsonSchema }[];
  body?: z.ZodType;
  replies: Record<string, Reply>;
  /** The route reports the key's rate and quota in headers (those that read them with X-Api-Key). */
  quotaHeaders?: boolean;
  /** Error statuses besides those of the auth (401 for keys and tokens). */
  errors?: string[];
}

const SECURITY: Record<Auth, unknown[]> = {
  public: [],
  key: [{ ApiKey: [] }],
  admin: [{ AdminToken: [] }],
  'key-or-admin': [{ ApiKey: [] }, { AdminToken: [] }],
};

const moduleCatalog = (module: string): RouteDoc => ({
  summary: `Catalog of ${module}`,
  description: 'Every tool of the module with its input JSON Schema. No key needed.',
  tag: 'Catalog',
  auth: 'public',
  replies: { '200': { description: 'The module catalog', json: S.okEnvelope(S.moduleCatalogSchema) } },
});

const supportedConversions = (module: string): RouteDoc => ({
  summary: `Conversions of ${module} this server can do`,
  description:
    "Derived from the tools' declarations and the engines installed here (LibreOffice, pandoc, Calibre…): a conversion whose engine is missing is listed under `unavailable`. No key needed.",
  tag: 'Catalog',
  auth: 'public',
  replies: { '200': { description: 'What converts to what', json: S.okEnvelope(S.supportedConversionsSchema) } },
});

const ROUTES: Record<string, RouteDoc> = {
  'GET /api/v1/catalog': {
    summary: 'Catalog of every tool',
    description: 'Every module and tool with its input JSON Schema. No key needed.',
    tag: 'Catalog',
    auth: 'public',
    replies: { '200': { description: 'The catalog', json: S.okEnvelope(S.catalogSchema) } },
  },
  'GET /api/v1/openapi.json': {
    summary: 'This OpenAPI document',
    tag: 'Meta',
    auth: 'public',
    replies: {
      '200': { description: 'OpenAPI 3.1', other: { mediaType: 'application/json', schema: { type: 'object', description: 'An OpenAPI 3.1 document' } } },
    },
  },
  'GET /healthz': {
    summary: 'The process is up',
    tag: 'Meta',
    auth: 'public',
    replies: { '200': { description: 'Up', json: S.healthSchema } },
  },
  'GET /readyz': {
    summary: 'The store and engines are ready',
    description: 'Answers 503 while a dependency is not ready, and while the process drains before it stops.',
    tag: 'Meta',
    auth: 'public',
    replies: { '200': { description: 'Ready', json: S.readinessSchema }, '503': { description: 'Not ready (or shutting down)', json: S.readinessSchema } },
  },
  'GET /metrics': {
    summary: 'Prometheus metrics (admin)',
    description:
      'Requests by route and status, latency by module, tool calls and credits by tool, errors by code, engine pools and queues, async runs, event-loop lag and process metrics, in the Prometheus text format. Needs the admin token; without one configured, 403.',
    tag: 'Meta',
    auth: 'admin',
    replies: { '200': { description: 'The metrics', other: { mediaType: 'text/plain', schema: { type: 'string' } } } },
    errors: ['403'],
  },
  'POST /api/v1/accounts': {
    summary: 'Create an account (admin)',
    tag: 'Accounts',
    auth: 'admin',
    body: createAccountBody,
    replies: { '201': { description: 'Created', json: S.okEnvelope(S.accountSchema, 201) } },
    errors: ['400', '403', '409'],
  },
  'GET /api/v1/accounts': {
    summary: 'List accounts (admin)',
    tag: 'Accounts',
    auth: 'admin',
    replies: { '200': { description: 'Every account', json: S.okEnvelope(z.object({ accounts: z.array(S.accountSchema) })) } },
    errors: ['403'],
  },
  'POST /api/v1/api-keys': {
    summary: 'Create an API key (the secret is shown once)',
    description: 'With X-Api-Key: a key of the same account. With the admin token: a key of `accountId`.',
    tag: 'Accounts',
    auth: 'key-or-admin',
    quotaHeaders: true,
    body: createKeyBody,
    replies: { '201': { description: 'Created; `key` appears only here', json: S.okEnvelope(S.createdKeySchema, 201) } },
    errors: ['400', '403', '404'],
  },
  'GET /api/v1/api-keys': {
    summary: "List the account's keys (never the secret)",
    tag: 'Accounts',
    auth: 'key',
    quotaHeaders: true,
    replies: { '200': { description: 'The keys, revoked ones included', json: S.okEnvelope(z.object({ keys: z.array(S.keyInfoSchema) })) } },
  },
  'DELETE /api/v1/api-keys/{id}': {
    summary: 'Revoke a key',
    tag: 'Accounts',
    auth: 'key-or-admin',
    quotaHeaders: true,
    replies: { '200': { description: 'Revoked', json: S.okEnvelope(z.object({ id: z.string(), revoked: z.literal(true) })) } },
    errors: ['404'],
  },
  'GET /api/v1/usage': {
    summary: 'Credits used this month, the limit, the reset and the rate',
    tag: 'Accounts',
    auth: 'key',
    quotaHeaders: true,
    replies: { '200': { description: "Usage of the calling key's account", json: S.okEnvelope(S.usageSchema) } },
  },
  'POST /api/v1/accounts/signup': {
    summary: 'Sign up: sends a verification link',
    description:
      'Creates an unverified account on the free plan and mails (or logs) a link to the dashboard page `/verify?token=…`, whose button verifies the address and signs in; scripts pass the same token to `GET /api/v1/accounts/verify`.',
    tag: 'Accounts',
    auth: 'public',
    body: signupBody,
    replies: { '201': { description: 'Account created, link sent', json: S.okEnvelope(S.signupResultSchema, 201) } },
    errors: ['409'],
  },
  'GET /api/v1/accounts/verify': {
    summary: 'Verify an e-mail address; returns the first key',
    tag: 'Accounts',
    auth: 'public',
    query: [
      {
        name: 'token',
        required: true,
        description: 'The token of the link sent at signup (the `token` parameter of its `/verify?token=…` URL)',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      },
    ],
    replies: { '200': { description: 'Verified; `apiKey.key` appears only here', json: S.okEnvelope(S.verifyResultSchema) } },
    errors: ['400'],
  },
  'GET /api/v1/files/{fileId}/{fileName}': {
    summary: 'Download a converted file',
    description:
      'The `downloadUrl` of a file result, used exactly as returned: no key, the signature is the permission; valid 1 hour, the file is removed within 24 hours.',
    tag: 'Files',
    auth: 'public',
    query: [
      { name: 'expires', required: true, description: 'Expiry of the link (Unix seconds)', schema: { type: 'string', pattern: '^\\d+$' } },
      { name: 'sig', required: true, description: 'HMAC-SHA256 signature of the link', schema: { type: 'string' } },
    ],
    replies: {
      '200': { description: 'The file, with Content-Disposition naming it', other: { mediaType: '*/*', schema: { type: 'string', format: 'binary' } } },
    },
    errors: ['403', '404', '410'],
  },
  'GET /api/v1/jobs/{jobId}': {
    summary: 'Poll an async job',
    description:
      'A tool call sent with `Prefer: respond-async` answers 202 with `Location: /api/v1/jobs/{jobId}`. GET it with the same key: `state` is `running` (with `Retry-After`), `succeeded` or `failed`; once finished, `response` is the body the call would have answered directly. Jobs are kept 7 days.',
    tag: 'Jobs',
    auth: 'key',
    replies: { '200': { description: 'The job', json: z.object({ status: z.literal(true), code: z.literal(200), message: z.string(), result: S.jobSchema }) } },
    errors: ['404'],
  },
  'PUT /api/v1/webhooks': {
    summary: 'Set the mcp.job.finished webhook',
    description:
      'Events are POSTed to `url`, signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature). A new secret is made each time.',
    tag: 'Webhooks',
    auth: 'key',
    body: webhookBody,
    replies: { '200': { description: 'Configured; `secret` appears only here', json: S.okEnvelope(S.webhookConfiguredSchema) } },
    errors: ['400', '502'],
  },
  'GET /api/v1/webhooks': {
    summary: "The account's webhook",
    tag: 'Webhooks',
    auth: 'key',
    replies: { '200': { description: 'The webhook, or `configured: false`', json: S.okEnvelope(S.webhookStateSchema) } },
  },
  'DELETE /api/v1/webhooks': {
    summary: 'Remove the webhook',
    tag: 'Webhooks',
    auth: 'key',
    replies: { '200': { description: 'Removed', json: S.okEnvelope(z.object({ deleted: z.literal(true) })) } },
    errors: ['404'],
  },
  'GET /mcp': {
    summary: 'MCP over SSE (opens the event stream)',
    description:
      'The stream first announces the URL to POST messages to (`/mcp/messages?sessionId=…`). Behind a load balancer it needs sticky sessions; `POST /mcp/http` does not.',
    tag: 'MCP',
    auth: 'key',
    replies: { '200': { description: 'An event stream of JSON-RPC messages', other: { mediaType: 'text/event-stream', schema: { type: 'string' } } } },
  },
  'POST /mcp/messages': {
    summary: 'MCP over SSE: send a message to a session',
    tag: 'MCP',
    auth: 'key',
    query: [{ name: 'sessionId', required: true, description: 'The session the SSE stream announced', schema: { type: 'string' } }],
    body: S.jsonRpcMessageSchema,
    replies: { '202': { description: 'Accepted; the answer comes on the event stream', other: { mediaType: 'text/plain', schema: { type: 'string' } } } },
    errors: ['400', '404'],
  },
  'POST /mcp/http': {
    summary: 'MCP over Streamable HTTP (stateless)',
    description:
      'One JSON-RPC message in, its answer out; any instance answers. Send `Accept: application/json, text/event-stream` (the MCP Streamable HTTP transport requires both). ' +
      'GET and DELETE on this path answer 405 (no event stream, no session).',
    tag: 'MCP',
    auth: 'key',
    body: S.jsonRpcMessageSchema,
    replies: {
      '200': { description: 'The JSON-RPC response', json: S.jsonRpcMessageSchema },
      '202': { description: 'Accepted (a notification or response: nothing to answer)' },
      '406': { description: 'The Accept header does not list both application/json and text/event-stream', json: S.jsonRpcMessageSchema },
    },
    errors: ['400'],
  },
};

/**
 * Routes served only to refuse (`GET`/`DELETE /mcp/http` answer 405: the transport is stateless): an operation
 * with no success would mislead, so the document names them in `POST /mcp/http` instead.
 */
export const REFUSING_ROUTES = new Set(['GET /mcp/http', 'DELETE /mcp/http']);

/** Tag of a route nobody described yet; test/openapi.test.ts fails while any route has it. */
export const UNDESCRIBED_TAG = 'Undescribed';

/** The documentation of a non-tool route; a route nobody described gets a placeholder (and fails the test). */
export function routeDoc(method: string, path: string): RouteDoc {
  const known = ROUTES[`${method} ${path}`];
  if (known) return known;
  const perModule = /^\/api\/v1\/([a-z-]+)\/(catalog|supported-conversions)$/.exec(path);
  if (method === 'GET' && perModule) return perModule[2] === 'catalog' ? moduleCatalog(perModule[1]!) : supportedConversions(perModule[1]!);
  return { summary: `${method} ${path}`, tag: UNDESCRIBED_TAG, auth: 'key', replies: { '200': { description: 'OK' } } };
}

export const ROUTE_TAGS: Record<string, string> = {
  Catalog: 'Every tool and module, with input schemas; what converts to what on this server',
  Accounts: 'Accounts, API keys, usage and signup',
  Files: 'Downloading converted files',
  Jobs: 'Tool calls run asynchronously (Prefer: respond-async), polled until they finish',
  Webhooks: 'The mcp.job.finished webhook of asynchronous MCP runs and REST jobs',
  MCP: 'The Model Context Protocol transports (the same tools, key and quota for agents)',
  Meta: 'Health, readiness and this document',
};

/** The OpenAPI operation of a documented non-tool route. */
export function routeOperation(method: string, path: string, doc: RouteDoc): JsonSchema {
  const pathParameters = [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const query = (doc.query ?? []).map((q) => ({ in: 'query', ...q }));
  const parameters = [...pathParameters, ...query];
  // Fastify reads a body on every method but GET: a malformed one is a 400, an unsupported Content-Type a 415.
  const bodyErrors = method === 'GET' ? [] : ['400', '415'];
  const authErrors = doc.auth === 'public' ? [] : ['401'];
  const errors = [...new Set([...bodyErrors, ...authErrors, ...(doc.errors ?? [])])].sort();
  // A route without input can still be refused one way: headers (the URL included) over Node's 16 KB limit.
  if (errors.length === 0) errors.push('431');
  return {
    operationId: operationIdOf(method, path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    security: SECURITY[doc.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(doc.body, 'input') } } } } : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(doc.replies).map(([status, reply]) => [
          status,
          {
            description: reply.description,
            headers: doc.quotaHeaders ? KEYED_HEADERS : { 'X-Request-Id': KEYED_HEADERS['X-Request-Id'] },
            ...replyContent(reply),
          },
        ]),
      ),
      ...Object.fromEntries(errors.filter((s) => !doc.replies[s]).map((s) => [s, responseRef(s === '431' ? 'HeadersTooLarge' : `Error${s}`)])),
    },
  };
}

function replyContent(reply: Reply): JsonSchema {
  if (reply.json) return { content: { 'application/json': { schema: jsonSchemaOf(reply.json, 'output') } } };
  if (reply.other) return { content: { [reply.other.mediaType]: { schema: reply.other.schema } } };
  return {};
}

export function operationIdOf(method: string, path: string): string {
  return `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`;
}
