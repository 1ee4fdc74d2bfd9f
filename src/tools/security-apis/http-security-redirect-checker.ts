import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { auditShape, buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { fetcherOf, liveExample, siteExample, urlField } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';
import { redirectHopSchema, traceRedirects } from '../../lib/page/redirects.ts';
import { parseHsts } from '../../lib/page/security-headers.ts';

export default defineTool({
  module: 'security-apis',
  slug: 'http-security-redirect-checker',
  title: 'HTTP → HTTPS redirect checker',
  description:
    'Checks the HTTP-to-HTTPS hygiene of a site: requests the http:// version of the URL and follows every hop, then checks that ' +
    'the first hop is a permanent redirect to https on the same host (as HSTS preloading requires), that no hop downgrades to ' +
    'http, that the chain ends in a 200 over https, and that the HTTPS response sends Strict-Transport-Security with a max-age of ' +
    'at least one year, includeSubDomains and preload (preload-list eligibility).',
  keywords: ['http to https', 'https redirect', 'hsts', 'hsts preload', 'ssl redirect', 'redirect security'],
  method: 'GET',
  timeoutMs: 30_000,
  input: () => z.object({ url: urlField('Site or URL (its http:// version is tested)') }),
  output: () =>
    z.object({
      httpUrl: z.string(),
      finalUrl: z.string(),
      finalStatus: z.number().int().nullable(),
      hops: z.array(redirectHopSchema),
      hsts: z.object({ header: z.string().nullable(), maxAge: z.number().int().nullable(), includeSubDomains: z.boolean(), preload: z.boolean() }),
      preloadReady: z.boolean().describe('Meets the hstspreload.org header and redirect requirements'),
      ...auditShape,
    }),
  examples: [
    liveExample('a site', { url: 'example.com' }),
    liveExample('a page', { url: 'https://example.com/login' }),
    siteExample('plain http that does not redirect to https', { url: 'http://broken-shop.example/' }, brokenShop, ['http-not-redirected']),
  ],
  run: async ({ url }, ctx) => {
    const u = new URL(url);
    if (u.protocol === 'https:') {
      u.protocol = 'http:';
      if (u.port === '443') u.port = '';
    }
    const httpUrl = u.href;
    const trace = await traceRedirects(fetcherOf(ctx), httpUrl);
    const hops = trace.hops;
    const first = hops[0];
    const last = hops[hops.length - 1];
    const finalUrl = last?.nextUrl ?? last?.url ?? httpUrl;
    const finalHttps = finalUrl.startsWith('https:');
    const firstTarget = first?.nextUrl ? new URL(first.nextUrl) : null;
    const firstToHttps = firstTarget?.protocol === 'https:';
    const sameHost = firstTarget !== null && firstTarget.hostname === u.hostname;
    const permanent = first !== undefined && (first.status === 301 || first.status === 308);
    const httpsHop = [...hops].reverse().find((h) => h.url.startsWith('https:'));
    const hstsHeader = httpsHop?.hsts ?? null;
    const hsts = hstsHeader ? parseHsts(hstsHeader) : { maxAge: null, includeSubDomains: false, preload: false };
    const downgrade = hops.some((h) => h.url.startsWith('https:') && (h.nextUrl ?? '').startsWith('http:'));
    const checks: CheckInput[] = [
      {
        id: 'http-redirects-to-https',
        title: 'http:// redirects to https://',
        status: firstToHttps ? 'pass' : finalHttps ? 'warn' : 'fail',
        weight: 30,
        severity: 'high',
        evidence: first ? `${first.status} ${first.url} → ${first.nextUrl ?? '(no redirect)'}` : (trace.error ?? 'no answer on http'),
        fix: 'Redirect every http:// request to the same URL on https:// with a 301.',
        problem: finalHttps ? 'The first redirect does not go to https' : 'http:// is served without redirecting to https',
        findingId: 'http-not-redirected',
      },
      {
        id: 'redirect-same-host',
        title: 'First redirect stays on the same host',
        status: !firstToHttps ? 'fail' : sameHost ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: firstTarget ? firstTarget.host : 'no redirect',
        fix: 'Redirect http://host to https://host first, then to other hosts (HSTS preload requirement).',
        problem: 'http redirect changes host before upgrading',
        findingId: 'redirect-host-change',
      },
      {
        id: 'redirect-permanent',
        title: 'Redirect is permanent (301/308)',
        status: permanent ? 'pass' : first?.nextUrl ? 'warn' : 'fail',
        weight: 10,
        evidence: first ? `${first.status}` : 'none',
        fix: 'Use 301 or 308 so browsers and crawlers remember the upgrade.',
        problem: 'Temporary http→https redirect',
        findingId: 'redirect-temporary',
      },
      {
        id: 'no-downgrade',
        title: 'No https → http downgrade',
        status: downgrade ? 'fail' : 'pass',
        weight: 10,
        severity: 'high',
        evidence: downgrade ? 'a hop goes from https back to http' : 'none',
        fix: 'Remove redirects from https to http.',
        problem: 'HTTPS downgrade in the chain',
        findingId: 'redirect-https-downgrade',
      },
      {
        id: 'final-https-ok',
        title: 'Ends in a 200 over https',
        status: finalHttps && last?.status === 200 && !trace.loop ? 'pass' : 'fail',
        weight: 15,
        severity: 'high',
        evidence: trace.loop ? 'redirect loop' : `${last?.status ?? 'no answer'} at ${finalUrl}`,
        fix: 'Make the https URL answer 200.',
        problem: 'Chain does not end in a 200 over https',
        findingId: 'final-not-https-ok',
      },
      {
        id: 'hsts-sent',
        title: 'HSTS with max-age ≥ 1 year',
        status: hstsHeader && (hsts.maxAge ?? 0) >= 31_536_000 ? 'pass' : hstsHeader ? 'warn' : 'fail',
        weight: 15,
        severity: 'medium',
        evidence: hstsHeader ?? (httpsHop ? 'no Strict-Transport-Security on the https response' : 'no https response'),
        fix: 'Send Strict-Transport-Security: max-age=31536000; includeSubDomains; preload on https responses.',
        problem: hstsHeader ? 'HSTS max-age under a year' : 'No HSTS header',
        findingId: hstsHeader ? 'hsts-short-max-age' : 'hsts-missing',
      },
      {
        id: 'hsts-preload',
        title: 'HSTS includeSubDomains and preload',
        status: hsts.includeSubDomains && hsts.preload ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: hstsHeader ?? 'no HSTS',
        fix: 'Add includeSubDomains and preload, then submit the domain at hstspreload.org.',
        problem: 'Not eligible for the HSTS preload list',
        findingId: 'hsts-not-preloadable',
      },
    ];
    const preloadReady = firstToHttps && sameHost && (hsts.maxAge ?? 0) >= 31_536_000 && hsts.includeSubDomains && hsts.preload;
    return {
      httpUrl,
      finalUrl,
      finalStatus: last && !last.nextUrl ? last.status : null,
      hops,
      hsts: { header: hstsHeader, maxAge: hsts.maxAge, includeSubDomains: hsts.includeSubDomains, preload: hsts.preload },
      preloadReady,
      ...buildAudit(checks),
    };
  },
});
