import { describeKinds } from '../files/kinds.ts';
import { fileResultSchema } from '../files/result.ts';
import type { AnyTool, ToolExample } from '../registry/define-tool.ts';
import { jsonSchemaOf, type JsonSchema } from '../registry/json-schema.ts';
import { errorResponse, ERROR_RESPONSES, KEYED_HEADERS, responseRef, schemaRef, TOOL_ERROR_STATUSES } from './openapi-components.ts';

/** Server limits the tool operations mention. */
export interface ToolDocLimits {
  maxUploadBytes: number;
  /** Last day of `?delivery=binary` (YYYY-MM-DD). */
  binarySunset: string;
}

/**
 * The operations of one tool, as `http/tool-routes.ts` and `http/uploads.ts` really serve them: JSON bodies
 * (unless an upload is required), multipart forms for file tools (the file part under its field name, the other
 * fields as text, lists and objects as JSON text), the query parameters the adapter reads, and every response shape.
 */
export function toolPathItem(tool: AnyTool, limits: ToolDocLimits): JsonSchema {
  const item: JsonSchema = { post: toolOperation(tool, 'post', limits) };
  if (tool.method === 'GET') item.get = toolOperation(tool, 'get', limits);
  return item;
}

function toolOperation(tool: AnyTool, method: 'get' | 'post', limits: ToolDocLimits): JsonSchema {
  const input = jsonSchemaOf(tool.input, 'input');
  const parameters = [...(method === 'get' ? inputQueryParameters(input) : [IDEMPOTENCY_KEY_PARAMETER, PREFER_PARAMETER]), FORMAT_PARAMETER];
  if (tool.response === 'file') parameters.push(deliveryParameter(limits.binarySunset));
  return {
    operationId: method === 'post' || tool.method !== 'GET' ? tool.operationId : `${tool.operationId}.get`,
    summary: tool.title,
    description: operationDescription(tool, method, limits),
    tags: [tool.module],
    security: [{ ApiKey: [] }],
    'x-cost': tool.cost,
    parameters,
    ...(method === 'post' ? { requestBody: requestBody(tool, input, limits) } : {}),
    responses: { ...responses(tool), ...(method === 'post' ? { '202': JOB_ACCEPTED } : {}) },
  };
}

function operationDescription(tool: AnyTool, method: 'get' | 'post', limits: ToolDocLimits): string {
  const parts = [tool.description];
  if (tool.upload) {
    const spec = tool.upload;
    const many = (spec.maxFiles ?? 1) > 1 ? `up to ${spec.maxFiles} files, each a part` : 'one file';
    const aliases = spec.aliases?.length ? ` (also accepted as ${spec.aliases.map((a) => `\`${a}\``).join(', ')})` : '';
    parts.push(
      `**Upload**: \`multipart/form-data\` with ${many} in field \`${spec.field}\`${aliases}: ${describeKinds(spec.accept)}, recognised by its bytes, ` +
        `at most ${Math.floor(limits.maxUploadBytes / 1024 / 1024)} MB. Other fields go in the same form as text (lists and objects as JSON text)` +
        (spec.optional ? '; without a file the tool also takes a JSON body.' : '.'),
    );
  }
  if (method === 'get') parts.push('The same tool answers `POST` with a JSON body.');
  parts.push(`**Cost**: ${tool.cost} credit${tool.cost === 1 ? '' : 's'} per successful call; a failed call is refunded.`);
  return parts.join('\n\n');
}

/** docs/api.md: a retried POST with the same key is answered from the stored response, billed once. */
const IDEMPOTENCY_KEY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same request within 24 hours returns the stored response (Idempotent-Replayed: true) without running or billing again; with another request, 422 idempotency_mismatch; while the first still runs, 409.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
};

/** RFC 7240: `respond-async` turns the call into a job (202 and a Location to poll). */
const PREFER_PARAMETER: JsonSchema = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description:
    '`respond-async` (RFC 7240): answer 202 at once with `Location: /api/v1/jobs/{jobId}` and run the call as a job; poll the location for its result.',
  schema: { type: 'string', enum: ['respond-async'] },
};

const JOB_ACCEPTED: JsonSchema = {
  description: 'Accepted as a job (only with `Prefer: respond-async`): poll the Location',
  headers: {
    Location: { description: 'Where to poll: /api/v1/jobs/{jobId}', schema: { type: 'string' } },
    'Preference-Applied': { description: '`respond-async`', schema: { type: 'string' } },
    'Retry-After': { description: 'Seconds before the first poll', schema: { type: 'string' } },
  },
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['status', 'code', 'message', 'result'],
        properties: { status: { const: true }, code: { const: 202 }, message: { const: 'Accepted' }, result: schemaRef('Job') },
      },
    },
  },
};

