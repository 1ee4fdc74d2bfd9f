import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { call, connectHttp, connectSse, usage } from './mcp/mcp-client.ts';

/**
 * One principal per request: the key is read and resolved once per HTTP request (http/api-key.ts), and that
 * principal flows through the pipeline; REST routes, async jobs and every step of an MCP job reuse it.
 * Counted on the accounts system's own `authenticate`, which every resolution goes through.
 */
let server: TestServer;
let resolutions = 0;

before(async () => {
  server = await startTestServer();
  const { accounts } = server.service.accounts;
  const original = accounts.authenticate.bind(accounts);
  accounts.authenticate = (key) => {
    resolutions++;
    return original(key);
  };
});
after(async () => {
  await server?.close();
});

async function counted<T>(work: () => Promise<T>): Promise<{ value: T; resolutions: number }> {
  const start = resolutions;
  const value = await work();
  return { value, resolutions: resolutions - start };
}

test('a REST tool call, keyed by X-Api-Key or by Bearer, resolves its key once', async () => {
  const plain = await counted(() => server.post('/api/v1/text-utilities/reverse-text', { text: 'abc' }));
  assert.equal(plain.value.status, 200);
  assert.equal(plain.resolutions, 1);
  const bearer = await counted(() =>
    server.post('/api/v1/text-utilities/reverse-text', { text: 'abc' }, { 'x-api-key': '', authorization: `Bearer ${server.key}` }),
  );
  assert.equal(bearer.value.status, 200);
  assert.equal(bearer.resolutions, 1);
});

test('an async REST job with an Idempotency-Key resolves its key once, and the job runs as that principal', async () => {
  const submitted = await counted(() =>
    server.post('/api/v1/text-utilities/reverse-text', { text: 'once' }, { prefer: 'respond-async', 'idempotency-key': `once-${Date.now()}` }),
  );
  assert.equal(submitted.value.status, 202);
  assert.equal(submitted.resolutions, 1);
  const location = submitted.value.headers.get('location') ?? '';
  let job: { state: string; result?: unknown } = { state: 'running' };
  for (let i = 0; i < 100 && job.state === 'running'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = ((await (await server.get(location)).json()) as { result: { state: string; result?: unknown } }).result;
  }
  assert.equal(job.state, 'succeeded', JSON.stringify(job));
});

test('an MCP job of several billed steps resolves the key once for its request (Streamable HTTP and SSE)', async () => {
  for (const connect of [connectHttp, connectSse]) {
    const client = await connect(server.url, server.key);
    try {
      const before = await usage(server.url, server.key);
      const run = await counted(() =>
        call(client, 'run_workflow', {
          workflowId: 'dev-auth-debug-job',
          input: { payload: { sub: 'user-42' }, secret: 'a-string-secret-at-least-256-bits-long', expiresIn: '15m' },
        }),
      );
      const credits = Number(run.value.creditsUsed);
      assert.ok(credits >= 2, `several billed steps ran (${credits} credits)`);
      assert.equal(await usage(server.url, server.key), before + credits, 'each step was billed to the key');
      assert.equal(run.resolutions, 1, `${connect.name}: one resolution for one tools/call request`);
    } finally {
      await client.close();
    }
  }
});

test('a revoked key stops MCP steps at its next request: the principal lives for one request, not a session', async () => {
  const created = (await (await server.post('/api/v1/api-keys', { name: 'short-lived' })).json()) as { result: { id: string; key: string } };
  const client = await connectSse(server.url, created.result.key);
  try {
    const invoked = await call(client, 'invoke_tool', { operationId: 'textUtilities.reverseText', input: { text: 'ok' } });
    assert.match(JSON.stringify(invoked), /ko/);
    const revoked = await fetch(`${server.url}/api/v1/api-keys/${created.result.id}`, { method: 'DELETE', headers: { 'x-api-key': server.key } });
    assert.equal(revoked.status, 200);
    await assert.rejects(call(client, 'invoke_tool', { operationId: 'textUtilities.reverseText', input: { text: 'no' } }), /401|unauthorized|not_found/i);
  } finally {
    await client.close().catch(() => {});
  }
});

test('(supplement) no source file but http/api-key.ts reads the X-Api-Key or Authorization header for a key', () => {
  const root = path.join(import.meta.dirname, '../src');
  const readers: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // logger.ts names the header only to redact it from log lines.
      else if (file.endsWith('.ts') && !file.endsWith(path.join('http', 'api-key.ts')) && path.relative(root, file) !== 'logger.ts') {
        const text = readFileSync(file, 'utf8');
        if (/headers\s*\[\s*['"]x-api-key['"]\s*\]|headers\.get\(\s*['"]x-api-key['"]\s*\)|tk_\\S/i.test(text)) readers.push(path.relative(root, file));
      }
    }
  };
  walk(root);
  assert.deepEqual(readers, []);
});
