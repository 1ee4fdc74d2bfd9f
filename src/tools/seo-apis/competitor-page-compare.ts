import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { auditShape, buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { analyzePage } from '../../lib/page/analysis.ts';
import { fetcherOf, liveExample, siteExample, urlField } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';
import { occurrences, readability, topPhrases } from '../../lib/page/text.ts';

const pageSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  score: z.number().int(),
  wordCount: z.number().int(),
  readingEase: z.number(),
  h2Count: z.number().int(),
  images: z.number().int(),
  internalLinks: z.number().int(),
  externalLinks: z.number().int(),
  structuredDataTypes: z.array(z.string()),
  responseTimeMs: z.number().int(),
  topPhrases: z.array(z.string()),
});

export default defineTool({
  module: 'seo-apis',
  slug: 'competitor-page-compare',
  title: 'Competitor page comparison',
  description:
    'Compares your page with 1–3 competitor pages for the same topic: SEO score, word count, readability, subheadings, images, ' +
    'links, structured data and response time side by side, plus the content gap — phrases the competitors use repeatedly that ' +
    'your page never mentions, their subheadings, and schema types they have and you lack — with findings on what to add.',
  keywords: ['competitor analysis', 'content gap', 'compare competitors', 'seo competitor', 'serp competitor'],
  timeoutMs: 45_000,
  input: () =>
    z.object({
      url: urlField('Your page'),
      competitorUrls: z.array(urlField('A competitor page')).min(1, 'at least 1').max(3, 'at most 3').describe('1–3 competitor pages'),
    }),
  output: () =>
    z.object({
      page: pageSchema,
      competitors: z.array(pageSchema),
      contentGap: z.object({
        missingPhrases: z
          .array(z.object({ phrase: z.string(), competitorsUsing: z.number().int() }))
          .describe('Phrases used twice or more by competitors, absent from your page'),
        competitorSubheadings: z.array(z.object({ url: z.string(), headings: z.array(z.string()) })),
        missingSchemaTypes: z.array(z.string()),
      }),
      ...auditShape,
    }),
  examples: [
    liveExample('one competitor', { url: 'https://example.com/guide', competitorUrls: ['https://example.org/guide'] }),
    liveExample('two competitors', { url: 'https://example.com/', competitorUrls: ['https://example.org/', 'https://example.net/'] }),
    siteExample(
      'a thin page against a full guide',
      { url: 'https://broken-shop.example/', competitorUrls: ['https://broken-shop.example/guide'] },
      brokenShop,
      ['competitor-content-shorter'],
    ),
  ],
  run: async ({ url, competitorUrls }, ctx) => {
    const fetcher = fetcherOf(ctx);
    const all = await Promise.all([
      analyzePage(ctx, url, fetcher, 'url', { robots: false }),
      ...competitorUrls.map((u, i) => analyzePage(ctx, u, fetcher, `competitorUrls.${i}`, { robots: false })),
    ]);
    const summarize = (r: (typeof all)[number]): z.infer<typeof pageSchema> => {
      const { page } = r.loaded;
      const p = topPhrases(page.text, 10);
      return {
        url: r.analysis.url,
        finalUrl: r.analysis.finalUrl,
        score: r.analysis.score,
        wordCount: r.analysis.wordCount,
        readingEase: readability(page.paragraphs.join('\n') || page.text).fleschReadingEase,
        h2Count: r.analysis.headings.h2,
        images: r.analysis.images.total,
        internalLinks: r.analysis.links.internal,
        externalLinks: r.analysis.links.external,
        structuredDataTypes: r.analysis.structuredDataTypes,
        responseTimeMs: r.analysis.responseTimeMs,
        topPhrases: [...p.bigrams, ...p.trigrams]
          .sort((a, b) => b.count - a.count)
          .slice(0, 10)
          .map((x) => x.phrase),
      };
    };
    const [mine, ...theirs] = all;
    const me = summarize(mine!);
    const them = theirs.map(summarize);
    const phraseCount = new Map<string, number>();
    for (const t of theirs) {
      const p = topPhrases(t.loaded.page.text, 30);
      for (const ph of new Set([...p.bigrams, ...p.trigrams].filter((x) => x.count >= 2).map((x) => x.phrase)))
        phraseCount.set(ph, (phraseCount.get(ph) ?? 0) + 1);
    }
    const missingPhrases = [...phraseCount.entries()]
      .filter(([ph]) => occurrences(mine!.loaded.page.text, ph) === 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 25)
      .map(([phrase, n]) => ({ phrase, competitorsUsing: n }));
    const missingSchemaTypes = [...new Set(them.flatMap((t) => t.structuredDataTypes))].filter((t) => !me.structuredDataTypes.includes(t)).sort();
    const avg = (f: (p: z.infer<typeof pageSchema>) => number): number => them.reduce((s, t) => s + f(t), 0) / them.length;
    const avgWords = Math.round(avg((t) => t.wordCount));
    const avgScore = Math.round(avg((t) => t.score));
    const checks: CheckInput[] = [
      {
        id: 'competitive-score',
        title: 'SEO score at least the competitors’ average',
        status: me.score >= avgScore ? 'pass' : me.score >= avgScore - 10 ? 'warn' : 'fail',
        weight: 30,
        evidence: `yours ${me.score}, competitors ${them.map((t) => t.score).join(', ')}`,
        fix: 'Fix the on-page findings of seo-tools/analyze for your page.',
        problem: 'Lower SEO score than competitors',
        findingId: 'competitor-score-lower',
      },
      {
        id: 'competitive-depth',
        title: 'Content at least 80% as long as competitors’',
        status: me.wordCount >= avgWords * 0.8 ? 'pass' : me.wordCount >= avgWords * 0.5 ? 'warn' : 'fail',
        weight: 30,
        evidence: `yours ${me.wordCount} words, competitors average ${avgWords}`,
        fix: 'Cover the topic more completely (see contentGap for subtopics).',
        problem: 'Thinner content than competitors',
        findingId: 'competitor-content-shorter',
      },
      {
        id: 'competitive-topics',
        title: 'Covers the competitors’ recurring phrases',
        status: missingPhrases.length <= 3 ? 'pass' : missingPhrases.length <= 10 ? 'warn' : 'fail',
        weight: 25,
        evidence: missingPhrases.length
          ? missingPhrases
              .slice(0, 8)
              .map((m) => m.phrase)
              .join(', ')
          : 'no gaps',
        fix: 'Address the missing subtopics where they serve your readers.',
        problem: 'Content gap against competitors',
        findingId: 'competitor-content-gap',
      },
      {
        id: 'competitive-schema',
        title: 'Has the structured data competitors have',
        status: missingSchemaTypes.length ? 'warn' : 'pass',
        weight: 15,
        severity: 'low',
        evidence: missingSchemaTypes.length ? `missing ${missingSchemaTypes.join(', ')}` : 'none missing',
        fix: 'Add the applicable schema.org types as JSON-LD.',
        problem: 'Competitors have richer structured data',
        findingId: 'competitor-schema-gap',
      },
    ];
    return {
      page: me,
      competitors: them,
      contentGap: {
        missingPhrases,
        competitorSubheadings: theirs.map((t) => ({
          url: t.analysis.url,
          headings: t.loaded.page.headings
            .filter((h) => h.level === 2 || h.level === 3)
            .map((h) => h.text)
            .slice(0, 30),
        })),
        missingSchemaTypes,
      },
      ...buildAudit(checks),
    };
  },
});