const FORMAT_PARAMETER: JsonSchema = {
  name: 'format',
  in: 'query',
  required: false,
  description:
    '`markdown`: the result rendered as `text/markdown` (audits show score, breakdown and findings); `json`: the bare `result` object, without the envelope. Omit it for the response documented below.',
  schema: { type: 'string', enum: ['markdown', 'json'] },
};

function deliveryParameter(sunset: string): JsonSchema {
  return {
    name: 'delivery',
    in: 'query',
    required: false,
    deprecated: true,
    description: `\`binary\` returns the converted file's bytes instead of a download link, with \`Deprecation\`, \`Sunset\` and \`Link\` headers; it ends on ${sunset} (410 after). \`url\` (the default) returns the link.`,
    schema: { type: 'string', enum: ['url', 'binary'], default: 'url' },
  };
}

/** A GET tool reads its input from the query string: one parameter per field. */
function inputQueryParameters(input: JsonSchema): JsonSchema[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: required.has(name), ...(typeof description === 'string' ? { description } : {}), schema: rest };
  });
}

function requestBody(tool: AnyTool, input: JsonSchema, limits: ToolDocLimits): JsonSchema {
  const content: JsonSchema = {};
  const upload = tool.upload;
  // A file tool without its (required) file is a 400, so only tools whose upload is optional take JSON.
  if (!upload || upload.optional) {
    const examples = namedExamples(
      tool.examples,
      (e) => !e.upload,
      (e) => e.input,
    );
    content['application/json'] = { schema: input, ...(examples ? { examples } : {}) };
  }
  if (upload) content['multipart/form-data'] = formContent(tool, input, limits);
  // No body at all is an empty input: fine for a tool whose fields are all optional.
  const required = ((input.required ?? []) as string[]).length > 0 || (upload !== undefined && !upload.optional);
  return { required, content };
}

/**
 * The multipart form of a file tool: the file part(s) under the declared field, the other fields as text parts.
 * `http/uploads.ts` parses a part holding a JSON object or array, so lists and objects travel as JSON text.
 */
function formContent(tool: AnyTool, input: JsonSchema, limits: ToolDocLimits): JsonSchema {
  const upload = tool.upload!;
  const maxFiles = upload.maxFiles ?? 1;
  const binary = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };
  const what = `${describeKinds(upload.accept)} (recognised by its bytes, at most ${Math.floor(limits.maxUploadBytes / 1024 / 1024)} MB)`;
  const filePart =
    maxFiles > 1
      ? {
          type: 'array',
          items: binary,
          minItems: 1,
          maxItems: maxFiles,
          description: `Up to ${maxFiles} files, each a part named \`${upload.field}\`: ${what}`,
        }
      : { ...binary, description: `The file: ${what}` };
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const encoding: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(properties)) if (isStructured(schema)) encoding[name] = { contentType: 'application/json' };
  return {
    schema: {
      type: 'object',
      required: [...(upload.optional ? [] : [upload.field]), ...((input.required ?? []) as string[])],
      properties: { [upload.field]: filePart, ...properties },
    },
    ...(Object.keys(encoding).length > 0 ? { encoding } : {}),
  };
}

/** A field that can only be a list or an object (no text form): sent as a JSON part. */
function isStructured(schema: JsonSchema): boolean {
  const types = schema.anyOf ? (schema.anyOf as JsonSchema[]).map((s) => s.type) : [schema.type];
  return types.every((t) => t === 'array' || t === 'object');
}

function responses(tool: AnyTool): JsonSchema {
  const success: JsonSchema = {
    description: tool.response === 'file' ? 'Converted: a link to download the file' : 'Success',
    headers: { ...KEYED_HEADERS, ...(tool.response === 'file' ? BINARY_HEADERS : {}) },
    content: successContent(tool),
  };
  const statuses = [...TOOL_ERROR_STATUSES, ...(tool.response === 'file' ? (['410'] as const) : [])].sort();
  const errors = Object.fromEntries(statuses.map((s) => [s, tool.errorShape === 'status-message' ? statusMessageError(s) : responseRef(`Error${s}`)]));
  const fallback =
    tool.errorShape === 'status-message'
      ? statusMessageError('default')
      : {
          ...errorResponse(
            'default',
            'Other errors with the same envelope: 404, 422 unprocessable, 501 engine_unavailable (a converter is not installed), 502 upstream_failed…',
          ),
        };
  return { [String(tool.successStatus)]: success, ...errors, default: fallback };
}

