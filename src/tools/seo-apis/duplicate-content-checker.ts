import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { auditShape, buildAudit, type CheckInput, type Finding } from '../../lib/page/audit.ts';
import { fetcherOf, liveExample, siteExample, mapLimit } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';
import { visibleText } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';
import { compareDocumentsTask, SHINGLE } from '../../lib/page/similarity.ts';

export default defineTool({
  module: 'seo-apis',
  slug: 'duplicate-content-checker',
  title: 'Duplicate content checker',
  description:
    'Compares 2–10 documents for duplicate and near-duplicate content: give `urls` (the main text of each page is fetched — ' +
    '<main> or <article> when present, else the body) and/or `texts`. Every pair gets a Jaccard similarity of 5-word shingles ' +
    'and a 64-bit SimHash similarity; pairs at ≥ 90% shingle overlap are duplicates, ≥ 50% near-duplicates. Without the network ' +
    'when only texts are given.',
  keywords: ['duplicate content', 'plagiarism', 'near duplicate', 'content similarity', 'simhash', 'jaccard'],
  timeoutMs: 45_000,
  input: () =>
    z.object({
      urls: z.array(z.string().trim().min(1).max(2048)).max(10, 'at most 10 URLs').optional().describe('Pages to compare'),
      texts: z
        .array(z.string().max(200_000, 'at most 200,000 characters each'))
        .max(10, 'at most 10 texts')
        .optional()
        .describe('Texts to compare (labelled text1, text2…)'),
    }),
  output: () =>
    z.object({
      documents: z.array(
        z.object({ id: z.string(), source: z.enum(['url', 'text']), finalUrl: z.string().nullable(), words: z.number().int(), error: z.string().nullable() }),
      ),
      pairs: z
        .array(
          z.object({
            a: z.string(),
            b: z.string(),
            jaccard: z.number().describe(`Shared ${SHINGLE}-word shingles ÷ all shingles, 0–1`),
            simhash: z.number().describe('1 − Hamming distance ÷ 64, 0–1'),
            verdict: z.enum(['duplicate', 'near-duplicate', 'similar', 'distinct']),
          }),
        )
        .describe('Most similar first'),
      method: z.string(),
      ...auditShape,
    }),
  examples: [
    {
      title: 'two texts, one a light edit of the other',
      input: {
        texts: [
          'The quick brown fox jumps over the lazy dog near the river bank today.',
          'The quick brown fox jumps over the lazy dog near the river bank tonight.',
        ],
      },
      output: {
        documents: [
          { id: 'text1', source: 'text', finalUrl: null, words: 14, error: null },
          { id: 'text2', source: 'text', finalUrl: null, words: 14, error: null },
        ],
        pairs: [{ a: 'text1', b: 'text2', jaccard: 0.82, simhash: 0.89, verdict: 'near-duplicate' }],
        method:
          'Jaccard similarity of 5-word shingles (lower-cased words) and 64-bit SimHash of word bigrams; duplicate ≥ 0.9, near-duplicate ≥ 0.5, similar ≥ 0.2 or SimHash ≥ 0.9.',
        score: 80,
        scoreBreakdown: { 'no-duplicates': '60/60 pass', 'no-near-duplicates': '20/40 warn' },
        scoreMethod:
          'Each check is worth its maxPoints; pass earns all, warn half, fail none (info checks do not count). score = round(100 × earned ÷ possible).',
        checks: [
          { id: 'no-duplicates', title: 'No duplicate pairs (≥ 90% overlap)', status: 'pass', points: 60, maxPoints: 60, evidence: 'none', fix: '' },
          {
            id: 'no-near-duplicates',
            title: 'No near-duplicate pairs (≥ 50% overlap)',
            status: 'warn',
            points: 20,
            maxPoints: 40,
            evidence: 'text1 ~ text2 (82%)',
            fix: 'Rewrite the overlapping sections so each page has its own substance, or consolidate them.',
          },
        ],
        findings: [
          {
            id: 'near-duplicate-content',
            severity: 'low',
            title: 'Near-duplicate content',
            evidence: 'text1 ~ text2 (82%)',
            fix: 'Rewrite the overlapping sections so each page has its own substance, or consolidate them.',
          },
        ],
      },
    },
    {
      title: 'three texts, one copied',
      input: {
        texts: [
          'Our bakery opens at seven and sells sourdough, rye and croissants every morning.',
          'The museum shows modern art from local painters and hosts a sculpture garden.',
          'Our bakery opens at seven and sells sourdough, rye and croissants every morning.',
        ],
      },
      output: {
        documents: [
          { id: 'text1', source: 'text', finalUrl: null, words: 13, error: null },
          { id: 'text2', source: 'text', finalUrl: null, words: 13, error: null },
          { id: 'text3', source: 'text', finalUrl: null, words: 13, error: null },
        ],
        pairs: [
          { a: 'text1', b: 'text3', jaccard: 1, simhash: 1, verdict: 'duplicate' },
          { a: 'text1', b: 'text2', jaccard: 0, simhash: 0.66, verdict: 'distinct' },
          { a: 'text2', b: 'text3', jaccard: 0, simhash: 0.66, verdict: 'distinct' },
        ],
        method:
          'Jaccard similarity of 5-word shingles (lower-cased words) and 64-bit SimHash of word bigrams; duplicate ≥ 0.9, near-duplicate ≥ 0.5, similar ≥ 0.2 or SimHash ≥ 0.9.',
        score: 40,
        scoreBreakdown: { 'no-duplicates': '0/60 fail', 'no-near-duplicates': '40/40 pass' },
        scoreMethod:
          'Each check is worth its maxPoints; pass earns all, warn half, fail none (info checks do not count). score = round(100 × earned ÷ possible).',
        checks: [
          {
            id: 'no-duplicates',
            title: 'No duplicate pairs (≥ 90% overlap)',
            status: 'fail',
            points: 0,
            maxPoints: 60,
            evidence: 'text1 ≈ text3 (100%)',
            fix: 'Merge the duplicates (301 one to the other) or point the copy’s canonical at the original.',
          },
          { id: 'no-near-duplicates', title: 'No near-duplicate pairs (≥ 50% overlap)', status: 'pass', points: 40, maxPoints: 40, evidence: 'none', fix: '' },
        ],
        findings: [
          {
            id: 'duplicate-content',
            severity: 'high',
            title: 'Duplicate content',
            evidence: 'text1 ≈ text3 (100%)',
            fix: 'Merge the duplicates (301 one to the other) or point the copy’s canonical at the original.',
          },
        ],
      },
    },
    liveExample('two pages', { urls: ['https://example.com/a', 'https://example.com/b'] }),
    siteExample('two near-identical pages', { urls: ['https://broken-shop.example/copy', 'https://broken-shop.example/copy-2'] }, brokenShop, [
      'near-duplicate-content',
    ]),
  ],
  run: async ({ urls, texts }, ctx) => {
    const docs: Array<{ id: string; source: 'url' | 'text'; finalUrl: string | null; text: string; error: string | null }> = [];
    const total = (urls?.length ?? 0) + (texts?.length ?? 0);
    if (total < 2) throw new ToolError('validation_failed', 'urls: give at least 2 documents in urls and/or texts');
    if (total > 10) throw new ToolError('validation_failed', 'urls: at most 10 documents in urls and texts together');
    if (urls?.length) {
      const fetcher = fetcherOf(ctx);
      const fetched = await mapLimit(urls, 5, async (u, i) => {
        const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(u) ? u : `https://${u}`;
        try {
          const { page, response } = await loadPage(ctx, url, `urls.${i}`, fetcher);
          const main = page.$('main').get(0) ?? page.$('article').get(0);
          return { id: u, source: 'url' as const, finalUrl: response.url, text: main ? visibleText([main]) : page.text, error: null };
        } catch (e) {
          if (e instanceof ToolError && (e.code === 'validation_failed' || e.code === 'forbidden_target')) throw e;
          return { id: u, source: 'url' as const, finalUrl: null, text: '', error: e instanceof ToolError ? e.detail : String(e) };
        }
      });
      docs.push(...fetched);
    }
    (texts ?? []).forEach((t, i) => docs.push({ id: `text${i + 1}`, source: 'text', finalUrl: null, text: t, error: null }));
    const { words, pairs } = await compareDocumentsTask.run(ctx, docs);
    const dupes = pairs.filter((p) => p.verdict === 'duplicate');
    const near = pairs.filter((p) => p.verdict === 'near-duplicate');
    const failed = docs.filter((d) => d.error);
    const checks: CheckInput[] = [
      {
        id: 'no-duplicates',
        title: 'No duplicate pairs (≥ 90% overlap)',
        status: dupes.length ? 'fail' : 'pass',
        weight: 60,
        severity: 'high',
        evidence: dupes.length
          ? dupes
              .map((p) => `${p.a} ≈ ${p.b} (${Math.round(p.jaccard * 100)}%)`)
              .slice(0, 5)
              .join('; ')
          : 'none',
        fix: 'Merge the duplicates (301 one to the other) or point the copy’s canonical at the original.',
        problem: 'Duplicate content',
        findingId: 'duplicate-content',
      },
      {
        id: 'no-near-duplicates',
        title: 'No near-duplicate pairs (≥ 50% overlap)',
        status: near.length ? 'warn' : 'pass',
        weight: 40,
        evidence: near.length
          ? near
              .map((p) => `${p.a} ~ ${p.b} (${Math.round(p.jaccard * 100)}%)`)
              .slice(0, 5)
              .join('; ')
          : 'none',
        fix: 'Rewrite the overlapping sections so each page has its own substance, or consolidate them.',
        problem: 'Near-duplicate content',
        findingId: 'near-duplicate-content',
      },
    ];
    const extra: Finding[] = failed.map((d) => ({
      id: 'document-failed',
      severity: 'medium' as const,
      title: `Could not fetch ${d.id}`,
      evidence: d.error ?? '',
      fix: 'Check the URL is public and answers HTML.',
    }));
    return {
      documents: docs.map((d, i) => ({ id: d.id, source: d.source, finalUrl: d.finalUrl, words: words[i]!, error: d.error })),
      pairs,
      method: `Jaccard similarity of ${SHINGLE}-word shingles (lower-cased words) and 64-bit SimHash of word bigrams; duplicate ≥ 0.9, near-duplicate ≥ 0.5, similar ≥ 0.2 or SimHash ≥ 0.9.`,
      ...buildAudit(checks, extra),
    };
  },
});
