import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { startSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';

/** Hostile servers end within the caps (1.5 s, 256 KB, 5 redirects here) with a clear error, and other calls are served meanwhile. */
let server: TestServer;
let site: FixtureSite;
const TIMEOUT_MS = 1500;
const open: http.ServerResponse[] = [];

before(async () => {
  site = await startSite({
    '/fine': { body: '<html><head><title>fine</title></head><body>ok</body></html>' },
    // Slow-loris: the status line and one header, then nothing, forever.
    '/slow-headers': (req) => {
      req.socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n');
    },
    // Headers at once, then a trickle of body that never ends.
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
      const timer = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(timer));
      open.push(res);
    },
    // An endless body, as fast as the socket takes it.
    '/endless': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = (): void => {
        while (res.write(chunk)) {
          /* keep writing until the buffer is full */
        }
      };
      res.on('drain', pump);
      pump();
    },
    // A gzip bomb: 20 MB of zeros in about 20 KB; the cap counts decoded bytes.
    '/bomb': { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(20 * 1024 * 1024)) },
  });
  for (let i = 0; i < 10; i++) site.routes.set(`/loop${i}`, { status: 302, headers: { location: `/loop${(i + 1) % 10}` } });
  server = await startTestServer({
    TOOLAPI_FETCH_ALLOW: '127.0.0.1',
    TOOLAPI_FETCH_TIMEOUT_MS: String(TIMEOUT_MS),
    TOOLAPI_FETCH_MAX_BYTES: String(256 * 1024),
  });
});

after(async () => {
  for (const r of open) r.destroy();
  await server.close();
  await site.close();
});

async function status(
  path: string,
  tool = 'seo-apis/http-status-checker',
): Promise<{ code: number; body: { error?: string; detail?: string; result?: { status?: number } }; ms: number }> {
  const t0 = Date.now();
  const response = await server.get(`/api/v1/${tool}?url=${encodeURIComponent(site.origin + path)}`);
  return { code: response.status, body: (await response.json()) as { error?: string; detail?: string }, ms: Date.now() - t0 };
}

test('slow-loris headers, a trickling body, an endless body and a 10-hop loop each fail within the caps while other calls are served', async () => {
  // The status checker reads at most 5 MB of a body and keeps it; a page analyser needs the whole page, so the endless body goes there.
  const hostile = Promise.all([
    status('/slow-headers'),
    status('/slow-body', 'seo-apis/meta-tags-analyzer'),
    status('/endless', 'seo-apis/meta-tags-analyzer'),
    status('/loop0'),
  ]);
  // Meanwhile, ordinary calls are answered promptly.
  await new Promise((r) => setTimeout(r, 200));
  const t0 = Date.now();
  const fine = await status('/fine');
  assert.equal(fine.code, 200);
  assert.equal(fine.body.result?.status, 200);
  assert.ok(Date.now() - t0 < 1000, `an ordinary call took ${Date.now() - t0} ms while hostile ones were running`);

  const [slowHeaders, slowBody, endless, loop] = await hostile;
  assert.equal(slowHeaders.code, 503);
  assert.equal(slowHeaders.body.error, 'timeout');
  assert.match(slowHeaders.body.detail ?? '', /did not answer completely within 1500 ms/);
  assert.ok(slowHeaders.ms < TIMEOUT_MS + 1500, `slow-loris took ${slowHeaders.ms} ms`);

  assert.equal(slowBody.body.error, 'timeout');
  assert.ok(slowBody.ms < TIMEOUT_MS + 1500, `slow body took ${slowBody.ms} ms`);

  assert.equal(endless.code, 502);
  assert.equal(endless.body.error, 'upstream_failed');
  assert.match(endless.body.detail ?? '', /more than 262,144 bytes/);

  assert.equal(loop.code, 502);
  assert.equal(loop.body.error, 'upstream_failed');
  assert.match(loop.body.detail ?? '', /more than 5 redirects/);
  // The loop was stopped after 6 requests (the first and 5 redirects), not left running.
  assert.equal(site.requests.filter((r) => r.startsWith('GET /loop')).length, 6);
});

test('a gzip bomb stops at the size cap of decoded bytes', async () => {
  const bomb = await status('/bomb', 'seo-apis/meta-tags-analyzer');
  assert.equal(bomb.code, 502);
  assert.match(bomb.body.detail ?? '', /more than 262,144 bytes/);
});

test('a client that goes away stops the work: the page fetch it started is closed, not left to its timeout', async () => {
  // A service whose fetch deadline (60 s) is far beyond this test: only the client leaving can end the fetch early.
  const patient = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1', TOOLAPI_FETCH_TIMEOUT_MS: '60000' });
  try {
    let reached!: () => void;
    const fetchArrived = new Promise<void>((resolve) => (reached = resolve));
    let closed!: () => void;
    const fetchClosed = new Promise<void>((resolve) => (closed = resolve));
    // Answers nothing, ever: the tool's fetch waits until someone gives up.
    site.routes.set('/never', (req) => {
      req.socket.once('close', () => closed());
      reached();
    });
    const client = new AbortController();
    const call = fetch(`${patient.url}/api/v1/seo-apis/http-status-checker?url=${encodeURIComponent(`${site.origin}/never`)}`, {
      headers: { 'x-api-key': patient.key },
      signal: client.signal,
    });
    await fetchArrived;
    client.abort();
    await assert.rejects(call);
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'still open'>((resolve) => (timer = setTimeout(() => resolve('still open'), 20_000)));
    assert.equal(await Promise.race([fetchClosed.then(() => 'closed' as const), gaveUp]), 'closed');
    clearTimeout(timer);
    // The abort it caused is not a fault of the service: logged as the client's leaving, never at error level.
    const lines = (): Array<{ level: number; msg: string }> => patient.logs.map((line) => JSON.parse(line) as { level: number; msg: string });
    for (let waited = 0; !lines().some((line) => line.msg === 'client went away before the answer'); waited += 20) {
      assert.ok(waited < 10_000, 'the server never logged the client leaving');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(
      lines().filter((line) => line.level >= 50),
      [],
    );
    // Counted as nginx counts it (499, the client closed the request), not as a 5xx of the service.
    const metrics = await (await fetch(`${patient.url}/metrics`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).text();
    assert.match(metrics, /toolapi_http_errors_total\{status="499",error="client_closed"\} 1/);
    assert.doesNotMatch(metrics, /toolapi_http_errors_total\{status="5\d\d"/);
  } finally {
    await patient.close();
  }
});
