import type * as Diff from 'diff';
import type { Change } from 'diff';
import { z } from 'zod';
import { words } from '../../lib/graphemes.ts';
import { countLines } from '../../lib/lines.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { lazy, lazyValue } from '../../lib/lazy.ts';

const diff = lazy<typeof Diff>('diff');

/** Each diff gives up after this long and reports the texts as wholly replaced (with a warning). */
const DIFF_TIMEOUT_MS = 2500;
const wordSegmenter = lazyValue(() => new Intl.Segmenter(undefined, { granularity: 'word' }));
const HAS_SPACE = /\s/u;

/**
 * Intl word segments for jsdiff, with each run of whitespace segments already merged. jsdiff merges them itself
 * by growing one string and regex-testing it after every append, which is quadratic on long runs (300k line
 * breaks took minutes).
 */
const diffSegmenter = {
  resolvedOptions: (): Intl.ResolvedSegmenterOptions => wordSegmenter().resolvedOptions(),
  segment(text: string): { segment: string }[] {
    const out: { segment: string }[] = [];
    let spaces: string[] = [];
    for (const { segment } of wordSegmenter().segment(text)) {
      if (HAS_SPACE.test(segment)) {
        spaces.push(segment);
        continue;
      }
      if (spaces.length > 0) out.push({ segment: spaces.join('') });
      spaces = [];
      out.push({ segment });
    }
    if (spaces.length > 0) out.push({ segment: spaces.join('') });
    return out;
  },
};

const change = z.object({
  type: z.enum(['added', 'removed', 'unchanged']).describe('added: only in text2; removed: only in text1; unchanged: in both'),
  value: z.string().describe('The text of this run'),
  count: z.number().int().nonnegative().describe('Lines (line diff) or words (word diff) in this run'),
});
const side = (unit: string) =>
  z.object({
    added: z.number().int().nonnegative().describe(`${unit} only in text2`),
    removed: z.number().int().nonnegative().describe(`${unit} only in text1`),
    unchanged: z.number().int().nonnegative().describe(`${unit} in both`),
    changes: z.array(change).describe('The texts as consecutive runs, in order'),
  });

type Run = z.infer<typeof change>;

