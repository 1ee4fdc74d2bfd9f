import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { validate } from '@readme/openapi-parser';
import { UNDESCRIBED_TAG } from '../src/http/openapi-routes.ts';
import { startNetworkTrap } from './helpers/network-trap.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

type Operation = {
  operationId?: string;
  tags?: string[];
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; deprecated?: boolean; schema: { enum?: string[] } }[];
  requestBody?: {
    required?: boolean;
    content: Record<
      string,
      { schema: Schema; encoding?: Record<string, { contentType: string }>; examples?: Record<string, { summary: string; description?: string }> }
    >;
  };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
};
type Schema = {
  type?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  maxItems?: number;
  $ref?: string;
  anyOf?: Schema[];
  enum?: string[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; tags: { name: string; description?: string }[] };

const ROOT = path.join(import.meta.dirname, '..');

let server: TestServer;
let document: Document;
before(async () => {
  server = await startTestServer();
  const response = await server.get('/api/v1/openapi.json');
  assert.equal(response.status, 200);
  document = (await response.json()) as Document;
});
after(async () => {
  await server.close();
});

test('the OpenAPI document validates and lists every tool route', async () => {
  assert.equal(document.openapi, '3.1.0');
  const outcome = await validate(structuredClone(document) as never);
  assert.ok(outcome.valid, JSON.stringify(outcome, null, 1).slice(0, 3000));
  for (const tool of server.service.registry.tools) {
    const operations = document.paths[tool.path];
    assert.ok(operations?.post, `${tool.path} is documented`);
    if (tool.method === 'GET') assert.ok(operations.get, `${tool.path} GET is documented`);
  }
  assert.ok(document.paths['/api/v1/catalog']?.get);
});

test('redocly lint, offline, finds nothing: no error, no warning (redocly.yaml)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-openapi-'));
  const trap = await startNetworkTrap();
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = path.join(ROOT, 'node_modules/.bin/redocly');
    const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      // Telemetry and update checks off; anything that still tries the network meets the trap, not the internet.
      env: { ...process.env, ...trap.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', CI: 'true' },
    }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''} (exit ${error.code})`,
    }));
    const report = JSON.parse(run.stdout || '{}') as {
      totals?: { errors: number; warnings: number };
      problems?: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = (report.problems ?? []).map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    assert.ok(report.totals, `redocly printed no report: ${run.stderr}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 });
    assert.deepEqual(trap.attempts, [], 'redocly lint tried the network');
  } finally {
    await trap.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('file tools take multipart/form-data: the file under its real field name, in binary, several files as an array', () => {
  const fileTools = server.service.registry.tools.filter((t) => t.upload);
  assert.ok(fileTools.length > 100, 'the file tools are there');
  for (const tool of fileTools) {
    const upload = tool.upload!;
    const body = document.paths[tool.path]!.post!.requestBody!;
    const form = body.content['multipart/form-data'];
    assert.ok(form, `${tool.path}: multipart/form-data`);
    const part = form.schema.properties![upload.field]!;
    if ((upload.maxFiles ?? 1) > 1) {
      assert.equal(part.type, 'array', `${tool.path}: ${upload.field} takes several files`);
      assert.deepEqual([part.items?.type, part.items?.format, part.maxItems], ['string', 'binary', upload.maxFiles]);
    } else {
      assert.deepEqual([part.type, part.format], ['string', 'binary'], `${tool.path}: ${upload.field} is a file`);
    }
    assert.equal(form.schema.required?.includes(upload.field), !upload.optional, `${tool.path}: the file is required unless optional`);
    // A JSON body works only where the file may be left out.
    assert.equal('application/json' in body.content, upload.optional === true, `${tool.path}: JSON body documented iff the route takes one`);
    for (const field of Object.keys(form.schema.properties!)) {
      if (field !== upload.field) assert.ok(field in (tool.input as unknown as { shape: object }).shape, `${tool.path}: form field ${field} is an input`);
    }
  }
  const imageToPdf = document.paths['/api/v1/convertors/image-to-pdf']!.post!.requestBody!.content['multipart/form-data']!;
  assert.equal(imageToPdf.schema.properties!.image!.type, 'array');
  const piiTypes = document.paths['/api/v1/text-intelligence/pii-scrub-file']!.post!.requestBody!.content['multipart/form-data']!;
  assert.ok(
    piiTypes.schema.properties!.types!.anyOf?.some((s) => s.type === 'string'),
    'a list field may also be sent as comma-separated text',
  );
});

test('query parameters: format on every tool, the deprecated delivery on file tools, GET tools read their input', () => {
  for (const tool of server.service.registry.tools) {
    for (const [method, operation] of Object.entries(document.paths[tool.path]!)) {
      const names = (operation.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      assert.ok(names.includes('query:format'), `${method} ${tool.path}: format`);
      assert.equal(names.includes('query:delivery'), tool.response === 'file', `${method} ${tool.path}: delivery only on file tools`);
      if (method === 'get') assert.ok(names.includes('query:url'), `GET ${tool.path}: its input in the query`);
    }
  }
  const delivery = document.paths['/api/v1/documents/md-to-html']!.post!.parameters!.find((p) => p.name === 'delivery')!;
  assert.deepEqual([delivery.deprecated, delivery.schema.enum], [true, ['url', 'binary']]);
});

test('responses: the result schema of each tool, the file result, the error envelope', () => {
  for (const tool of server.service.registry.tools) {
    const responses = document.paths[tool.path]!.post!.responses;
    const success = responses[String(tool.successStatus)]!;
    assert.ok(success.content, `${tool.path}: success content`);
    assert.ok(responses['400'] && responses['401'] && responses.default, `${tool.path}: errors documented`);
  }
  const md = document.paths['/api/v1/documents/md-to-html']!.post!.responses['200']!.content!['application/json']!.schema;
  assert.deepEqual(md.properties?.result, { $ref: '#/components/schemas/FileResult' });
  const reverse = document.paths['/api/v1/text-utilities/reverse-text']!.post!.responses['200']!.content!['application/json']!.schema;
  assert.deepEqual(reverse.properties?.result?.required, ['text']);
  assert.deepEqual(document.paths['/api/v1/text-utilities/reverse-text']!.post!.responses['400'], { $ref: '#/components/responses/Error400' });
  const zip = document.paths['/api/v1/convertors/zip-extract']!.post!.responses['400']!.content!['application/json']!.schema;
  assert.deepEqual(zip, { $ref: '#/components/schemas/StatusMessageError' }, 'ZIP extraction has its own error shape');
});

test('the routes that are not tools are documented with their bodies and answers', () => {
  const expected: [string, string][] = [
    ['post', '/api/v1/accounts'],
    ['get', '/api/v1/accounts'],
    ['post', '/api/v1/api-keys'],
    ['get', '/api/v1/api-keys'],
    ['delete', '/api/v1/api-keys/{id}'],
    ['get', '/api/v1/usage'],
    ['post', '/api/v1/accounts/signup'],
    ['get', '/api/v1/accounts/verify'],
    ['get', '/api/v1/files/{fileId}/{fileName}'],
    ['put', '/api/v1/webhooks'],
    ['get', '/api/v1/webhooks'],
    ['delete', '/api/v1/webhooks'],
    ['post', '/mcp/http'],
    ['get', '/api/v1/documents/supported-conversions'],
    ['get', '/healthz'],
  ];
  for (const [method, route] of expected) assert.ok(document.paths[route]?.[method], `${method} ${route} is documented`);
  assert.deepEqual(document.paths['/api/v1/files/{fileId}/{fileName}']?.get?.security, [], 'download links need no key');
  assert.deepEqual(document.paths['/api/v1/accounts/signup']!.post!.requestBody!.content['application/json']!.schema.required, ['email']);
  const usage = document.paths['/api/v1/usage']!.get!.responses['200']!.content!['application/json']!.schema;
  assert.deepEqual(usage.properties?.result?.required, ['plan', 'period', 'used', 'limit', 'remaining', 'resetsAt', 'ratePerMinute']);
  const undescribed = Object.entries(document.paths).flatMap(([route, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.tags?.includes(UNDESCRIBED_TAG))
      .map(([method]) => `${method} ${route}`),
  );
  assert.deepEqual(undescribed, [], 'every route is described in src/http/openapi-routes.ts');
});

test('the OpenAPI document lists exactly the registered routes', () => {
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      const url = route.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
      assert.ok(server.service.app.hasRoute({ url, method: method.toUpperCase() as 'GET' }), `${method} ${route} is served`);
    }
  }
});

test('tags: one per module, each described, grouped for the reference sidebar', () => {
  const used = new Set(Object.values(document.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
  const declared = new Map(document.tags.map((t) => [t.name, t.description]));
  for (const tag of used) assert.ok(declared.get(tag), `tag ${tag} is declared with a description`);
  for (const module of server.service.registry.modules()) assert.ok(declared.has(module), module);
});

test('no text of the document cites internal documents users do not have', () => {
  const text = JSON.stringify(document);
  for (const internal of ['SERVICE-SPEC', 'CONTRACT', 'CATALOG']) {
    const at = text.indexOf(internal);
    assert.equal(at, -1, `"${internal}" in: …${text.slice(Math.max(0, at - 200), at + 50)}`);
  }
});

test('an example says where its expected result comes from (its outside reference) in the reference docs', () => {
  const examples = document.paths['/api/v1/security-apis/hmac-generator']!.post!.requestBody!.content['application/json']!.examples!;
  const rfc = Object.values(examples).find((e) => e.summary.startsWith('RFC 4231 test case 2'));
  assert.equal(rfc?.description, 'Expected result checked against: RFC 4231 test case 2.');
});

test('/docs is the Scalar reference, titled toolapi, with its script served here (no CDN)', async () => {
  const response = await fetch(`${server.url}/docs`, { redirect: 'follow' });
  assert.equal(response.status, 200);
  const html = await response.text();
  assert.match(html, /<title>toolapi<\/title>/);
  assert.match(html, /js\/scalar\.js/);
  assert.doesNotMatch(html, /https?:\/\/(?!127\.0\.0\.1|localhost)/, 'the page names no outside address');
  const script = await fetch(`${server.url}/docs/js/scalar.js`);
  assert.equal(script.status, 200);
  assert.match(script.headers.get('content-type') ?? '', /javascript/);
});
