import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createTestDatabase } from '../helpers/postgres.ts';
import { spawnService, type ServiceProcess } from '../helpers/process.ts';
import { TEST_ADMIN_TOKEN } from '../helpers/server.ts';

/** Quota exactness across processes and across a crash: real `src/main.ts` processes, real stores. */
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
const TOOL = '/api/v1/text-utilities/reverse-text';

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'toolapi-proc-'));
}

async function accountWithKey(url: string, plan: string): Promise<string> {
  const account = (await (
    await fetch(`${url}/api/v1/accounts`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ email: `${plan}-${Date.now()}@example.test`, plan, emailVerified: true }),
    })
  ).json()) as { result: { accountId: string } };
  const key = (await (
    await fetch(`${url}/api/v1/api-keys`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ accountId: account.result.accountId }) })
  ).json()) as { result: { key: string } };
  return key.result.key;
}

function call(url: string, key: string): Promise<number> {
  return fetch(url + TOOL, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{"text":"ab"}' }).then(
    async (r) => {
      await r.arrayBuffer();
      return r.status;
    },
    () => 0,
  );
}

async function used(url: string, key: string): Promise<number> {
  const body = (await (await fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': key } })).json()) as { result: { used: number } };
  return body.result.used;
}

test('first start prints a key once and writes it; later starts print no secret', async () => {
  const dir = tempDir();
  const started: ServiceProcess[] = [];
  try {
    const first = await spawnService({ TOOLAPI_DATA_DIR: dir });
    started.push(first);
    const printed = /\b(tk_[0-9A-Za-z]{40})\b/.exec(first.stdout())?.[1];
    assert.ok(printed, 'the key is printed');
    assert.equal(await first.stop(), 0, 'SIGTERM exits 0');
    const second = await spawnService({ TOOLAPI_DATA_DIR: dir });
    started.push(second);
    assert.doesNotMatch(second.stdout(), /tk_[0-9A-Za-z]{20}/);
    assert.equal(await call(second.url, printed), 200, 'the printed key works after a restart');
  } finally {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('two server processes sharing one PostgreSQL: 200 concurrent calls, 50 credits -> exactly 50 successes', async () => {
  const dir = tempDir();
  const plans = path.join(dir, 'plans.json');
  writeFileSync(plans, JSON.stringify({ tiny: { monthlyCredits: 50, ratePerMinute: 100000, bulkUrlLimit: 5 } }));
  const env = { TOOLAPI_DATABASE_URL: await createTestDatabase('twoproc'), TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN, TOOLAPI_PLANS: plans };
  const started = await Promise.allSettled([
    spawnService({ ...env, TOOLAPI_DATA_DIR: path.join(dir, 'a') }),
    spawnService({ ...env, TOOLAPI_DATA_DIR: path.join(dir, 'b') }),
  ]);
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = started.find((s) => s.status === 'rejected');
  if (failure) {
    await Promise.all(running.map((s) => s.stop()));
    throw failure.reason;
  }
  const [a, b] = running as [ServiceProcess, ServiceProcess];
  try {
    const key = await accountWithKey(a.url, 'tiny');
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, key)));
    assert.equal(statuses.filter((s) => s === 200).length, 50);
    assert.equal(statuses.filter((s) => s === 429).length, 150);
    assert.equal(await used(b.url, key), 50);
  } finally {
    await a.stop();
    await b.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SIGKILL in the middle of a burst, then a restart: used equals the 2xx responses the client saw', async () => {
  const dir = tempDir();
  const env = { TOOLAPI_DATA_DIR: dir, TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN };
  const first = await spawnService(env);
  const key = await accountWithKey(first.url, 'pro');
  let successes = 0;
  let stop = false;
  const workers = Array.from({ length: 16 }, async () => {
    while (!stop) {
      const status = await call(first.url, key);
      if (status === 200) successes++;
      if (status === 0) return; // connection dropped: the process is gone
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 700));
  first.child.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);
  await first.stop();
  assert.ok(successes > 20, `the burst ran (${successes} successes)`);

  const second = await spawnService(env);
  try {
    assert.equal(await used(second.url, key), successes);
  } finally {
    await second.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PostgreSQL leases: SIGKILL mid-burst, then a restart: every 2xx seen is billed, and the dead lease comes back to the last credit', async () => {
  const dir = tempDir();
  const plans = path.join(dir, 'plans.json');
  writeFileSync(plans, JSON.stringify({ small: { monthlyCredits: 200, ratePerMinute: 100000, bulkUrlLimit: 5 } }));
  const env = { TOOLAPI_DATABASE_URL: await createTestDatabase('killpg'), TOOLAPI_DATA_DIR: dir, TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN, TOOLAPI_PLANS: plans };
  const first = await spawnService(env);
  const key = await accountWithKey(first.url, 'small');
  let successes = 0;
  let stop = false;
  const workers = Array.from({ length: 16 }, async () => {
    while (!stop) {
      const status = await call(first.url, key);
      if (status === 200) successes++;
      if (status === 0) return;
    }
  });
  // Killed while the instance holds a leased block it has only partly spent.
  for (const deadline = Date.now() + 10_000; successes < 40 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 5));
  first.child.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);
  await first.stop();
  assert.ok(successes >= 40 && successes < 200, `the burst ran (${successes} successes)`);

  const second = await spawnService(env);
  try {
    // A call whose spending was written but whose answer died with the process is billed: at most the 16 in flight.
    const billed = await used(second.url, key);
    assert.ok(billed >= successes && billed <= successes + 16, `used ${billed} for ${successes} answered successes`);
    const left = 200 - billed;
    const statuses = await Promise.all(Array.from({ length: left + 20 }, () => call(second.url, key)));
    assert.equal(statuses.filter((s) => s === 200).length, left, 'every credit the dead instance had not spent can be spent again, and no more');
    assert.equal(statuses.filter((s) => s === 429).length, 20);
    assert.equal(await used(second.url, key), 200);
  } finally {
    await second.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SIGTERM lets an in-flight request finish, refuses new ones, and exits 0', async () => {
  const dir = tempDir();
  const service = await spawnService({ TOOLAPI_DATA_DIR: dir });
  try {
    const key = /\b(tk_[0-9A-Za-z]{40})\b/.exec(service.stdout())?.[1] ?? '';
    // A backtracking regex keeps its worker busy until the tool's 1 s deadline: a request in flight.
    const inFlight = fetch(`${service.url}/api/v1/developer-apis/regex-tester`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ pattern: '^(a+)+$', text: `${'a'.repeat(34)}!` }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = service.stop('SIGTERM');
    const response = await inFlight;
    assert.ok(response.status < 500, `the in-flight request was answered (${response.status})`);
    assert.equal(await exited, 0);
    assert.doesNotMatch(service.stdout(), /still running after 10 s/, 'it stopped once the request was done, not at the grace limit');
    await assert.rejects(fetch(`${service.url}/healthz`), 'no new connections after the stop');
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SIGTERM under keep-alive load: busy connections end with Connection: close, no client sees a reset', async () => {
  const dir = tempDir();
  const service = await spawnService({ TOOLAPI_DATA_DIR: dir });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const target = new URL(`${service.url}/healthz`);
  const failures: string[] = [];
  let closeHeaders = 0;
  let answered = 0;
  let stopped = false;
  const get = (): Promise<void> =>
    new Promise((resolve) => {
      const request = http.get({ host: target.hostname, port: target.port, path: target.pathname, agent }, (response) => {
        if (response.headers.connection === 'close') closeHeaders++;
        response.resume();
        response.on('end', () => {
          answered++;
          resolve();
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // Once the listener is closed a new connection is refused: that is the stop, not a reset.
        if (error.code === 'ECONNREFUSED') stopped = true;
        else failures.push(error.code ?? error.message);
        resolve();
      });
    });
  try {
    const loop = async (): Promise<void> => {
      for (let i = 0; i < 5000 && !stopped; i++) await get();
    };
    const clients = Array.from({ length: 8 }, loop);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = answered;
    assert.equal(await service.stop('SIGTERM'), 0);
    stopped = true;
    await Promise.all(clients);
    assert.ok(before > 50, `load was running (${before} answers before the stop)`);
    assert.deepEqual(failures, [], 'no ECONNRESET, EPIPE or hang-up on an established connection');
    assert.ok(closeHeaders > 0, 'the last responses said Connection: close');
  } finally {
    agent.destroy();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('two processes on one data dir: a restart of one never refunds the calls the other has in flight', async () => {
  const dir = tempDir();
  // A loopback page that answers after 5 s: the calls on B stay in flight while A is killed and restarted.
  const slow = http.createServer((_request, response) => void setTimeout(() => response.end('<html><head><title>slow</title></head></html>'), 5000));
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const page = `http://127.0.0.1:${(slow.address() as { port: number }).port}/`;
  const env = { TOOLAPI_DATA_DIR: dir, TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN, TOOLAPI_FETCH_ALLOW: '127.0.0.1' };
  const a = await spawnService(env);
  const b = await spawnService(env);
  let restarted: ServiceProcess | undefined;
  try {
    const key = await accountWithKey(b.url, 'pro');
    const inFlight = Array.from({ length: 3 }, () =>
      fetch(`${b.url}/api/v1/seo-apis/http-status-checker`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: page }),
      }).then((r) => r.status),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    a.child.kill('SIGKILL');
    await a.stop();
    restarted = await spawnService(env);
    assert.deepEqual(await Promise.all(inFlight), [200, 200, 200]);
    assert.equal(await used(restarted.url, key), 3, "B's three calls stay spent");
  } finally {
    await Promise.all([b.stop(), restarted?.stop()]);
    slow.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('two processes on one data dir share one per-minute rate window', async () => {
  const dir = tempDir();
  const plans = path.join(dir, 'plans.json');
  writeFileSync(plans, JSON.stringify({ free: { monthlyCredits: 1000, ratePerMinute: 5, bulkUrlLimit: 5 } }));
  const env = { TOOLAPI_DATA_DIR: dir, TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN, TOOLAPI_PLANS: plans };
  const a = await spawnService(env);
  const b = await spawnService(env);
  try {
    const key = await accountWithKey(a.url, 'free');
    // Windows are calendar minutes: start well inside one.
    if (new Date().getUTCSeconds() > 50) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await call(i % 2 === 0 ? a.url : b.url, key));
    assert.deepEqual(statuses.slice(0, 5), [200, 200, 200, 200, 200]);
    assert.deepEqual(statuses.slice(5), [429, 429, 429], 'calls 6–8 are refused on both instances');
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
});
