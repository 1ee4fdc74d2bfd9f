import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { fetcherOf } from '../../lib/page/context.ts';
import { hopSchema, hopsOf, statusCategory, timingSchema, tlsSummarySchema } from '../../lib/page/schemas.ts';

export default definePageAudit({
  module: 'seo-apis',
  slug: 'http-status-checker',
  title: 'HTTP status checker',
  description:
    'Requests a URL (GET, following up to 5 redirects) and reports the final HTTP status, every redirect hop, the final URL, ' +
    'timings (DNS, connect, TLS, time to first byte, total), content type and size, server header and TLS validity, with an ' +
    'audit: final status 2xx, redirect count, HTTPS, certificate validity and response time. Private and loopback addresses are refused.',
  keywords: ['http status', 'status code', 'url checker', 'is my site up', 'is my site down', 'up or down', '404 checker', 'response code', 'uptime'],
  fields: () => ({
    status: z.number().int(),
    statusText: z.string(),
    category: z.enum(['informational', 'success', 'redirect', 'client-error', 'server-error']),
    ok: z.boolean().describe('Final status is 2xx'),
    redirectCount: z.number().int(),
    redirects: z.array(hopSchema),
    timing: timingSchema,
    httpVersion: z.string(),
    contentType: z.string().nullable(),
    bodyBytes: z.number().int(),
    server: z.string().nullable(),
    tls: tlsSummarySchema,
  }),
  live: { 'a live page': 'https://example.com/', 'a bare host gets https://': 'example.com' },
  offline: { title: 'a page that answers 404', finds: ['status-client-error'], input: { url: 'https://broken-shop.example/gone' } },
  run: async ({ url }, ctx) => {
    const response = await fetcherOf(ctx).fetch(url, { truncate: true });
    const checks: CheckInput[] = [];
    const s = response.status;
    checks.push({
      id: 'final-status',
      title: 'Final status is 2xx',
      status: s >= 200 && s < 300 ? 'pass' : 'fail',
      weight: 50,
      severity: s >= 500 || s === 404 || s === 410 ? 'high' : 'medium',
      evidence: `${s} ${response.statusText} at ${response.url}`,
      fix:
        s >= 500
          ? 'Fix the server error (check the application logs).'
          : s >= 400
            ? 'Restore the page or redirect it (301) to the best replacement.'
            : 'Make the URL answer 200 directly.',
      problem: `URL answers ${s}`,
      findingId: `status-${statusCategory(s)}`,
    });
    const hops = response.redirects.length;
    checks.push({
      id: 'redirects',
      title: 'At most one redirect',
      status: hops <= 1 ? 'pass' : 'warn',
      weight: 15,
      evidence: hops === 0 ? 'no redirect' : response.redirects.map((h) => `${h.status} ${h.url}`).join(' → ') + ` → ${response.url}`,
      fix: 'Link and redirect straight to the final URL; collapse chains into a single 301.',
      problem: `${hops} redirects before the final URL`,
      findingId: 'redirect-chain',
    });
    const https = response.url.startsWith('https:');
    checks.push({
      id: 'https',
      title: 'Final URL uses HTTPS',
      status: https ? 'pass' : 'fail',
      weight: 15,
      severity: 'high',
      evidence: response.url,
      fix: 'Serve the site over HTTPS and redirect http:// to https:// with a 301.',
      problem: 'Page is served over plain HTTP',
      findingId: 'no-https',
    });
    if (response.tls) {
      checks.push({
        id: 'tls-valid',
        title: 'TLS certificate is valid for the host',
        status: response.tls.authorized ? 'pass' : 'fail',
        weight: 10,
        severity: 'high',
        evidence: response.tls.authorized
          ? `${response.tls.protocol ?? ''} ${response.tls.cipher ?? ''}`.trim()
          : (response.tls.authorizationError ?? 'not trusted'),
        fix: 'Install a certificate from a trusted CA that covers this host name, with the full intermediate chain.',
        problem: 'TLS certificate is not trusted',
        findingId: 'tls-invalid',
      });
    }
    const ttfb = response.timing.ttfbMs;
    checks.push({
      id: 'ttfb',
      title: 'Time to first byte under 800 ms',
      status: ttfb <= 800 ? 'pass' : ttfb <= 1800 ? 'warn' : 'fail',
      weight: 10,
      evidence: `${ttfb} ms`,
      fix: 'Cache the page (CDN or server cache) and speed up the backend work before the first byte.',
      problem: `Slow server response (${ttfb} ms to first byte)`,
      findingId: 'slow-ttfb',
    });
    if (response.truncated) ctx.warn(`The body is larger than ${response.body.length} bytes; only that much was read.`);
    return {
      finalUrl: response.url,
      status: s,
      statusText: response.statusText,
      category: statusCategory(s),
      ok: s >= 200 && s < 300,
      redirectCount: hops,
      redirects: hopsOf(response),
      timing: response.timing,
      httpVersion: response.httpVersion,
      contentType: response.contentType,
      bodyBytes: response.body.length,
      server: response.headers.server ?? null,
      tls: response.tls,
      audit: buildAudit(checks),
    };
  },
});
