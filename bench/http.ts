/**
 * `npm run bench`: throughput and latency measured side by side on this machine, reported as ratios
 * against a baseline run in the same session (machines here are shared and noisy).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCluster } from '../test/helpers/cluster.ts';
import { createTestDatabase, startPostgres } from '../test/helpers/postgres.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Rows compared by a target ratio are measured in alternating turns of this many seconds (measureInTurns). */
const SLICE_S = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
/** Load before the turns are measured, per row. */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 4);
const here = import.meta.dirname;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU time (user + system, all its processes in `pids`) per request, in µs; undefined without /proc. */
  cpuPerRequest: number | undefined;
}

/**
 * CPU time of processes in µs, from /proc/<pid>/stat (utime and stime, fields 14 and 15, in clock ticks of
 * 10 ms on Linux). Throughput ratios move with the machine's load (the socket write's share grows with it);
 * CPU per request moves much less, so the bench reports both.
 */
function cpuMicros(pids: number[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return undefined;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * 10_000;
  }
  return total;
}

async function startServer(script: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(here, script)], {
    env: { ...process.env, PORT: '0', TOOLAPI_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8');
  for await (const chunk of child.stdout!) {
    output += chunk as string;
    const match = /listening on (http:\/\/\S+)/.exec(output);
    if (match?.[1]) return { url: match[1], child };
  }
  throw new Error(`${script} did not start: ${output}`);
}

interface Target {
  url: string;
  pids: number[];
  body?: string;
  headers?: Record<string, string>;
}

async function slice(target: Target, duration: number): Promise<{ requests: number; seconds: number; cpu: number | undefined; p50: number; p99: number }> {
  const options = {
    url: target.url,
    connections: CONNECTIONS,
    duration,
    ...(target.body ? { method: 'POST' as const, body: target.body, headers: { 'content-type': 'application/json', ...target.headers } } : {}),
  };
  const cpuBefore = cpuMicros(target.pids);
  const started = process.hrtime.bigint();
  const result = await autocannon(options);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = cpuMicros(target.pids);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { requests: result.requests.total, seconds, cpu, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Measures the targets in turns of SLICE_S seconds, round after round, so that every row sees the same moments of
 * this shared machine's load: a row measured alone for 8 s can catch a quiet spell its baseline did not.
 * Throughput is all requests over all turns' time; latency the median of the turns'.
 */
async function measureInTurns<T extends Target[]>(targets: [...T]): Promise<{ [K in keyof T]: Measured }> {
  // Warm-up until the JIT has compiled the hot path: after 1 s the pipeline's first 2 s turn still cost about 1.5 times
  // its later turns (the bare server's, 1.3 times), so a 1 s warm-up weighed on the rows with more code.
  for (const target of targets) await slice(target, WARMUP_S);
  const turns: Awaited<ReturnType<typeof slice>>[][] = targets.map(() => []);
  const rounds = Math.max(1, Math.round(DURATION_S / SLICE_S));
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) turns[index]!.push(await slice(target, SLICE_S));
  }
  return turns.map((list) => {
    const requests = list.reduce((sum, turn) => sum + turn.requests, 0);
    const seconds = list.reduce((sum, turn) => sum + turn.seconds, 0);
    const cpus = list.map((turn) => turn.cpu);
    const cpu = cpus.every((value) => value !== undefined) ? cpus.reduce((sum, value) => sum + value, 0) : undefined;
    return {
      rps: requests / seconds,
      p50: median(list.map((turn) => turn.p50)),
      p99: median(list.map((turn) => turn.p99)),
      cpuPerRequest: cpu === undefined ? undefined : cpu / requests,
    };
  }) as { [K in keyof T]: Measured };
}

async function measure(target: Target): Promise<Measured> {
  const [measured] = await measureInTurns([target]);
  return measured;
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

function row(name: string, m: Measured): string {
  const cpu = m.cpuPerRequest === undefined ? '' : `   server CPU ${m.cpuPerRequest.toFixed(0).padStart(5)} µs/req`;
  return `${name.padEnd(52)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(6)} ms${cpu}`;
}

/** The same ratio by server CPU per request (the inverse: less CPU per request is more throughput). */
function cpuRatio(numerator: Measured, denominator: Measured): string {
  if (numerator.cpuPerRequest === undefined || denominator.cpuPerRequest === undefined) return '';
  return `; by server CPU ${(denominator.cpuPerRequest / numerator.cpuPerRequest).toFixed(2)}`;
}

const rows: string[] = [];
const ratios: string[] = [];

const toolBody = JSON.stringify({ text: 'Hello, world! 👍🏽' });
const toolPath = '/api/v1/text-utilities/reverse-text';
// Rows a, a', b and c run side by side, measured in alternating turns: their ratios are the targets.
const bare = await startServer('servers/bare-fastify.ts');
const unkeyedServer = await startServer('servers/toolapi-unkeyed.ts');
// The keyed service on a fresh SQLite data dir with a plan roomy enough for the whole run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'toolapi-bench-'));
const plans = path.join(dataDir, 'plans.json');
writeFileSync(plans, JSON.stringify({ free: { monthlyCredits: 1_000_000_000, ratePerMinute: 1_000_000_000, bulkUrlLimit: 5 } }));
// No LibreOffice pool: its start-up would compete for the CPU this row measures.
const keyedServer = await startServer('servers/toolapi.ts', { TOOLAPI_DATA_DIR: dataDir, TOOLAPI_PLANS: plans, TOOLAPI_OFFICE_WORKERS: '0' });
const key = readFileSync(path.join(dataDir, 'first-api-key.txt'), 'utf8').trim();
const [bareGet, barePost, pipeline, keyed] = await measureInTurns([
  { url: `${bare.url}/hello`, pids: [bare.child.pid!] },
  { url: `${bare.url}/hello`, pids: [bare.child.pid!], body: toolBody },
  { url: `${unkeyedServer.url}${toolPath}`, pids: [unkeyedServer.child.pid!], body: toolBody },
  { url: `${keyedServer.url}${toolPath}`, pids: [keyedServer.child.pid!], body: toolBody, headers: { 'x-api-key': key } },
]);
await Promise.all([stop(bare.child), stop(unkeyedServer.child), stop(keyedServer.child)]);

// The same keyed service on PostgreSQL (one instance), then three instances behind HAProxy (docs/deploy.md).
const postgres = await startPostgres();
process.env.TOOLAPI_TEST_PG_URL = postgres.url;
const pgDataDir = mkdtempSync(path.join(tmpdir(), 'toolapi-bench-pg-'));
const pgEnv = { TOOLAPI_DATABASE_URL: await createTestDatabase('bench'), TOOLAPI_PLANS: plans, TOOLAPI_OFFICE_WORKERS: '0' };
const pgServer = await startServer('servers/toolapi.ts', { ...pgEnv, TOOLAPI_DATA_DIR: pgDataDir });
const pgKey = readFileSync(path.join(pgDataDir, 'first-api-key.txt'), 'utf8').trim();
const keyedPg = await measure({ url: `${pgServer.url}${toolPath}`, pids: [pgServer.child.pid!], body: toolBody, headers: { 'x-api-key': pgKey } });
await stop(pgServer.child);
rmSync(pgDataDir, { recursive: true, force: true });
const cluster = await startCluster({ databaseUrl: await createTestDatabase('bench_cluster'), env: { TOOLAPI_PLANS: plans } });
const clusterKey = /tk_[A-Za-z0-9_-]+/.exec(cluster.instances.map((i) => i.process?.stdout() ?? '').join('\n'))?.[0] ?? '';
// The three instances' CPU: like every row's, only the toolapi processes' (PostgreSQL and HAProxy are not counted).
const clusterPids = cluster.instances.flatMap((instance) => (instance.process?.child.pid ? [instance.process.child.pid] : []));
const keyedCluster = await measure({ url: `${cluster.url}${toolPath}`, pids: clusterPids, body: toolBody, headers: { 'x-api-key': clusterKey } });
await cluster.stop();
postgres.stop();
rmSync(dataDir, { recursive: true, force: true });

rows.push(
  row('(a) bare Fastify hello-world, GET', bareGet),
  row("(a') bare Fastify hello-world, same POST body", barePost),
  row('(b) reverse-text, full pipeline, auth off', pipeline),
  row('(c) reverse-text, keyed (SQLite credits)', keyed),
  row('(d) reverse-text, keyed (PostgreSQL, 1 instance)', keyedPg),
  row('(e) reverse-text, keyed (HAProxy, 3 on PostgreSQL)', keyedCluster),
);
ratios.push(
  `pipeline / bare POST hello (b/a'): ${(pipeline.rps / barePost.rps).toFixed(2)} (target >= 0.6)${cpuRatio(pipeline, barePost)}`,
  `pipeline / bare GET hello  (b/a):  ${(pipeline.rps / bareGet.rps).toFixed(2)} (includes JSON body parsing)${cpuRatio(pipeline, bareGet)}`,
  `keyed / unkeyed            (c/b):  ${(keyed.rps / pipeline.rps).toFixed(2)} (target >= 0.75)${cpuRatio(keyed, pipeline)}`,
  `PostgreSQL / SQLite keyed  (d/c):  ${(keyedPg.rps / keyed.rps).toFixed(2)} (target >= 0.5)${cpuRatio(keyedPg, keyed)}`,
  `HAProxy x3 / SQLite keyed  (e/c):  ${(keyedCluster.rps / keyed.rps).toFixed(2)} (three instances share this machine's 2 cores)${cpuRatio(keyedCluster, keyed)}`,
);

process.stdout.write(
  `\nbench: ${CONNECTIONS} connections, ${DURATION_S} s per row (rows a to c in alternating turns of ${SLICE_S} s), node ${process.version}\n`,
);
process.stdout.write(`${rows.join('\n')}\n\n${ratios.join('\n')}\n`);
