import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { buildAudit, compareSeverity, findingSchema, type Finding } from '../../lib/page/audit.ts';
import { fetcherOf, liveExample, siteExample, mapLimit } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';
import { loadPage } from '../../lib/page/load.ts';
import { canonicalCheck, descriptionChecks, h1Check, robotsMetaCheck, statusCheck, titleChecks } from '../../lib/page/seo-checks.ts';

const rowSchema = z.object({
  url: z.string(),
  httpStatus: z.number().int().nullable(),
  title: z.string().nullable(),
  metaDescription: z.string().nullable(),
  canonical: z.string().nullable(),
  h1: z.string().nullable(),
  score: z.number().int().min(0).max(100).nullable(),
  issues: z.array(z.string()).describe('Titles of the problems found'),
  error: z.string().nullable().describe('Why this URL could not be audited (the other rows are unaffected)'),
  finalUrl: z.string().nullable(),
  scoreBreakdown: z.record(z.string(), z.string()),
  findings: z.array(findingSchema),
});

export default defineTool({
  module: 'seo-apis',
  slug: 'bulk-url-seo-auditor',
  title: 'Bulk URL SEO auditor',
  description:
    'A lite SEO scorecard for many URLs at once: for each URL its HTTP status, title, meta description, canonical and H1, a ' +
    '0–100 score and the issues found (status, title and description presence and length, one H1, canonical, noindex). Give ' +
    '`urls` (array) and/or `urlsText` (one URL per line, or separated by commas or spaces). Rows come back in input order, ' +
    'duplicates removed; a URL that fails gets an `error` and the others still succeed. Plans cap the URLs per call (free 5, ' +
    'pro 20). Add ?format=markdown for a report or ?format=json for the bare result.',
  keywords: ['bulk seo audit', 'multiple urls', 'seo scorecard', 'batch seo check', 'deploy regression', 'seo crawler'],
  timeoutMs: 90_000,
  input: () =>
    z.object({
      urls: z
        .array(z.string().max(2048, 'at most 2048 characters'))
        .max(100, 'at most 100 items')
        .optional()
        .describe('URLs to audit (http/https; a bare host gets https://)'),
      urlsText: z.string().max(50_000, 'at most 50,000 characters').optional().describe('More URLs as text: one per line, or separated by commas or spaces'),
    }),
  output: () =>
    z.object({
      summary: z.object({
        requested: z.number().int(),
        audited: z.number().int(),
        failed: z.number().int(),
        averageScore: z.number().int().nullable(),
        limit: z.number().int(),
        plan: z.string(),
      }),
      score: z.number().int().min(0).max(100).describe('Average score of the URLs audited (0 when none)'),
      scoreBreakdown: z.record(z.string(), z.string()).describe('Score per URL'),
      findings: z.array(findingSchema).describe('Problems across the URLs, with how many URLs have each'),
      rows: z.array(rowSchema),
    }),
  examples: [
    liveExample('an array of URLs', { urls: ['https://example.com/', 'https://example.com/about'] }),
    liveExample('URLs as text, duplicates removed', { urlsText: 'https://example.com/\nexample.com/pricing, https://example.com/' }),
    siteExample('a broken page and a 404', { urls: ['https://broken-shop.example/', 'https://broken-shop.example/gone'] }, brokenShop, [
      'http-status-4xx',
      'meta-description-missing',
    ]),
  ],
  run: async ({ urls, urlsText }, ctx) => {
    const raw = [...(urls ?? []), ...(urlsText ?? '').split(/[\s,]+/)].map((u) => u.trim()).filter(Boolean);
    if (raw.length === 0) throw new ToolError('validation_failed', 'urls: give at least one URL in urls or urlsText');
    const seen = new Set<string>();
    const list: string[] = [];
    for (const r of raw) {
      const key = normalize(r) ?? r;
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(r);
    }
    const limit = ctx.plan.bulkUrlLimit;
    if (list.length > limit) {
      throw new ToolError(
        'validation_failed',
        `urls: the ${ctx.plan.name} plan audits at most ${limit} URLs per call (got ${list.length} distinct URLs); split the list or upgrade the plan`,
      );
    }
    const fetcher = fetcherOf(ctx);
    const rows = await mapLimit(list, 4, async (input) => {
      const url = normalize(input);
      const empty = {
        url: url ?? input,
        httpStatus: null,
        title: null,
        metaDescription: null,
        canonical: null,
        h1: null,
        score: null,
        issues: [],
        finalUrl: null,
        scoreBreakdown: {},
        findings: [],
      };
      if (!url) return { ...empty, error: 'not a valid http(s) URL' };
      try {
        const { response, page } = await loadPage(ctx, url, 'url', fetcher);
        const audit = buildAudit([
          statusCheck(response),
          ...titleChecks(page),
          ...descriptionChecks(page),
          h1Check(page),
          canonicalCheck(page, response),
          robotsMetaCheck(page, response),
        ]);
        return {
          url,
          httpStatus: response.status,
          title: page.title,
          metaDescription: page.metaDescription,
          canonical: page.canonicals[0] ?? null,
          h1: page.headings.find((h) => h.level === 1)?.text ?? null,
          score: audit.score,
          issues: audit.findings.map((f) => f.title),
          error: null,
          finalUrl: response.url,
          scoreBreakdown: audit.scoreBreakdown,
          findings: audit.findings,
        };
      } catch (e) {
        if (!(e instanceof ToolError)) throw e;
        if (ctx.signal.aborted) throw e;
        return { ...empty, error: `${e.code}: ${e.detail.replace(/^url: /, '')}` };
      }
    });
    const audited = rows.filter((r) => r.score !== null);
    const average = audited.length ? Math.round(audited.reduce((s, r) => s + (r.score ?? 0), 0) / audited.length) : null;
    const byId = new Map<string, { finding: Finding; urls: string[] }>();
    for (const r of audited)
      for (const f of r.findings) {
        const entry = byId.get(f.id) ?? { finding: f, urls: [] };
        entry.urls.push(r.url);
        byId.set(f.id, entry);
      }
    const failed = rows.filter((r) => r.error !== null);
    const findings: Finding[] = [...byId.values()].map(({ finding, urls: u }) => ({
      ...finding,
      evidence: `${u.length} of ${audited.length} URL(s): ${u.slice(0, 5).join(', ')}${u.length > 5 ? ', …' : ''}`,
    }));
    if (failed.length)
      findings.push({
        id: 'url-failed',
        severity: 'high',
        title: `${failed.length} URL(s) could not be audited`,
        evidence: failed
          .slice(0, 5)
          .map((r) => `${r.url}: ${r.error}`)
          .join('; '),
        fix: 'Check that these URLs are public and answer HTML.',
      });
    findings.sort(compareSeverity);
    return {
      summary: { requested: list.length, audited: audited.length, failed: failed.length, averageScore: average, limit, plan: ctx.plan.name },
      score: average ?? 0,
      scoreBreakdown: Object.fromEntries(rows.map((r) => [r.url, r.score === null ? `error: ${r.error ?? ''}` : `${r.score}/100`])),
      findings,
      rows,
    };
  },
});

function normalize(value: string): string | null {
  const v = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}
