import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { asToolError } from '../../core/errors.ts';
import { createDnsEngine } from '../dns/resolver.ts';
import { classifyAddress } from './address-policy.ts';
import { createFetchEngine, type FetchEngine, type FetchResult } from './fetcher.ts';
import type { TestDnsServer } from '../../../test/helpers/dns-server.ts';
import { startSite, type FixtureSite } from '../../../test/helpers/fixture-site.ts';
import { startUrlEngines, type UrlEngines } from '../../../test/helpers/url-engines.ts';

/**
 * SSRF: with TOOLAPI_FETCH_ALLOW=127.0.0.1 only that exact address is reachable, through the engine as every
 * URL tool fetches (`session(signal).fetch`, as http-status-checker calls it). Canary listeners on
 * 127.0.0.2, on ::1 and on a port of 127.0.0.1 reached only through forbidden spellings (0.0.0.0,
 * localhost, ::ffff:127.0.0.1) count the connections that arrive: every attempt must be refused with
 * `forbidden_target` and no connection may arrive. Forms that could route off this machine (10/8,
 * 169.254.169.254, NAT64, 6to4…) are checked with the engine's resolve+classify step, which never connects.
 */
let dns: TestDnsServer;
let urls: UrlEngines;
let fetcher: FetchEngine;
let allowed: FixtureSite; // 127.0.0.1:PA, the one allowed host
let canary2: FixtureSite; // 127.0.0.2:P2
let canary2SamePort: FixtureSite; // 127.0.0.2:PA, for rebinding
let canaryLocal: FixtureSite; // 127.0.0.1:PC, reached only via forbidden spellings
let canary6: FixtureSite; // [::1]:P6

before(async () => {
  allowed = await startSite({ '/': { body: '<html><head><title>allowed</title></head><body>ok</body></html>' } });
  canary2 = await startSite({ '*': { body: 'canary' } }, { host: '127.0.0.2' });
  canary2SamePort = await startSite({ '*': { body: 'canary' } }, { host: '127.0.0.2', port: allowed.port });
  canaryLocal = await startSite({ '*': { body: 'canary' } });
  canary6 = await startSite({ '*': { body: 'canary' } }, { host: '::1' });
  const redirect = (location: string) => ({ status: 302, headers: { location } });
  allowed.routes.set('/to-127002', redirect(`http://127.0.0.2:${canary2.port}/`));
  allowed.routes.set('/to-decimal', redirect(`http://2130706434:${canary2.port}/`));
  allowed.routes.set('/to-localhost', redirect(`http://localhost:${canaryLocal.port}/`));
  allowed.routes.set('/to-mapped', redirect(`http://[::ffff:127.0.0.2]:${canary2.port}/`));
  allowed.routes.set('/to-name', redirect(`http://evil.test:${canary2.port}/`));
  allowed.routes.set('/to-ipv6', redirect(`http://[::1]:${canary6.port}/`));
  allowed.routes.set('/hop1', redirect('/hop2'));
  allowed.routes.set('/hop2', redirect(`http://0x7f.0.0.2:${canary2.port}/`));
  urls = await startUrlEngines(
    {
      'evil.test': [{ type: 'A', data: '127.0.0.2' }],
      'evil6.test': [{ type: 'AAAA', data: '::1' }],
      'mapped.test': [{ type: 'AAAA', data: '::ffff:127.0.0.2' }],
      'zero.test': [{ type: 'A', data: '0.0.0.0' }],
      'mixed.test': [
        { type: 'A', data: '127.0.0.1' },
        { type: 'A', data: '127.0.0.2' },
      ],
      'good.test': [{ type: 'A', data: '127.0.0.1' }],
      // First answer is the allowed address, every later one a forbidden address: a rebinding attack.
      'rebind.test': (n, type) => (type === 'A' ? [{ type: 'A', data: n <= 1 ? '127.0.0.1' : '127.0.0.2' }] : []),
    },
    { timeoutMs: 3000 },
  );
  dns = urls.dns;
  fetcher = urls.engines.fetch!;
});

after(async () => {
  for (const s of [allowed, canary2, canary2SamePort, canaryLocal, canary6]) await s.close();
  await urls.close();
});

