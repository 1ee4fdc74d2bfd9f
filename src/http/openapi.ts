import { jsonSchemaOf, type JsonSchema } from '../registry/json-schema.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import { MODULE_NAMES, MODULES } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid request: the detail names the field and what is allowed',
  '401': 'Missing or invalid X-Api-Key',
  '403': 'Tool blocked for this key or plan, or e-mail not verified',
  '413': 'Body larger than the limit',
  '415': 'Content-Type not accepted',
  '429': 'Monthly quota or per-minute rate exceeded',
  '500': 'Unexpected error (quote X-Request-Id)',
  '503': 'Temporarily unavailable or timed out',
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** A route the app serves, as recorded when it was added. */
export interface RouteInfo {
  method: string;
  url: string;
  /** Served by a tool: documented from the registry. */
  tool: boolean;
}

/**
 * What the non-tool routes are, for readers of the document: `key` routes need X-Api-Key, `admin` the
 * admin bearer token, `public` nothing. A route missing here is still documented, with a generic summary.
 */
const ROUTE_DOCS: Record<string, { summary: string; tag: string; auth: 'public' | 'key' | 'admin' | 'key-or-admin' }> = {
  'GET /api/v1/catalog': { summary: 'Catalog of every tool', tag: 'Catalog', auth: 'public' },
  'GET /api/v1/openapi.json': { summary: 'This OpenAPI document', tag: 'Meta', auth: 'public' },
  'GET /healthz': { summary: 'Process is up', tag: 'Meta', auth: 'public' },
  'GET /readyz': { summary: 'Store and engines are ready', tag: 'Meta', auth: 'public' },
  'POST /api/v1/accounts': { summary: 'Create an account (admin)', tag: 'Accounts', auth: 'admin' },
  'GET /api/v1/accounts': { summary: 'List accounts (admin)', tag: 'Accounts', auth: 'admin' },
  'POST /api/v1/api-keys': { summary: 'Create an API key (the secret is shown once)', tag: 'Accounts', auth: 'key-or-admin' },
  'GET /api/v1/api-keys': { summary: "List the account's keys (never the secret)", tag: 'Accounts', auth: 'key' },
  'DELETE /api/v1/api-keys/{id}': { summary: 'Revoke a key', tag: 'Accounts', auth: 'key-or-admin' },
  'GET /api/v1/usage': { summary: 'Credits used this month, limit, reset and rate', tag: 'Accounts', auth: 'key' },
  'POST /api/v1/accounts/signup': { summary: 'Sign up: sends a verification link', tag: 'Accounts', auth: 'public' },
  'GET /api/v1/accounts/verify': { summary: 'Verify an e-mail address (the link from signup); returns the first key', tag: 'Accounts', auth: 'public' },
  'GET /api/v1/files/{fileId}/{fileName}': { summary: 'Download a converted file (signed link, no key; valid 1 hour)', tag: 'Files', auth: 'public' },
};

const SECURITY = { public: [], key: [{ ApiKey: [] }], admin: [{ AdminToken: [] }], 'key-or-admin': [{ ApiKey: [] }, { AdminToken: [] }] } as const;

/** The OpenAPI 3.1 document of every route: tools derived from the registry, the rest from `routes`. */
export function buildOpenApi(registry: Registry, version: string, routes: readonly RouteInfo[] = []): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const tool of registry.tools) {
    const operations: JsonSchema = { post: toolOperation(tool, 'post') };
    if (tool.method === 'GET') operations.get = toolOperation(tool, 'get');
    paths[tool.path] = operations;
  }
  for (const route of routes) {
    if (route.tool) continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const method = route.method.toLowerCase();
    const operations = (paths[path] ??= {});
    if (operations[method]) continue;
    operations[method] = routeOperation(route.method, path);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'toolapi',
      version,
      description: 'Hundreds of small, dependable tools behind one API key with a monthly credit quota.',
    },
    servers: [{ url: '/' }],
    tags: MODULE_NAMES.map((m) => ({ name: m, description: MODULES[m].title })),
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        AdminToken: { type: 'http', scheme: 'bearer', description: 'TOOLAPI_ADMIN_TOKEN (admin API, only when configured)' },
      },
      schemas: {
        SuccessEnvelope: {
          type: 'object',
          required: ['status', 'code', 'message', 'result'],
          properties: {
            status: { const: true },
            code: { type: 'integer' },
            message: { type: 'string', examples: ['Success', 'Conversion successful'] },
            result: {},
            warnings: { type: 'array', items: { type: 'string' } },
            error: { type: 'string' },
          },
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['status', 'code', 'message', 'error', 'detail'],
          properties: {
            status: { const: false },
            code: { type: 'integer', description: 'The HTTP status' },
            message: { type: 'string' },
            error: { type: 'string', description: 'Stable snake_case identifier, e.g. validation_failed' },
            detail: { type: 'string', description: 'What to change, naming the field' },
          },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUSES).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
        ]),
      ),
    },
  };
}

