import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { createTestDatabase, startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { spawnService } from '../helpers/process.ts';
import { startTestServer } from '../helpers/server.ts';
import { call, connectHttp, waitForRun } from './mcp-client.ts';

/** Async runs outlive the process: a restart keeps finished runs, ends interrupted ones as error; PostgreSQL shares them. */
let site: FixtureSite;
let cluster: TestPostgres | undefined;

before(async () => {
  site = await startSite({
    '/': { body: '<html><head><title>x</title></head><body>hi</body></html>' },
    // Never answers: a run fetching it is still in progress when the process is killed.
    '/hang': () => {},
  });
  if (!process.env.TOOLAPI_TEST_PG_URL) {
    cluster = await startPostgres();
    process.env.TOOLAPI_TEST_PG_URL = cluster.url;
  }
});

after(async () => {
  await site?.close();
  if (cluster) {
    cluster.stop();
    delete process.env.TOOLAPI_TEST_PG_URL;
  }
});

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'toolapi-mcp-runs-'));
}

function unmetered(dir: string): string {
  const file = path.join(dir, 'plans.json');
  writeFileSync(file, JSON.stringify({ free: { monthlyCredits: 1_000_000, ratePerMinute: 1_000_000, bulkUrlLimit: 5 } }));
  return file;
}

test('SQLite: a finished run still answers get_run after the service restarts on the same data dir', async () => {
  const dir = tempDir();
  try {
    const first = await startTestServer({ TOOLAPI_DATA_DIR: dir, TOOLAPI_FETCH_ALLOW: '127.0.0.1' });
    const key = first.key;
    let runId: string;
    let finished: unknown;
    {
      const client = await connectHttp(first.url, key);
      const accepted = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/`, async: true });
      runId = accepted.runId as string;
      finished = await waitForRun(client, runId);
      await client.close();
      await first.service.close();
    }
    const second = await startTestServer({ TOOLAPI_DATA_DIR: dir });
    try {
      const client = await connectHttp(second.url, key);
      const again = await call(client, 'get_run', { runId });
      assert.equal(again.status, 'completed');
      assert.deepEqual(again.result, (finished as { result: unknown }).result);
      await client.close();
    } finally {
      await second.service.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SQLite: a run interrupted by a crash ends as error with the reason after the restart, never stuck in accepted', async () => {
  const dir = tempDir();
  const env = { TOOLAPI_DATA_DIR: dir, TOOLAPI_FETCH_ALLOW: '127.0.0.1', TOOLAPI_PLANS: unmetered(dir) };
  try {
    const first = await spawnService(env);
    const key = readFileSync(path.join(dir, 'first-api-key.txt'), 'utf8').trim();
    let runId: string;
    {
      const client = await connectHttp(first.url, key);
      const accepted = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/hang`, async: true });
      runId = accepted.runId as string;
      const deadline = Date.now() + 10_000;
      while (!site.requests.includes('GET /hang') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      assert.ok(site.requests.includes('GET /hang'), 'the run is executing');
      assert.equal((await call(client, 'get_run', { runId })).status, 'accepted');
      await client.close().catch(() => {});
    }
    await first.stop('SIGKILL');
    const second = await spawnService(env);
    try {
      const client = await connectHttp(second.url, key);
      const run = await call(client, 'get_run', { runId });
      assert.equal(run.status, 'error');
      assert.equal(run.resultStatus, 'error');
      assert.match(String(run.error), /interrupted/);
      await client.close();
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PostgreSQL: two instances share the queue and the runs; an expired lease ends as error', async () => {
  const databaseUrl = await createTestDatabase('mcp_runs');
  const env = { TOOLAPI_DATABASE_URL: databaseUrl, TOOLAPI_FETCH_ALLOW: '127.0.0.1' };
  const a = await startTestServer(env);
  const b = await startTestServer(env);
  const started = [a, b];
  try {
    const key = a.key || b.key;
    assert.ok(key, 'the first instance made the local account');
    const viaA = await connectHttp(a.url, key);
    const viaB = await connectHttp(b.url, key);
    const accepted = await call(viaA, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/`, async: true });
    assert.equal(accepted.status, 'accepted');
    const run = await waitForRun(viaB, accepted.runId as string);
    assert.equal(run.status, 'completed', 'the other instance answers get_run');
    assert.equal((run.result as { target: { id: string } }).target.id, 'seoApis.metaTagsAnalyzer');
    assert.deepEqual((await call(viaA, 'get_run', { runId: accepted.runId as string })).result, run.result);

    // Stateless Streamable HTTP: one client whose requests alternate between the instances (no stickiness).
    const hits = { a: 0, b: 0 };
    let turn = 0;
    const roundRobin = (url: string | URL, init?: RequestInit): Promise<Response> => {
      const target = turn++ % 2 === 0 ? a : b;
      hits[target === a ? 'a' : 'b']++;
      return fetch(String(url).replace(a.url, target.url), init);
    };
    const balanced = new Client({ name: 'balanced', version: '1' });
    await balanced.connect(
      new StreamableHTTPClientTransport(new URL(`${a.url}/mcp/http`), { fetch: roundRobin, requestInit: { headers: { 'x-api-key': key } } }),
    );
    assert.equal((await balanced.listTools()).tools.length, 12);
    for (let i = 0; i < 3; i++)
      assert.deepEqual((await call(balanced, 'invoke_tool', { operationId: 'textUtilities.reverseText', input: { text: 'ab' } })).result, { text: 'ba' });
    assert.ok(hits.a > 0 && hits.b > 0, JSON.stringify(hits));
    await balanced.close();

    // Several runs accepted on B finish too, whichever instance picks them up.
    const batch = await Promise.all([1, 2, 3, 4].map(() => call(viaB, 'solve_task', { goal: "reverse the text 'pg'", async: true })));
    for (const r of batch) assert.equal((await waitForRun(viaA, r.runId as string)).status, 'completed');

    // A run whose executor died: its lease is not renewed; the next sweep (here: a starting instance) ends it.
    const owner = (await a.service.store.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow()).id;
    const keyId = (await a.service.store.db.selectFrom('api_keys').select('id').where('account_id', '=', owner).executeTakeFirstOrThrow()).id;
    const past = new Date(Date.now() - 60_000).toISOString();
    await a.service.store.db
      .insertInto('mcp_runs')
      .values({
        id: 'run_dead-worker',
        account_id: owner,
        key_id: keyId,
        tool: 'solve_task',
        request: '{"goal":"x"}',
        status: 'accepted',
        result_status: null,
        result: null,
        error: null,
        lease_owner: 'instance_gone',
        lease_expires_at: past,
        created_at: past,
        updated_at: past,
        finished_at: null,
      })
      .execute();
    const c = await startTestServer(env);
    started.push(c);
    const dead = await call(viaB, 'get_run', { runId: 'run_dead-worker' });
    assert.equal(dead.status, 'error');
    assert.match(String(dead.error), /interrupted/);
    await viaA.close();
    await viaB.close();
  } finally {
    for (const s of started) await s.close();
  }
});
