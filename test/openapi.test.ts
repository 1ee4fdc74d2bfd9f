import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { startTestServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

test('the OpenAPI document validates and lists every tool route', async () => {
  const response = await server.get('/api/v1/openapi.json');
  assert.equal(response.status, 200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
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

test('the OpenAPI document also lists the routes that are not tools', async () => {
  const document = (await (await server.get('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  const expected: [string, string][] = [
    ['post', '/api/v1/accounts'],
    ['post', '/api/v1/api-keys'],
    ['get', '/api/v1/api-keys'],
    ['delete', '/api/v1/api-keys/{id}'],
    ['get', '/api/v1/usage'],
    ['post', '/api/v1/accounts/signup'],
    ['get', '/api/v1/accounts/verify'],
    ['get', '/api/v1/files/{fileId}/{fileName}'],
    ['get', '/api/v1/documents/supported-conversions'],
    ['get', '/healthz'],
  ];
  for (const [method, route] of expected) assert.ok(document.paths[route]?.[method], `${method} ${route} is documented`);
  assert.deepEqual(document.paths['/api/v1/files/{fileId}/{fileName}']?.get?.security, [], 'download links need no key');
});

test('the OpenAPI document lists exactly the registered routes', async () => {
  const document = (await (await server.get('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      const url = route.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
      assert.ok(server.service.app.hasRoute({ url, method: method.toUpperCase() as 'GET' }), `${method} ${route} is served`);
    }
  }
});

test('/docs renders the API reference', async () => {
  const response = await fetch(`${server.url}/docs`, { redirect: 'follow' });
  assert.equal(response.status, 200);
  assert.match(await response.text(), /swagger/i);
});

test('an example says where its expected result comes from (its outside reference) in the reference docs', async () => {
  const document = (await (await server.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, { post: { requestBody: { content: Record<string, { examples?: Record<string, { summary: string; description?: string }> }> } } }>;
  };
  const examples = Object.values(document.paths['/api/v1/security-apis/hmac-generator']!.post.requestBody.content)[0]!.examples!;
  const rfc = Object.values(examples).find((e) => e.summary.startsWith('RFC 4231 test case 2'));
  assert.equal(rfc?.description, 'Expected result checked against: RFC 4231 test case 2.');
});
