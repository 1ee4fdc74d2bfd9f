import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ToolError } from '../../core/errors.ts';
import { createOfficeEngine, type OfficeEngine } from './index.ts';
import { type CapturedLog, captureLog, expectToolError, pdfText, pidAlive, scratch, waitFor, writeHtml, writeLargeCsv } from '../../../test/helpers/office.ts';

let dir: string;
let html: string;
let large: string;
const engines: OfficeEngine[] = [];
const logs = new WeakMap<OfficeEngine, CapturedLog>();

function engineWith(options: { queueLimit?: number; maxJobsPerWorker?: number; jobTimeoutMs?: number } = {}): OfficeEngine {
  const log = captureLog();
  const engine = createOfficeEngine({ workers: 1, log, tempDir: path.join(dir, `engine-${engines.length}`), ...options });
  engines.push(engine);
  logs.set(engine, log);
  return engine;
}

/**
 * A one-page conversion that must succeed; returns once the instance passed its health probe and is idle again.
 * When it fails, the engine's warnings say why (an instance that did not start, and what LibreOffice wrote).
 */
async function small(engine: OfficeEngine, name: string): Promise<string> {
  const pdf = await engine.convert({ input: html, outputDir: path.join(dir, name), format: 'pdf' }).catch((error: unknown) => {
    const warnings = (logs.get(engine)?.lines ?? []).filter((line) => line.level !== 'info');
    throw new Error(`${(error as Error).message}; the engine logged: ${JSON.stringify(warnings)}`, { cause: error });
  });
  assert.match(pdfText(pdf), /Quarterly report/);
  // (A guard against a hang, not a speed check: after a recycle, a new LibreOffice starts cold, which on two loaded cores
  // under the whole suite took more than 10 s once.)
  await waitFor(() => engine.instances().every((i) => i.state === 'idle'), 60_000, 'the instance to be idle again');
  return pdf;
}

before(() => {
  dir = scratch();
  html = writeHtml(dir);
  large = writeLargeCsv(dir);
});

