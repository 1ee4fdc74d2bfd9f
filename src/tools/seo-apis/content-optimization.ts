import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { wordsOf } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';
import { occurrences, readability, round2, topPhrases } from '../../lib/page/text.ts';
import { decodeOrKeep } from '../../lib/percent-decode.ts';

export default definePageAudit({
  module: 'seo-apis',
  slug: 'content-optimization',
  title: 'Content optimization',
  description:
    'Analyses the visible text of a page: word count, paragraphs and their length, readability (Flesch reading ease and ' +
    'Flesch–Kincaid grade; English syllable heuristics), the most frequent words and phrases with their density, and — given a ' +
    '`keyword` — its density (target 0.5–2.5%) and whether it appears in the title, meta description, H1, subheadings, first ' +
    'paragraph and URL. Findings say what to improve.',
  keywords: ['content optimization', 'readability', 'keyword density', 'word count', 'flesch', 'content analysis', 'seo content'],
  params: () => ({
    keyword: z.string().trim().max(100, 'at most 100 characters').optional().describe('Target keyword or phrase (optional)'),
  }),
  fields: () => ({
    wordCount: z.number().int(),
    paragraphs: z.number().int(),
    averageParagraphWords: z.number(),
    longParagraphs: z.number().int().describe('Paragraphs over 150 words'),
    readability: z.object({
      words: z.number().int(),
      sentences: z.number().int(),
      syllables: z.number().int(),
      averageWordsPerSentence: z.number(),
      averageSyllablesPerWord: z.number(),
      fleschReadingEase: z.number(),
      fleschKincaidGrade: z.number(),
      level: z.string(),
    }),
    topWords: z.array(z.object({ phrase: z.string(), count: z.number().int(), density: z.number() })),
    topPhrases: z.array(z.object({ phrase: z.string(), count: z.number().int(), density: z.number() })),
    keyword: z
      .object({
        keyword: z.string(),
        count: z.number().int(),
        density: z.number(),
        inTitle: z.boolean(),
        inMetaDescription: z.boolean(),
        inH1: z.boolean(),
        inSubheadings: z.boolean(),
        inFirstParagraph: z.boolean(),
        inUrl: z.boolean(),
      })
      .nullable(),
  }),
  live: { 'a page': 'https://example.com/', 'with a target keyword': { url: 'https://example.com/blog/coffee', keyword: 'cold brew coffee' } },
  offline: {
    title: 'a thin page missing its keyword',
    finds: ['thin-content', 'keyword-placement'],
    input: { url: 'https://broken-shop.example/', keyword: 'glass jars' },
  },
  run: async ({ url, keyword }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const text = page.text;
    const words = wordsOf(text).length;
    const read = readability(page.paragraphs.length ? page.paragraphs.join('\n') : text);
    const paraWords = page.paragraphs.map((p) => wordsOf(p).length);
    const phrases = topPhrases(text, 15);
    const checks: CheckInput[] = [
      {
        id: 'content-length',
        title: 'At least 300 words',
        status: words >= 300 ? 'pass' : words >= 100 ? 'warn' : 'fail',
        weight: 25,
        evidence: `${words} words`,
        fix: 'Expand the page with useful, original content that answers the visitor’s question.',
        problem: 'Thin content',
        findingId: 'thin-content',
      },
      {
        id: 'readability',
        title: 'Readable text (Flesch ≥ 50)',
        status: read.words === 0 ? 'warn' : read.fleschReadingEase >= 50 ? 'pass' : read.fleschReadingEase >= 30 ? 'warn' : 'fail',
        weight: 20,
        evidence: `Flesch ${read.fleschReadingEase} (${read.level}), grade ${read.fleschKincaidGrade}, ${read.averageWordsPerSentence} words/sentence`,
        fix: 'Use shorter sentences (under 20 words) and plainer words.',
        problem: 'Hard to read',
        findingId: 'readability-low',
      },
      {
        id: 'sentence-length',
        title: 'Average sentence under 25 words',
        status: read.averageWordsPerSentence <= 25 ? 'pass' : 'warn',
        weight: 10,
        evidence: `${read.averageWordsPerSentence} words per sentence`,
        fix: 'Split long sentences.',
        problem: 'Long sentences',
        findingId: 'sentences-long',
      },
      {
        id: 'paragraph-length',
        title: 'Paragraphs under 150 words',
        status: paraWords.some((n) => n > 150) ? 'warn' : 'pass',
        weight: 10,
        severity: 'low',
        evidence: `${paraWords.filter((n) => n > 150).length} of ${paraWords.length} paragraphs over 150 words`,
        fix: 'Break long paragraphs into shorter ones (3–5 sentences).',
        problem: 'Long paragraphs',
        findingId: 'paragraphs-long',
      },
      {
        id: 'structure',
        title: 'Uses subheadings and lists',
        status: page.headings.filter((h) => h.level >= 2).length > 0 ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: `${page.headings.filter((h) => h.level >= 2).length} subheadings, ${page.lists} lists, ${page.tables} tables`,
        fix: 'Organise content with H2/H3 subheadings and lists so it can be scanned.',
        problem: 'No subheadings',
        findingId: 'structure-flat',
      },
    ];
    let keywordResult = null;
    if (keyword) {
      const count = occurrences(text, keyword);
      const density = words ? round2((count * wordsOf(keyword).length * 100) / words) : 0;
      const has = (s: string | null | undefined): boolean => occurrences(s ?? '', keyword) > 0;
      const slug = decodeOrKeep(new URL(response.url).pathname).replace(/[-_/]+/g, ' ');
      keywordResult = {
        keyword,
        count,
        density,
        inTitle: has(page.title),
        inMetaDescription: has(page.metaDescription),
        inH1: page.headings.some((h) => h.level === 1 && has(h.text)),
        inSubheadings: page.headings.some((h) => h.level >= 2 && has(h.text)),
        inFirstParagraph: has(page.paragraphs[0]),
        inUrl: has(slug),
      };
      checks.push({
        id: 'keyword-density',
        title: 'Keyword density 0.5–2.5%',
        status: density >= 0.5 && density <= 2.5 ? 'pass' : 'warn',
        weight: 10,
        evidence: `"${keyword}" ${count}× (${density}%)`,
        fix:
          density > 2.5
            ? 'Use the keyword less often (keyword stuffing hurts); use synonyms.'
            : 'Use the keyword (and close variants) naturally a few more times.',
        problem: density > 2.5 ? 'Keyword over-used' : 'Keyword under-used',
        findingId: density > 2.5 ? 'keyword-stuffing' : 'keyword-density-low',
      });
      const placements = [
        ['title', keywordResult.inTitle],
        ['H1', keywordResult.inH1],
        ['first paragraph', keywordResult.inFirstParagraph],
        ['meta description', keywordResult.inMetaDescription],
      ] as const;
      const missing = placements.filter(([, ok]) => !ok).map(([n]) => n);
      checks.push({
        id: 'keyword-placement',
        title: 'Keyword in title, H1, first paragraph and description',
        status: missing.length === 0 ? 'pass' : missing.length <= 2 ? 'warn' : 'fail',
        weight: 15,
        evidence: missing.length ? `missing from ${missing.join(', ')}` : 'in all four',
        fix: `Work "${keyword}" into the ${missing.join(', ')}.`,
        problem: 'Keyword missing from key places',
        findingId: 'keyword-placement',
      });
    }
    return {
      finalUrl: response.url,
      wordCount: words,
      paragraphs: paraWords.length,
      averageParagraphWords: paraWords.length ? round2(paraWords.reduce((a, b) => a + b, 0) / paraWords.length) : 0,
      longParagraphs: paraWords.filter((n) => n > 150).length,
      readability: read,
      topWords: phrases.single,
      topPhrases: [...phrases.bigrams, ...phrases.trigrams].sort((a, b) => b.count - a.count || a.phrase.localeCompare(b.phrase)).slice(0, 15),
      keyword: keywordResult,
      audit: buildAudit(checks),
    };
  },
});
