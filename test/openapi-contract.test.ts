import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './helpers/server.ts';

/**
 * The document is a contract: real answers of real routes (the non-tool routes, a JSON tool, a file tool, its
 * download, errors) validate against the response schemas the served OpenAPI document gives for them.
 */
type Responses = Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
type Document = { paths: Record<string, Record<string, { responses: Responses }>>; components: { responses: Responses } };

let server: TestServer;
let document: Document;
const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
addFormats.default(ajv);

before(async () => {
  // The webhook URL is on loopback: its check resolves nothing and reaches nothing outside.
  server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1' });
  document = (await (await server.get('/api/v1/openapi.json')).json()) as Document;
  ajv.addSchema(document as object, 'openapi');
});
after(async () => {
  await server.close();
});

const escapePointer = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Checks an answer against the schema the document gives for this route, status and media type. */
async function conforms(method: string, route: string, response: Response): Promise<unknown> {
  const operation = document.paths[route]?.[method];
  assert.ok(operation, `${method} ${route} is documented`);
  const status = operation.responses[String(response.status)] ? String(response.status) : 'default';
  let documented = operation.responses[status];
  assert.ok(documented, `${method} ${route}: status ${response.status} is documented`);
  let base = `/paths/${escapePointer(route)}/${method}/responses/${status}`;
  if (documented.$ref) {
    const name = documented.$ref.split('/').pop()!;
    documented = document.components.responses[name]!;
    base = `/components/responses/${name}`;
  }
  if (!documented.content) {
    assert.equal(await response.text(), '', `${method} ${route} ${status}: documented without a body`);
    return undefined;
  }
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!;
  const key = documented.content?.[mediaType] ? mediaType : '*/*';
  assert.ok(
    documented.content?.[key],
    `${method} ${route} ${status}: ${mediaType} is documented (it lists ${Object.keys(documented.content ?? {}).join(', ')})`,
  );
  const body: unknown = mediaType === 'application/json' ? await response.json() : await response.text();
  const pointer = `openapi#${base}/content/${escapePointer(key)}/schema`;
  let check = validators.get(pointer);
  if (!check) validators.set(pointer, (check = ajv.compile({ $ref: pointer })));
  assert.ok(check(body), `${method} ${route} ${response.status}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'x-api-key': '' };

test('catalogs, health and conversions answer as documented', async () => {
  await conforms('get', '/api/v1/catalog', await server.get('/api/v1/catalog'));
  await conforms('get', '/api/v1/documents/catalog', await server.get('/api/v1/documents/catalog'));
  await conforms('get', '/api/v1/documents/supported-conversions', await server.get('/api/v1/documents/supported-conversions'));
  await conforms('get', '/healthz', await server.get('/healthz'));
  await conforms('get', '/readyz', await server.get('/readyz'));
});

test('accounts, keys and usage answer as documented', async () => {
  const created = (await conforms(
    'post',
    '/api/v1/accounts',
    await server.post('/api/v1/accounts', { email: 'contract@example.test', plan: 'free' }, admin),
  )) as { result: { accountId: string } };
  await conforms('get', '/api/v1/accounts', await server.get('/api/v1/accounts', admin));
  await conforms('post', '/api/v1/accounts', await server.post('/api/v1/accounts', { email: 'contract@example.test' }, admin)); // 409
  await conforms('post', '/api/v1/api-keys', await server.post('/api/v1/api-keys', { accountId: created.result.accountId, name: 'by admin' }, admin));
  const key = (await conforms('post', '/api/v1/api-keys', await server.post('/api/v1/api-keys', { name: 'second', allowedTools: ['text-utilities/*'] }))) as {
    result: { id: string };
  };
  await conforms('get', '/api/v1/api-keys', await server.get('/api/v1/api-keys'));
  await conforms(
    'delete',
    '/api/v1/api-keys/{id}',
    await fetch(`${server.url}/api/v1/api-keys/${key.result.id}`, { method: 'DELETE', headers: { 'x-api-key': server.key } }),
  );
  await conforms(
    'delete',
    '/api/v1/api-keys/{id}',
    await fetch(`${server.url}/api/v1/api-keys/${key.result.id}`, { method: 'DELETE', headers: { 'x-api-key': server.key } }),
  ); // 404
  await conforms('get', '/api/v1/usage', await server.get('/api/v1/usage'));
  await conforms('get', '/api/v1/usage', await server.get('/api/v1/usage', { 'x-api-key': '' })); // 401
});

test('signup and verification answer as documented', async () => {
  await conforms(
    'post',
    '/api/v1/accounts/signup',
    await server.post('/api/v1/accounts/signup', { email: 'signup.contract@example.test' }, { 'x-api-key': '' }),
  );
  await conforms('post', '/api/v1/accounts/signup', await server.post('/api/v1/accounts/signup', { email: 'not an address' }, { 'x-api-key': '' })); // 400
  // Without SMTP the link is logged (README: "links are logged").
  const token = server.logs.map((line) => /verify\?token=([0-9A-Za-z]+)/.exec(line)?.[1]).find(Boolean);
  assert.ok(token, 'the verification link is in the log');
  await conforms('get', '/api/v1/accounts/verify', await server.get(`/api/v1/accounts/verify?token=${token}`, { 'x-api-key': '' }));
  await conforms('get', '/api/v1/accounts/verify', await server.get(`/api/v1/accounts/verify?token=${token}`, { 'x-api-key': '' })); // 400: used
});

test('webhooks answer as documented', async () => {
  await conforms('get', '/api/v1/webhooks', await server.get('/api/v1/webhooks'));
  await conforms(
    'put',
    '/api/v1/webhooks',
    await fetch(`${server.url}/api/v1/webhooks`, {
      method: 'PUT',
      headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hooks' }),
    }),
  );
  await conforms('get', '/api/v1/webhooks', await server.get('/api/v1/webhooks'));
  await conforms('delete', '/api/v1/webhooks', await fetch(`${server.url}/api/v1/webhooks`, { method: 'DELETE', headers: { 'x-api-key': server.key } }));
  await conforms('delete', '/api/v1/webhooks', await fetch(`${server.url}/api/v1/webhooks`, { method: 'DELETE', headers: { 'x-api-key': server.key } })); // 404
});

test('a JSON tool, a file tool and its download answer as documented, errors too', async () => {
  await conforms('post', '/api/v1/text-utilities/reverse-text', await server.post('/api/v1/text-utilities/reverse-text', { text: 'abc' }));
  await conforms('post', '/api/v1/text-utilities/reverse-text', await server.post('/api/v1/text-utilities/reverse-text', { txt: 'abc' })); // 400
  await conforms(
    'post',
    '/api/v1/text-utilities/reverse-text',
    await server.post('/api/v1/text-utilities/reverse-text', { text: 'abc' }, { 'x-api-key': 'tk_wrong' }),
  ); // 401
  await conforms('post', '/api/v1/text-utilities/reverse-text', await server.post('/api/v1/text-utilities/reverse-text?format=markdown', { text: 'abc' }));
  await conforms(
    'post',
    '/api/v1/unit-conversions/length-converter',
    await server.post('/api/v1/unit-conversions/length-converter', { value: 26.2, from: 'miles', to: 'kilometre' }),
  );

  const form = new FormData();
  form.append('file', new Blob(['# Title\n\nSome *text*.\n'], { type: 'text/markdown' }), 'notes.md');
  const converted = (await conforms(
    'post',
    '/api/v1/documents/md-to-html',
    await fetch(`${server.url}/api/v1/documents/md-to-html`, { method: 'POST', headers: { 'x-api-key': server.key }, body: form }),
  )) as {
    result: { downloadUrl: string };
  };
  const download = await fetch(converted.result.downloadUrl);
  assert.equal(download.status, 200);
  const route = '/api/v1/files/{fileId}/{fileName}';
  assert.match((await await conforms('get', route, download)) as string, /<h1[^>]*>Title<\/h1>/);
  await conforms('get', route, await fetch(converted.result.downloadUrl.replace(/sig=[^&]+/, 'sig=forged'))); // 403

  const pdf = new FormData();
  pdf.append('file', new Blob(['%PDF-1.4 not markdown'], { type: 'text/markdown' }), 'notes.md');
  await conforms(
    'post',
    '/api/v1/documents/md-to-html',
    await fetch(`${server.url}/api/v1/documents/md-to-html`, { method: 'POST', headers: { 'x-api-key': server.key }, body: pdf }),
  ); // 415
  const zip = new FormData();
  zip.append('file', new Blob(['not a zip']), 'a.zip');
  await conforms(
    'post',
    '/api/v1/convertors/zip-extract',
    await fetch(`${server.url}/api/v1/convertors/zip-extract`, { method: 'POST', headers: { 'x-api-key': server.key }, body: zip }),
  ); // {status, message}
});

test('the MCP transports answer as documented', async () => {
  const post = (route: string, body: unknown, accept?: string) =>
    fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'x-api-key': server.key, 'content-type': 'application/json', ...(accept ? { accept } : {}) },
      body: JSON.stringify(body),
    });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'contract', version: '1' } },
  };
  await conforms('post', '/mcp/http', await post('/mcp/http', initialize, 'application/json, text/event-stream'));
  await conforms('post', '/mcp/http', await post('/mcp/http', initialize)); // 406
  await conforms('post', '/mcp/http', await post('/mcp/http', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'application/json, text/event-stream')); // 202
  await conforms('post', '/mcp/messages', await post('/mcp/messages?sessionId=none', initialize)); // 404
});
