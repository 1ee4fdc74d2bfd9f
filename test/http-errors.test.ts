import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from './helpers/server.ts';

/** Bad input gets the documented status and a complete error envelope, never a 500 or a stack trace. */
let server: TestServer;
before(async () => {
  server = await startTestServer({ TOOLAPI_MAX_JSON_MB: '1', TOOLAPI_MAX_UPLOAD_MB: '1' });
});
after(async () => {
  await server.close();
});

const TOOL = '/api/v1/text-utilities/reverse-text';

async function expectError(response: Response, status: number, error: string, detailPattern?: RegExp): Promise<void> {
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(response.status, status, JSON.stringify(body));
  const fields = Object.keys(body).sort();
  assert.deepEqual(
    fields.filter((k) => k !== 'param'),
    ['code', 'detail', 'docUrl', 'error', 'message', 'requestId', 'status'],
  );
  assert.equal(body.requestId, response.headers.get('x-request-id'), 'the body quotes the request id');
  assert.match(String(body.docUrl), /^http:\/\/127\.0\.0\.1:\d+\/docs/);
  // A request error whose detail names its field says so in `param`; others (404, 405, …) have none.
  const named = /^([A-Za-z][\w.[\]-]*): /.exec(String(body.detail))?.[1];
  assert.equal(body.param, [400, 413, 415, 422].includes(status) ? named : undefined);
  assert.equal(body.status, false);
  assert.equal(body.code, status);
  assert.equal(body.error, error);
  assert.equal(typeof body.message, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.doesNotMatch(String(body.detail), /at .*\.ts:\d+/, 'no stack trace');
  if (detailPattern) assert.match(String(body.detail), detailPattern);
  assert.ok(response.headers.get('x-request-id'));
}

test('malformed JSON -> 400 invalid_request', async () => {
  const response = await fetch(server.url + TOOL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.key },
    body: '{"text":',
  });
  await expectError(response, 400, 'invalid_request', /malformed JSON/);
});

test('wrong type -> 400 naming the field', async () => {
  await expectError(await server.post(TOOL, { text: 42 }), 400, 'validation_failed', /^text: expected string/);
});

test('missing field -> 400 naming the field, also with no body at all', async () => {
  await expectError(await server.post(TOOL, {}), 400, 'validation_failed', /^text: is required/);
  await expectError(await fetch(server.url + TOOL, { method: 'POST', headers: { 'x-api-key': server.key } }), 400, 'validation_failed', /^text: is required/);
});

test('a body that is not an object -> 400', async () => {
  await expectError(await server.post(TOOL, [1, 2]), 400, 'invalid_request', /body: expected a JSON object/);
});

test('text over 1,000,000 characters -> 400 naming the limit', async () => {
  await expectError(await server.post(TOOL, { text: 'a'.repeat(1_000_001) }), 400, 'validation_failed', /text: at most 1,000,000 characters/);
});

test('body over the JSON limit -> 413', async () => {
  await expectError(await server.post(TOOL, { text: 'a'.repeat(1_100_000) }), 413, 'payload_too_large', /body: at most 1 MB/);
});

