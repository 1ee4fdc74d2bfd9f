import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { fetcherOf } from '../../lib/page/context.ts';
import { redirectHopSchema, traceRedirects } from '../../lib/page/redirects.ts';

export default definePageAudit({
  module: 'seo-apis',
  slug: 'redirect-chain-analyzer',
  title: 'Redirect chain analyzer',
  description:
    'Follows a URL’s redirects one hop at a time (up to 10) and reports each hop — status, Location, resolved next URL, time — ' +
    'then audits the chain: length, loops, temporary (302/307) versus permanent (301/308) redirects, HTTPS downgrades, the ' +
    'http→https step and the final status. Every hop is checked against the private-address rules before it is requested.',
  keywords: ['redirect checker', 'redirect chain', '301', '302', 'redirect loop', 'redirect trace'],
  timeoutMs: 40_000,
  urlHelp: 'URL to trace (http or https)',
  fields: () => ({
    finalStatus: z.number().int().nullable(),
    redirectCount: z.number().int(),
    totalTimeMs: z.number().int(),
    loop: z.boolean(),
    hops: z.array(redirectHopSchema),
    error: z.string().nullable().describe('Why tracing stopped early, if it did'),
  }),
  live: { 'trace http → https': 'http://example.com/', 'a short link': 'https://example.com/old-page' },
  offline: { title: 'two redirects in a row', finds: ['redirect-chain-long', 'redirect-temporary'], input: { url: 'https://broken-shop.example/moved' } },
  run: async ({ url }, ctx) => {
    const trace = await traceRedirects(fetcherOf(ctx), url);
    const { hops } = trace;
    const redirects = hops.filter((h) => h.nextUrl !== null);
    const last = hops[hops.length - 1];
    const checks: CheckInput[] = [];
    checks.push({
      id: 'redirect-loop',
      title: 'No redirect loop',
      status: trace.loop ? 'fail' : 'pass',
      weight: 25,
      severity: 'high',
      evidence: trace.loop ? `loops back to ${last?.nextUrl ?? ''}` : 'no loop',
      fix: 'Break the loop: make one URL in the cycle answer 200.',
      problem: 'Redirect loop',
      findingId: 'redirect-loop',
    });
    if (trace.tooLong && !trace.loop)
      checks.push({
        id: 'redirect-too-long',
        title: 'Chain ends within 10 hops',
        status: 'fail',
        weight: 15,
        severity: 'high',
        evidence: `${hops.length} hops and still redirecting`,
        fix: 'Redirect straight to the final URL.',
        problem: 'Redirect chain does not end',
        findingId: 'redirect-chain-endless',
      });
    checks.push({
      id: 'redirect-count',
      title: 'At most one redirect',
      status: redirects.length <= 1 ? 'pass' : redirects.length <= 3 ? 'warn' : 'fail',
      weight: 20,
      evidence: redirects.length ? redirects.map((h) => `${h.status} ${h.url}`).join(' → ') : 'no redirect',
      fix: 'Point links and the first redirect straight at the final URL (one 301).',
      problem: `${redirects.length} redirects in a chain`,
      findingId: 'redirect-chain-long',
    });
    const temporary = redirects.filter((h) => h.status === 302 || h.status === 303 || h.status === 307);
    if (redirects.length)
      checks.push({
        id: 'redirect-permanent',
        title: 'Redirects are permanent (301/308)',
        status: temporary.length ? 'warn' : 'pass',
        weight: 15,
        evidence: temporary.length ? temporary.map((h) => `${h.status} at ${h.url}`).join('; ') : 'all permanent',
        fix: 'Use 301 or 308 for moves that are permanent so ranking signals pass to the target.',
        problem: 'Temporary redirects',
        findingId: 'redirect-temporary',
      });
    const downgrade = redirects.filter((h) => h.url.startsWith('https:') && (h.nextUrl ?? '').startsWith('http:'));
    checks.push({
      id: 'redirect-https',
      title: 'No https → http downgrade',
      status: downgrade.length ? 'fail' : 'pass',
      weight: 10,
      severity: 'high',
      evidence: downgrade.length ? downgrade.map((h) => `${h.url} → ${h.nextUrl}`).join('; ') : 'no downgrade',
      fix: 'Never redirect from https to http.',
      problem: 'HTTPS downgrade in the chain',
      findingId: 'redirect-https-downgrade',
    });
    const finalOk = !trace.loop && !trace.tooLong && last !== undefined && last.status >= 200 && last.status < 300;
    checks.push({
      id: 'redirect-final-ok',
      title: 'Chain ends in a 200',
      status: finalOk ? 'pass' : 'fail',
      weight: 20,
      severity: 'high',
      evidence: trace.error ?? (last ? `${last.status} at ${last.url}` : 'no response'),
      fix: 'Make the final URL answer 200 (restore the page or fix the target).',
      problem: 'Chain does not end in a 200',
      findingId: 'redirect-final-not-ok',
    });
    return {
      finalUrl: last?.nextUrl && !trace.loop ? last.nextUrl : (last?.url ?? url),
      finalStatus: last && !last.nextUrl ? last.status : null,
      redirectCount: redirects.length,
      totalTimeMs: hops.reduce((s, h) => s + h.timeMs, 0),
      loop: trace.loop,
      hops,
      error: trace.error,
      audit: buildAudit(checks),
    };
  },
});
