import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { check, ids, type AuditJson as R } from '../../../test/helpers/audit-result.ts';
import { selfSignedCert, startSite } from '../../../test/helpers/fixture-site.ts';
import { LEAKY_HOME } from '../../../test/helpers/header-site.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import { startUrlEngines } from '../../../test/helpers/url-engines.ts';
import { securityUrlTools } from './url-checks.ts';

/**
 * The security tools that fetch a live URL (url-checks.ts), through the pipeline and the real fetcher and
 * resolver against loopback servers: an HTTP site with chosen headers and pages, an HTTPS site with an
 * openssl-made self-signed certificate, and a DNS server with SPF/DMARC/DKIM/MX/CAA records for mail.test.
 * The module's JSON tools are tested in security-apis.test.ts.
 */

// A real 1024-bit RSA SubjectPublicKeyInfo (base64 DER), as a DKIM p= value carries it.
const RSA_1024 = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const urls = await startUrlEngines({
  'mail.test': [
    { type: 'TXT', data: 'v=spf1 include:_spf.provider.test ip4:192.0.2.1 -all' },
    { type: 'TXT', data: 'google-site-verification=abc' },
    { type: 'MX', data: { preference: 10, exchange: 'mx1.mail.test' } },
    { type: 'MX', data: { preference: 5, exchange: 'mx0.mail.test' } },
    { type: 'A', data: '127.0.0.1' },
    { type: 'AAAA', data: '::1' },
    { type: 'NS', data: 'ns1.mail.test' },
    { type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
    {
      type: 'SOA',
      data: { mname: 'ns1.mail.test', rname: 'hostmaster.mail.test', serial: 2026010101, refresh: 3600, retry: 600, expire: 604800, minimum: 300 },
    },
  ],
  '_spf.provider.test': [{ type: 'TXT', data: 'v=spf1 include:_a.provider.test include:_b.provider.test ~all' }],
  '_a.provider.test': [{ type: 'TXT', data: 'v=spf1 a mx ip4:198.51.100.0/24 ~all' }],
  '_b.provider.test': [{ type: 'TXT', data: 'v=spf1 a mx exists:%{i}.x.test ~all' }],
  '_dmarc.mail.test': [{ type: 'TXT', data: 'v=DMARC1; p=none; pct=50' }],
  'selector1._domainkey.mail.test': [{ type: 'TXT', data: ['v=DKIM1; k=rsa; ', `p=${RSA_1024}`] }],
  'old._domainkey.mail.test': [{ type: 'TXT', data: 'v=DKIM1; p=' }],
  'nospf.test': [{ type: 'MX', data: { preference: 10, exchange: 'mx.nospf.test' } }],
  'softfail.test': [
    { type: 'TXT', data: 'v=spf1 +all' },
    { type: 'TXT', data: 'v=spf1 -all' },
  ],
  '_dmarc.softfail.test': [{ type: 'TXT', data: 'v=DMARC1; p=reject; rua=mailto:d@softfail.test' }],
});
const tls = selfSignedCert({ commonName: 'localhost', altNames: ['DNS:localhost', 'IP:127.0.0.1'] });
const secure = await startSite(
  {
    '/': {
      headers: {
        'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
        'content-security-policy': "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': 'camera=()',
        'cross-origin-opener-policy': 'same-origin',
      },
      body: '<html><head><title>secure</title></head><body>ok</body></html>',
    },
  },
  { tls },
);
const expired = await startSite({ '/': { body: 'old' } }, { tls: selfSignedCert({ commonName: 'other.test', altNames: ['DNS:other.test'], days: 5 }) });
const site = await startSite({
  '/': LEAKY_HOME,
  '/api': (req, res) => {
    const origin = req.headers.origin ?? '';
    res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': '*',
      'access-control-allow-headers': '*',
      'content-type': 'application/json',
    });
    res.end(req.method === 'OPTIONS' ? undefined : '{}');
  },
  '/public-api': { headers: { 'access-control-allow-origin': '*', vary: 'Origin', 'content-type': 'application/json' }, body: '{}' },
  '/private-api': { headers: { 'content-type': 'application/json' }, body: '{}' },
  '/lib.js': { headers: { 'content-type': 'application/javascript' }, body: 'console.log(1);' },
});
const o = site.origin;
site.routes.set('/.well-known/security.txt', {
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: `Contact: mailto:security@example.test\nContact: security@example.test\nExpires: 2020-01-01T00:00:00Z\nPreferred-Languages: en\nPreferred-Languages: de\nBogus: x\nnot a field line\n`,
});
secure.routes.set('/.well-known/security.txt', {
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: `Contact: mailto:security@example.test\nExpires: 2099-01-01T00:00:00Z\nCanonical: ${secure.origin}/.well-known/security.txt\nPolicy: ${secure.origin}/policy\n`,
});
const libHash = createHash('sha384').update('console.log(1);').digest('base64');
site.routes.set('/sri', {
  body: `<html><head><script src="http://cdn.test:${0}/x.js"></script><script src="http://127.0.0.1:${site.port}/lib.js"></script><script src="http://localhost.test/a.js" integrity="sha384-${libHash}"></script><link rel="stylesheet" href="http://fonts.test/s.css"></head><body></body></html>`,
});
after(async () => {
  for (const s of [site, secure, expired]) await s.close();
  await urls.close();
});
const { result, refusal } = moduleTools(securityUrlTools, { engines: urls.engines });

