import type * as RandomWords from 'random-words';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { countField } from '../../registry/fields.ts';
import { lazy } from '../../lib/lazy.ts';

const randomWords = lazy<typeof RandomWords>('random-words');

const MAX_WORDS = 1000;

export default defineTool({
  module: 'text-utilities',
  slug: 'random-word-generator',
  title: 'Random word generator',
  description:
    'Picks random common English words (from a list of about 1,950 everyday words such as "garden", "quickly", ' +
    '"village"), e.g. for brainstorming, games, test data or memorable names. Up to 1,000 words per call, optionally ' +
    'limited to a word length range; words are distinct unless unique is false. Not for passwords: use ' +
    'security-apis/secure-password-generator for secrets.',
  keywords: ['random words', 'word generator', 'random english words', 'brainstorm', 'pictionary', 'word list'],
  input: () =>
    z.object({
      count: countField('How many words', 1, MAX_WORDS),
      minLength: z.number().int('a whole number').min(1, 'at least 1').max(30, 'at most 30').optional().describe('Shortest word length in letters (1–30)'),
      maxLength: z.number().int('a whole number').min(1, 'at least 1').max(30, 'at most 30').optional().describe('Longest word length in letters (1–30)'),
      unique: z.boolean().default(true).describe('No word twice (default true)'),
      separator: z.string().max(20, 'at most 20 characters').default(' ').describe('Joins the words in `text` (default one space)'),
    }),
  output: () =>
    z.object({
      words: z.array(z.string()).describe('The random words'),
      text: z.string().describe('The words joined by the separator'),
    }),
  examples: [
    { title: 'five random words', input: { count: 5 } },
    { title: 'three short words, comma separated', input: { count: 3, maxLength: 4, separator: ', ' } },
    { title: 'long words', input: { count: 2, minLength: 10 } },
  ],
  run: ({ count, minLength, maxLength, unique, separator }) => {
    if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
      throw invalidField('minLength', `must not exceed maxLength (${maxLength})`);
    }
    const lengths = { minLength, maxLength };
    // Checked first: the package retries forever when no word has a fitting length.
    const available = randomWords().count(lengths);
    if (available === 0) throw invalidField(minLength === undefined ? 'maxLength' : 'minLength', 'no word in the list has a length in that range');
    if (unique && count > available) {
      throw invalidField('count', `only ${available} distinct words fit that length range; ask for fewer or set unique to false`);
    }
    const words: string[] = [];
    const seen = new Set<string>();
    while (words.length < count) {
      for (const word of asList(randomWords().generate({ ...lengths, exactly: count - words.length }))) {
        if (unique && seen.has(word)) continue;
        seen.add(word);
        words.push(word);
      }
    }
    return { words, text: words.join(separator) };
  },
});

function asList(result: string | string[]): string[] {
  return typeof result === 'string' ? [result] : result;
}
