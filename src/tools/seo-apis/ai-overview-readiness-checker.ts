import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, clip, type CheckInput } from '../../lib/page/audit.ts';
import { wordsOf } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';
import { fetchRobots } from '../../lib/page/robots.ts';
import { schemaTypes } from '../../lib/page/analysis.ts';

const QUESTION = /\?\s*$|^(what|how|why|when|where|which|who|can|does|do|is|are|should|will)\b/i;

export default definePageAudit({
  module: 'seo-apis',
  slug: 'ai-overview-readiness-checker',
  title: 'AI Overview readiness checker',
  description:
    'Estimates how well a page is structured to be quoted in AI answers (Google AI Overviews, chat assistants) using structural ' +
    'heuristics only — it does not query any AI system: crawlable and indexable (robots.txt, noindex), question-style headings ' +
    'followed by a direct 40–80-word answer, lists and tables, FAQ/HowTo/Article structured data, author and date signals, ' +
    'enough substantive content, and whether AI crawlers (GPTBot, Google-Extended, ClaudeBot, PerplexityBot) are allowed.',
  keywords: ['ai overview', 'sge', 'generative engine optimization', 'geo', 'answer engine', 'ai search readiness', 'llm seo'],
  timeoutMs: 25_000,
  fields: () => ({
    method: z.string().describe('What the score is based on'),
    questionHeadings: z.array(z.string()),
    answerSnippets: z
      .array(z.object({ heading: z.string(), answer: z.string(), words: z.number().int() }))
      .describe('First paragraph under each question heading'),
    lists: z.number().int(),
    tables: z.number().int(),
    structuredDataTypes: z.array(z.string()),
    author: z.string().nullable(),
    published: z.string().nullable(),
    modified: z.string().nullable(),
    wordCount: z.number().int(),
    aiCrawlers: z.array(z.object({ userAgent: z.string(), allowed: z.boolean() })),
  }),
  live: { 'an article': 'https://example.com/guide', 'a FAQ page': 'https://example.com/faq' },
  offline: { title: 'no question headings, no author or date', finds: ['ai-no-question-headings', 'ai-no-authorship'] },
  run: async ({ url }, ctx) => {
    const { page, response, fetcher } = await loadPage(ctx, url);
    const robots = await fetchRobots(fetcher, response.url);
    const $ = page.$;
    const questionHeadings: string[] = [];
    const answers: Array<{ heading: string; answer: string; words: number }> = [];
    $('h2, h3, h4').each((_, el) => {
      const text = $(el).text().replace(/\s+/g, ' ').trim();
      if (!QUESTION.test(text)) return;
      questionHeadings.push(text);
      const next = $(el).nextAll('p').first().text().replace(/\s+/g, ' ').trim();
      if (next) answers.push({ heading: text, answer: clip(next, 300), words: wordsOf(next).length });
    });
    const types = schemaTypes(page);
    const meta = (k: string): string | null => page.meta.find((m) => m.key === k)?.content ?? null;
    const ld = JSON.stringify(page.jsonLd.map((b) => b.value));
    const ldAuthor = /"author"\s*:\s*(?:\{[^}]*"name"\s*:\s*"([^"]+)"|"([^"]+)")/.exec(ld)?.slice(1).find(Boolean);
    const author = meta('author') ?? meta('article:author') ?? ldAuthor ?? ($('[rel~=author], .author, [itemprop=author]').first().text().trim() || null);
    const published = meta('article:published_time') ?? /"datePublished"\s*:\s*"([^"]+)"/.exec(ld)?.[1] ?? $('time[datetime]').first().attr('datetime') ?? null;
    const modified = meta('article:modified_time') ?? /"dateModified"\s*:\s*"([^"]+)"/.exec(ld)?.[1] ?? null;
    const words = wordsOf(page.text).length;
    const noindex = /noindex|none/i.test(`${page.robots ?? ''} ${response.headers['x-robots-tag'] ?? ''}`);
    const googleAllowed = robots.isAllowed(response.url, 'Googlebot');
    const aiCrawlers = ['GPTBot', 'Google-Extended', 'ClaudeBot', 'PerplexityBot', 'CCBot'].map((ua) => ({
      userAgent: ua,
      allowed: robots.isAllowed(response.url, ua),
    }));
    const goodAnswers = answers.filter((a) => a.words >= 25 && a.words <= 100);
    const checks: CheckInput[] = [
      {
        id: 'ai-indexable',
        title: 'Crawlable and indexable by Google',
        status: googleAllowed && !noindex && response.status < 300 ? 'pass' : 'fail',
        weight: 25,
        severity: 'high',
        evidence: `status ${response.status}; robots.txt ${googleAllowed ? 'allows' : 'blocks'} Googlebot; ${noindex ? 'noindex' : 'indexable'}`,
        fix: 'AI Overviews only cite indexed pages: allow Googlebot and remove noindex.',
        problem: 'Page cannot be indexed',
        findingId: 'ai-not-indexable',
      },
      {
        id: 'ai-question-headings',
        title: 'Question-style headings',
        status: questionHeadings.length >= 2 ? 'pass' : questionHeadings.length === 1 ? 'warn' : 'fail',
        weight: 15,
        evidence: questionHeadings.length
          ? questionHeadings
              .slice(0, 4)
              .map((q) => clip(q, 60))
              .join(' | ')
          : 'no H2–H4 phrased as a question',
        fix: 'Phrase some subheadings as the questions people ask ("How long does … take?").',
        problem: 'No question headings',
        findingId: 'ai-no-question-headings',
      },
      {
        id: 'ai-direct-answers',
        title: 'Direct 25–100-word answers under questions',
        status: goodAnswers.length >= 1 ? 'pass' : answers.length ? 'warn' : 'fail',
        weight: 15,
        evidence: answers.length
          ? answers
              .slice(0, 3)
              .map((a) => `${a.words} words after "${clip(a.heading, 40)}"`)
              .join('; ')
          : 'no answer paragraphs under question headings',
        fix: 'Answer each question in the first paragraph below it, in 40–80 words, then elaborate.',
        problem: 'No concise answers',
        findingId: 'ai-no-direct-answers',
      },
      {
        id: 'ai-lists-tables',
        title: 'Uses lists or tables',
        status: page.lists + page.tables > 0 ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: `${page.lists} lists, ${page.tables} tables`,
        fix: 'Present steps, options and comparisons as lists or tables, which answers quote readily.',
        problem: 'No lists or tables',
        findingId: 'ai-no-lists',
      },
      {
        id: 'ai-structured-data',
        title: 'FAQ, HowTo, Article or QAPage structured data',
        status: types.some((t) => /FAQPage|HowTo|Article|BlogPosting|NewsArticle|QAPage|Recipe|Product/.test(t)) ? 'pass' : types.length ? 'warn' : 'fail',
        weight: 10,
        evidence: types.length ? types.join(', ') : 'none',
        fix: 'Describe the content with schema.org JSON-LD (Article with author and dates; FAQPage for Q&A).',
        problem: 'No content structured data',
        findingId: 'ai-no-structured-data',
      },
      {
        id: 'ai-authorship',
        title: 'Author and date shown',
        status: author && published ? 'pass' : author || published ? 'warn' : 'fail',
        weight: 10,
        severity: 'low',
        evidence: `author: ${author ? clip(author, 40) : 'none'}; published: ${published ?? 'none'}`,
        fix: 'Show who wrote the page and when (byline, <time datetime>, Article author/datePublished) — trust signals.',
        problem: 'No author or date',
        findingId: 'ai-no-authorship',
      },
      {
        id: 'ai-depth',
        title: 'At least 500 words of content',
        status: words >= 500 ? 'pass' : words >= 250 ? 'warn' : 'fail',
        weight: 10,
        evidence: `${words} words`,
        fix: 'Cover the topic in depth with original information.',
        problem: 'Thin content',
        findingId: 'thin-content',
      },
      {
        id: 'ai-crawlers',
        title: 'AI crawlers allowed by robots.txt',
        status: aiCrawlers.every((c) => c.allowed) ? 'pass' : 'warn',
        weight: 5,
        severity: 'info',
        evidence: aiCrawlers.map((c) => `${c.userAgent} ${c.allowed ? 'allowed' : 'blocked'}`).join(', '),
        fix: 'Allow the AI crawlers you want to be cited by (blocking Google-Extended does not affect AI Overviews, which use Googlebot).',
        problem: 'Some AI crawlers are blocked',
        findingId: 'ai-crawlers-blocked',
      },
    ];
    return {
      finalUrl: response.url,
      method: 'Structural heuristics on the page HTML and robots.txt; no AI system or search engine is queried.',
      questionHeadings,
      answerSnippets: answers.slice(0, 20),
      lists: page.lists,
      tables: page.tables,
      structuredDataTypes: types,
      author: author ? clip(author, 100) : null,
      published,
      modified,
      wordCount: words,
      aiCrawlers,
      audit: buildAudit(checks),
    };
  },
});
