import { z } from 'zod';

/**
 * What the routes that are not tools answer (accounts, keys, usage, signup, webhooks, catalogs, health), as zod
 * schemas: the OpenAPI document is derived from them (http/openapi-routes.ts), and test/openapi-contract.test.ts
 * checks real responses against the document, so the routes and their documentation cannot drift apart.
 */

const isoTime = z.iso.datetime({ offset: true });

export const accountSchema = z.object({
  accountId: z.uuid(),
  // Not z.email(): the account made at first start is local@localhost.
  email: z.string().describe('E-mail address, lower-cased'),
  plan: z.string().describe('Plan name, e.g. free or pro'),
  emailVerified: z.boolean(),
  createdAt: isoTime,
  status: z.enum(['active', 'suspended']).describe("A suspended account's keys get 403 account_inactive"),
  statusReason: z.string().nullable().describe('Why the account is suspended; null when active'),
});

export const keyInfoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it (never the whole key)'),
  createdAt: isoTime,
  allowedTools: z.array(z.string()).nullable().describe('Globs over module/slug the key may call; null: every tool of the plan'),
  revokedAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable().describe('When the key last authenticated a call (updated at most once a minute)'),
});

export const createdKeySchema = keyInfoSchema.extend({
  key: z
    .string()
    .regex(/^tk_[A-Za-z0-9]{40}$/)
    .describe('The API key: shown only in this response, stored only as an HMAC'),
});

export const usageSchema = z.object({
  plan: z.string(),
  period: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .describe('The calendar month (UTC) the credits count in'),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().describe('Monthly credits of the plan'),
  remaining: z.number().int().nonnegative(),
  resetsAt: isoTime.describe('First instant of the next month (UTC)'),
  ratePerMinute: z.number().int().positive(),
});

export const signupResultSchema = z.object({
  accountId: z.uuid(),
  email: z.email(),
  emailVerified: z.literal(false),
  verificationSent: z.literal(true),
});

export const verifyResultSchema = z.object({
  accountId: z.uuid(),
  email: z.email(),
  emailVerified: z.literal(true),
  apiKey: createdKeySchema.describe("The account's first key (shown only here)"),
});

const webhookEvents = z.array(z.literal('mcp.job.finished'));

export const webhookConfiguredSchema = z.object({
  url: z.url(),
  events: webhookEvents,
  secret: z
    .string()
    .regex(/^whsec_/)
    .describe('Signing secret (Standard Webhooks): shown only in this response'),
  note: z.string(),
});

export const webhookStateSchema = z.union([
  z.object({ configured: z.literal(true), url: z.url(), events: webhookEvents }),
  z.object({ configured: z.literal(false), url: z.null(), events: z.array(z.never()).max(0) }),
]);

const catalogEntrySchema = z.object({
  slug: z.string(),
  operationId: z.string(),
  name: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  method: z.enum(['POST', 'GET']),
  path: z.string(),
  cost: z.number().int().nonnegative().describe('Credits per successful call'),
  inputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema (draft 2020-12) of the input'),
});

export const moduleCatalogSchema = z.object({
  module: z.string(),
  title: z.string(),
  count: z.number().int().nonnegative(),
  tools: z.array(catalogEntrySchema),
});

export const catalogSchema = z.object({ count: z.number().int().nonnegative(), modules: z.array(moduleCatalogSchema) });

export const supportedConversionsSchema = z.object({
  module: z.string(),
  count: z.number().int().nonnegative(),
  conversions: z.array(
    z.object({
      slug: z.string(),
      from: z.array(z.string()).describe('Formats accepted'),
      to: z.string(),
      method: z.enum(['POST', 'GET']),
      path: z.string(),
      operationId: z.string(),
    }),
  ),
  unavailable: z
    .array(z.object({ slug: z.string(), missing: z.array(z.string()).describe('Engines this server lacks') }))
    .describe('Conversions this server cannot do now'),
});

export const healthSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.record(z.string(), z.enum(['ok', 'not ready'])).describe('Each dependency: the store, then the engines'),
});

/** A JSON-RPC 2.0 message (https://www.jsonrpc.org/specification), the unit of the MCP transports. */
export const jsonRpcMessageSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number().int(), z.null()]).optional(),
  method: z.string().optional().describe('Requests and notifications, e.g. initialize, tools/list, tools/call'),
  params: z.record(z.string(), z.unknown()).optional(),
  result: z.unknown().optional(),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
});

/** The success envelope of these routes. */
/** An async job (`Prefer: respond-async`, docs/api.md): `response` is the call's own answer once it finished. */
export const jobSchema = z.object({
  jobId: z.string().describe('The job id (also in the Location header of the 202)'),
  state: z.enum(['running', 'succeeded', 'failed']),
  tool: z.string().nullable().describe('operationId of the tool called'),
  statusUrl: z.string().describe('Where to poll: GET it with the same key'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  response: z
    .looseObject({ status: z.boolean(), code: z.number().int() })
    .nullable()
    .describe('Once finished: the body the call would have answered directly (success or error envelope)'),
});

export function okEnvelope<T extends z.ZodType>(result: T, code: 200 | 201 = 200) {
  return z.object({ status: z.literal(true), code: z.literal(code), message: z.literal('Success'), result });
}