function toolOperation(tool: AnyTool, method: 'get' | 'post'): JsonSchema {
  const input = jsonSchemaOf(tool.input, 'input');
  const operation: JsonSchema = {
    operationId: method === 'post' || tool.method !== 'GET' ? tool.operationId : `${tool.operationId}.get`,
    summary: tool.title,
    description: tool.description,
    tags: [tool.module],
    security: [{ ApiKey: [] }],
    'x-cost': tool.cost,
    responses: {
      [String(tool.successStatus)]: { description: 'Success', content: successContent(tool) },
      ...Object.fromEntries(Object.keys(ERROR_STATUSES).map((s) => [s, { $ref: `#/components/responses/Error${s}` }])),
    },
  };
  if (method === 'get') {
    const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input.required ?? []) as string[]);
    operation.parameters = Object.entries(properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    }));
  } else {
    operation.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: input,
          examples: Object.fromEntries(tool.examples.map((e, i) => [`example${i + 1}`, { summary: e.title ?? `Example ${i + 1}`, value: e.input, ...(exampleProvenance(e) ? { description: exampleProvenance(e) } : {}) }])),
        },
      },
    };
  }
  return operation;
}

function successContent(tool: AnyTool): JsonSchema {
  const result = jsonSchemaOf(tool.output, 'output');
  switch (tool.response) {
    case 'envelope':
    case 'file':
      return { 'application/json': { schema: { allOf: [ref('SuccessEnvelope'), { type: 'object', properties: { result } }] } } };
    case 'status-result-warnings':
      return {
        'application/json': {
          schema: {
            type: 'object',
            required: ['status', 'result', 'warnings'],
            properties: { status: { const: true }, result, warnings: { type: 'array', items: { type: 'string' } } },
          },
        },
      };
    case 'bare-json':
      return { 'application/json': { schema: result } };
    case 'text':
      return { 'text/plain': { schema: { type: 'string' } } };
  }
}

function routeOperation(method: string, path: string): JsonSchema {
  const catalog = /^\/api\/v1\/([a-z-]+)\/(catalog|supported-conversions)$/.exec(path);
  const known = ROUTE_DOCS[`${method} ${path}`];
  const doc = known ?? (catalog ? { summary: `${catalog[2] === 'catalog' ? 'Catalog' : 'Supported conversions'} of ${catalog[1]}`, tag: 'Catalog', auth: 'public' as const } : { summary: `${method} ${path}`, tag: path.startsWith('/mcp') ? 'MCP' : 'Other', auth: 'key' as const });
  const parameters = [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  return {
    operationId: `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    tags: [doc.tag],
    security: SECURITY[doc.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      '200': { description: 'OK', content: { 'application/json': { schema: ref('SuccessEnvelope') } } },
      ...(doc.auth === 'public' ? {} : { '401': { $ref: '#/components/responses/Error401' } }),
    },
  };
}

/** Where an example's expected result comes from, as the reference shows it. */
function exampleProvenance(example: { reference?: string; snapshot?: true }): string | undefined {
  if (example.reference) return `Expected result checked against: ${example.reference}.`;
  if (example.snapshot) return 'Expected result recorded from a run of the tool (no outside reference).';
  return undefined;
}
