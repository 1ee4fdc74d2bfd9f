import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { auditShape, buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { fetcherOf, liveExample, siteExample, urlField } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';
import { hopSchema, hopsOf, timingSchema } from '../../lib/page/schemas.ts';
import { SECURITY_HEADERS } from '../../lib/page/security-headers.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'http-headers-checker',
  title: 'HTTP headers checker',
  description:
    'Requests a URL (GET or HEAD, following up to 5 redirects unless `followRedirects` is false) and returns the status line and ' +
    'every response header exactly as sent, in order, plus each redirect hop. Summarises caching (Cache-Control, ETag, ' +
    'Last-Modified, Expires, Age), compression, content type and charset, cookies set, CORS and the security headers present, ' +
    'with findings for common problems (no caching validators, uncompressed text, missing nosniff or HSTS).',
  keywords: ['http headers', 'response headers', 'header checker', 'curl -I', 'cache-control', 'inspect headers'],
  method: 'GET',
  timeoutMs: 20_000,
  input: () =>
    z.object({
      url: urlField(),
      method: z.enum(['GET', 'HEAD']).default('GET').describe('Request method (default GET)'),
      followRedirects: z
        .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
        .default(true)
        .describe('Follow redirects (default true); false returns the first response'),
    }),
  output: () =>
    z.object({
      url: z.string(),
      finalUrl: z.string(),
      status: z.number().int(),
      statusText: z.string(),
      httpVersion: z.string(),
      headers: z.array(z.object({ name: z.string(), value: z.string() })).describe('As received, in order (names keep their case)'),
      redirects: z.array(hopSchema),
      timing: timingSchema,
      summary: z.object({
        contentType: z.string().nullable(),
        charset: z.string().nullable(),
        contentEncoding: z.string().nullable(),
        contentLength: z.number().int().nullable(),
        cacheControl: z.string().nullable(),
        etag: z.string().nullable(),
        lastModified: z.string().nullable(),
        expires: z.string().nullable(),
        age: z.string().nullable(),
        server: z.string().nullable(),
        cookies: z.number().int(),
        cors: z.string().nullable().describe('Access-Control-Allow-Origin'),
        securityHeaders: z.array(z.string()),
      }),
      ...auditShape,
    }),
  examples: [
    liveExample('GET a page', { url: 'https://example.com/' }),
    liveExample('HEAD without following redirects', { url: 'http://example.com/', method: 'HEAD', followRedirects: false }),
    siteExample('no security or caching headers', { url: 'https://broken-shop.example/' }, brokenShop, [
      'caching-headers-missing',
      'compression-missing',
      'x-content-type-options-missing',
    ]),
  ],
  run: async ({ url, method, followRedirects }, ctx) => {
    const r = await fetcherOf(ctx).fetch(url, { method, redirect: followRedirects ? 'follow' : 'manual', truncate: true, maxBytes: 256 * 1024 });
    const h = r.headers;
    const type = h['content-type'] ?? null;
    const len = h['content-length'] !== undefined && /^\d+$/.test(h['content-length']) ? Number(h['content-length']) : null;
    const textual = /^(text\/|application\/(json|javascript|xml|xhtml))/i.test(type ?? '');
    const checks: CheckInput[] = [];
    if (r.status < 300) {
      const cc = h['cache-control'];
      checks.push({
        id: 'caching',
        title: 'Caching headers present',
        status: cc || h.etag || h['last-modified'] ? 'pass' : 'warn',
        weight: 20,
        severity: 'low',
        evidence:
          [cc && `Cache-Control: ${cc}`, h.etag && `ETag: ${h.etag}`, h['last-modified'] && `Last-Modified: ${h['last-modified']}`]
            .filter(Boolean)
            .join('; ') || 'no Cache-Control, ETag or Last-Modified',
        fix: 'Send Cache-Control (e.g. "public, max-age=300" or "no-store" for private data) and an ETag or Last-Modified validator.',
        problem: 'No caching headers',
        findingId: 'caching-headers-missing',
      });
      if (textual && method === 'GET')
        checks.push({
          id: 'compression',
          title: 'Text responses compressed',
          status: /gzip|br|zstd|deflate/i.test(h['content-encoding'] ?? '') || r.body.length < 1024 ? 'pass' : 'warn',
          weight: 20,
          evidence: h['content-encoding'] ? `Content-Encoding: ${h['content-encoding']}` : `uncompressed ${r.transferBytes} bytes`,
          fix: 'Enable gzip or Brotli compression for text responses.',
          problem: 'Text response not compressed',
          findingId: 'compression-missing',
        });
      checks.push({
        id: 'content-type',
        title: 'Content-Type with charset for text',
        status: !type ? 'fail' : textual && !/charset=/i.test(type) && !/json/i.test(type) ? 'warn' : 'pass',
        weight: 20,
        evidence: type ?? 'no Content-Type',
        fix: 'Send Content-Type with a charset, e.g. text/html; charset=utf-8.',
        problem: type ? 'No charset in Content-Type' : 'No Content-Type',
        findingId: type ? 'content-type-no-charset' : 'content-type-missing',
      });
    }
    checks.push({
      id: 'nosniff',
      title: 'X-Content-Type-Options: nosniff',
      status: /nosniff/i.test(h['x-content-type-options'] ?? '') ? 'pass' : 'warn',
      weight: 20,
      evidence: h['x-content-type-options'] ?? 'absent',
      fix: 'Add X-Content-Type-Options: nosniff.',
      problem: 'MIME sniffing not disabled',
      findingId: 'x-content-type-options-missing',
    });
    if (r.url.startsWith('https:'))
      checks.push({
        id: 'hsts',
        title: 'Strict-Transport-Security',
        status: h['strict-transport-security'] ? 'pass' : 'warn',
        weight: 20,
        evidence: h['strict-transport-security'] ?? 'absent',
        fix: 'Add Strict-Transport-Security: max-age=31536000; includeSubDomains.',
        problem: 'No HSTS',
        findingId: 'hsts-missing',
      });
    return {
      url,
      finalUrl: r.url,
      status: r.status,
      statusText: r.statusText,
      httpVersion: r.httpVersion,
      headers: r.rawHeaders.map(([name, value]) => ({ name, value })),
      redirects: hopsOf(r),
      timing: r.timing,
      summary: {
        contentType: type ? type.split(';')[0]!.trim() : null,
        charset: /charset\s*=\s*"?([\w.:-]+)/i.exec(type ?? '')?.[1] ?? null,
        contentEncoding: h['content-encoding'] ?? null,
        contentLength: len,
        cacheControl: h['cache-control'] ?? null,
        etag: h.etag ?? null,
        lastModified: h['last-modified'] ?? null,
        expires: h.expires ?? null,
        age: h.age ?? null,
        server: h.server ?? null,
        cookies: r.setCookie.length,
        cors: h['access-control-allow-origin'] ?? null,
        securityHeaders: SECURITY_HEADERS.filter((n) => h[n] !== undefined && !['server', 'x-powered-by', 'x-aspnet-version'].includes(n)),
      },
      ...buildAudit(checks),
    };
  },
});