export default defineTool({
  module: 'text-utilities',
  slug: 'compare-texts',
  cpu: 'large-input',
  title: 'Compare texts (diff)',
  description:
    'Compares two texts and shows what changed from text1 to text2: a line diff and a word diff (each as runs ' +
    'marked added, removed or unchanged, with counts), whether they are identical, and a similarity percentage ' +
    '(share of words in common: 2 × common ÷ (words in text1 + words in text2) × 100). Words are Unicode word ' +
    'segments, so Chinese and Japanese compare word by word; CRLF and LF line endings count as the same, and ' +
    'options ignore case or whitespace differences. ' +
    'For reviewing edits, plagiarism checks, or finding what changed between two versions.',
  keywords: ['diff', 'compare text', 'text difference', 'changes', 'similarity', 'word diff', 'line diff', 'what changed', 'versions'],
  input: () =>
    z.object({
      text1: textField('The original text'),
      text2: textField('The changed text'),
      ignoreCase: z.boolean().default(false).describe('Treat upper and lower case as the same (default false)'),
      ignoreWhitespace: z
        .boolean()
        .default(false)
        .describe('Lines that differ only in spacing (runs of spaces, spaces at either end) count as the same (default false)'),
    }),
  output: () =>
    z.object({
      identical: z.boolean().describe('True when the line diff finds no change'),
      similarity: z.number().min(0).max(100).describe('Words in common as a percentage, 2 decimals (100 for two empty texts)'),
      lines: side('Lines'),
      words: side('Words'),
    }),
  examples: [
    {
      title: 'one word changed',
      input: { text1: 'The quick brown fox', text2: 'The quick red fox' },
      output: {
        identical: false,
        similarity: 75,
        lines: {
          added: 1,
          removed: 1,
          unchanged: 0,
          changes: [
            { type: 'removed', value: 'The quick brown fox', count: 1 },
            { type: 'added', value: 'The quick red fox', count: 1 },
          ],
        },
        words: {
          added: 1,
          removed: 1,
          unchanged: 3,
          changes: [
            { type: 'unchanged', value: 'The quick ', count: 2 },
            { type: 'removed', value: 'brown', count: 1 },
            { type: 'added', value: 'red', count: 1 },
            { type: 'unchanged', value: ' fox', count: 1 },
          ],
        },
      },
    },
    {
      title: 'identical texts',
      input: { text1: 'same\ntext', text2: 'same\ntext' },
      output: {
        identical: true,
        similarity: 100,
        lines: { added: 0, removed: 0, unchanged: 2, changes: [{ type: 'unchanged', value: 'same\ntext', count: 2 }] },
        words: { added: 0, removed: 0, unchanged: 2, changes: [{ type: 'unchanged', value: 'same\ntext', count: 2 }] },
      },
    },
    {
      title: 'a line added; Japanese words',
      input: { text1: '今日は晴れ\n', text2: '今日は晴れ\n明日は雨 ☔\n' },
      output: {
        identical: false,
        similarity: 66.67,
        lines: {
          added: 1,
          removed: 0,
          unchanged: 1,
          changes: [
            { type: 'unchanged', value: '今日は晴れ\n', count: 1 },
            { type: 'added', value: '明日は雨 ☔\n', count: 1 },
          ],
        },
        words: {
          added: 3,
          removed: 0,
          unchanged: 3,
          changes: [
            { type: 'unchanged', value: '今日は晴れ\n', count: 3 },
            { type: 'added', value: '明日は雨 ☔\n', count: 3 },
          ],
        },
      },
    },
  ],
  run: ({ text1, text2, ignoreCase, ignoreWhitespace }, ctx) => {
    // jsdiff's base class honours `comparator` for every diff kind; only the diffLines typings omit it.
    const normalize = (line: string): string => {
      const spaced = ignoreWhitespace ? line.replace(/\s+/gu, ' ').trim() : line;
      return ignoreCase ? spaced.toLowerCase() : spaced;
    };
    const lineOptions = { comparator: (a: string, b: string) => normalize(a) === normalize(b), stripTrailingCr: true, timeout: DIFF_TIMEOUT_MS };
    const lineRuns = diff().diffLines(text1, text2, lineOptions);
    const wordRuns = diff().diffWords(text1, text2, { ignoreCase, intlSegmenter: diffSegmenter, timeout: DIFF_TIMEOUT_MS });
    if (lineRuns === undefined || wordRuns === undefined) {
      ctx.warn('The texts were too different to diff in time; they are reported as wholly replaced.');
    }
    const lines = summarize(lineRuns ?? replaced(text1, text2), (run) => run.count);
    const wordsSide = summarize(wordRuns ?? replaced(text1, text2), (run) => words(run.value).length);
    const total = wordsSide.unchanged * 2 + wordsSide.added + wordsSide.removed;
    const identical = lines.added === 0 && lines.removed === 0;
    const similarity = total === 0 ? (identical ? 100 : 0) : Math.round((wordsSide.unchanged * 2 * 10000) / total) / 100;
    return { identical, similarity, lines, words: wordsSide };
  },
});

/** The fallback when a diff timed out: everything removed, then everything added. */
function replaced(text1: string, text2: string): Change[] {
  const runs: Change[] = [];
  if (text1 !== '') runs.push({ value: text1, added: false, removed: true, count: countLines(text1) });
  if (text2 !== '') runs.push({ value: text2, added: true, removed: false, count: countLines(text2) });
  return runs;
}

function summarize(runs: Change[], countOf: (run: Change) => number): z.infer<ReturnType<typeof side>> {
  const out = { added: 0, removed: 0, unchanged: 0, changes: [] as Run[] };
  for (const run of runs) {
    const count = countOf(run);
    const type = run.added ? 'added' : run.removed ? 'removed' : 'unchanged';
    out[type] += count;
    out.changes.push({ type, value: run.value, count });
  }
  return out;
}
