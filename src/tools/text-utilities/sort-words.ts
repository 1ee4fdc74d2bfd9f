import { z } from 'zod';
import { collate } from '../../lib/collate.ts';
import { words } from '../../lib/graphemes.ts';
import { localeField } from '../../lib/locale.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { firstOfEach } from './lib/unique.ts';

export default defineTool({
  module: 'text-utilities',
  slug: 'sort-words',
  cpu: 'large-input',
  title: 'Sort words',
  description:
    'Sorts the words of a text alphabetically (A→Z or Z→A) with language-aware ordering (Unicode collation: ' +
    '"é" sorts with "e", "ä" per the chosen locale), natural number order ("2" before "10") and optional ' +
    'case-insensitive de-duplication. Words are found by Unicode word segmentation, so punctuation, hyphens and emoji ' +
    'separate words and are dropped, and Chinese or Japanese text is split into words too. Returns the sorted list and ' +
    'the words joined by the separator.',
  keywords: ['sort words', 'alphabetize', 'alphabetical order', 'word list', 'a-z', 'dedupe words'],
  input: () =>
    z.object({
      text: textField('Text whose words to sort'),
      order: z.enum(['asc', 'desc']).default('asc').describe('asc = A→Z (default), desc = Z→A'),
      caseInsensitive: z
        .boolean()
        .default(true)
        .describe('Treat "Apple" and "apple" as equal (default true); false sorts upper case first and keeps both when unique'),
      unique: z.boolean().default(false).describe('Keep each word once (default false)'),
      numeric: z.boolean().default(true).describe('Compare digit runs by value, so "2" sorts before "10" (default true)'),
      separator: z.string().max(20, 'at most 20 characters').default(' ').describe('Joins the sorted words in `text` (default one space)'),
      locale: localeField('Language whose alphabet order to use, e.g. "sv" (å after z) or "de"; default "en"'),
    }),
  output: () =>
    z.object({
      text: z.string().describe('The sorted words joined by the separator'),
      words: z.array(z.string()).describe('The sorted words'),
      count: z.number().int().nonnegative().describe('How many words'),
    }),
  examples: [
    {
      title: 'alphabetical, punctuation dropped',
      input: { text: 'the quick brown fox, the lazy dog!' },
      output: { text: 'brown dog fox lazy quick the the', words: ['brown', 'dog', 'fox', 'lazy', 'quick', 'the', 'the'], count: 7 },
    },
    {
      title: 'unique, case-insensitive, Z→A',
      input: { text: 'Banana apple banana Cherry', order: 'desc', unique: true },
      output: { text: 'Cherry Banana apple', words: ['Cherry', 'Banana', 'apple'], count: 3 },
    },
    {
      title: 'accents sort with their base letter; numbers by value',
      input: { text: 'zebra émile eagle 10 9', separator: ', ' },
      output: { text: '9, 10, eagle, émile, zebra', words: ['9', '10', 'eagle', 'émile', 'zebra'], count: 5 },
    },
    {
      title: 'Swedish order puts å after z',
      input: { text: 'ål zebra apa', locale: 'sv' },
      output: { text: 'apa zebra ål', words: ['apa', 'zebra', 'ål'], count: 3 },
    },
  ],
  run: ({ text, order, caseInsensitive, unique, numeric, separator, locale }) => {
    // Unique by the words' equality (ignoring case if asked), not the collator's: "1", "01" and "001" sort together.
    const all = words(text);
    const sorted = collate(unique ? firstOfEach(all, caseInsensitive, locale) : all, { order, caseInsensitive, unique: false, numeric, locale });
    return { text: sorted.join(separator), words: sorted, count: sorted.length };
  },
});
