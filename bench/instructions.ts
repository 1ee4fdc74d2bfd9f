/**
 * `npm run bench -- instructions`: CPU instructions per request, counted by callgrind (Debian `valgrind`), for the
 * bare Fastify POST, the unkeyed pipeline and the keyed service on SQLite (rows a', b and c of bench/http.ts).
 * Unlike req/s or CPU time, the
 * count does not move with the machine's load, so a change to the hot path can be judged on a busy machine.
 * Each server runs under callgrind with instrumentation off; after a warm-up (the JIT has compiled the hot
 * path) it is switched on for a fixed number of requests. Garbage collection and compilation are reported
 * apart: under callgrind's slowness V8 collects at other moments than it does at full speed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 3000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const body = JSON.stringify({ text: 'Hello, world! 👍🏽' });
const here = import.meta.dirname;

/** V8's and the allocator's collector and compilers, by C++ symbol: what is not the request's own work. */
const GC_OR_COMPILER =
  /Mark|Sweep|Scaveng|Evacuat|RememberedSet|ActiveSystemPages|SizeFromMap|popcount|IterateObjectCache|RootVisitor|SlotSet|OnMoveEvent|RecordMigrated|Visitor|Heap::|heap::|MemoryAllocator|PagedSpace|Compaction|GCTracer|Worklist|FreeList|compiler::|Compile|Maglev|Deoptimizer|RelocIterator|Assembler|Zone::/;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  process.stderr.write('valgrind is not installed: apt-get install valgrind\n');
  process.exit(1);
}

async function count(label: string, script: string, route: string, keyed = false): Promise<{ total: number; own: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-callgrind-'));
  // The keyed service: its own data dir, and a plan whose rate and credits the run never reaches.
  const plans = path.join(dir, 'plans.json');
  writeFileSync(plans, JSON.stringify({ free: { monthlyCredits: 1e9, ratePerMinute: 1e9, bulkUrlLimit: 5 } }));
  const service = { TOOLAPI_DATA_DIR: path.join(dir, 'data'), TOOLAPI_PLANS: plans, TOOLAPI_OFFICE_WORKERS: '0' };
  const child: ChildProcess = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${dir}/out.%p`, process.execPath, path.join(here, script)],
    { env: { ...process.env, PORT: '0', TOOLAPI_LOG_LEVEL: 'warn', ...(keyed ? service : {}) }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let output = '';
  child.stdout!.setEncoding('utf8');
  let url: string | undefined;
  for await (const chunk of child.stdout!) {
    output += chunk as string;
    url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (url) break;
  }
  if (!url) throw new Error(`${script} did not start: ${output}`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (keyed) headers['x-api-key'] = readFileSync(path.join(service.TOOLAPI_DATA_DIR, 'first-api-key.txt'), 'utf8').trim();
  const load = (amount: number) => autocannon({ url: url + route, connections: 8, amount, method: 'POST', body, headers });
  await load(WARMUP);
  spawnSync('callgrind_control', ['-i', 'on', String(child.pid)]);
  const result = await load(REQUESTS);
  spawnSync('callgrind_control', ['-d', String(child.pid)]);
  child.kill('SIGKILL');
  await once(child, 'exit');
  if (result.non2xx > 0) throw new Error(`${label}: ${result.non2xx} answers were not 2xx`);
  const dump = readdirSync(dir).find((name) => name.endsWith('.1'));
  if (!dump) throw new Error(`${label}: callgrind wrote no dump`);
  const annotated = spawnSync('callgrind_annotate', ['--threshold=100', path.join(dir, dump)], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
  rmSync(dir, { recursive: true, force: true });
  let total = 0;
  let gc = 0;
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \([ \d.]+%\)\s+(.*)$/.exec(line);
    if (!match?.[1] || !match[2] || match[2].includes('PROGRAM TOTALS')) continue;
    const instructions = Number(match[1].replaceAll(',', ''));
    total += instructions;
    if (GC_OR_COMPILER.test(match[2])) gc += instructions;
  }
  return { total: total / REQUESTS, own: (total - gc) / REQUESTS };
}

// One after the other: callgrind runs one thread at a time, and the two do not share anything.
const bare = await count('bare', 'servers/bare-fastify.ts', '/hello');
const pipeline = await count('pipeline', 'servers/toolapi-unkeyed.ts', '/api/v1/text-utilities/reverse-text');
const keyed = await count('keyed', 'servers/toolapi.ts', '/api/v1/text-utilities/reverse-text', true);
const k = (n: number) => `${(n / 1000).toFixed(1)}k`;
process.stdout.write(
  [
    `instructions per request (${REQUESTS} requests after ${WARMUP} to warm up), without GC and compilation / all:`,
    `  (a') bare Fastify POST:               ${k(bare.own)} / ${k(bare.total)}`,
    `  (b)  reverse-text, pipeline, no auth: ${k(pipeline.own)} / ${k(pipeline.total)}`,
    `  (c)  reverse-text, keyed, SQLite:     ${k(keyed.own)} / ${k(keyed.total)}`,
    `  bare / pipeline: ${(bare.own / pipeline.own).toFixed(2)} (target >= 0.6 for req/s)`,
    `  pipeline / keyed: ${(pipeline.own / keyed.own).toFixed(2)} (target >= 0.75 for req/s)`,
    '',
  ].join('\n'),
);
