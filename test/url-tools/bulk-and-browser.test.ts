import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { AuditJson as R } from '../helpers/audit-result.ts';
import { getTool, postTool, startSeoFixture, type SeoFixture } from './seo-server.ts';

let f: SeoFixture;
let o: string;
let canary: FixtureSite;
before(async () => {
  f = await startSeoFixture();
  o = f.site.origin;
  canary = await startSite({ '*': { body: 'canary' } }, { host: '127.0.0.2' });
});
after(async () => {
  await f?.close();
  await canary?.close();
});

describe('bulk-url-seo-auditor', () => {
  test('rows in input order, duplicates removed, a failing URL gets an error and the others succeed', async () => {
    const { status, body } = await postTool<R>(f.server, 'seo-apis/bulk-url-seo-auditor', {
      urls: [`${o}/`, `${o}/bare`, `http://127.0.0.2:${canary.port}/`],
      urlsText: `${o}/broken\n${o}/ , ${o}/about`,
    });
    assert.equal(status, 200, JSON.stringify(body));
    const r = body.result;
    assert.deepEqual(
      r.rows.map((x: R) => x.url),
      [`${o}/`, `${o}/bare`, `http://127.0.0.2:${canary.port}/`, `${o}/broken`, `${o}/about`],
    );
    const [home, bare, forbidden, broken, about] = r.rows as R[];
    assert.deepEqual(Object.keys(home!).slice(0, 9), ['url', 'httpStatus', 'title', 'metaDescription', 'canonical', 'h1', 'score', 'issues', 'error']);
    assert.equal(home!.httpStatus, 200);
    assert.equal(home!.title, 'Cold Brew Coffee Guide: How to Brew It at Home');
    assert.equal(home!.canonical, `${o}/`);
    assert.equal(home!.h1, 'Cold Brew Coffee Guide');
    assert.equal(home!.error, null);
    assert.equal(home!.score, 100);
    assert.ok(bare!.issues.includes('Missing title'));
    assert.equal(forbidden!.score, null);
    assert.match(forbidden!.error, /^forbidden_target: .*loopback/);
    assert.equal(broken!.httpStatus, 404);
    assert.ok(about!.score > 0);
    assert.equal(canary.connections, 0);
    assert.equal(r.summary.requested, 5);
    assert.equal(r.summary.failed, 1);
    assert.equal(r.summary.limit, 5);
    assert.ok(r.findings.some((x: R) => x.id === 'url-failed'));
    assert.ok(r.findings.some((x: R) => x.id === 'title-missing' && /1 of 4 URL/.test(x.evidence)));
  });

  test('more distinct URLs than the plan allows is a 400 naming the cap', async () => {
    const urls = Array.from({ length: 6 }, (_, i) => `${o}/p${i}`);
    const { status, body } = await postTool<R>(f.server, 'seo-apis/bulk-url-seo-auditor', { urls });
    assert.equal(status, 400);
    assert.equal(body.error, 'validation_failed');
    assert.match(body.detail ?? '', /^urls: the free plan audits at most 5 URLs per call \(got 6 distinct URLs\)/);
    const dupes = await postTool<R>(f.server, 'seo-apis/bulk-url-seo-auditor', { urls: [...urls.slice(0, 5), urls[0]] });
    assert.equal(dupes.status, 200);
    const none = await postTool<R>(f.server, 'seo-apis/bulk-url-seo-auditor', { urlsText: '  ' });
    assert.equal(none.status, 400);
    assert.match(none.body.detail ?? '', /^urls: give at least one URL/);
  });

  test('?format=markdown and ?format=json', async () => {
    const md = await f.server.post('/api/v1/seo-apis/bulk-url-seo-auditor?format=markdown', { urls: [`${o}/`, `${o}/bare`] });
    assert.equal(md.status, 200);
    assert.match(md.headers.get('content-type') ?? '', /text\/markdown/);
    const text = await md.text();
    assert.match(text, /^# Bulk URL SEO auditor\n/);
    assert.ok(text.includes(`## ${o}/bare`));
    assert.ok(text.includes('| high | Missing title (`title-missing`)'));
    const json = await f.server.post('/api/v1/seo-apis/bulk-url-seo-auditor?format=json', { urls: [`${o}/`] });
    const bare = (await json.json()) as R;
    assert.equal(bare.rows[0].url, `${o}/`);
    assert.equal(bare.status, undefined);
  });
});

/** A valid 2×2 24-bit BMP (uncompressed). */
function bmp2x2(): Buffer {
  const b = Buffer.alloc(70);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(70, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(16, 34);
  return b;
}

describe('page-speed-analyzer (headless Chromium)', () => {
  test('Debian chromium is installed (scripts/system-packages.txt; the bootstrap installs it)', () => {
    assert.ok(existsSync('/usr/bin/chromium'), '/usr/bin/chromium is missing');
  });

  test('measures a real page load and blocks private subresources', async () => {
    f.site.routes.set('/speed', {
      body: `<!doctype html><html><head><title>speed</title><link rel="stylesheet" href="/speed.css"></head><body><h1>Hello</h1><p>${'text '.repeat(200)}</p><img src="/tiny.bmp" width="2" height="2"><script src="/big.js"></script><img src="http://127.0.0.2:${canary.port}/x.png"><script>fetch('http://127.0.0.2:${canary.port}/api').catch(() => {});</script></body></html>`,
    });
    f.site.routes.set('/speed.css', { headers: { 'content-type': 'text/css' }, body: `body { color: #333; } ${'.a{margin:0}'.repeat(200)}` });
    f.site.routes.set('/tiny.bmp', { headers: { 'content-type': 'image/bmp' }, body: bmp2x2() });
    f.site.routes.set('/big.js', { headers: { 'content-type': 'application/javascript' }, body: `var big = "${'x'.repeat(200_000)}";` });
    const { status, body } = await getTool<R>(f.server, 'seo-apis/page-speed-analyzer', { url: `${o}/speed` });
    assert.equal(status, 200, JSON.stringify(body));
    const r = body.result;
    assert.equal(r.httpStatus, 200);
    assert.ok(r.metrics.ttfbMs !== null && r.metrics.ttfbMs >= 0);
    assert.ok(r.metrics.fcpMs !== null && r.metrics.fcpMs > 0, 'FCP measured');
    assert.ok(r.metrics.lcpMs !== null && r.metrics.lcpMs > 0, 'LCP measured');
    assert.ok(r.metrics.totalBytes > 200_000, JSON.stringify({ m: r.metrics, l: r.largestResources, f: r.failedRequests }));
    assert.ok(r.metrics.requests >= 3);
    assert.equal(r.largestResources[0].url, `${o}/big.js`);
    assert.ok(r.renderBlocking.some((x: R) => x.url === `${o}/speed.css`));
    assert.ok(r.uncompressedText.some((x: R) => x.url === `${o}/speed.css`));
    assert.ok(r.uncompressedImages.some((x: R) => x.url === `${o}/tiny.bmp`));
    assert.ok(r.uncompressedText.some((x: R) => x.url === `${o}/big.js`));
    assert.ok(
      r.blockedRequests.some((x: R) => x.url.startsWith(`http://127.0.0.2:${canary.port}/`)),
      JSON.stringify(r.blockedRequests),
    );
    assert.equal(canary.connections, 0, 'Chromium reached the forbidden address');
    assert.match(r.browser, /^Chromium /);
    assert.ok(r.findings.some((x: R) => x.id === 'image-format-inefficient'));
  });

  test('WebRTC cannot reach internal addresses: STUN to a loopback UDP listener receives nothing', async () => {
    const udp = createSocket('udp4');
    let packets = 0;
    udp.on('message', () => packets++);
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const port = udp.address().port;
    try {
      const ice = JSON.stringify([{ urls: [`stun:127.0.0.1:${port}`, `turn:127.0.0.1:${port}?transport=udp`], username: 'u', credential: 'p' }]);
      f.site.routes.set('/webrtc', {
        body: `<!doctype html><html><head><title>rtc</title></head><body><h1>rtc</h1><script>
          try {
            const pc = new RTCPeerConnection({ iceServers: ${ice} });
            pc.createDataChannel('x');
            pc.createOffer().then((offer) => pc.setLocalDescription(offer)).catch(() => {});
          } catch (e) {}
        </script><img src="/slow.bmp" width="2" height="2"></body></html>`,
      });
      // The page stays loading for a while, so ICE gathering has time to send its STUN requests.
      f.site.routes.set('/slow.bmp', (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/bmp' }).end(bmp2x2()), 1500);
      });
      const { status, body } = await getTool<R>(f.server, 'seo-apis/page-speed-analyzer', { url: `${o}/webrtc` });
      assert.equal(status, 200, JSON.stringify(body));
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(packets, 0, 'Chromium sent UDP to a loopback address');
    } finally {
      udp.close();
    }
  });

  test('a forbidden page is refused before the browser loads it', async () => {
    const { status, body } = await getTool<R>(f.server, 'seo-apis/page-speed-analyzer', { url: `http://127.0.0.2:${canary.port}/` });
    assert.equal(status, 400);
    assert.equal(body.error, 'forbidden_target');
    assert.equal(canary.connections, 0);
  });
});

describe('page-speed-analyzer without Chromium', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1', TOOLAPI_CHROMIUM_PATH: '/nonexistent/chromium', TOOLAPI_DNS_SERVERS: f.dns.address });
  });
  after(async () => {
    await server?.close();
  });
  test('answers engine_unavailable (501)', async () => {
    const { status, body } = await getTool<R>(server, 'seo-apis/page-speed-analyzer', { url: `${o}/` });
    assert.equal(status, 501);
    assert.equal(body.error, 'engine_unavailable');
    assert.match(body.detail ?? '', /Chromium/);
  });
});
