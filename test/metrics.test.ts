import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { createService } from '../src/server.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './helpers/server.ts';

/**
 * GET /metrics (docs/architecture.md, "Metrics"): the Prometheus text format, scraped before and after real calls,
 * so each series is checked by how much it moved. Only the admin token may scrape.
 */
let server: TestServer;
before(async () => {
  // The production default: LibreOffice starts with the service, so its pool is there to be exposed.
  server = await startTestServer({ TOOLAPI_OFFICE_START: 'boot' });
});
after(async () => {
  await server.close();
});

const TOOL = '/api/v1/text-utilities/reverse-text';
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

type Samples = Map<string, number>;

/** One sample per line: `name{label="value",…} number` (labels sorted here, so lookups need not know their order). */
function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(match, `a sample line: ${line}`);
    const [, name, labelText = '', value] = match;
    const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k!, v!]));
    samples.set(seriesKey(name!, labels), Number(value));
  }
  return samples;
}

function seriesKey(name: string, labels: Record<string, string> = {}): string {
  const pairs = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  return `${name}{${pairs.map(([k, v]) => `${k}="${v}"`).join(',')}}`;
}

async function scrapeText(): Promise<string> {
  const response = await server.get('/metrics', ADMIN);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return response.text();
}

const scrape = async (): Promise<Samples> => parseMetrics(await scrapeText());

/** How much a series moved between two scrapes (a series not there yet counts as 0). */
function delta(before: Samples, after: Samples, name: string, labels: Record<string, string> = {}): number {
  const key = seriesKey(name, labels);
  return (after.get(key) ?? 0) - (before.get(key) ?? 0);
}