/** One fetch as a URL tool makes it: the response, or the refusal with the status, code and detail its envelope would carry. */
async function check(url: string): Promise<{ status: number; body: { error?: string; detail?: string; result?: FetchResult } }> {
  try {
    return { status: 200, body: { result: await fetcher.session(AbortSignal.timeout(10_000)).fetch(url, { truncate: true }) } };
  } catch (error) {
    const e = asToolError(error);
    return { status: e.status, body: { error: e.code, detail: e.detail } };
  }
}

function noCanaryHit(): void {
  assert.equal(canary2.connections, 0, '127.0.0.2 canary received a connection');
  assert.equal(canary2SamePort.connections, 0, '127.0.0.2 (same port) canary received a connection');
  assert.equal(canaryLocal.connections, 0, '127.0.0.1 canary received a connection');
  assert.equal(canary6.connections, 0, '::1 canary received a connection');
}

describe('SSRF bypass attempts are refused with forbidden_target and never connect', () => {
  const attempts: Array<[string, () => string]> = [
    ['plain 127.0.0.2', () => `http://127.0.0.2:${canary2.port}/`],
    ['decimal 2130706434', () => `http://2130706434:${canary2.port}/`],
    ['octal 0177.0.0.2', () => `http://0177.0.0.2:${canary2.port}/`],
    ['hex dotted 0x7f.0.0.2', () => `http://0x7f.0.0.2:${canary2.port}/`],
    ['hex 0x7f000002', () => `http://0x7f000002:${canary2.port}/`],
    ['octal whole 017700000002', () => `http://017700000002:${canary2.port}/`],
    ['short form 127.2', () => `http://127.2:${canary2.port}/`],
    ['short form 127.0.2', () => `http://127.0.2:${canary2.port}/`],
    ['IPv4-mapped [::ffff:127.0.0.2]', () => `http://[::ffff:127.0.0.2]:${canary2.port}/`],
    ['IPv4-mapped hex [::ffff:7f00:2]', () => `http://[::ffff:7f00:2]:${canary2.port}/`],
    ['IPv4-mapped long form', () => `http://[0:0:0:0:0:ffff:7f00:0002]:${canary2.port}/`],
    ['IPv4-mapped of the allowed address [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${canaryLocal.port}/`],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${canaryLocal.port}/`],
    ['unspecified short 0', () => `http://0:${canaryLocal.port}/`],
    ['IPv6 unspecified [::]', () => `http://[::]:${canary6.port}/`],
    ['IPv6 loopback [::1]', () => `http://[::1]:${canary6.port}/`],
    ['localhost', () => `http://localhost:${canaryLocal.port}/`],
    ['LOCALHOST. (case, trailing dot)', () => `http://LOCALHOST.:${canaryLocal.port}/`],
    ['sub.localhost', () => `http://sub.localhost:${canaryLocal.port}/`],
    ['https scheme to 127.0.0.2', () => `https://127.0.0.2:${canary2.port}/`],
    ['DNS name → 127.0.0.2', () => `http://evil.test:${canary2.port}/`],
    ['DNS name → ::1 (AAAA)', () => `http://evil6.test:${canary6.port}/`],
    ['DNS name → ::ffff:127.0.0.2 (AAAA)', () => `http://mapped.test:${canary2.port}/`],
    ['DNS name → 0.0.0.0', () => `http://zero.test:${canaryLocal.port}/`],
    ['DNS name with an allowed and a forbidden address', () => `http://mixed.test:${canary2.port}/`],
    ['redirect to 127.0.0.2', () => `${allowed.origin}/to-127002`],
    ['redirect to decimal form', () => `${allowed.origin}/to-decimal`],
    ['redirect to localhost', () => `${allowed.origin}/to-localhost`],
    ['redirect to IPv4-mapped', () => `${allowed.origin}/to-mapped`],
    ['redirect to a DNS name of a forbidden address', () => `${allowed.origin}/to-name`],
    ['redirect to [::1]', () => `${allowed.origin}/to-ipv6`],
    ['second redirect hop to hex form', () => `${allowed.origin}/hop1`],
  ];
  for (const [name, url] of attempts) {
    test(name, async () => {
      const { status, body } = await check(url());
      assert.equal(status, 400, JSON.stringify(body));
      assert.equal(body.error, 'forbidden_target', JSON.stringify(body));
      assert.match(body.detail ?? '', /^url: .*which URL tools may not fetch/);
      noCanaryHit();
    });
  }

  test('refusals name the range and the redirect hop', async () => {
    const direct = await check(`http://127.0.0.2:${canary2.port}/`);
    assert.match(direct.body.detail ?? '', /127\.0\.0\.2 is a loopback address/);
    const viaName = await check(`http://evil.test:${canary2.port}/`);
    assert.match(viaName.body.detail ?? '', /evil\.test resolves to 127\.0\.0\.2, a loopback address/);
    const hop = await check(`${allowed.origin}/hop1`);
    assert.match(hop.body.detail ?? '', /redirect 2 to http:\/\/127\.0\.0\.2:\d+\/: 127\.0\.0\.2 is a loopback address/);
  });

  test('rebinding: the connection goes to the address that was checked, and the name is resolved once', async () => {
    const before = dns.queries.filter((q) => q === 'rebind.test A').length;
    const { status, body } = await check(`http://rebind.test:${allowed.port}/`);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.result?.status, 200);
    assert.equal(dns.queries.filter((q) => q === 'rebind.test A').length - before, 1);
    // The next resolution answers 127.0.0.2: refused, still without a connection.
    const second = await check(`http://rebind.test:${allowed.port}/`);
    assert.equal(second.body.error, 'forbidden_target');
    noCanaryHit();
  });

  test('the allowed host and a name resolving to it are fetched', async () => {
    for (const url of [`${allowed.origin}/`, `http://good.test:${allowed.port}/`]) {
      const { status, body } = await check(url);
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.result?.status, 200, url);
      assert.equal(body.result?.remoteAddress, '127.0.0.1', url);
    }
  });

  test('non-http schemes and credentials are 400 validation_failed naming url', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1:70/', 'ftp://example.com/', `http://user:pass@127.0.0.1:${allowed.port}/`, 'http://']) {
      const { status, body } = await check(url);
      assert.equal(status, 400, url);
      assert.equal(body.error, 'validation_failed', url);
      assert.match(body.detail ?? '', /^url: /, url);
    }
  });
});