test('wrong content type -> 415', async () => {
  const response = await fetch(server.url + TOOL, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-api-key': server.key }, body: 'hello' });
  await expectError(response, 415, 'unsupported_media_type', /application\/json/);
});

test('a file upload to a tool that takes JSON -> 415, no credit spent (multipart is parsed only on file tools)', async () => {
  const used = async (): Promise<number> => ((await (await server.get('/api/v1/usage')).json()) as { result: { used: number } }).result.used;
  const before = await used();
  const form = new FormData();
  form.append('text', 'hello');
  form.append('file', new Blob(['hello']), 'hello.txt');
  const response = await fetch(server.url + TOOL, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
  await expectError(response, 415, 'unsupported_media_type', /application\/json.*multipart\/form-data/);
  assert.equal(await used(), before);
});

test('unknown slug -> 404 pointing at the catalog; unknown route -> 404', async () => {
  await expectError(await server.post('/api/v1/text-utilities/no-such-tool', {}), 404, 'not_found', /text-utilities\/catalog/);
  await expectError(await server.get('/nowhere'), 404, 'not_found', /\/api\/v1\/catalog/);
});

test('wrong method -> 405 with Allow', async () => {
  const response = await server.get(TOOL);
  assert.equal(response.headers.get('allow'), 'POST');
  await expectError(response, 405, 'method_not_allowed', /use POST/);
  const onCatalog = await server.post('/api/v1/catalog', {});
  assert.equal(onCatalog.headers.get('allow'), 'GET');
  await expectError(onCatalog, 405, 'method_not_allowed');
});

test('X-Request-Id is echoed when sent and generated otherwise', async () => {
  const echoed = await server.post(TOOL, { text: 'a' }, { 'x-request-id': 'client-abc.123' });
  assert.equal(echoed.headers.get('x-request-id'), 'client-abc.123');
  const generated = await server.post(TOOL, { text: 'a' }, { 'x-request-id': 'bad id with spaces' });
  assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
});

test('CORS preflight allows browser callers without cookies', async () => {
  const response = await fetch(server.url + TOOL, {
    method: 'OPTIONS',
    headers: { origin: 'https://example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
  });
  assert.equal(response.status, 204);
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  assert.equal(response.headers.get('access-control-allow-credentials'), null);
  // Fetch standard, "CORS-preflight fetch": the method and the headers asked for are allowed, for a day.
  assert.match(response.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
  assert.equal(response.headers.get('access-control-allow-headers'), 'content-type,x-api-key');
  assert.equal(response.headers.get('access-control-max-age'), '86400');
  assert.match(response.headers.get('vary') ?? '', /Access-Control-Request-Headers/i);
  assert.equal(response.headers.get('content-length'), '0');
});

test('a preflight without Origin or the method it asks for is a 400, not an open door', async () => {
  const response = await fetch(server.url + TOOL, { method: 'OPTIONS', headers: { origin: 'https://example.test' } });
  assert.equal(response.status, 400);
});

test('every answer lets a browser script read the API headers (CORS)', async () => {
  const response = await server.post(TOOL, { text: 'a' }, { origin: 'https://example.test' });
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/).map((h) => h.toLowerCase());
  for (const header of ['x-request-id', 'ratelimit', 'ratelimit-policy', 'x-quota-remaining', 'retry-after']) assert.ok(exposed.includes(header), header);
});

test("CORS's headers go to CORS requests only, and a GET answer varies with Origin so no cache mixes the two", async () => {
  // Fetch standard, "CORS protocol": a browser sends Origin on every cross-origin request and reads these only then.
  const direct = await server.post(TOOL, { text: 'a' });
  assert.equal(direct.status, 200);
  assert.equal(direct.headers.get('access-control-allow-origin'), null);
  assert.equal(direct.headers.get('access-control-expose-headers'), null);
  assert.match(direct.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  // A cacheable answer (RFC 9111 §4.1: the Vary header names what selects it) keeps the two apart.
  for (const origin of [undefined, 'https://example.test']) {
    const response = await fetch(`${server.url}/healthz`, { headers: origin ? { origin } : {} });
    assert.match(response.headers.get('vary') ?? '', /\bOrigin\b/);
    assert.equal(response.headers.get('access-control-allow-origin'), origin ? '*' : null);
  }
});

test('non-ASCII results arrive as UTF-8 JSON with the right length', async () => {
  const text = 'añ 中文 👍🏽 e\u0301';
  const response = await server.post(TOOL, { text });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(Number(response.headers.get('content-length')), bytes.length);
  const body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as { result: { text: string } };
  // Reversed by grapheme clusters (UAX #29), decoded independently of the server's encoder.
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
  assert.equal(body.result.text, graphemes.reverse().join(''));
});

test('request logs carry id, method, route, status and duration, never the body', async () => {
  await server.post(TOOL, { text: 'do-not-log-this-secret' }, { 'x-request-id': 'log-check-1' });
  const line = server.logs.find((l) => l.includes('"reqId":"log-check-1"'));
  assert.ok(line, 'the request was logged');
  const entry = JSON.parse(line) as Record<string, unknown>;
  assert.deepEqual([entry.method, entry.route, entry.status], ['POST', TOOL, 200]);
  assert.equal(typeof entry.ms, 'number');
  assert.ok(!server.logs.some((l) => l.includes('do-not-log-this-secret')));
});

test('a multipart body cut short (Content-Length honest, closing boundary missing) -> 400 invalid_request on upload tools', async () => {
  const boundary = 'cutshortboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.md"\r\nContent-Type: text/markdown\r\n\r\n# Title\n\nsome text`;
  for (const tool of ['/api/v1/documents/md-to-html', '/api/v1/convertors/to-webp', '/api/v1/convertors/zip-extract']) {
    const response = await fetch(server.url + tool, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-api-key': server.key },
      body: head,
    });
    if (tool.endsWith('zip-extract')) {
      assert.equal(response.status, 400, tool);
      assert.match(((await response.json()) as { message: string }).message, /multipart form ended early/);
    } else {
      await expectError(response, 400, 'invalid_request', /^body: the multipart form ended early or is malformed/);
    }
  }
});

test('no key, or a bad key: 401 with WWW-Authenticate before any body is read (an oversized upload or JSON body included)', async () => {
  const big = new FormData();
  big.append('file', new Blob([Buffer.alloc(3 * 1024 * 1024, 0x61)]), 'big.md');
  for (const headers of [{}, { 'x-api-key': 'tk_notakey' }] as Record<string, string>[]) {
    const upload = await fetch(`${server.url}/api/v1/documents/md-to-html`, { method: 'POST', headers, body: big });
    assert.equal(upload.headers.get('www-authenticate'), 'ApiKey header="X-Api-Key", Bearer');
    await expectError(upload, 401, 'unauthorized', /^X-Api-Key: /);
    const json = await fetch(server.url + TOOL, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    await expectError(json, 401, 'unauthorized');
  }
  const withKey = await fetch(`${server.url}/api/v1/documents/md-to-html`, { method: 'POST', headers: { 'x-api-key': server.key }, body: big });
  await expectError(withKey, 413, 'payload_too_large');
});

test('Authorization: Bearer tk_… is taken as the API key', async () => {
  const response = await fetch(server.url + TOOL, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'abc' }),
  });
  assert.equal(response.status, 200);
  assert.deepEqual(((await response.json()) as { result: unknown }).result, { text: 'cba' });
  const usage = await fetch(`${server.url}/api/v1/usage`, { headers: { authorization: `Bearer ${server.key}` } });
  assert.equal(usage.status, 200);
});

test('only src/http/api-key.ts reads the API key headers', () => {
  const root = path.join(import.meta.dirname, '../src');
  const readers = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => /headers\[['"]x-api-key['"]\]|request\.headers\.authorization\b/i.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
  // admin-token reads Authorization for the admin token only; the logger names both headers to redact them.
  assert.deepEqual(readers.sort(), ['http/admin-token.ts', 'http/api-key.ts', 'logger.ts']);
});

test('an unknown field is a 400 naming it with the closest real field, and spends no credit', async () => {
  const before = ((await (await fetch(`${server.url}/api/v1/usage`, { headers: { 'x-api-key': server.key } })).json()) as { result: { used: number } }).result
    .used;
  const response = await server.post(TOOL, { txt: 'hello' });
  await expectError(response, 400, 'validation_failed', /^txt: not a field of text-utilities\/reverse-text\. Did you mean text\?/);
  const extra = await server.post(TOOL, { text: 'hello', colour: 'red' });
  await expectError(extra, 400, 'validation_failed', /^colour: not a field/);
  const after = ((await (await fetch(`${server.url}/api/v1/usage`, { headers: { 'x-api-key': server.key } })).json()) as { result: { used: number } }).result
    .used;
  assert.equal(after, before, 'refused calls are not billed');
});

test('an unknown tool or module is a 404 that names the closest ones, by spelling or by the words of the catalog', async () => {
  await expectError(await server.post('/api/v1/text-utilities/reverse-txt', { text: 'a' }), 404, 'not_found', /Did you mean reverse-text\?/);
  await expectError(
    await server.post('/api/v1/text-utility/reverse-text', { text: 'a' }),
    404,
    'not_found',
    /No module 'text-utility'; Did you mean text-utilities/,
  );
  // Not close by spelling: named by the words its catalog entry holds (text-stats' keywords say "word count"), in
  // another module if need be (hashes are security-apis' hash-generator), or where the same slug lives.
  await expectError(await server.post('/api/v1/text-utilities/word-counter', { text: 'a' }), 404, 'not_found', /Did you mean text-stats\?/);
  await expectError(await server.post('/api/v1/developer-apis/md5', { text: 'a' }), 404, 'not_found', /Did you mean security-apis\/hash-generator\?/);
  await expectError(await server.post('/api/v1/office/docx-to-pdf', {}), 404, 'not_found', /It is in another module: documents\/docx-to-pdf\./);
  await expectError(await server.post('/api/v1/text-utilities/qqq-zzz', {}), 404, 'not_found', /^No tool 'qqq-zzz' in text-utilities; GET/);
});

test('without TOOLAPI_ADMIN_TOKEN the admin routes answer 403 saying how to turn them on', async () => {
  const { spawnService } = await import('./helpers/process.ts');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(path.join(tmpdir(), 'no-admin-'));
  const service = await spawnService({ TOOLAPI_DATA_DIR: dir });
  try {
    const response = await fetch(`${service.url}/api/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@example.test"}',
    });
    await expectError(response, 403, 'forbidden', /TOOLAPI_ADMIN_TOKEN/);
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
