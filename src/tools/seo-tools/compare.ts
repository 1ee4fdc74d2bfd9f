import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { analyzePage, pageAnalysisSchema, type PageAnalysis } from '../../lib/page/analysis.ts';
import { fetcherOf, liveExample, urlField } from '../../lib/page/context.ts';

const metricSchema = z.object({
  metric: z.string(),
  url1: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  url2: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  better: z.enum(['url1', 'url2', 'tie', 'n/a']),
});

export default defineTool({
  module: 'seo-tools',
  slug: 'compare',
  title: 'Compare the SEO of two URLs',
  description:
    'Runs the same on-page SEO analysis as seo-tools/analyze on two URLs (for example your page and a competitor’s, or staging and ' +
    'production) and puts them side by side: score, status, response time, title and description length, word count, headings, ' +
    'links, images without alt and structured data, saying which URL does better on each, plus the checks one passes and the other fails.',
  keywords: ['compare seo', 'seo comparison', 'competitor seo', 'side by side', 'page comparison'],
  timeoutMs: 30_000,
  input: () => z.object({ url1: urlField('First URL (http or https)'), url2: urlField('Second URL (http or https)') }),
  output: () =>
    z.object({
      pages: z.array(pageAnalysisSchema).length(2).describe('The full analysis of url1 then url2'),
      comparison: z.array(metricSchema),
      scoreDifference: z.number().int().describe('url1 score minus url2 score'),
      winner: z.enum(['url1', 'url2', 'tie']),
      onlyUrl1Passes: z.array(z.string()).describe('Check ids url1 passes and url2 does not'),
      onlyUrl2Passes: z.array(z.string()).describe('Check ids url2 passes and url1 does not'),
    }),
  examples: [
    liveExample('two sites', { url1: 'https://example.com/', url2: 'https://example.org/' }),
    liveExample('bare hosts', { url1: 'example.com', url2: 'example.net' }),
  ],
  run: async ({ url1, url2 }, ctx) => {
    const fetcher = fetcherOf(ctx);
    const [a, b] = await Promise.all([analyzePage(ctx, url1, fetcher, 'url1'), analyzePage(ctx, url2, fetcher, 'url2')]);
    return comparePages(a.analysis, b.analysis);
  },
});

function comparePages(a: PageAnalysis, b: PageAnalysis) {
  const higher = (x: number, y: number): 'url1' | 'url2' | 'tie' => (x > y ? 'url1' : x < y ? 'url2' : 'tie');
  const lower = (x: number, y: number): 'url1' | 'url2' | 'tie' => (x < y ? 'url1' : x > y ? 'url2' : 'tie');
  const inRange = (n: number, lo: number, hi: number): number => (n >= lo && n <= hi ? 0 : n < lo ? lo - n : n - hi);
  const tl = (p: PageAnalysis): number => [...(p.title ?? '')].length;
  const dl = (p: PageAnalysis): number => [...(p.metaDescription ?? '')].length;
  const comparison = [
    { metric: 'score', url1: a.score, url2: b.score, better: higher(a.score, b.score) },
    { metric: 'httpStatus', url1: a.httpStatus, url2: b.httpStatus, better: lower(a.httpStatus === 200 ? 0 : 1, b.httpStatus === 200 ? 0 : 1) },
    { metric: 'responseTimeMs', url1: a.responseTimeMs, url2: b.responseTimeMs, better: lower(a.responseTimeMs, b.responseTimeMs) },
    { metric: 'titleLength', url1: tl(a), url2: tl(b), better: lower(inRange(tl(a), 30, 60), inRange(tl(b), 30, 60)) },
    { metric: 'metaDescriptionLength', url1: dl(a), url2: dl(b), better: lower(inRange(dl(a), 70, 160), inRange(dl(b), 70, 160)) },
    { metric: 'wordCount', url1: a.wordCount, url2: b.wordCount, better: higher(a.wordCount, b.wordCount) },
    { metric: 'h2Count', url1: a.headings.h2, url2: b.headings.h2, better: 'n/a' as const },
    { metric: 'internalLinks', url1: a.links.internal, url2: b.links.internal, better: higher(a.links.internal, b.links.internal) },
    { metric: 'externalLinks', url1: a.links.external, url2: b.links.external, better: 'n/a' as const },
    { metric: 'imagesMissingAlt', url1: a.images.missingAlt, url2: b.images.missingAlt, better: lower(a.images.missingAlt, b.images.missingAlt) },
    {
      metric: 'structuredDataTypes',
      url1: a.structuredDataTypes.join(', ') || null,
      url2: b.structuredDataTypes.join(', ') || null,
      better: higher(a.structuredDataTypes.length, b.structuredDataTypes.length),
    },
    { metric: 'openGraph', url1: a.openGraph, url2: b.openGraph, better: higher(Number(a.openGraph), Number(b.openGraph)) },
    { metric: 'htmlBytes', url1: a.htmlBytes, url2: b.htmlBytes, better: lower(a.htmlBytes, b.htmlBytes) },
  ];
  const passed = (p: PageAnalysis): Set<string> => new Set(p.checks.filter((c) => c.status === 'pass').map((c) => c.id));
  const pa = passed(a);
  const pb = passed(b);
  const all = new Set([...a.checks.map((c) => c.id), ...b.checks.map((c) => c.id)]);
  return {
    pages: [a, b],
    comparison,
    scoreDifference: a.score - b.score,
    winner: a.score > b.score ? ('url1' as const) : a.score < b.score ? ('url2' as const) : ('tie' as const),
    onlyUrl1Passes: [...all].filter((id) => pa.has(id) && !pb.has(id)).sort(),
    onlyUrl2Passes: [...all].filter((id) => pb.has(id) && !pa.has(id)).sort(),
  };
}
