import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase } from '../helpers/postgres.ts';
import { spawnService, type ServiceProcess } from '../helpers/process.ts';
import { TEST_ADMIN_TOKEN } from '../helpers/server.ts';

/**
 * Quota exactness across processes and across a crash: real `src/main.ts` processes, real stores.
 *
 * A process start is most of this file's cost, so each group below starts its processes once and its tests, in
 * order, hand them on: the process one test stops or kills is one the next test no longer needs, and a process a
 * test restarts serves the next one. Every property is still checked on processes started for it as before (fresh
 * data dir or database, the same signals, the same sizes).
 */
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

/** Resolves once `check` holds (polled every 10 ms), so a test waits for an event rather than a fixed time. */
async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !check(); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('one data dir started twice: the first key, and SIGTERM under load and with a request in flight', () => {
  const dir = tempDir();
  const started: ServiceProcess[] = [];
  let first: ServiceProcess;
  let printed = '';
  after(async () => {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  test('first start prints a key once and writes it', async () => {
    // The production start (libraries loaded before listening), checked once here.
    first = await spawnService({ TOOLAPI_DATA_DIR: dir, TOOLAPI_LIBRARIES_LOAD: 'boot' });
    started.push(first);
    printed = /\b(tk_[0-9A-Za-z]{40})\b/.exec(first.stdout())?.[1] ?? '';
    assert.ok(printed, 'the key is printed');
  });

  test('SIGTERM under keep-alive load: busy connections end with Connection: close, no client sees a reset, and it exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const target = new URL(`${first.url}/healthz`);
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
      // Until the load is running (a busy machine may take a while), not a fixed sleep.
      for (const deadline = Date.now() + 10_000; answered <= 50 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5));
      const before = answered;
      assert.equal(await first.stop('SIGTERM'), 0, 'SIGTERM exits 0');
      stopped = true;
      await Promise.all(clients);
      assert.ok(before > 50, `load was running (${before} answers before the stop)`);
      assert.deepEqual(failures, [], 'no ECONNRESET, EPIPE or hang-up on an established connection');
      assert.ok(closeHeaders > 0, 'the last responses said Connection: close');
    } finally {
      agent.destroy();
    }
  });

  let second: ServiceProcess;
  test('later starts print no secret, and the printed key works after the restart', async () => {
    second = await spawnService({ TOOLAPI_DATA_DIR: dir });
    started.push(second);
    assert.doesNotMatch(second.stdout(), /tk_[0-9A-Za-z]{20}/);
    assert.equal(await call(second.url, printed), 200, 'the printed key works after a restart');
  });

  test('SIGTERM lets an in-flight request finish, refuses new ones, and exits 0', async () => {
    // A backtracking regex keeps its worker busy until the tool's 1 s deadline: a request in flight.
    const inFlight = fetch(`${second.url}/api/v1/developer-apis/regex-tester`, {
      method: 'POST',
      headers: { 'x-api-key': printed, 'content-type': 'application/json' },
      body: JSON.stringify({ pattern: '^(a+)+$', text: `${'a'.repeat(34)}!` }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = second.stop('SIGTERM');
    const response = await inFlight;
    assert.ok(response.status < 500, `the in-flight request was answered (${response.status})`);
    assert.equal(await exited, 0);
    assert.doesNotMatch(second.stdout(), /still running after 10 s/, 'it stopped once the request was done, not at the grace limit');
    await assert.rejects(fetch(`${second.url}/healthz`), 'no new connections after the stop');
  });
});

describe('PostgreSQL shared by processes', () => {
  const dir = tempDir();
  const plans = path.join(dir, 'plans.json');
  writeFileSync(
    plans,
    JSON.stringify({
      tiny: { monthlyCredits: 50, ratePerMinute: 100000, bulkUrlLimit: 5 },
      small: { monthlyCredits: 200, ratePerMinute: 100000, bulkUrlLimit: 5 },
    }),
  );
  const started: ServiceProcess[] = [];
  let env: Record<string, string>;
  let a: ServiceProcess;
  let b: ServiceProcess;
  before(async () => {
    env = { TOOLAPI_DATABASE_URL: await createTestDatabase('procs'), TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN, TOOLAPI_PLANS: plans };
    const starts = await Promise.allSettled([
      spawnService({ ...env, TOOLAPI_DATA_DIR: path.join(dir, 'a') }),
      spawnService({ ...env, TOOLAPI_DATA_DIR: path.join(dir, 'b') }),
    ]);
    started.push(...starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
    const failure = starts.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    [a, b] = started as [ServiceProcess, ServiceProcess];
  });
  after(async () => {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  test('two server processes sharing one PostgreSQL: 200 concurrent calls, 50 credits -> exactly 50 successes', async () => {
    const key = await accountWithKey(a.url, 'tiny');
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, key)));
    assert.equal(statuses.filter((s) => s === 200).length, 50);
    assert.equal(statuses.filter((s) => s === 429).length, 150);
    assert.equal(await used(b.url, key), 50);
  });

  test('PostgreSQL leases: SIGKILL mid-burst, then a restart: every 2xx seen is billed, and the dead lease comes back to the last credit', async () => {
    // One process on the database, as a single instance runs: B goes, A takes the burst and is killed.
    await b.stop();
    const key = await accountWithKey(a.url, 'small');
    let successes = 0;
    let stop = false;
    const workers = Array.from({ length: 16 }, async () => {
      while (!stop) {
        const status = await call(a.url, key);
        if (status === 200) successes++;
        if (status === 0) return;
      }
    });
    // Killed while the instance holds a leased block it has only partly spent.
    for (const deadline = Date.now() + 10_000; successes < 40 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5));
    a.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await a.stop();
    assert.ok(successes >= 40 && successes < 200, `the burst ran (${successes} successes)`);

    const second = await spawnService({ ...env, TOOLAPI_DATA_DIR: path.join(dir, 'a') });
    started.push(second);
    // A call whose spending was written but whose answer died with the process is billed: at most the 16 in flight.
    const billed = await used(second.url, key);
    assert.ok(billed >= successes && billed <= successes + 16, `used ${billed} for ${successes} answered successes`);
    const left = 200 - billed;
    const statuses = await Promise.all(Array.from({ length: left + 20 }, () => call(second.url, key)));
    assert.equal(statuses.filter((s) => s === 200).length, left, 'every credit the dead instance had not spent can be spent again, and no more');
    assert.equal(statuses.filter((s) => s === 429).length, 20);
    assert.equal(await used(second.url, key), 200);
  });
});

describe('one SQLite data dir shared by processes', () => {
  const dir = tempDir();
  const plans = path.join(dir, 'plans.json');
  writeFileSync(plans, JSON.stringify({ limited: { monthlyCredits: 1000, ratePerMinute: 5, bulkUrlLimit: 5 } }));
  const env = { TOOLAPI_DATA_DIR: dir, TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN, TOOLAPI_PLANS: plans, TOOLAPI_FETCH_ALLOW: '127.0.0.1' };
  const started: ServiceProcess[] = [];
  const start = async (): Promise<ServiceProcess> => {
    const service = await spawnService(env);
    started.push(service);
    return service;
  };
  after(async () => {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  let a: ServiceProcess;
  test('SIGKILL in the middle of a burst, then a restart: every 2xx seen is billed, and at most the calls in flight besides', async () => {
    const first = await start();
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
    for (const deadline = Date.now() + 10_000; successes <= 20 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await first.stop();
    assert.ok(successes > 20, `the burst ran (${successes} successes)`);

    a = await start();
    // Spending is written before the answer is sent (docs/architecture.md "Metering"): a call whose answer died with
    // the process is billed, at most the 16 in flight; the unspent rest of the dead process's block comes back.
    const billed = await used(a.url, key);
    assert.ok(billed >= successes && billed <= successes + 16, `used ${billed} for ${successes} answered successes`);
  });

  let b: ServiceProcess;
  test('two processes on one data dir share one per-minute rate window', async () => {
    b = await start();
    const key = await accountWithKey(a.url, 'limited');
    // Windows are calendar minutes: start well inside one.
    if (new Date().getUTCSeconds() > 50) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await call(i % 2 === 0 ? a.url : b.url, key));
    assert.deepEqual(statuses.slice(0, 5), [200, 200, 200, 200, 200]);
    assert.deepEqual(statuses.slice(5), [429, 429, 429], 'calls 6–8 are refused on both instances');
  });

  test('two processes on one data dir: a restart of one never refunds the calls the other has in flight', async () => {
    // A loopback page that holds its answers until A has been killed and restarted (or for at most 8 s, inside the
    // tool's 10 s deadline): the calls on B are in flight all that time.
    const held: (() => void)[] = [];
    const slow = http.createServer((_request, response) => {
      const answer = (): void => {
        clearTimeout(timer);
        if (!response.writableEnded) response.end('<html><head><title>slow</title></head></html>');
      };
      const timer = setTimeout(answer, 8000);
      held.push(answer);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const page = `http://127.0.0.1:${(slow.address() as { port: number }).port}/`;
    try {
      const key = await accountWithKey(b.url, 'pro');
      const inFlight = Array.from({ length: 3 }, () =>
        fetch(`${b.url}/api/v1/seo-apis/http-status-checker`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ url: page }),
        }).then((r) => r.status),
      );
      await until(() => held.length >= 3, 'the three calls to reach the page');
      a.child.kill('SIGKILL');
      await a.stop();
      const restarted = await start();
      for (const release of held) release();
      assert.deepEqual(await Promise.all(inFlight), [200, 200, 200]);
      assert.equal(await used(restarted.url, key), 3, "B's three calls stay spent");
    } finally {
      for (const release of held) release();
      slow.close();
    }
  });
});