after(async () => {
  await Promise.all(engines.map((e) => e.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('office engine: supervision', () => {
  let engine: OfficeEngine;
  before(async () => {
    engine = engineWith();
    await engine.whenReady();
    await small(engine, 'warm');
  });

  test('LibreOffice killed mid-conversion → 503 service_unavailable, the instance is replaced, the next job succeeds', async () => {
    const before = engine.instances()[0]!;
    assert.equal(before.state, 'idle');
    const started = Date.now();
    const job = engine.convert({ input: large, outputDir: path.join(dir, 'killed'), format: 'pdf' });
    await waitFor(() => engine.instances()[0]!.state === 'busy', 5000, 'the job to start');
    await new Promise((resolve) => setTimeout(resolve, 400)); // well inside a ~3 s export
    process.kill(before.pid!, 'SIGKILL');
    const error = await expectToolError(job, 'service_unavailable', 503);
    assert.equal(error.detail, 'the converter stopped during the conversion; try again');
    assert.ok(Date.now() - started < 3000, 'the failure is reported at once, not at the deadline');

    await small(engine, 'after-kill');
    const now = engine.instances()[0]!;
    assert.notEqual(now.pid, before.pid);
    assert.equal(engine.stats().restarts, 1);
    await waitFor(() => !pidAlive(before.pid!) && !pidAlive(before.workerPid!), 5000, 'the old processes to be gone');
  });

  test('a conversion past its deadline → 503 timeout, the instance is killed and replaced, the next job succeeds', async () => {
    const before = engine.instances()[0]!;
    const started = Date.now();
    const error = await expectToolError(engine.convert({ input: large, outputDir: path.join(dir, 'deadline'), format: 'pdf', timeoutMs: 700 }), 'timeout', 503);
    const took = Date.now() - started;
    assert.ok(took >= 650 && took < 2000, `ended at the deadline (${took} ms)`);
    assert.match(error.detail, /did not finish within 0\.7 s/);
    await waitFor(() => !pidAlive(before.pid!) && !pidAlive(before.workerPid!), 5000, 'the hung instance to be killed');

    await small(engine, 'after-deadline');
    assert.notEqual(engine.instances()[0]!.pid, before.pid);
    assert.equal(engine.stats().restarts, 2);
  });

  test('an instance that dies while idle is replaced before the next job', async () => {
    const before = engine.instances()[0]!;
    process.kill(before.pid!, 'SIGKILL');
    await waitFor(() => engine.stats().restarts === 3, 5000, 'the restart');
    await small(engine, 'after-idle-death');
    assert.notEqual(engine.instances()[0]!.pid, before.pid);
  });

  test("LibreOffice runs with a minimal environment: none of the service's variables, glibc's huge-page tunable set", () => {
    const { pid } = engine.instances()[0]!;
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
    const names = environment.map((entry) => entry.slice(0, entry.indexOf('=')));
    assert.deepEqual(
      names.filter((name) => name.startsWith('TOOLAPI_') || name === 'NODE_OPTIONS'),
      [],
    );
    // (profile.ts officeEnv: a start is a third quicker with it; npm run bench -- office measures cold starts.)
    assert.ok(environment.includes('GLIBC_TUNABLES=glibc.malloc.hugetlb=1'), names.join(' '));
  });

  test('each instance owns a fresh profile; replaced profiles are removed', () => {
    const root = path.join(dir, 'engine-0');
    const [office] = readdirSync(root);
    const profiles = readdirSync(path.join(root, office!)).filter((name) => name.startsWith('profile-'));
    assert.equal(profiles.length, 1, `one live profile, found ${profiles.join(', ')}`);
  });

  test('a killed instance leaves none of its sockets in /tmp', async () => {
    const root = path.join(dir, 'engine-0');
    const [office] = readdirSync(root);
    const [profile] = readdirSync(path.join(root, office!)).filter((name) => name.startsWith('profile-'));
    const before = engine.instances()[0]!;
    // LibreOffice's own names: its UNO pipe, and its single-instance pipe named after the MD5 of the profile URL in
    // UTF-16LE, bytes in unpadded hex. Both must exist while it runs, which checks the names.
    const md5 = createHash('md5')
      .update(Buffer.from(pathToFileURL(path.join(root, office!, profile!)).href, 'utf16le'))
      .digest();
    const uid = process.getuid!();
    const sockets = [`/tmp/OSL_PIPE_${uid}_${before.pipe}`, `/tmp/OSL_PIPE_${uid}_SingleOfficeIPC_${[...md5].map((b) => b.toString(16)).join('')}`];
    for (const socket of sockets) assert.ok(existsSync(socket), `${socket} exists while the instance runs`);
    const restarts = engine.stats().restarts;
    process.kill(before.pid!, 'SIGKILL');
    await waitFor(() => engine.stats().restarts === restarts + 1, 5000, 'the restart');
    await small(engine, 'after-socket-kill');
    for (const socket of sockets) assert.ok(!existsSync(socket), `${socket} is removed`);
  });
});

describe('office engine: queue, cancellation and recycling', () => {
  test('a full queue → 429 rate_limited with Retry-After; cancelling frees the instance', async () => {
    const engine = engineWith({ queueLimit: 1 });
    await engine.whenReady();
    const running = new AbortController();
    const first = engine.convert({ input: large, outputDir: path.join(dir, 'q1'), format: 'pdf', signal: running.signal });
    await waitFor(() => engine.stats().busy === 1, 5000, 'the first job to run');
    const second = engine.convert({ input: html, outputDir: path.join(dir, 'q2'), format: 'pdf' });
    assert.equal(engine.stats().queued, 1);

    const refused = await expectToolError(engine.convert({ input: html, outputDir: path.join(dir, 'q3'), format: 'pdf' }), 'rate_limited', 429);
    assert.equal(refused.detail, 'the converter queue is full; retry shortly');
    assert.deepEqual(refused.headers, { 'retry-after': '2' });

    running.abort(new ToolError('timeout', 'the request was cancelled'));
    const cancelled = await expectToolError(first, 'timeout', 503);
    assert.equal(cancelled.detail, 'the request was cancelled');
    assert.match(pdfText(await second), /Quarterly report/);
    assert.equal(engine.stats().queued, 0);
  });

  test('a job cancelled while queued leaves the queue at once', async () => {
    const engine = engineWith();
    await engine.whenReady();
    // The first job only holds the instance: once the queued one is gone it is cancelled, rather than left to burn
    // LibreOffice CPU until its deadline (kept as a backstop, should the cancellation under test never come).
    const running = new AbortController();
    const first = engine.convert({ input: large, outputDir: path.join(dir, 'c1'), format: 'pdf', timeoutMs: 1500, signal: running.signal });
    await waitFor(() => engine.stats().busy === 1, 5000, 'the first job to run');
    const controller = new AbortController();
    const queued = engine.convert({ input: html, outputDir: path.join(dir, 'c2'), format: 'pdf', signal: controller.signal });
    assert.equal(engine.stats().queued, 1);
    controller.abort();
    await expectToolError(queued, 'timeout', 503);
    assert.equal(engine.stats().queued, 0);
    assert.equal(engine.stats().busy, 1, 'the queued job left while the first still ran');
    running.abort();
    await expectToolError(first, 'timeout', 503);
    await engine.close(); // not left starting a replacement for the timed-out instance while the next tests run
  });

  test('a queued job whose deadline passes while waiting → timeout, no instance killed', async () => {
    const engine = engineWith();
    await engine.whenReady();
    const pid = engine.instances()[0]!.pid;
    const running = new AbortController();
    const first = engine.convert({ input: large, outputDir: path.join(dir, 'w1'), format: 'pdf', signal: running.signal });
    const firstOutcome = expectToolError(first, 'timeout', 503);
    await waitFor(() => engine.stats().busy === 1, 5000, 'the first job to run');
    const waiting = await expectToolError(engine.convert({ input: html, outputDir: path.join(dir, 'w2'), format: 'pdf', timeoutMs: 300 }), 'timeout', 503);
    assert.match(waiting.detail, /no converter became free within 0\.3 s/);
    assert.equal(engine.stats().busy, 1, 'the running conversion goes on');
    assert.equal(engine.instances()[0]!.pid, pid);
    assert.equal(engine.stats().restarts, 0);
    running.abort();
    await firstOutcome;
    await engine.close(); // as above: no replacement started for nobody
  });

  test('an instance is recycled after maxJobsPerWorker conversions', async () => {
    const engine = engineWith({ maxJobsPerWorker: 2 });
    await engine.whenReady();
    const first = engine.instances()[0]!.pid;
    await small(engine, 'r1');
    await small(engine, 'r2');
    await small(engine, 'r3');
    assert.notEqual(engine.instances()[0]!.pid, first);
    assert.equal(engine.stats().restarts, 1);
    assert.equal(engine.stats().jobs, 3);
  });
});

test('an instance is recycled when its memory passes maxRssMb', async () => {
  const engine = createOfficeEngine({ workers: 1, maxRssMb: 1, log: captureLog(), tempDir: path.join(dir, 'rss') });
  engines.push(engine);
  await engine.whenReady();
  const first = engine.instances()[0]!.pid;
  await small(engine, 'rss1');
  assert.notEqual(engine.instances()[0]!.pid, first);
  assert.equal(engine.stats().restarts, 1);
});

describe('office engine: no orphans', () => {
  test('close() kills every process, removes the profiles and refuses new work', async () => {
    const engine = createOfficeEngine({ workers: 2, log: captureLog(), tempDir: path.join(dir, 'closing') });
    await engine.whenReady();
    const pids = engine.instances().flatMap((i) => [i.pid!, i.workerPid!]);
    assert.equal(pids.length, 4);
    const jobs = [1, 2, 3].map((i) => engine.convert({ input: large, outputDir: path.join(dir, `close-${i}`), format: 'pdf' }));
    const outcomes = jobs.map((job) => expectToolError(job, 'service_unavailable', 503));
    await waitFor(() => engine.stats().busy === 2 && engine.stats().queued === 1, 5000, 'two jobs running, one queued');
    await engine.close();
    await Promise.all(outcomes);
    for (const pid of pids) assert.equal(pidAlive(pid), false, `pid ${pid} survived close()`);
    assert.deepEqual(readdirSync(path.join(dir, 'closing')), []);
    await expectToolError(engine.convert({ input: html, outputDir: dir, format: 'pdf' }), 'service_unavailable', 503);
  });

  const cases = [
    { how: 'Node alone', when: 'ready', group: false },
    { how: 'Node alone', when: 'starting', group: false },
    { how: 'Node and the UNO worker together (a process-group SIGKILL)', when: 'ready', group: true },
  ] as const;
  for (const [index, { how, when, group }] of cases.entries()) {
    test(`killing ${how} while the instance is ${when}, without close(), leaves no LibreOffice behind`, async () => {
      const tempDir = path.join(dir, `orphan-${index}`);
      const script = path.join(dir, 'orphan.ts');
      writeFileSync(
        script,
        `import { createOfficeEngine } from ${JSON.stringify(path.resolve('src/engines/office/index.ts'))};
const log = { info() {}, warn() {}, error() {} };
const engine = createOfficeEngine({ workers: 1, log, tempDir: process.argv[2] });
if (process.argv[3] === 'ready') await engine.whenReady();
else while (!engine.instances()[0]?.workerPid) await new Promise((resolve) => setTimeout(resolve, 5));
process.stdout.write(JSON.stringify(engine.instances()[0]) + '\\n');
setInterval(() => {}, 1000);
`,
      );
      // detached: the child leads its own process group, as a server under a supervisor would.
      const child = spawn(process.execPath, [script, tempDir, when], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
      let out = '';
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        out += chunk as string;
        if (out.includes('\n')) break;
      }
      const info = JSON.parse(out.trim()) as { pid: number; workerPid: number };
      assert.ok(info.pid > 0 && info.workerPid > 0);
      if (when === 'starting') assert.equal(JSON.parse(out.trim()).state, 'starting');
      process.kill(group ? -child.pid! : child.pid!, 'SIGKILL');
      await waitFor(() => !pidAlive(info.pid) && !pidAlive(info.workerPid), 10_000, 'LibreOffice to exit after its parent died');

      // The dead engine's folder (profiles, scratch) is cleared by the next engine using the same tempDir.
      const [stale] = readdirSync(tempDir);
      assert.ok(stale?.startsWith('office-'));
      const next = createOfficeEngine({ workers: 1, mode: 'cold', log: captureLog(), tempDir });
      const live = readdirSync(tempDir);
      assert.equal(live.length, 1);
      assert.notEqual(live[0], stale);
      await next.close();
      assert.ok(existsSync(tempDir));
    });
  }
});
