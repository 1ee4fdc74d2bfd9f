import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import type { FetchSession } from '../../engines/fetch/fetcher.ts';
import { auditShape, buildAudit, type Audit, type CheckInput } from './audit.ts';
import { wordsOf, type ParsedPage } from './html.ts';
import { loadPage, type LoadedPage } from './load.ts';
import { fetchRobots } from './robots.ts';
import { bodyChecks, canonicalCheck, headChecks, httpsCheck, robotsMetaCheck, statusCheck } from './seo-checks.ts';

/** The on-page SEO analysis behind seo-tools/analyze and compare: facts of the page plus the shared audit. */
export const pageFactsSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  httpStatus: z.number().int(),
  redirects: z.number().int(),
  responseTimeMs: z.number().int().describe('Time to first byte of the final response'),
  title: z.string().nullable(),
  metaDescription: z.string().nullable(),
  canonical: z.string().nullable(),
  h1: z.string().nullable(),
  lang: z.string().nullable(),
  robotsMeta: z.string().nullable(),
  wordCount: z.number().int(),
  headings: z.object({ h1: z.number().int(), h2: z.number().int(), h3: z.number().int(), h4: z.number().int(), h5: z.number().int(), h6: z.number().int() }),
  links: z.object({ internal: z.number().int(), external: z.number().int(), nofollow: z.number().int() }),
  images: z.object({ total: z.number().int(), missingAlt: z.number().int() }),
  structuredDataTypes: z.array(z.string()),
  openGraph: z.boolean().describe('og:title, og:description and og:image are all present'),
  robotsTxt: z.object({ url: z.string(), state: z.enum(['rules', 'unavailable', 'unreachable']), allowsGooglebot: z.boolean() }).nullable(),
  htmlBytes: z.number().int(),
});

export const pageAnalysisSchema = pageFactsSchema.extend(auditShape);
export type PageAnalysis = z.infer<typeof pageAnalysisSchema>;

export function schemaTypes(page: ParsedPage): string[] {
  const types = new Set<string>();
  const visit = (v: unknown, depth: number): void => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    const o = v as Record<string, unknown>;
    const t = o['@type'];
    if (typeof t === 'string') types.add(t);
    if (Array.isArray(t)) t.filter((x): x is string => typeof x === 'string').forEach((x) => types.add(x));
    if (Array.isArray(o['@graph'])) visit(o['@graph'], depth + 1);
  };
  for (const b of page.jsonLd) visit(b.value, 0);
  page.$('[itemscope][itemtype]').each((_, el) => {
    const t = page.$(el).attr('itemtype') ?? '';
    for (const u of t.split(/\s+/)) if (u) types.add(u.replace(/^https?:\/\/schema\.org\//, ''));
  });
  return [...types].sort();
}

export interface AnalyzeOptions {
  robots?: boolean;
}

export async function analyzePage(
  ctx: ToolContext,
  url: string,
  fetcher: FetchSession,
  field = 'url',
  options: AnalyzeOptions = {},
): Promise<{ analysis: PageAnalysis; loaded: LoadedPage; audit: Audit }> {
  const loaded = await loadPage(ctx, url, field, fetcher);
  const { response, page } = loaded;
  const words = wordsOf(page.text).length;
  let robotsTxt: PageAnalysis['robotsTxt'] = null;
  const checks: CheckInput[] = [
    statusCheck(response),
    httpsCheck(response),
    ...headChecks(page),
    robotsMetaCheck(page, response),
    canonicalCheck(page, response),
    ...bodyChecks(page, words),
  ];
  if (options.robots !== false) {
    const robots = await fetchRobots(fetcher, response.url, field);
    const allowed = robots.isAllowed(response.url, 'Googlebot');
    robotsTxt = { url: robots.url, state: robots.state, allowsGooglebot: allowed };
    const line = robots.matchingLine(response.url, 'Googlebot');
    checks.push({
      id: 'robots-txt-allows',
      title: 'robots.txt allows crawling this page',
      status: allowed ? 'pass' : 'fail',
      weight: 15,
      severity: 'high',
      evidence:
        robots.state === 'unreachable'
          ? `robots.txt unreachable (${robots.status ?? robots.error ?? 'error'}): crawlers treat the site as disallowed`
          : allowed
            ? `${robots.state === 'rules' ? 'allowed' : 'no robots.txt (allow all)'}`
            : `disallowed for Googlebot${line ? ` by line ${line}` : ''}`,
      fix:
        robots.state === 'unreachable'
          ? 'Make /robots.txt answer 200 (or 404); a 5xx blocks all crawling.'
          : 'Remove or narrow the Disallow rule that matches this URL.',
      problem: 'robots.txt blocks this page',
      findingId: 'robots-txt-blocked',
    });
  }
  const audit = buildAudit(checks);
  const level = (n: number): number => page.headings.filter((h) => h.level === n).length;
  const httpLinks = page.links.filter((l) => l.kind === 'http');
  const analysis: PageAnalysis = {
    url,
    finalUrl: response.url,
    httpStatus: response.status,
    redirects: response.redirects.length,
    responseTimeMs: response.timing.ttfbMs,
    title: page.title,
    metaDescription: page.metaDescription,
    canonical: page.canonicals[0] ?? null,
    h1: page.headings.find((h) => h.level === 1)?.text ?? null,
    lang: page.lang,
    robotsMeta: page.robots,
    wordCount: words,
    headings: { h1: level(1), h2: level(2), h3: level(3), h4: level(4), h5: level(5), h6: level(6) },
    links: {
      internal: httpLinks.filter((l) => l.internal).length,
      external: httpLinks.filter((l) => !l.internal).length,
      nofollow: httpLinks.filter((l) => l.rel.includes('nofollow')).length,
    },
    images: { total: page.images.length, missingAlt: page.images.filter((i) => i.alt === null).length },
    structuredDataTypes: schemaTypes(page),
    openGraph: Boolean(page.og['og:title'] && page.og['og:description'] && page.og['og:image']),
    robotsTxt,
    htmlBytes: response.body.length,
    ...audit,
  };
  return { analysis, loaded, audit };
}
