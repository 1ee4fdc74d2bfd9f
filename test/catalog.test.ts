import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { MODULE_NAMES } from '../src/registry/modules.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

interface CatalogTool {
  slug: string;
  operationId: string;
  name: string;
  description: string;
  method: string;
  path: string;
  cost: number;
  inputSchema: { type: string };
}

test('each module catalog answers without a key and lists its tools in the CONTRACT shape', async () => {
  for (const module of MODULE_NAMES) {
    const response = await server.get(`/api/v1/${module}/catalog`);
    assert.equal(response.status, 200, module);
    const body = (await response.json()) as { status: boolean; result: { module: string; tools: CatalogTool[] } };
    assert.equal(body.status, true);
    assert.equal(body.result.module, module);
    const expected = server.service.registry.inModule(module).map((t) => t.slug);
    assert.deepEqual(
      body.result.tools.map((t) => t.slug),
      expected,
    );
    for (const tool of body.result.tools) {
      for (const field of ['slug', 'operationId', 'name', 'description', 'method', 'path'] as const) assert.equal(typeof tool[field], 'string');
      assert.equal(typeof tool.cost, 'number');
      assert.equal(tool.inputSchema.type, 'object');
    }
  }
});

test('the text-utilities catalog lists the 17 tools of SERVICE-SPEC 4.2', async () => {
  const body = (await (await server.get('/api/v1/text-utilities/catalog')).json()) as { result: { tools: CatalogTool[] } };
  assert.deepEqual(body.result.tools.map((t) => t.slug).sort(), [
    'comma-separate',
    'compare-texts',
    'convert-to-hashtags',
    'convert-to-slug',
    'convert-to-xml-tags',
    'dummy-text-generator',
    'number-to-words',
    'random-word-generator',
    'remove-line-breaks',
    'remove-spaces',
    'repeat-text',
    'reverse-text',
    'sort-lines',
    'sort-words',
    'text-case-converter',
    'text-stats',
    'words-to-number',
  ]);
  assert.ok(body.result.tools.every((t) => t.operationId.startsWith('textUtilities.')));
});

test('the full catalog lists every tool once', async () => {
  const body = (await (await server.get('/api/v1/catalog')).json()) as { result: { count: number; modules: { tools: CatalogTool[] }[] } };
  const all = body.result.modules.flatMap((m) => m.tools.map((t) => t.operationId));
  assert.equal(all.length, server.service.registry.tools.length);
  assert.equal(new Set(all).size, all.length);
  assert.equal(body.result.count, all.length);
});
