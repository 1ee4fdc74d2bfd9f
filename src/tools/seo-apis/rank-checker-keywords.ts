import { z } from 'zod';
import { defineUrlTool } from '../../lib/page/define-url-tool.ts';
import { wordsOf } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';
import { occurrences, round2, topPhrases } from '../../lib/page/text.ts';
import { decodeOrKeep } from '../../lib/percent-decode.ts';

const keywordSchema = z.object({
  phrase: z.string(),
  prominence: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('0–100: title 25, H1 20, first 100 words 15, meta description 10, URL 10, subheadings 10, body frequency up to 10'),
  count: z.number().int(),
  density: z.number().describe('% of the page’s words'),
  inTitle: z.boolean(),
  inH1: z.boolean(),
  inSubheadings: z.boolean(),
  inMetaDescription: z.boolean(),
  inUrl: z.boolean(),
  inFirst100Words: z.boolean(),
  inImageAlt: z.boolean(),
});

export default defineUrlTool({
  module: 'seo-apis',
  slug: 'rank-checker/keywords',
  title: 'Target keywords of a page (on-page rank signals)',
  description:
    'Works out which keywords a page targets and how prominently: candidates come from the title, H1, headings, meta description ' +
    'and the most frequent 1–3 word phrases (or from your `keywords`), each scored 0–100 for placement in the title, H1, first ' +
    '100 words, meta description, URL, subheadings and body frequency. It does NOT query live search results (no SERP positions): ' +
    'it measures the on-page signals that the page would rank with.',
  keywords: ['keyword extraction', 'target keywords', 'rank checker', 'keyword prominence', 'on-page keywords', 'seo keywords'],
  params: () => ({
    keywords: z
      .string()
      .max(1000, 'at most 1000 characters')
      .optional()
      .describe('Comma-separated keywords to score (optional; default: discovered from the page)'),
  }),
  fields: () => ({
    finalUrl: z.string(),
    wordCount: z.number().int(),
    primaryKeyword: z.string().nullable().describe('The most prominent candidate'),
    keywords: z.array(keywordSchema).describe('Most prominent first (at most 25)'),
    liveRankings: z.literal(false).describe('Always false: positions in live search results are not queried'),
  }),
  live: {
    'discover target keywords': 'https://example.com/',
    'score given keywords': { url: 'https://example.com/coffee', keywords: 'cold brew, coffee beans' },
  },
  run: async ({ url, keywords }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const text = page.text;
    const total = wordsOf(text).length;
    const given = (keywords ?? '')
      .split(',')
      .map((k) => k.trim().toLowerCase())
      .filter(Boolean)
      .slice(0, 25);
    let candidates = given;
    if (candidates.length === 0) {
      const phrases = topPhrases(text, 15);
      const fromTitle = topPhrases(`${page.title ?? ''}\n${page.headings.map((h) => h.text).join('\n')}\n${page.metaDescription ?? ''}`, 10);
      candidates = [
        ...new Set([...phrases.trigrams, ...phrases.bigrams, ...fromTitle.bigrams, ...fromTitle.single, ...phrases.single].map((p) => p.phrase)),
      ].slice(0, 60);
    }
    const first100 = wordsOf(text).slice(0, 100).join(' ');
    const slug = decodeOrKeep(new URL(response.url).pathname).replace(/[-_/.]+/g, ' ');
    const alts = page.images.map((i) => i.alt ?? '').join(' \n ');
    const h1 = page.headings
      .filter((h) => h.level === 1)
      .map((h) => h.text)
      .join(' \n ');
    const subs = page.headings
      .filter((h) => h.level > 1)
      .map((h) => h.text)
      .join(' \n ');
    const scored = candidates.map((phrase) => {
      const count = occurrences(text, phrase);
      const has = (s: string | null): boolean => occurrences(s ?? '', phrase) > 0;
      const r = {
        phrase,
        count,
        density: total ? round2((count * wordsOf(phrase).length * 100) / total) : 0,
        inTitle: has(page.title),
        inH1: has(h1),
        inSubheadings: has(subs),
        inMetaDescription: has(page.metaDescription),
        inUrl: has(slug),
        inFirst100Words: has(first100),
        inImageAlt: has(alts),
      };
      const prominence =
        (r.inTitle ? 25 : 0) +
        (r.inH1 ? 20 : 0) +
        (r.inFirst100Words ? 15 : 0) +
        (r.inMetaDescription ? 10 : 0) +
        (r.inUrl ? 10 : 0) +
        (r.inSubheadings ? 10 : 0) +
        Math.min(10, count * 2);
      return { ...r, prominence };
    });
    // Ties go to the longer (more specific) phrase: "cold brew coffee" over "coffee" when both sit in the same places.
    scored.sort(
      (a, b) => b.prominence - a.prominence || b.phrase.split(' ').length - a.phrase.split(' ').length || b.count - a.count || a.phrase.localeCompare(b.phrase),
    );
    const top = given.length ? scored : scored.filter((s) => s.count > 0).slice(0, 25);
    return { finalUrl: response.url, wordCount: total, primaryKeyword: top[0]?.phrase ?? null, keywords: top, liveRankings: false as const };
  },
});
