import { z } from 'zod';
import { countGraphemes, graphemes, sentences, words } from '../../lib/graphemes.ts';
import { countLines, HORIZONTAL_SPACE, LINE_BREAK } from '../../lib/lines.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

const WHITESPACE = /^\s+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Unicode sentence segmentation ends a sentence at "Dr. Smith" and "J. R. R. Tolkien"; these do not.
const ABBREVIATION_END = /(?:^|[^\p{L}.])(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|fig|approx|mt|gen|col|capt|lt|sgt|rev|hon|e\.g|i\.e)\.$/iu;
const INITIAL_END = /(?:^|[^\p{L}])\p{Lu}\.$/u;
// Paragraphs are separated by one or more blank (or whitespace-only) lines.
const PARAGRAPH_BREAK = new RegExp(`${LINE_BREAK}(?:${HORIZONTAL_SPACE}*${LINE_BREAK})+`, 'u');

export default defineTool({
  module: 'text-utilities',
  slug: 'text-stats',
  cpu: 'large-input',
  title: 'Text statistics (word and character count)',
  description:
    "Counts a text's characters, characters without spaces, words, unique words, sentences, paragraphs and lines, " +
    'its UTF-8 size, average word length, and estimated reading time (238 words per minute by default) and speaking ' +
    'time (150 wpm). Characters are user-perceived characters (grapheme clusters: 👍🏽, 🇯🇵 and é each count once), ' +
    'not UTF-16 units. Words come from Unicode word segmentation, so Chinese, Japanese and Thai words are counted ' +
    'properly and punctuation or emoji are not words. Paragraphs are blocks separated by blank lines.',
  keywords: ['word count', 'character count', 'text statistics', 'reading time', 'sentence count', 'letter count', 'speaking time'],
  input: () =>
    z.object({
      text: textField('Text to measure'),
      readingWpm: z
        .number()
        .int('a whole number')
        .min(50, 'at least 50')
        .max(1000, 'at most 1000')
        .default(238)
        .describe('Reading speed in words per minute (50–1000, default 238, the adult silent-reading average)'),
      speakingWpm: z
        .number()
        .int('a whole number')
        .min(50, 'at least 50')
        .max(500, 'at most 500')
        .default(150)
        .describe('Speaking speed in words per minute (50–500, default 150)'),
    }),
  output: () =>
    z.object({
      characters: z.number().int().nonnegative().describe('User-perceived characters (grapheme clusters), spaces and line breaks included'),
      charactersNoSpaces: z.number().int().nonnegative().describe('Characters that are not whitespace'),
      words: z.number().int().nonnegative().describe('Words (Unicode word segments with letters or digits)'),
      uniqueWords: z.number().int().nonnegative().describe('Distinct words, ignoring case'),
      sentences: z.number().int().nonnegative().describe('Sentences that contain a letter or digit'),
      paragraphs: z.number().int().nonnegative().describe('Blocks of text separated by blank lines'),
      lines: z.number().int().nonnegative().describe('Lines (a final line break does not start a new one)'),
      bytes: z.number().int().nonnegative().describe('Size in UTF-8 bytes'),
      averageWordLength: z.number().nonnegative().describe('Characters per word, 2 decimals'),
      readingTimeSeconds: z.number().int().nonnegative().describe('Estimated silent reading time, whole seconds'),
      speakingTimeSeconds: z.number().int().nonnegative().describe('Estimated time to read aloud, whole seconds'),
    }),
  examples: [
    {
      title: 'two sentences',
      input: { text: 'Hello world. How are you today?' },
      output: {
        characters: 31,
        charactersNoSpaces: 26,
        words: 6,
        uniqueWords: 6,
        sentences: 2,
        paragraphs: 1,
        lines: 1,
        bytes: 31,
        averageWordLength: 4,
        readingTimeSeconds: 2,
        speakingTimeSeconds: 2,
      },
    },
    {
      title: 'emoji and accents count as one character',
      input: { text: 'Café 👍🏽 🇯🇵\n\nNew paragraph here.\n' },
      output: {
        characters: 30,
        charactersNoSpaces: 23,
        words: 4,
        uniqueWords: 4,
        sentences: 2,
        paragraphs: 2,
        lines: 3,
        bytes: 45,
        averageWordLength: 5,
        readingTimeSeconds: 1,
        speakingTimeSeconds: 2,
      },
    },
    {
      title: 'Chinese words are segmented',
      input: { text: '我爱北京天安门。' },
      output: {
        characters: 8,
        charactersNoSpaces: 8,
        words: 4,
        uniqueWords: 4,
        sentences: 1,
        paragraphs: 1,
        lines: 1,
        bytes: 24,
        averageWordLength: 1.75,
        readingTimeSeconds: 1,
        speakingTimeSeconds: 2,
      },
    },
  ],
  run: ({ text, readingWpm, speakingWpm }) => {
    const allWords = words(text).filter((word) => HAS_LETTER_OR_DIGIT.test(word));
    let spaces = 0;
    for (const g of graphemes(text)) if (WHITESPACE.test(g)) spaces++;
    const characters = countGraphemes(text);
    const wordCharacters = allWords.reduce((sum, word) => sum + countGraphemes(word), 0);
    return {
      characters,
      charactersNoSpaces: characters - spaces,
      words: allWords.length,
      uniqueWords: new Set(allWords.map((word) => word.toLowerCase())).size,
      sentences: countSentences(text),
      paragraphs: text.split(PARAGRAPH_BREAK).filter((p) => p.trim() !== '').length,
      lines: countLines(text),
      bytes: Buffer.byteLength(text, 'utf8'),
      averageWordLength: allWords.length === 0 ? 0 : Math.round((wordCharacters / allWords.length) * 100) / 100,
      readingTimeSeconds: Math.round((allWords.length * 60) / readingWpm),
      speakingTimeSeconds: Math.round((allWords.length * 60) / speakingWpm),
    };
  },
});

function countSentences(text: string): number {
  let count = 0;
  let continues = false;
  for (const sentence of sentences(text)) {
    if (!continues && HAS_LETTER_OR_DIGIT.test(sentence)) count++;
    continues = ABBREVIATION_END.test(sentence) || INITIAL_END.test(sentence);
  }
  return count;
}
