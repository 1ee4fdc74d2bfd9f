import { z } from 'zod';
import { graphemes } from '../../lib/graphemes.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

export default defineTool({
  module: 'text-utilities',
  slug: 'reverse-text',
  cpu: 'large-input',
  title: 'Reverse text',
  description: 'Reverses a text character by character, keeping emoji, flags and accented letters whole (grapheme-aware).',
  keywords: ['reverse', 'backwards', 'mirror', 'flip text'],
  input: () => z.object({ text: textField('Text to reverse') }),
  output: () => z.object({ text: z.string().describe('The reversed text') }),
  examples: [
    { title: 'plain text', input: { text: 'abc' }, output: { text: 'cba' } },
    { title: 'emoji with skin tone stays whole', input: { text: '👍🏽x' }, output: { text: 'x👍🏽' } },
    { title: 'combining accent stays on its letter', input: { text: 'cafe\u0301!' }, output: { text: '!e\u0301fac' } },
  ],
  run: ({ text }) => ({ text: graphemes(text).reverse().join('') }),
});
