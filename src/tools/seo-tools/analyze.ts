import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { analyzePage, pageAnalysisSchema } from '../../lib/page/analysis.ts';
import { fetcherOf, liveExample, siteExample, urlField } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';

export default defineTool({
  module: 'seo-tools',
  slug: 'analyze',
  title: 'SEO analysis of a URL',
  description:
    'On-page SEO audit of one URL: fetches the page (following redirects) and its robots.txt, then checks HTTP status, HTTPS, ' +
    'title and meta description (presence and length), one H1 and heading order, indexability (meta robots, X-Robots-Tag, ' +
    'robots.txt), canonical, mobile viewport, language, image alt text, structured data, Open Graph and content length. ' +
    'Returns the page facts, a 0–100 score with its breakdown, and findings with evidence and fixes (stable ids, so a re-run shows what was fixed).',
  keywords: ['seo audit', 'seo analysis', 'on-page seo', 'website checker', 'seo score', 'technical seo'],
  timeoutMs: 25_000,
  input: () => z.object({ url: urlField() }),
  output: () => pageAnalysisSchema,
  examples: [
    liveExample('audit a page', { url: 'https://example.com/' }),
    liveExample('a bare host gets https://', { url: 'example.org' }),
    siteExample('a page with no meta description, two H1s and an image without alt', { url: 'https://broken-shop.example/' }, brokenShop, [
      'meta-description-missing',
      'h1-multiple',
      'image-alt-missing',
      'title-too-short',
      'structured-data-invalid',
    ]),
  ],
  run: async ({ url }, ctx) => (await analyzePage(ctx, url, fetcherOf(ctx))).analysis,
});
