import { z } from 'zod';
import { defineUrlAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput, type Finding } from '../../lib/page/audit.ts';
import { fetcherOf, mapLimit } from '../../lib/page/context.ts';
import { fetchRobots } from '../../lib/page/robots.ts';
import { parseSitemap, type SitemapProblem } from '../../lib/page/sitemap.ts';
import type { FetchSession } from '../../engines/fetch/fetcher.ts';

const problemSchema = z.object({
  severity: z.enum(['high', 'medium', 'low']),
  code: z.string(),
  message: z.string(),
  loc: z.string().optional(),
  sitemap: z.string(),
});

interface Validated {
  url: string;
  httpStatus: number | null;
  type: 'urlset' | 'sitemapindex' | 'unknown';
  urlCount: number;
  bytes: number;
  gzipped: boolean;
  problems: Array<SitemapProblem & { sitemap: string }>;
  locs: string[];
  entries: Array<{ loc: string; lastmod: string | null; changefreq: string | null; priority: string | null }>;
}

export default defineUrlAudit({
  module: 'seo-apis',
  slug: 'sitemap-xml-validator',
  title: 'XML sitemap validator',
  description:
    'Validates an XML sitemap or sitemap index (sitemaps.org 0.9). Give the sitemap URL, or any page of the site: then the sitemap ' +
    'is found through robots.txt Sitemap lines, else /sitemap.xml. Checks well-formed XML (parsed with entity expansion off), the ' +
    'root element and namespace, absolute same-host <loc> URLs, W3C <lastmod> dates, changefreq and priority values, duplicates, ' +
    'the 50,000-URL and 50 MB limits and gzip; for an index, fetches and validates up to `maxChildSitemaps` child sitemaps. ' +
    'Optionally samples listed URLs and reports those that do not answer 200. Sitemaps larger than the service’s download cap are reported, not read.',
  keywords: ['sitemap', 'sitemap.xml', 'xml sitemap validator', 'sitemap index', 'sitemap checker'],
  timeoutMs: 45_000,
  urlHelp: 'Sitemap URL, or a page of the site to discover its sitemap',
  params: () => ({
    maxChildSitemaps: z.coerce.number().int().min(0).max(20).default(5).describe('Child sitemaps of an index to fetch and validate (0–20, default 5)'),
    checkUrls: z.coerce.number().int().min(0).max(25).default(0).describe('Listed URLs to request (HEAD) and report when not 200 (0–25, default 0)'),
  }),
  fields: () => ({
    sitemapUrl: z.string(),
    discoveredVia: z.enum(['input', 'robots.txt', 'default-location']),
    httpStatus: z.number().int().nullable(),
    type: z.enum(['urlset', 'sitemapindex', 'unknown']),
    urlCount: z.number().int().describe('Entries in this sitemap (URLs, or child sitemaps of an index)'),
    bytes: z.number().int().describe('Uncompressed size'),
    gzipped: z.boolean(),
    children: z.array(
      z.object({
        url: z.string(),
        httpStatus: z.number().int().nullable(),
        type: z.enum(['urlset', 'sitemapindex', 'unknown']),
        urlCount: z.number().int(),
        problems: z.number().int(),
      }),
    ),
    totalUrls: z.number().int().describe('URLs in this sitemap plus the child sitemaps validated'),
    sampleEntries: z
      .array(z.object({ loc: z.string(), lastmod: z.string().nullable(), changefreq: z.string().nullable(), priority: z.string().nullable() }))
      .describe('First 20 entries'),
    urlChecks: z.array(z.object({ url: z.string(), status: z.number().int().nullable(), error: z.string().nullable() })),
    problems: z.array(problemSchema).describe('Every problem (first 200)'),
  }),
  live: { 'a sitemap URL': 'https://example.com/sitemap.xml', 'discover from a site': { url: 'https://example.com/', maxChildSitemaps: 2, checkUrls: 5 } },
  offline: {
    title: 'impossible dates, no namespace, a relative loc',
    finds: ['sitemap-entry-errors'],
    input: { url: 'https://broken-shop.example/sitemap.xml' },
  },
  run: async ({ url, maxChildSitemaps, checkUrls }, ctx) => {
    const fetcher = fetcherOf(ctx);
    let sitemapUrl = url;
    let discoveredVia: 'input' | 'robots.txt' | 'default-location' = 'input';
    if (!/sitemap|\.xml(\.gz)?$/i.test(new URL(url).pathname)) {
      const robots = await fetchRobots(fetcher, url);
      const listed = robots.sitemaps.find((s) => /^https?:\/\//i.test(s));
      if (listed) {
        sitemapUrl = listed;
        discoveredVia = 'robots.txt';
      } else {
        sitemapUrl = new URL('/sitemap.xml', url).href;
        discoveredVia = 'default-location';
      }
    }
    const main = await validate(fetcher, sitemapUrl, 'url');
    const children: Validated[] = [];
    if (main.type === 'sitemapindex' && maxChildSitemaps > 0) {
      const childUrls = main.locs.filter((l) => /^https?:\/\//i.test(l)).slice(0, maxChildSitemaps);
      children.push(...(await mapLimit(childUrls, 4, (u) => validate(fetcher, u, 'url'))));
      for (const c of children)
        if (c.type === 'sitemapindex')
          c.problems.push({
            severity: 'high',
            code: 'nested-index',
            message: 'A sitemap index lists another sitemap index; indexes cannot be nested',
            sitemap: c.url,
          });
      if (main.locs.length > maxChildSitemaps)
        ctx.warn(`Validated ${maxChildSitemaps} of ${main.locs.length} child sitemaps (raise maxChildSitemaps, up to 20).`);
    }
    const urlSources = main.type === 'urlset' ? main.locs : children.flatMap((c) => c.locs);
    const urlChecks = await mapLimit(urlSources.filter((l) => /^https?:\/\//i.test(l)).slice(0, checkUrls), 5, async (u) => {
      try {
        const r = await fetcher.fetch(u, { method: 'HEAD', field: 'url' });
        return { url: u, status: r.status, error: null };
      } catch (e) {
        return { url: u, status: null, error: e instanceof ToolError ? e.detail : String(e) };
      }
    });
    const all = [...main.problems, ...children.flatMap((c) => c.problems)];
    const checks: CheckInput[] = [];
    const fetchOk = main.httpStatus !== null && main.httpStatus >= 200 && main.httpStatus < 300;
    checks.push({
      id: 'sitemap-reachable',
      title: 'Sitemap answers 200',
      status: fetchOk ? 'pass' : 'fail',
      weight: 30,
      severity: 'high',
      evidence: `${sitemapUrl}: ${main.httpStatus ?? 'no answer'}`,
      fix: 'Publish the sitemap at this URL (or list its real URL in robots.txt with a Sitemap line).',
      problem: 'Sitemap not found',
      findingId: 'sitemap-unreachable',
    });
    const codes = (sev: string): SitemapProblem[] => all.filter((p) => p.severity === sev);
    if (fetchOk) {
      checks.push({
        id: 'sitemap-valid',
        title: 'Well-formed sitemap XML with the right root',
        status: all.some((p) => ['xml-invalid', 'wrong-root', 'gzip-invalid', 'too-large-for-service'].includes(p.code)) ? 'fail' : 'pass',
        weight: 30,
        severity: 'high',
        evidence:
          all.find((p) => ['xml-invalid', 'wrong-root', 'gzip-invalid', 'too-large-for-service'].includes(p.code))?.message ??
          `<${main.type}> with ${main.urlCount} entries`,
        fix: 'Serve well-formed XML with a <urlset> (or <sitemapindex>) root in the sitemaps.org namespace.',
        problem: 'Sitemap is not valid XML',
        findingId: 'sitemap-invalid-xml',
      });
      checks.push({
        id: 'sitemap-entries',
        title: 'Entries are valid (loc, lastmod, changefreq, priority)',
        status: codes('high').length > 0 ? 'fail' : codes('medium').length > 0 ? 'warn' : 'pass',
        weight: 25,
        evidence:
          all.length === 0 ? 'no problems' : `${codes('high').length} high, ${codes('medium').length} medium, ${codes('low').length} low: ${all[0]!.message}`,
        fix: 'Fix the listed entries (see problems).',
        problem: 'Sitemap entries have errors',
        findingId: 'sitemap-entry-errors',
      });
      checks.push({
        id: 'sitemap-limits',
        title: 'Within 50,000 URLs and 50 MB',
        status: all.some((p) => p.code === 'too-many-urls' || p.code === 'too-large') ? 'fail' : 'pass',
        weight: 15,
        evidence: `${main.urlCount} entries, ${main.bytes} bytes`,
        fix: 'Split the sitemap and list the parts in a sitemap index.',
        problem: 'Sitemap exceeds the protocol limits',
        findingId: 'sitemap-over-limits',
      });
    }
    const broken = urlChecks.filter((c) => c.status === null || c.status >= 400);
    if (urlChecks.length > 0)
      checks.push({
        id: 'sitemap-urls-live',
        title: 'Sampled URLs answer 200',
        status: broken.length === 0 ? 'pass' : 'fail',
        weight: 10,
        evidence:
          broken.length === 0
            ? `${urlChecks.length} sampled URLs answer`
            : broken
                .slice(0, 3)
                .map((b) => `${b.url} → ${b.status ?? b.error}`)
                .join('; '),
        fix: 'Remove URLs that are gone or redirect from the sitemap; list only canonical, 200 URLs.',
        problem: 'Sitemap lists broken URLs',
        findingId: 'sitemap-broken-urls',
      });
    const extra: Finding[] = [];
    return {
      sitemapUrl,
      discoveredVia,
      httpStatus: main.httpStatus,
      type: main.type,
      urlCount: main.urlCount,
      bytes: main.bytes,
      gzipped: main.gzipped,
      children: children.map((c) => ({ url: c.url, httpStatus: c.httpStatus, type: c.type, urlCount: c.urlCount, problems: c.problems.length })),
      totalUrls: main.type === 'urlset' ? main.urlCount : children.reduce((s, c) => s + (c.type === 'urlset' ? c.urlCount : 0), 0),
      sampleEntries: main.entries.slice(0, 20),
      urlChecks,
      problems: all.slice(0, 200),
      audit: buildAudit(checks, extra),
    };
  },
});

async function validate(fetcher: FetchSession, url: string, field: string): Promise<Validated> {
  const empty: Validated = { url, httpStatus: null, type: 'unknown', urlCount: 0, bytes: 0, gzipped: false, problems: [], locs: [], entries: [] };
  let response;
  try {
    response = await fetcher.fetch(url, { field, truncate: true, headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' } });
  } catch (e) {
    if (e instanceof ToolError && (e.code === 'forbidden_target' || e.code === 'validation_failed')) throw e;
    empty.problems.push({ severity: 'high', code: 'unreachable', message: e instanceof ToolError ? e.detail : String(e), sitemap: url });
    return empty;
  }
  empty.httpStatus = response.status;
  if (response.status < 200 || response.status >= 300) {
    empty.problems.push({ severity: 'high', code: 'http-status', message: `answers HTTP ${response.status}`, sitemap: url });
    return empty;
  }
  if (response.truncated) {
    empty.bytes = response.body.length;
    empty.problems.push({
      severity: 'medium',
      code: 'too-large-for-service',
      message: `larger than this service’s ${fetcher.maxBytes.toLocaleString('en')}-byte download cap; not validated`,
      sitemap: url,
    });
    return empty;
  }
  const parsed = parseSitemap(response.body, response.url);
  return {
    url,
    httpStatus: response.status,
    type: parsed.type,
    urlCount: parsed.entries.length,
    bytes: parsed.bytes,
    gzipped: parsed.gzipped,
    problems: parsed.problems.map((p) => ({ ...p, sitemap: url })),
    locs: parsed.entries.map((e) => e.loc).filter(Boolean),
    entries: parsed.entries,
  };
}
