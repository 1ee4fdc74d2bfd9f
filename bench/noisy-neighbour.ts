/**
 * Noisy neighbour: while 2 connections call the heaviest CPU tools in a loop (to-svg posterize, a large
 * text-stats, a large CSV → JSON, a 290 KB js-minifier input) with one key, another key calls reverse-text and a
 * client polls /healthz. Each cheap row is measured with and without the heavy load, in the same run.
 * Targets: cheap-call p99 under load <= 3x its p99 without load; /healthz p99 under load <= 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const here = import.meta.dirname;

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(here, 'servers/toolapi.ts')], {
    env: { ...process.env, PORT: '0', TOOLAPI_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8');
  for await (const chunk of child.stdout!) {
    output += chunk as string;
    const match = /listening on (http:\/\/\S+)/.exec(output);
    if (match?.[1]) return { url: match[1], child };
  }
  throw new Error(`the service did not start: ${output}`);
}

interface Latency {
  p50: number;
  p99: number;
  rps: number;
}

async function measure(url: string, init: { method?: 'POST'; body?: string; headers?: Record<string, string> } = {}, connections = 4): Promise<Latency> {
  const result = await autocannon({ url, connections, duration: SECONDS, ...init });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'toolapi-noisy-'));
const plans = path.join(dataDir, 'plans.json');
writeFileSync(plans, JSON.stringify({ free: { monthlyCredits: 1_000_000_000, ratePerMinute: 1_000_000_000, bulkUrlLimit: 5 } }));
const server = await startServer({ TOOLAPI_DATA_DIR: dataDir, TOOLAPI_PLANS: plans, TOOLAPI_OFFICE_WORKERS: '0' });
const heavyKey = readFileSync(path.join(dataDir, 'first-api-key.txt'), 'utf8').trim();
const created = (await (
  await fetch(`${server.url}/api/v1/api-keys`, {
    method: 'POST',
    headers: { 'x-api-key': heavyKey, 'content-type': 'application/json' },
    body: '{"name":"cheap"}',
  })
).json()) as { result: { key: string } };
const cheapKey = created.result.key;

// The heavy inputs: a 1200x900 photo-like JPEG, 900k characters of prose, a 5 MB CSV, 290 KB of JavaScript.
const pixels = Buffer.alloc(1200 * 900 * 3);
for (let i = 0, seed = 7; i < pixels.length; i++) {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  pixels[i] = ((i / 3) % 1200) / 5 + (seed % 60);
}
const photo = await sharp(pixels, { raw: { width: 1200, height: 900, channels: 3 } })
  .jpeg()
  .toBuffer();
const prose = 'The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs! '.repeat(10_500).slice(0, 900_000);
const csv = `id,name,amount,active\n${Array.from({ length: 120_000 }, (_, i) => `${i},"name ${i}, jr",${(i * 0.37).toFixed(2)},${i % 2 === 0}`).join('\n')}\n`;
const js = Array.from(
  { length: 2200 },
  (_, i) => `function add${i}(first, second) { const total = first + second; if (total > ${i}) { return total * 2; } return total; }`,
).join('\n');

const heavy: (() => Promise<Response>)[] = [
  () => {
    const form = new FormData();
    form.append('mode', 'posterize');
    form.append('steps', '5');
    form.append('image', new Blob([photo]), 'portrait.jpg');
    return fetch(`${server.url}/api/v1/convertors/to-svg`, { method: 'POST', headers: { 'x-api-key': heavyKey }, body: form });
  },
  () =>
    fetch(`${server.url}/api/v1/text-utilities/text-stats`, {
      method: 'POST',
      headers: { 'x-api-key': heavyKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: prose }),
    }),
  () => {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'big.csv');
    return fetch(`${server.url}/api/v1/web/csv-to-json`, { method: 'POST', headers: { 'x-api-key': heavyKey }, body: form });
  },
  () =>
    fetch(`${server.url}/api/v1/developer-apis/js-minifier`, {
      method: 'POST',
      headers: { 'x-api-key': heavyKey, 'content-type': 'application/json' },
      body: JSON.stringify({ code: js }),
    }),
];

const cheapBody = {
  method: 'POST' as const,
  body: JSON.stringify({ text: 'Hello, world! 👍🏽' }),
  headers: { 'content-type': 'application/json', 'x-api-key': cheapKey },
};
const cheapUrl = `${server.url}/api/v1/text-utilities/reverse-text`;
// Warm-up: the heavy tools once each (lazy modules, pool threads), the cheap rows for a second.
for (const call of heavy) {
  const response = await call();
  if (!response.ok) throw new Error(`heavy call failed: ${response.status} ${await response.text()}`);
}
await autocannon({ url: cheapUrl, connections: 4, duration: 1, ...cheapBody });

const quietCheap = await measure(cheapUrl, cheapBody);
const quietHealth = await measure(`${server.url}/healthz`, {}, 1);

let loading = true;
let heavyDone = 0;
let heavyFailed = 0;
const loops = [0, 1].map(async (offset) => {
  for (let i = offset; loading; i++) {
    const response = await heavy[i % heavy.length]!();
    await response.arrayBuffer();
    if (response.ok) heavyDone++;
    else heavyFailed++;
  }
});
await new Promise((resolve) => setTimeout(resolve, 1000));
const loadedCheap = await measure(cheapUrl, cheapBody);
const loadedHealth = await measure(`${server.url}/healthz`, {}, 1);
loading = false;
await Promise.all(loops);

server.child.kill('SIGTERM');
await once(server.child, 'exit');
rmSync(dataDir, { recursive: true, force: true });

const row = (name: string, m: Latency): string =>
  `${name.padEnd(40)} p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(6)} ms   ${m.rps.toFixed(0).padStart(6)} req/s`;
process.stdout.write(
  [
    `noisy neighbour: ${SECONDS} s per row; heavy load = 2 connections looping to-svg posterize (1200x900), text-stats (900k chars), csv-to-json (5 MB), js-minifier (290 KB)`,
    row('reverse-text, other key, no load', quietCheap),
    row('reverse-text, other key, heavy load', loadedCheap),
    row('/healthz, no load', quietHealth),
    row('/healthz, heavy load', loadedHealth),
    `heavy calls completed during the loaded rows: ${heavyDone} (${heavyFailed} refused or failed)`,
    `cheap p99 under load / without: ${(loadedCheap.p99 / Math.max(quietCheap.p99, 1)).toFixed(2)} (target <= 3)`,
    `/healthz p99 under load: ${loadedHealth.p99.toFixed(1)} ms (target <= 50 ms)`,
  ].join('\n') + '\n',
);
