import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, clip, type CheckInput } from '../../lib/page/audit.ts';
import { boolParam, mapLimit } from '../../lib/page/context.ts';
import { loadPage } from '../../lib/page/load.ts';
import type { FetchSession } from '../../engines/fetch/fetcher.ts';

const resultSchema = z.object({
  url: z.string(),
  anchorText: z.string(),
  internal: z.boolean(),
  status: z.number().int().nullable(),
  finalUrl: z.string().nullable(),
  redirects: z.number().int(),
  method: z.enum(['HEAD', 'GET']).describe('GET is used when HEAD is refused (405/501/403) or fails'),
  state: z
    .enum(['ok', 'redirected', 'broken', 'error', 'blocked'])
    .describe('ok (2xx), redirected (2xx after redirects), broken (4xx/5xx), error (no answer), blocked (private address, not requested)'),
  error: z.string().nullable(),
});

export default definePageAudit({
  module: 'seo-apis',
  slug: 'broken-link-checker',
  title: 'Broken link checker',
  description:
    'Extracts the links of a page and requests each distinct one (HEAD first, GET when HEAD is refused), 8 at a time, up to ' +
    '`maxLinks` (default 100, at most 200), then reports broken links (4xx/5xx), links that fail to answer, and links that redirect ' +
    '(update them to the final URL). Links to private or loopback addresses are reported as blocked and not requested.',
  keywords: ['broken links', 'dead links', '404 links', 'link checker', 'link rot'],
  timeoutMs: 90_000,
  params: () => ({
    maxLinks: z.coerce.number().int().min(1).max(200).default(100).describe('Distinct links to check (1–200, default 100)'),
    includeExternal: boolParam(true, 'Check links to other sites too (default true)'),
  }),
  fields: () => ({
    linksFound: z.number().int().describe('Distinct http(s) links on the page'),
    linksChecked: z.number().int(),
    broken: z.number().int(),
    redirected: z.number().int(),
    errors: z.number().int(),
    results: z.array(resultSchema).describe('Every checked link: broken and erroring first, then redirected, then ok'),
  }),
  live: { 'a page': 'https://example.com/', 'internal links only, first 50': { url: 'https://example.com/', maxLinks: 50, includeExternal: false } },
  offline: { title: 'a link to a page that answers 404', finds: ['broken-links'] },
  run: async ({ url, maxLinks, includeExternal }, ctx) => {
    const { page, response, fetcher } = await loadPage(ctx, url);
    const distinct = new Map<string, { text: string; internal: boolean }>();
    for (const l of page.links) {
      if (l.kind !== 'http' || !l.href) continue;
      const key = l.href.replace(/#.*$/, '');
      if (!includeExternal && !l.internal) continue;
      if (!distinct.has(key)) distinct.set(key, { text: l.text, internal: l.internal });
    }
    const targets = [...distinct.entries()].slice(0, maxLinks);
    if (distinct.size > maxLinks) ctx.warn(`Checked the first ${maxLinks} of ${distinct.size} distinct links (raise maxLinks, up to 200).`);
    const results = await mapLimit(targets, 8, ([href, info]) => checkLink(fetcher, href, info));
    const order = { broken: 0, error: 1, blocked: 2, redirected: 3, ok: 4 } as const;
    results.sort((a, b) => order[a.state] - order[b.state]);
    const broken = results.filter((r) => r.state === 'broken');
    const errors = results.filter((r) => r.state === 'error');
    const redirected = results.filter((r) => r.state === 'redirected');
    const checks: CheckInput[] = [
      {
        id: 'broken-links',
        title: 'No broken links',
        status: broken.length === 0 ? 'pass' : 'fail',
        weight: 60,
        severity: broken.some((b) => b.internal) ? 'high' : 'medium',
        evidence: broken.length
          ? broken
              .slice(0, 5)
              .map((b) => `${b.status} ${b.url} ("${clip(b.anchorText, 40)}")`)
              .join('; ')
          : `${results.length} links checked`,
        fix: 'Fix or remove the broken links (point them at the moved page, or drop them).',
        problem: `${broken.length} broken link(s)`,
        findingId: 'broken-links',
      },
      {
        id: 'unreachable-links',
        title: 'Every link answers',
        status: errors.length === 0 ? 'pass' : 'warn',
        weight: 20,
        evidence: errors.length
          ? errors
              .slice(0, 3)
              .map((e) => `${e.url}: ${e.error}`)
              .join('; ')
          : 'all answered',
        fix: 'Check the failing hosts; remove links to sites that no longer exist.',
        problem: `${errors.length} link(s) did not answer`,
        findingId: 'unreachable-links',
      },
      {
        id: 'redirected-links',
        title: 'Links point at final URLs',
        status: redirected.length === 0 ? 'pass' : 'warn',
        weight: 20,
        severity: 'low',
        evidence: redirected.length
          ? redirected
              .slice(0, 5)
              .map((r) => `${r.url} → ${r.finalUrl}`)
              .join('; ')
          : 'no redirected links',
        fix: 'Update links to the final URL to save a redirect hop.',
        problem: `${redirected.length} link(s) redirect`,
        findingId: 'redirected-links',
      },
    ];
    return {
      finalUrl: response.url,
      linksFound: distinct.size,
      linksChecked: results.length,
      broken: broken.length,
      redirected: redirected.length,
      errors: errors.length,
      results,
      audit: buildAudit(checks),
    };
  },
});

async function checkLink(fetcher: FetchSession, href: string, info: { text: string; internal: boolean }): Promise<z.infer<typeof resultSchema>> {
  const base = { url: href, anchorText: clip(info.text, 100), internal: info.internal };
  const attempt = async (method: 'HEAD' | 'GET') => fetcher.fetch(href, { method, field: 'url', truncate: true, maxBytes: 64 * 1024 });
  let method: 'HEAD' | 'GET' = 'HEAD';
  try {
    let r;
    try {
      r = await attempt('HEAD');
      if (r.status === 405 || r.status === 501 || r.status === 403 || r.status === 400) {
        method = 'GET';
        r = await attempt('GET');
      }
    } catch (e) {
      if (e instanceof ToolError && e.code === 'forbidden_target') throw e;
      method = 'GET';
      r = await attempt('GET');
    }
    const state = r.status >= 400 ? 'broken' : r.redirects.length > 0 ? 'redirected' : 'ok';
    return { ...base, status: r.status, finalUrl: r.url, redirects: r.redirects.length, method, state, error: null };
  } catch (e) {
    const err = e instanceof ToolError ? e : null;
    const state = err?.code === 'forbidden_target' ? 'blocked' : 'error';
    return { ...base, status: null, finalUrl: null, redirects: 0, method, state, error: err ? err.detail.replace(/^url: /, '') : String(e) };
  }
}
