import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startCluster, type Cluster } from './helpers/cluster.ts';
import { createTestDatabase } from './helpers/postgres.ts';
import { TEST_ADMIN_TOKEN } from './helpers/server.ts';

/**
 * The deployment of docs/deploy.md, really run: three instances on one PostgreSQL and one S3 bucket behind
 * HAProxy (deploy/haproxy.cfg). Quota and rate limits hold across instances, links work from anywhere, an
 * instance killed under an async job leaves no job stuck and no credit lost, and a rolling restart under load
 * loses no request. An instance start is the costly step: the rolling restart runs while all three are up, and the
 * two tests that take an instance away run last and leave it down instead of starting it again.
 */
let cluster: Cluster;
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };

/** Holds the plans file; removed after the run. */
let dir: string | undefined;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolapi-cluster-plans-'));
  const plans = path.join(dir, 'plans.json');
  writeFileSync(
    plans,
    JSON.stringify({
      free: { monthlyCredits: 1_000_000, ratePerMinute: 1_000_000, bulkUrlLimit: 5 },
      fifty: { monthlyCredits: 50, ratePerMinute: 1_000_000, bulkUrlLimit: 5 },
      limited: { monthlyCredits: 1000, ratePerMinute: 5, bulkUrlLimit: 5 },
    }),
  );
  cluster = await startCluster({ databaseUrl: await createTestDatabase('cluster'), env: { TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN, TOOLAPI_PLANS: plans } });
});
after(async () => {
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function keyFor(plan: string): Promise<string> {
  const email = `${plan}-${Math.random().toString(36).slice(2)}@example.test`;
  const created = await fetch(`${cluster.url}/api/v1/accounts`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ email, plan, emailVerified: true }) });
  assert.equal(created.status, 201, await created.clone().text());
  const account = (await created.json()) as { result: { accountId: string } };
  const key = (await (
    await fetch(`${cluster.url}/api/v1/api-keys`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ accountId: account.result.accountId }) })
  ).json()) as { result: { key: string } };
  return key.result.key;
}

const reverse = (base: string, key: string, text = 'cluster'): Promise<Response> =>
  fetch(`${base}/api/v1/text-utilities/reverse-text`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

async function used(key: string): Promise<number> {
  return ((await (await fetch(`${cluster.url}/api/v1/usage`, { headers: { 'x-api-key': key } })).json()) as { result: { used: number } }).result.used;
}

test('quota is exact across the three instances: 200 concurrent calls with 50 credits give exactly 50 successes', async () => {
  const key = await keyFor('fifty');
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => reverse(cluster.url, key, `call ${i}`)));
  const statuses = answers.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 200).length, 50);
  assert.equal(statuses.filter((s) => s === 429).length, 150);
  const servedBy = new Set(answers.map((r) => r.headers.get('x-served-by')));
  assert.deepEqual([...servedBy].sort(), ['instance1', 'instance2', 'instance3'], 'HAProxy spread the calls over all three');
  assert.equal(await used(key), 50);
});

test('one rate window for all instances: 8 calls on a 5-per-minute plan give 5 successes', async () => {
  const key = await keyFor('limited');
  const statuses: number[] = [];
  const servers = new Set<string | null>();
  for (let i = 0; i < 8; i++) {
    const response = await reverse(cluster.url, key);
    statuses.push(response.status);
    servers.add(response.headers.get('x-served-by'));
  }
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
  assert.ok(servers.size >= 2, 'the calls went to several instances');
});

test('a rolling restart (SIGTERM each instance in turn) under steady load loses no request', async () => {
  const key = await keyFor('free');
  let running = true;
  const failures: string[] = [];
  let done = 0;
  const worker = async (): Promise<void> => {
    while (running) {
      try {
        const response = await reverse(cluster.url, key);
        if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
        else {
          await response.arrayBuffer();
          done++;
        }
      } catch (error) {
        failures.push(String(error));
      }
      // Steady, not flat out: about 300 calls a second over the four workers still reach every instance as it stops
      // and starts, and leave the CPU to the restarts (flat out, 12,000 calls made the file take 9 s more CPU).
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const load = Array.from({ length: 4 }, () => worker());
  for (let i = 0; i < cluster.instances.length; i++) {
    await cluster.stopInstance(i, 'SIGTERM');
    await cluster.startInstance(i);
  }
  running = false;
  await Promise.all(load);
  assert.deepEqual(failures, []);
  assert.ok(done > 50, `${done} calls went through during the restart`);
});

test('a download link minted by one instance works without it (S3, the shared secret)', async () => {
  const key = await keyFor('free');
  const form = new FormData();
  form.append('file', new Blob(['# Shared\n']), 'shared.md');
  const direct = cluster.instances[0]!;
  const answer = (await (await fetch(`${direct.url}/api/v1/documents/md-to-html`, { method: 'POST', headers: { 'x-api-key': key }, body: form })).json()) as {
    result: { downloadUrl: string };
  };
  assert.ok(!answer.result.downloadUrl.startsWith(direct.url), answer.result.downloadUrl);
  // instance1 stays down: the tests after this one need no more than two instances up.
  await cluster.stopInstance(0);
  const file = await fetch(answer.result.downloadUrl);
  assert.equal(file.status, 200);
  assert.match(await file.text(), /<h1[^>]*>Shared<\/h1>/);
});

test('an instance SIGKILLed right after accepting an async job: the job ends (succeeded or failed), never stuck, and credits are exact', async () => {
  const key = await keyFor('free');
  const victim = cluster.instances[1]!;
  const accepted = await fetch(`${victim.url}/api/v1/documents/md-to-html`, {
    method: 'POST',
    headers: { 'x-api-key': key, prefer: 'respond-async' },
    body: (() => {
      const form = new FormData();
      form.append('file', new Blob(['# Killed\n']), 'killed.md');
      return form;
    })(),
  });
  assert.equal(accepted.status, 202);
  // instance2 stays down too (the last test): the job is swept by instance3, the one still up.
  await cluster.stopInstance(1, 'SIGKILL');
  const location = accepted.headers.get('location')!;
  let state = 'running';
  // A job whose instance died is ended when its lease expires (30 s) and a sweep notices (every 10 s).
  for (const deadline = Date.now() + 75_000; ; await new Promise((resolve) => setTimeout(resolve, 500))) {
    state = ((await (await fetch(`${cluster.url}${location}`, { headers: { 'x-api-key': key } })).json()) as { result: { state: string } }).result.state;
    if (state !== 'running' || Date.now() > deadline) break;
  }
  assert.ok(state === 'succeeded' || state === 'failed', `the job ended (${state})`);
  assert.equal(await used(key), state === 'succeeded' ? 1 : 0, 'billed only if it succeeded');
});
