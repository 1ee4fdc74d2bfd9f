import { randomInt } from 'node:crypto';
import type * as LoremIpsum from 'lorem-ipsum';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { countField } from '../../registry/fields.ts';
import { lazy } from '../../lib/lazy.ts';

const loremIpsum = lazy<typeof LoremIpsum>('lorem-ipsum');

const LIMITS = { words: 10_000, sentences: 1_000, paragraphs: 100 } as const;
const CLASSIC_WORDS = ['Lorem', 'ipsum', 'dolor', 'sit', 'amet'];
const CLASSIC_SENTENCE = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.';
const RANDOM_SCALE = 2 ** 47;

export default defineTool({
  module: 'text-utilities',
  slug: 'dummy-text-generator',
  cpu: 'large-input',
  title: 'Dummy text (lorem ipsum) generator',
  description:
    'Generates lorem ipsum placeholder text: a number of words (up to 10,000), sentences (up to 1,000) or paragraphs ' +
    '(up to 100, separated by a blank line). By default it starts with the classic "Lorem ipsum dolor sit amet"; the ' +
    'rest is random Latin-like filler. format "html" wraps each paragraph in <p>…</p>.',
  keywords: ['lorem ipsum', 'dummy text', 'placeholder text', 'filler text', 'sample text', 'mock content'],
  input: () =>
    z
      .object({
        count: countField('How many words (up to 10,000), sentences (up to 1,000) or paragraphs (up to 100)', 1, LIMITS.words),
        unit: z
          .enum(['words', 'sentences', 'paragraphs'])
          .default('paragraphs')
          .describe('What count counts: words, sentences or paragraphs (default paragraphs)'),
        startWithLorem: z.boolean().default(true).describe('Begin with the classic "Lorem ipsum dolor sit amet…" (default true)'),
        format: z.enum(['plain', 'html']).default('plain').describe('plain text (default) or html with <p> paragraphs'),
      })
      .superRefine((input, ctx) => {
        const max = LIMITS[input.unit];
        // Above the words limit the field's own check has already said so.
        if (input.count > max && input.count <= LIMITS.words)
          ctx.addIssue({ code: 'custom', path: ['count'], message: `at most ${max.toLocaleString('en')} ${input.unit}` });
      }),
  output: () => z.object({ text: z.string().describe('The generated placeholder text') }),
  examples: [
    { title: 'the classic five words', input: { count: 5, unit: 'words' }, output: { text: 'Lorem ipsum dolor sit amet' } },
    { title: 'one sentence', input: { count: 1, unit: 'sentences' }, output: { text: CLASSIC_SENTENCE } },
    { title: 'three paragraphs (random)', input: { count: 3, unit: 'paragraphs' } },
    { title: 'HTML, without the classic opening (random)', input: { count: 2, unit: 'paragraphs', format: 'html', startWithLorem: false } },
  ],
  run: ({ count, unit, startWithLorem, format }) => {
    const generator = new (loremIpsum().Generator)({ random: () => randomInt(RANDOM_SCALE) / RANDOM_SCALE });
    // The package's list holds a capitalised "Lorem", which looks odd mid-sentence.
    generator.words = generator.words.map((word) => word.toLowerCase());
    const blocks: string[] = [];
    if (unit === 'words') {
      const words = generator.generateRandomWords(count).split(' ');
      if (startWithLorem) words.splice(0, Math.min(count, CLASSIC_WORDS.length), ...CLASSIC_WORDS.slice(0, count));
      blocks.push(words.join(' '));
    } else if (unit === 'sentences') {
      const sentences = Array.from({ length: count }, () => generator.generateRandomSentence());
      if (startWithLorem) sentences[0] = CLASSIC_SENTENCE;
      blocks.push(sentences.join(' '));
    } else {
      for (let i = 0; i < count; i++) blocks.push(generator.generateRandomParagraph());
      const first = blocks[0] ?? '';
      const end = first.indexOf('. ');
      if (startWithLorem) blocks[0] = CLASSIC_SENTENCE + (end < 0 ? '' : first.slice(end + 1));
    }
    return { text: format === 'html' ? blocks.map((block) => `<p>${block}</p>`).join('\n') : blocks.join('\n\n') };
  },
});