test('requests, latency, tool calls, credits and errors move by exactly the calls made', async () => {
  const before = await scrape();
  assert.equal((await server.post(TOOL, { text: 'abc' })).status, 200);
  const bad = await server.post(TOOL, { text: 42 });
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { error: string }).error, 'validation_failed');
  assert.equal((await server.post('/api/v1/text-utilities/reverse-txt', { text: 'a' })).status, 404);
  const after = await scrape();

  const route = { method: 'POST', route: TOOL };
  assert.equal(delta(before, after, 'toolapi_http_requests_total', { ...route, status: '200' }), 1);
  assert.equal(delta(before, after, 'toolapi_http_requests_total', { ...route, status: '400' }), 1);
  assert.equal(
    delta(before, after, 'toolapi_http_requests_total', { method: 'POST', route: 'unmatched', status: '404' }),
    1,
    'a 404 is counted without its URL',
  );
  assert.ok(
    (after.get(seriesKey('toolapi_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })) ?? 0) >= 1,
    'the first scrape is counted',
  );

  assert.equal(delta(before, after, 'toolapi_http_errors_total', { status: '400', error: 'validation_failed' }), 1);
  assert.equal(delta(before, after, 'toolapi_http_errors_total', { status: '404', error: 'not_found' }), 1);

  // Both tool requests (200 and 400) are timed under their module; the 404 is not a tool route.
  assert.equal(delta(before, after, 'toolapi_http_request_duration_seconds_count', { module: 'text-utilities' }), 2);
  assert.equal(delta(before, after, 'toolapi_http_request_duration_seconds_bucket', { module: 'text-utilities', le: '+Inf' }), 2);
  assert.ok(delta(before, after, 'toolapi_http_request_duration_seconds_sum', { module: 'text-utilities' }) > 0);

  const tool = { module: 'text-utilities', tool: 'reverse-text' };
  assert.equal(delta(before, after, 'toolapi_tool_calls_total', { ...tool, outcome: 'ok' }), 1);
  assert.equal(delta(before, after, 'toolapi_tool_calls_total', { ...tool, outcome: 'error' }), 1, 'the 400 was admitted, then refunded');
  const cost = server.service.registry.byPath(TOOL)?.cost;
  assert.ok(cost !== undefined && cost > 0);
  assert.equal(delta(before, after, 'toolapi_credits_spent_total', tool), cost, 'only the successful call spends credits');
});

test('engine pools, the event loop and the process defaults are exposed', async () => {
  const samples = await scrape();
  for (const engine of ['libreoffice', 'chromium', 'cpu']) {
    assert.ok((samples.get(seriesKey('toolapi_engine_pool_size', { engine })) ?? 0) >= 1, `${engine} pool size`);
    assert.equal(samples.get(seriesKey('toolapi_engine_busy', { engine })), 0, `${engine} idle`);
    assert.equal(samples.get(seriesKey('toolapi_engine_queue_depth', { engine })), 0, `${engine} queue empty`);
  }
  assert.ok((samples.get(seriesKey('toolapi_engine_pool_size', { engine: 'cpu' })) ?? 0) >= 2, 'at least 2 CPU threads');
  assert.equal(samples.get(seriesKey('toolapi_engine_pool_size', { engine: 'chromium' })), 2);
  for (const name of [
    'nodejs_eventloop_lag_seconds',
    'nodejs_eventloop_lag_p99_seconds',
    'process_cpu_user_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_heap_size_used_bytes',
  ]) {
    assert.ok(samples.has(seriesKey(name)), name);
  }
});

test('engine queue waits: each job a pool starts is timed from its queue to its start', async () => {
  const office = server.service.engines.office;
  assert.ok(office, 'the LibreOffice pool');
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-metrics-office-'));
  try {
    const before = await scrape();
    // Three calls of a tool that always runs in the CPU pool, and one LibreOffice conversion.
    const css = '/api/v1/developer-apis/css-formatter';
    const answers = await Promise.all([1, 2, 3].map((n) => server.post(css, { css: `a{margin:${n}px}` })));
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    writeFileSync(path.join(dir, 'sheet.csv'), 'a,b\n1,2\n');
    await office.convert({ input: path.join(dir, 'sheet.csv'), outputDir: path.join(dir, 'out'), format: 'xlsx' });
    const after = await scrape();
    const count = (engine: string) => delta(before, after, 'toolapi_engine_queue_wait_seconds_count', { engine });
    assert.equal(count('cpu'), 3, 'one wait per CPU task');
    assert.equal(count('libreoffice'), 1, 'one wait per conversion');
    assert.equal(delta(before, after, 'toolapi_engine_queue_wait_seconds_bucket', { engine: 'cpu', le: '+Inf' }), 3);
    assert.ok(delta(before, after, 'toolapi_engine_queue_wait_seconds_sum', { engine: 'libreoffice' }) >= 0);
    // Drained when scraped: a second scrape without new jobs sees the same counts.
    const again = await scrape();
    assert.equal(delta(after, again, 'toolapi_engine_queue_wait_seconds_count', { engine: 'cpu' }), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('async runs: accepted and finished by status', async () => {
  const before = await scrape();
  const accepted = await server.post(TOOL, { text: 'later' }, { prefer: 'respond-async' });
  assert.equal(accepted.status, 202);
  const location = accepted.headers.get('location')!;
  let after = before;
  for (let i = 0; i < 200; i++) {
    const job = (await (await server.get(location)).json()) as { result: { state: string } };
    if (job.result.state !== 'running') {
      assert.equal(job.result.state, 'succeeded');
      after = await scrape();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(delta(before, after, 'toolapi_runs_accepted_total', { kind: 'tool_call' }), 1);
  assert.equal(delta(before, after, 'toolapi_runs_finished_total', { status: 'completed' }), 1);
  assert.equal(
    delta(before, after, 'toolapi_tool_calls_total', { module: 'text-utilities', tool: 'reverse-text', outcome: 'ok' }),
    1,
    'the job ran through the pipeline',
  );
});

test('no API key, no raw URL and no query string ever appears in the output', async () => {
  const marker = 'query-marker-7f3a';
  assert.equal((await server.get(`/api/v1/text-utilities/catalog?token=${marker}`)).status, 200);
  await server.post(`/api/v1/no-such-module/x?secret=${marker}`, { text: 'a' });
  const text = await scrapeText();
  assert.ok(!text.includes(server.key), 'no API key');
  assert.ok(!text.includes(marker), 'no query string');
  assert.ok(!text.includes('no-such-module') && !text.includes('reverse-txt'), 'no raw URL of an unmatched request');
  for (const [, value] of text.matchAll(/="((?:[^"\\]|\\.)*)"/g)) assert.ok(!value!.includes('?'), `label value without a query: ${value}`);
  const samples = parseMetrics(text);
  assert.ok((samples.get(seriesKey('toolapi_http_requests_total', { method: 'GET', route: '/api/v1/text-utilities/catalog', status: '200' })) ?? 0) >= 1);
});

test('only the admin token scrapes: 401 without it or with another secret', async () => {
  for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: `Bearer ${server.key}` }]) {
    const response = await fetch(`${server.url}/metrics`, { headers });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('www-authenticate'), 'Bearer');
    const body = (await response.json()) as { error: string; detail: string };
    assert.equal(body.error, 'unauthorized');
    assert.match(body.detail, /Bearer <TOOLAPI_ADMIN_TOKEN>/);
  }
});

test('the route is in the OpenAPI document', async () => {
  const document = (await (await server.get('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  assert.ok(document.paths['/metrics']?.get, 'GET /metrics is documented');
});

test('without TOOLAPI_ADMIN_TOKEN: 403 saying how to turn it on (a second service in the same process keeps its own registry)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolapi-metrics-'));
  const config = loadConfig({ TOOLAPI_DATA_DIR: dataDir, PORT: '0', TOOLAPI_OFFICE_WORKERS: '0', TOOLAPI_LOG_LEVEL: 'silent' });
  const service = await createService(config, createLogger('silent'));
  try {
    const response = await service.app.inject({ method: 'GET', url: '/metrics', headers: ADMIN });
    assert.equal(response.statusCode, 403);
    const body = response.json<{ error: string; detail: string }>();
    assert.equal(body.error, 'forbidden');
    assert.match(body.detail, /TOOLAPI_ADMIN_TOKEN/);
    // The first service still scrapes, unaffected by the second.
    assert.match(await scrapeText(), /^toolapi_http_requests_total\{/m);
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