describe('security-apis URL tools', () => {
  test('security-headers-analyzer grades a bare and a hardened site', async () => {
    const weak = await result<R>('security-headers-analyzer', { url: `${o}/` });
    for (const id of [
      'hsts-missing',
      'csp-weak',
      'x-content-type-options-missing',
      'clickjacking-unprotected',
      'x-xss-protection-enabled',
      'version-disclosure',
    ])
      assert.ok(ids(weak).includes(id), id);
    assert.equal(weak.grade, 'E');
    assert.equal(weak.score, 29);
    const strong = await result<R>('security-headers-analyzer', { url: `${secure.origin}/` });
    assert.equal(strong.grade, 'A+');
    assert.deepEqual(strong.missing, ['x-frame-options']);
    assert.equal(check(strong, 'clickjacking').status, 'pass');
  });

  test('ssl-tls-certificate-checker inspects a self-signed chain on loopback', async () => {
    const r = await result<R>('ssl-tls-certificate-checker', { url: `${secure.origin}/` });
    assert.equal(r.trusted, false);
    assert.match(r.authorizationError, /SELF_SIGNED/);
    assert.equal(r.hostnameMatches, true);
    assert.equal(r.certificate.commonName, 'localhost');
    assert.deepEqual(r.certificate.subjectAltNames, ['DNS:localhost', 'IP Address:127.0.0.1']);
    assert.equal(r.certificate.selfSigned, true);
    assert.match(r.certificate.publicKey, /^EC prime256v1/);
    assert.ok(r.daysRemaining >= 28 && r.daysRemaining <= 30, String(r.daysRemaining));
    assert.ok(['TLSv1.3', 'TLSv1.2'].includes(r.protocol));
    assert.equal(r.acceptsLegacyTls, false);
    assert.ok(ids(r).includes('tls-self-signed'));
    const old = await result<R>('ssl-tls-certificate-checker', { url: `${expired.origin}/`, checkLegacyProtocols: false });
    assert.equal(old.hostnameMatches, false);
    assert.ok(ids(old).includes('tls-hostname-mismatch'));
    assert.ok(old.daysRemaining <= 5);
    assert.equal(check(old, 'tls-validity').status, 'fail');
    assert.ok(ids(old).includes('tls-expiring-soon'));
    assert.equal(old.acceptsLegacyTls, null);
  });

  test('ssl checker on a plain-http port is a clear 502', async () => {
    const e = await refusal('ssl-tls-certificate-checker', { url: `https://127.0.0.1:${site.port}/` });
    assert.equal(e.status, 502);
    assert.equal(e.code, 'upstream_failed');
    assert.match(e.detail, /TLS handshake/);
  });

  test('cookie-security-analyzer rates each cookie without returning values', async () => {
    const r = await result<R>('cookie-security-analyzer', { url: `${o}/` });
    assert.deepEqual(
      r.cookies.map((c: R) => c.name),
      ['sessionid', 'theme', 'tracker', '__Host-id', 'csrftoken'],
    );
    assert.equal(JSON.stringify(r).includes('abc123'), false);
    const f = ids(r);
    assert.ok(f.includes('cookie-no-secure:sessionid') && f.includes('cookie-no-httponly:sessionid'));
    assert.ok(f.includes('cookie-samesite-none-insecure:tracker'));
    assert.ok(f.includes('cookie-prefix-violation:__Host-id'));
    assert.ok(f.includes('cookie-long-lifetime:csrftoken'));
    assert.equal(r.findings[0].severity, 'high');
    assert.equal(check(r, 'cookie:theme').status, 'pass');
  });

  test('spf-dkim-dmarc-checker counts SPF lookups through includes and reads DKIM key sizes', async () => {
    const r = await result<R>('spf-dkim-dmarc-checker', { url: 'https://mail.test/contact', selectors: 'old' });
    assert.equal(r.domain, 'mail.test');
    assert.deepEqual(r.mx, ['5 mx0.mail.test', '10 mx1.mail.test']);
    assert.equal(r.spf.all, '-all');
    assert.equal(r.spf.lookups, 8); // include, include, include, a, mx, a, mx, exists
    assert.equal(r.dmarc.policy, 'none');
    assert.ok(r.dmarc.problems.some((p: string) => /pct=50/.test(p)));
    const sel = r.dkim.find((d: R) => d.selector === 'selector1');
    assert.equal(sel.keyType, 'rsa');
    assert.equal(sel.keyBits, 1024);
    assert.ok(ids(r).includes('dkim-weak-key'));
    assert.equal(r.dkim.find((d: R) => d.selector === 'old').revoked, true);
    assert.ok(ids(r).includes('dmarc-policy-none') && ids(r).includes('dmarc-no-rua'));
    const none = await result<R>('spf-dkim-dmarc-checker', { domain: 'nospf.test' });
    assert.ok(ids(none).includes('spf-missing') && ids(none).includes('dmarc-missing') && ids(none).includes('dkim-missing'));
    const two = await result<R>('spf-dkim-dmarc-checker', { domain: 'softfail.test' });
    assert.ok(ids(two).includes('spf-multiple'));
    const e = await refusal('spf-dkim-dmarc-checker', { domain: 'not a domain!' });
    assert.equal(e.status, 400);
    assert.equal(e.code, 'validation_failed');
    assert.match(e.detail, /^domain: /);
  });

  test('dns-lookup answers every record type from the test resolver', async () => {
    const r = await result<R>('dns-lookup', { url: 'mail.test' });
    const t = (type: string): R => r.answers.find((a: R) => a.type === type);
    assert.deepEqual(
      t('A').records.map((x: R) => x.value),
      ['127.0.0.1'],
    );
    assert.deepEqual(
      t('AAAA').records.map((x: R) => x.value),
      ['::1'],
    );
    assert.equal(t('MX').records[0].data.priority, 5);
    assert.equal(t('TXT').records.length, 2);
    assert.equal(t('CAA').records[0].data.tag, 'issue');
    assert.equal(t('SOA').records[0].data.serial, 2026010101);
    assert.equal(t('CNAME').status, 'nodata');
    assert.equal(r.exists, true);
    const missing = await result<R>('dns-lookup', { domain: 'nope.test', types: 'A,MX' });
    assert.equal(missing.exists, false);
    assert.deepEqual(
      missing.answers.map((a: R) => a.status),
      ['nxdomain', 'nxdomain'],
    );
    const e = await refusal('dns-lookup', { domain: 'mail.test', types: 'A,BOGUS' });
    assert.equal(e.status, 400);
    assert.equal(e.code, 'validation_failed');
    assert.match(e.detail, /^types: "BOGUS"/);
  });

  test('cors-policy-checker flags reflected origins with credentials', async () => {
    const bad = await result<R>('cors-policy-checker', { url: `${o}/api` });
    assert.equal(bad.reflectsOrigin, true);
    assert.equal(bad.simple.allowOrigin, 'https://cors-check.example');
    assert.equal(bad.nullOrigin.allowOrigin, 'null');
    for (const id of ['cors-reflects-origin-with-credentials', 'cors-null-origin', 'cors-no-vary-origin', 'cors-preflight-wildcard'])
      assert.ok(ids(bad).includes(id), id);
    assert.equal(bad.findings[0].severity, 'high');
    const pub = await result<R>('cors-policy-checker', { url: `${o}/public-api`, origin: 'https://app.test' });
    assert.deepEqual(ids(pub), ['cors-wildcard-origin']);
    const closed = await result<R>('cors-policy-checker', { url: `${o}/private-api` });
    assert.equal(closed.corsEnabled, false);
    assert.equal(closed.score, 100);
    assert.ok(site.requestHeaders.some((h) => h.origin === 'https://app.test'));
  });

  test('http-security-redirect-checker: http served without upgrade', async () => {
    const r = await result<R>('http-security-redirect-checker', { url: `${o}/` });
    assert.equal(r.httpUrl, `${o}/`);
    assert.equal(r.preloadReady, false);
    assert.ok(ids(r).includes('http-not-redirected') && ids(r).includes('hsts-missing'));
  });

  test('security-txt-checker applies RFC 9116', async () => {
    const bad = await result<R>('security-txt-checker', { url: `${o}/` });
    assert.deepEqual(bad.contacts, ['mailto:security@example.test', 'security@example.test']);
    assert.ok(bad.daysUntilExpiry < 0);
    for (const id of ['security-txt-expired', 'security-txt-contact-invalid', 'security-txt-not-https', 'security-txt-syntax'])
      assert.ok(ids(bad).includes(id), id);
    const good = await result<R>('security-txt-checker', { url: `${secure.origin}/` });
    assert.equal(check(good, 'canonical').status, 'pass');
    assert.equal(check(good, 'contact').status, 'pass');
    assert.equal(check(good, 'expires').status, 'warn'); // more than a year ahead
  });

  test('subresource-integrity-checker verifies hashes', async () => {
    const r = await result<R>('subresource-integrity-checker', { url: `${o}/sri` });
    assert.equal(r.summary.total, 4);
    const lib = r.resources.find((x: R) => x.url.endsWith('/lib.js'));
    assert.equal(lib.crossOrigin, false);
    const withSri = r.resources.find((x: R) => x.integrity !== null);
    assert.equal(withSri.verified, 'fetch-failed');
    assert.ok(ids(r).includes('sri-missing-script') && ids(r).includes('sri-missing-style') && ids(r).includes('sri-no-crossorigin'));
    const unverified = await result<R>('subresource-integrity-checker', { url: `${o}/sri`, verify: false });
    assert.equal(unverified.resources.find((x: R) => x.integrity !== null).verified, 'not-checked');
  });
});