describe('address classification (resolve + classify only: these never connect)', () => {
  const engine = createFetchEngine({ dns: createDnsEngine({ servers: ['127.0.0.1:9'] }), allow: [], timeoutMs: 1000, maxBytes: 1000, userAgent: 't' });
  const forbidden = [
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    'http://192.0.2.1/',
    'http://198.18.0.1/',
    'http://0.1.2.3/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::127.0.0.1]/',
    'http://[::10.0.0.1]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://[64:ff9b:1::a9fe:a9fe]/',
    'http://[2002:7f00:1::1]/',
    'http://[2002:a00:1::1]/',
    'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[fec0::1]/',
    'http://[100::1]/',
    'http://[2001:db8::1]/',
    'http://[4000::1]/',
    'http://169.254.169.254.:80/',
    'http://0xa9fea9fe/',
    'http://2852039166/',
  ];
  for (const url of forbidden) {
    test(`refuses ${url}`, async () => {
      await assert.rejects(engine.check(url, AbortSignal.timeout(1000)), (e: { code?: string }) => e.code === 'forbidden_target');
    });
  }
  test('public addresses and their embeddings are allowed', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      assert.equal(classifyAddress(ip).allowed, true, ip);
    }
  });
  test('the allow list admits exact addresses and CIDRs only', async () => {
    const e = createFetchEngine({
      dns: createDnsEngine({ servers: ['127.0.0.1:9'] }),
      allow: ['127.0.0.1', '10.1.0.0/16'],
      timeoutMs: 1000,
      maxBytes: 1000,
      userAgent: 't',
    });
    assert.equal((await e.check('http://127.0.0.1/', AbortSignal.timeout(1000))).hostname, '127.0.0.1');
    assert.equal((await e.check('http://10.1.2.3/', AbortSignal.timeout(1000))).hostname, '10.1.2.3');
    await assert.rejects(e.check('http://127.0.0.3/', AbortSignal.timeout(1000)), (x: { code?: string }) => x.code === 'forbidden_target');
    await assert.rejects(e.check('http://10.2.0.1/', AbortSignal.timeout(1000)), (x: { code?: string }) => x.code === 'forbidden_target');
  });
});
