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

/** The OpenAPI 3.1 document of every route, derived from the registry. */
export function buildOpenApi(registry: Registry, version: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const tool of registry.tools) {
    const operations: JsonSchema = { post: toolOperation(tool, 'post') };
    if (tool.method === 'GET') operations.get = toolOperation(tool, 'get');
    paths[tool.path] = operations;
  }
  for (const module of MODULE_NAMES) {
    paths[`/api/v1/${module}/catalog`] = {
      get: publicOperation(`catalog.${module}`, `Catalog of ${MODULES[module].title}`, 'Catalog'),
    };
  }
  paths['/api/v1/catalog'] = { get: publicOperation('catalog.all', 'Catalog of every tool', 'Catalog') };
  paths['/api/v1/openapi.json'] = { get: publicOperation('openapi', 'This OpenAPI document', 'Meta', { type: 'object' }) };
  paths['/healthz'] = { get: publicOperation('healthz', 'Process is up', 'Meta', { type: 'object' }) };
  paths['/readyz'] = { get: publicOperation('readyz', 'Store and engines are ready', 'Meta', { type: 'object' }) };

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
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
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
          examples: Object.fromEntries(tool.examples.map((e, i) => [`example${i + 1}`, { summary: e.title ?? `Example ${i + 1}`, value: e.input }])),
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

function publicOperation(operationId: string, summary: string, tag: string, result: JsonSchema = {}): JsonSchema {
  return {
    operationId,
    summary,
    tags: [tag],
    security: [],
    responses: { '200': { description: 'OK', content: { 'application/json': { schema: result.type ? result : ref('SuccessEnvelope') } } } },
  };
}
