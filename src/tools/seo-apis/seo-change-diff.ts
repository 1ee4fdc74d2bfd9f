import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { SEVERITY_PENALTY, scoreFromFindings } from '../../lib/audit.ts';
import { clip, findingSchema, type Finding, type Severity } from '../../lib/page/audit.ts';
import { analyzePage, schemaTypes } from '../../lib/page/analysis.ts';
import { fetcherOf, liveExample, siteExample, urlField } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';
import type { LoadedPage } from '../../lib/page/load.ts';

type Snapshot = Record<string, string | number | boolean | null>;

export default defineTool({
  module: 'seo-apis',
  slug: 'seo-change-diff',
  title: 'SEO change diff between two URLs',
  description:
    'Compares the SEO-relevant state of two URLs — typically staging against production, or the old and the new URL of a ' +
    'migrated page — field by field: HTTP status, indexability (meta robots, X-Robots-Tag), canonical (as a path, so different ' +
    'hosts compare), title, meta description, H1 and subheadings, hreflang, structured data types, Open Graph, language, word ' +
    'count, links and images without alt. Each difference is rated (a noindex or a lost canonical is high) and the score is 100 ' +
    'minus 25 per high, 10 per medium and 3 per low change.',
  keywords: ['seo diff', 'seo regression', 'staging vs production', 'migration check', 'compare pages', 'deploy check'],
  timeoutMs: 30_000,
  input: () =>
    z.object({
      beforeUrl: urlField('The reference URL (e.g. production, or the old URL)'),
      afterUrl: urlField('The changed URL (e.g. staging, or the new URL)'),
    }),
  output: () =>
    z.object({
      beforeUrl: z.string(),
      afterUrl: z.string(),
      changes: z.array(
        z.object({
          field: z.string(),
          before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
          after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
          severity: z.enum(['high', 'medium', 'low', 'info']),
          note: z.string(),
        }),
      ),
      unchanged: z.array(z.string()),
      before: z.object({ score: z.number().int(), snapshot: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])) }),
      after: z.object({ score: z.number().int(), snapshot: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])) }),
      score: z.number().int().min(0).max(100),
      scoreBreakdown: z.record(z.string(), z.string()),
      scoreMethod: z.string(),
      findings: z.array(findingSchema),
    }),
  examples: [
    liveExample('staging vs production', { beforeUrl: 'https://example.com/pricing', afterUrl: 'https://staging.example.com/pricing' }),
    liveExample('old vs new URL', { beforeUrl: 'https://example.com/old', afterUrl: 'https://example.com/new' }),
    siteExample(
      'staging adds noindex and changes the title',
      { beforeUrl: 'https://broken-shop.example/', afterUrl: 'https://broken-shop.example/staging' },
      brokenShop,
      ['changed-indexable', 'changed-title'],
    ),
  ],
  run: async ({ beforeUrl, afterUrl }, ctx) => {
    const fetcher = fetcherOf(ctx);
    const [a, b] = await Promise.all([
      analyzePage(ctx, beforeUrl, fetcher, 'beforeUrl', { robots: false }),
      analyzePage(ctx, afterUrl, fetcher, 'afterUrl', { robots: false }),
    ]);
    const sa = snapshot(a.loaded);
    const sb = snapshot(b.loaded);
    const changes: Array<{ field: string; before: Snapshot[string]; after: Snapshot[string]; severity: Severity; note: string }> = [];
    const unchanged: string[] = [];
    for (const field of Object.keys(sa)) {
      const x = sa[field] ?? null;
      const y = sb[field] ?? null;
      if (x === y) {
        unchanged.push(field);
        continue;
      }
      const [severity, note] = rate(field, x, y);
      changes.push({ field, before: x, after: y, severity, note });
    }
    const order: Severity[] = ['high', 'medium', 'low', 'info'];
    changes.sort((p, q) => order.indexOf(p.severity) - order.indexOf(q.severity));
    const findings: Finding[] = changes
      .filter((c) => c.severity !== 'info')
      .map((c) => ({
        id: `changed-${c.field}`,
        severity: c.severity,
        title: `${c.field} changed: ${c.note}`,
        evidence: `before: ${clip(String(c.before), 120)} → after: ${clip(String(c.after), 120)}`,
        fix: c.severity === 'high' ? `Restore ${c.field} unless the change is intended.` : `Confirm the ${c.field} change is intended.`,
      }));
    return {
      beforeUrl,
      afterUrl,
      changes,
      unchanged,
      before: { score: a.analysis.score, snapshot: sa },
      after: { score: b.analysis.score, snapshot: sb },
      score: scoreFromFindings(changes).score,
      scoreBreakdown: Object.fromEntries(changes.map((c) => [c.field, `-${SEVERITY_PENALTY[c.severity]} ${c.severity}`])),
      scoreMethod: '100 minus 25 per high, 10 per medium and 3 per low change (not below 0); info changes do not count.',
      findings,
    };
  },
});

