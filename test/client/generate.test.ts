import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CLIENT_DIR, generateClient, literal, writeClient } from '../../scripts/generate-client.ts';
import { ALL_TOOLS } from '../../src/tools/index.ts';
import { OPERATIONS } from '../../client/src/index.ts';

/**
 * The generated client is in step with the registry: regenerating into a temp dir gives exactly the
 * committed files. When a tool is added or changed, run `npm run generate:client` and commit the result.
 */
test('the committed client/src/generated, API.md and README section equal a fresh generation', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-generated-'));
  try {
    const written = writeClient(dir);
    assert.deepEqual(written.sort(), ['API.md', 'README.md', 'src/generated/namespaces.ts', 'src/generated/operations.ts', 'src/generated/types.ts']);
    const stale: string[] = [];
    for (const relative of written) {
      const fresh = readFileSync(path.join(dir, relative), 'utf8');
      const committed = readFileSync(path.join(CLIENT_DIR, relative), 'utf8');
      if (fresh !== committed) stale.push(relative);
    }
    assert.deepEqual(stale, [], `client/${stale.join(', client/')} out of date with the registry: run \`npm run generate:client\``);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every tool of the registry has an operation in the client, with its method, path and answer shape', () => {
  const ids = new Set(Object.keys(OPERATIONS));
  for (const tool of ALL_TOOLS) {
    assert.ok(ids.has(tool.operationId), `${tool.operationId} missing from the client: run \`npm run generate:client\``);
    const op = OPERATIONS[tool.operationId as keyof typeof OPERATIONS];
    assert.equal(op.method, tool.method, tool.operationId);
    assert.equal(op.path, tool.path, tool.operationId);
    assert.equal(op.response, tool.response, tool.operationId);
    assert.equal(op.upload?.field, tool.upload?.field, tool.operationId);
  }
  assert.equal(ids.size, ALL_TOOLS.length, 'no operation of a tool that is gone');
});

test('generation is deterministic and escapes what could break a comment or a string', () => {
  const a = generateClient();
  const b = generateClient();
  assert.deepEqual(a, b);
  assert.equal(literal({ 'a-b': "it's */", n: [1, null, true] }), "{ 'a-b': 'it\\'s */', n: [1, null, true] }");
  for (const [file, content] of Object.entries(a)) {
    if (!file.endsWith('.ts')) continue;
    for (const comment of content.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
      assert.ok(!comment.slice(3, -2).includes('*/'), `${file}: a comment closes early`);
    }
  }
});
