import { z } from 'zod';
import { words } from '../../lib/graphemes.ts';
import { titlecaseFirst } from '../../lib/titlecase.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

// What social networks accept in a tag: letters (with their accents), digits and underscore.
const NOT_TAG_CHAR = /[^\p{L}\p{M}\p{N}_]/gu;
const PHRASE_SEPARATORS = /[\n\r\v\f\u0085\u2028\u2029,;|]+/u;

export default defineTool({
  module: 'text-utilities',
  slug: 'convert-to-hashtags',
  cpu: 'large-input',
  title: 'Convert to hashtags',
  description:
    'Turns text into hashtags. In "words" mode (default) every word becomes its own tag, keeping its case: ' +
    '"summer beach vibes" → "#summer #beach #vibes". In "phrases" mode each line or comma/semicolon-separated phrase ' +
    'becomes one #PascalCase tag: "summer vibes, beach day" → "#SummerVibes #BeachDay". Punctuation and emoji are ' +
    'dropped (apostrophes too: "don\'t" → "#dont"); accented letters, digits, underscores and non-Latin scripts are ' +
    'kept (Chinese and Japanese are split into words by Unicode word segmentation). Duplicates are removed ' +
    'case-insensitively unless unique is false.',
  keywords: ['hashtag', 'hashtags', 'hashtag generator', 'social media', 'instagram', 'twitter', 'tags', 'camel case tags'],
  input: () =>
    z.object({
      text: textField('Words or phrases to turn into hashtags'),
      mode: z
        .enum(['words', 'phrases'])
        .default('words')
        .describe('"words": one tag per word (default); "phrases": one #PascalCase tag per line or comma-separated phrase'),
      lowercase: z.boolean().default(false).describe('Lower-case every tag (default false)'),
      unique: z.boolean().default(true).describe('Drop repeated tags, ignoring case (default true)'),
    }),
  output: () =>
    z.object({
      hashtags: z.array(z.string()).describe('The tags, each starting with #, in the order they appear'),
      text: z.string().describe('The tags joined by single spaces'),
      count: z.number().int().nonnegative().describe('How many tags'),
    }),
  examples: [
    {
      title: 'one tag per word',
      input: { text: 'Summer beach vibes, summer fun!' },
      output: { hashtags: ['#Summer', '#beach', '#vibes', '#fun'], text: '#Summer #beach #vibes #fun', count: 4 },
    },
    {
      title: 'one PascalCase tag per phrase',
      input: { text: 'summer vibes, beach day\nthrow back thursday', mode: 'phrases' },
      output: { hashtags: ['#SummerVibes', '#BeachDay', '#ThrowBackThursday'], text: '#SummerVibes #BeachDay #ThrowBackThursday', count: 3 },
    },
    {
      title: 'accents kept, emoji and punctuation dropped',
      input: { text: "Café crème ☕ don't stop", lowercase: true },
      output: { hashtags: ['#café', '#crème', '#dont', '#stop'], text: '#café #crème #dont #stop', count: 4 },
    },
    {
      title: 'Chinese is split into words',
      input: { text: '北京天安门，北京烤鸭' },
      output: { hashtags: ['#北京', '#天安门', '#烤鸭'], text: '#北京 #天安门 #烤鸭', count: 3 },
    },
  ],
  run: ({ text, mode, lowercase, unique }) => {
    const bodies =
      mode === 'words'
        ? tagWords(text)
        : text
            .split(PHRASE_SEPARATORS)
            .map((phrase) =>
              tagWords(phrase)
                .map((word) => titlecaseFirst(word))
                .join(''),
            )
            .filter((tag) => tag !== '');
    const seen = new Set<string>();
    const hashtags: string[] = [];
    for (const body of bodies) {
      const tag = `#${lowercase ? body.toLowerCase() : body}`;
      const key = tag.toLowerCase();
      if (unique && seen.has(key)) continue;
      seen.add(key);
      hashtags.push(tag);
    }
    return { hashtags, text: hashtags.join(' '), count: hashtags.length };
  },
});

function tagWords(text: string): string[] {
  return words(text)
    .map((word) => word.replace(NOT_TAG_CHAR, ''))
    .filter((word) => word !== '');
}