function snapshot(l: LoadedPage): Snapshot {
  const { page, response } = l;
  const path = (u: string | undefined): string | null => {
    if (!u) return null;
    try {
      const x = new URL(u);
      return `${x.pathname}${x.search}`;
    } catch {
      return u;
    }
  };
  const noindex = /noindex|none/i.test(`${page.robots ?? ''} ${response.headers['x-robots-tag'] ?? ''}`);
  return {
    httpStatus: response.status,
    indexable: !noindex,
    robotsMeta: page.robots,
    xRobotsTag: response.headers['x-robots-tag'] ?? null,
    canonicalPath: path(page.canonicals[0]),
    title: page.title,
    metaDescription: page.metaDescription,
    h1:
      page.headings
        .filter((h) => h.level === 1)
        .map((h) => h.text)
        .join(' | ') || null,
    subheadings:
      page.headings
        .filter((h) => h.level === 2 || h.level === 3)
        .map((h) => h.text)
        .join(' | ') || null,
    hreflang:
      page.hreflang
        .map((h) => `${h.hreflang}=${path(h.href ?? undefined) ?? ''}`)
        .sort()
        .join(', ') || null,
    structuredDataTypes: schemaTypes(page).join(', ') || null,
    ogTitle: page.og['og:title'] ?? null,
    ogDescription: page.og['og:description'] ?? null,
    ogImagePath: path(page.og['og:image']),
    lang: page.lang,
    viewport: page.viewport,
    wordCount: page.text.split(/\s+/).filter(Boolean).length,
    internalLinks: page.links.filter((x) => x.kind === 'http' && x.internal).length,
    imagesMissingAlt: page.images.filter((i) => i.alt === null).length,
  };
}

function rate(field: string, before: Snapshot[string], after: Snapshot[string]): [Severity, string] {
  switch (field) {
    case 'httpStatus':
      return Number(after) >= 400 || Number(after) === 0
        ? ['high', `status ${String(after)}`]
        : Number(after) >= 300
          ? ['medium', 'now redirects']
          : ['low', `status ${String(after)}`];
    case 'indexable':
      return after === false ? ['high', 'the page became noindex'] : ['medium', 'the page became indexable'];
    case 'robotsMeta':
    case 'xRobotsTag':
      return ['low', 'robots directives changed'];
    case 'canonicalPath':
      return after === null ? ['high', 'canonical removed'] : before === null ? ['low', 'canonical added'] : ['high', 'canonical points elsewhere'];
    case 'title':
      return after === null ? ['high', 'title removed'] : ['medium', 'title rewritten'];
    case 'metaDescription':
      return after === null ? ['medium', 'description removed'] : ['low', 'description rewritten'];
    case 'h1':
      return after === null ? ['medium', 'H1 removed'] : ['medium', 'H1 changed'];
    case 'hreflang':
      return ['medium', 'hreflang set changed'];
    case 'structuredDataTypes': {
      const lost = String(before ?? '')
        .split(', ')
        .filter(
          (t) =>
            t &&
            !String(after ?? '')
              .split(', ')
              .includes(t),
        );
      return lost.length ? ['medium', `lost ${lost.join(', ')}`] : ['low', 'types added'];
    }
    case 'wordCount': {
      const x = Number(before);
      const y = Number(after);
      return x > 0 && y < x * 0.7 ? ['medium', `content shrank ${Math.round((1 - y / x) * 100)}%`] : ['info', 'word count changed'];
    }
    case 'internalLinks':
      return Number(after) < Number(before) * 0.7 ? ['low', 'fewer internal links'] : ['info', 'link count changed'];
    case 'imagesMissingAlt':
      return Number(after) > Number(before) ? ['low', 'more images without alt'] : ['info', 'fewer images without alt'];
    case 'viewport':
      return after === null ? ['medium', 'viewport removed'] : ['low', 'viewport changed'];
    case 'lang':
      return ['low', 'language changed'];
    default:
      return ['low', 'changed'];
  }
}
