import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { collate } from '../../lib/collate.ts';
import { lineEnding, splitLines, trimSpaces } from '../../lib/lines.ts';
import { localeField } from '../../lib/locale.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { firstOfEach } from './lib/unique.ts';

const ORDERS = ['asc', 'desc', 'reverse', 'shuffle'] as const;

export default defineTool({
  module: 'text-utilities',
  slug: 'sort-lines',
  cpu: 'large-input',
  title: 'Sort lines',
  description:
    'Sorts the lines of a text: asc (A→Z, default), desc (Z→A), reverse (flip the current order) or shuffle (random ' +
    'order from a cryptographic generator). Sorting is language-aware (Unicode collation, accents sort with their base ' +
    'letter) and natural for numbers ("file2" before "file10"). Optionally removes duplicate or empty lines and trims ' +
    'spaces. Understands CRLF, LF and CR line endings and answers with the ending the input used; a final line ' +
    'break stays at the end.',
  keywords: ['sort lines', 'alphabetize lines', 'reverse lines', 'shuffle lines', 'dedupe lines', 'remove duplicate lines', 'natural sort'],
  input: () =>
    z.object({
      text: textField('Text whose lines to sort'),
      order: z.enum(ORDERS).default('asc').describe('asc (A→Z, default), desc (Z→A), reverse (flip input order) or shuffle (random)'),
      numeric: z.boolean().default(true).describe('Compare digit runs by value, so "2" sorts before "10" (default true)'),
      caseInsensitive: z.boolean().default(true).describe('Treat lines that differ only in case as equal (default true); false sorts upper case first'),
      unique: z.boolean().default(false).describe('Keep only the first of equal lines (default false)'),
      removeEmpty: z.boolean().default(false).describe('Drop empty and whitespace-only lines (default false)'),
      trim: z.boolean().default(false).describe('Trim spaces at both ends of every line first (default false)'),
      locale: localeField('Language whose alphabet order to use, e.g. "de", "sv"; default "en"'),
    }),
  output: () =>
    z.object({
      text: z.string().describe('The lines in their new order'),
      count: z.number().int().nonnegative().describe('How many lines the result has'),
    }),
  examples: [
    { title: 'natural A→Z', input: { text: 'file10\nfile2\nFile1' }, output: { text: 'File1\nfile2\nfile10', count: 3 } },
    {
      title: 'Z→A without duplicates or blanks, CRLF kept',
      input: { text: 'pear\r\napple\r\n\r\nPear\r\nfig\r\n', order: 'desc', unique: true, removeEmpty: true },
      output: { text: 'pear\r\nfig\r\napple\r\n', count: 3 },
    },
    { title: 'reverse the order', input: { text: 'first\nsecond\nthird 🥉', order: 'reverse' }, output: { text: 'third 🥉\nsecond\nfirst', count: 3 } },
    { title: 'shuffle (random)', input: { text: 'a\nb\nc\nd', order: 'shuffle' } },
  ],
  run: ({ text, order, numeric, caseInsensitive, unique, removeEmpty, trim, locale }) => {
    if (text === '') return { text: '', count: 0 };
    const eol = lineEnding(text);
    let lines = splitLines(text);
    // A final line break ends the last line; it does not start an empty one.
    const finalBreak = lines.length > 1 && lines.at(-1) === '';
    if (finalBreak) lines.pop();
    if (trim) lines = lines.map((line) => trimSpaces(line));
    if (removeEmpty) lines = lines.filter((line) => trimSpaces(line) !== '');
    // Equal lines are equal strings (ignoring case if asked), not lines the collator sorts together ("1" and "01").
    if (unique) lines = firstOfEach(lines, caseInsensitive, locale);
    if (order === 'asc' || order === 'desc') {
      lines = collate(lines, { order, numeric, caseInsensitive, unique: false, locale });
    } else {
      if (order === 'reverse') lines.reverse();
      else shuffle(lines);
    }
    return { text: lines.join(eol) + (finalBreak && lines.length > 0 ? eol : ''), count: lines.length };
  },
});

/** Fisher–Yates with a CSPRNG (randomInt has no modulo bias). */
function shuffle(items: string[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const a = items[i] as string;
    items[i] = items[j] as string;
    items[j] = a;
  }
}