function statusMessageError(status: string): JsonSchema {
  return {
    description: ERROR_RESPONSES[status] ?? 'Other errors',
    content: { 'application/json': { schema: schemaRef('StatusMessageError') } },
  };
}

const BINARY_HEADERS = {
  Deprecation: { description: 'Only with `?delivery=binary`: when binary delivery was deprecated (RFC 9745)', schema: { type: 'string' } },
  Sunset: { description: 'Only with `?delivery=binary`: when binary delivery ends (RFC 8594)', schema: { type: 'string' } },
  Link: { description: 'Only with `?delivery=binary`: the migration notes (`rel="deprecation"`)', schema: { type: 'string' } },
  'Content-Disposition': { description: 'Only with `?delivery=binary`: the file name (RFC 6266)', schema: { type: 'string' } },
};

function successContent(tool: AnyTool): JsonSchema {
  const result = tool.output === fileResultSchema ? schemaRef('FileResult') : jsonSchemaOf(tool.output, 'output');
  const withOutput = (e: AnyExample): boolean => e.output !== undefined;
  const markdown = { 'text/markdown': { schema: { type: 'string', description: 'With `?format=markdown`' } } };
  const json = (schema: JsonSchema, wrap: (output: unknown) => unknown): JsonSchema => ({
    'application/json': { schema, ...optionalExamples(namedExamples(tool.examples, withOutput, (e) => wrap(e.output))) },
    ...markdown,
  });
  switch (tool.response) {
    case 'envelope':
      return json(envelopeSchema(result, tool.successStatus, 'Success'), (output) => ({
        status: true,
        code: tool.successStatus,
        message: 'Success',
        result: output,
      }));
    case 'file':
      return {
        ...json(envelopeSchema(result, tool.successStatus, 'Conversion successful'), (output) => ({
          status: true,
          code: tool.successStatus,
          message: 'Conversion successful',
          result: output,
        })),
        '*/*': { schema: { type: 'string', format: 'binary', description: "With `?delivery=binary` (deprecated): the file's bytes, in its own media type" } },
      };
    case 'status-result-warnings':
      return json(
        { type: 'object', required: ['status', 'result', 'warnings'], properties: { status: { const: true }, result, warnings: WARNINGS } },
        (output) => ({ status: true, result: output, warnings: [] }),
      );
    case 'bare-json':
      return json(result, (output) => output);
    case 'text':
      return {
        'text/plain': { schema: { type: 'string' }, ...optionalExamples(namedExamples(tool.examples, withOutput, (e) => String(e.output))) },
        ...markdown,
      };
  }
}

const WARNINGS: JsonSchema = { type: 'array', items: { type: 'string' }, description: 'Notes about the call (what was assumed, skipped or capped)' };

/** The success envelope around a tool's result. */
export function envelopeSchema(result: JsonSchema, code: number, message: string): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'code', 'message', 'result'],
    properties: { status: { const: true }, code: { const: code }, message: { const: message }, result, warnings: WARNINGS },
  };
}

type AnyExample = ToolExample<unknown, unknown>;

/**
 * The tool's examples that `include` picks, keyed example1… by their place among all of the tool's examples (so a
 * request example and its response share a key), with their titles and where their expected result comes from.
 */
function namedExamples(
  examples: readonly AnyExample[],
  include: (example: AnyExample) => boolean,
  value: (example: AnyExample) => unknown,
): JsonSchema | undefined {
  const entries = examples.flatMap((example, i) => {
    if (!include(example)) return [];
    const provenance = exampleProvenance(example);
    return [
      [`example${i + 1}`, { summary: example.title ?? `Example ${i + 1}`, value: value(example), ...(provenance ? { description: provenance } : {}) }] as const,
    ];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function optionalExamples(examples: JsonSchema | undefined): JsonSchema {
  return examples ? { examples } : {};
}

/** Where an example's expected result comes from, as the reference shows it. */
function exampleProvenance(example: AnyExample): string | undefined {
  if (example.reference) return `Expected result checked against: ${example.reference}.`;
  if (example.snapshot) return 'Expected result recorded from a run of the tool (no outside reference).';
  return undefined;
}
