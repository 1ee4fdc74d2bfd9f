import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { countField, MAX_TEXT_CHARS, textField } from '../../registry/fields.ts';

export default defineTool({
  module: 'text-utilities',
  slug: 'repeat-text',
  cpu: 'large-input',
  title: 'Repeat text',
  description:
    'Repeats a text a number of times, optionally with a separator between the copies (e.g. "\\n" for one copy per ' +
    'line, ", " for a list). The result may be at most 1,000,000 characters (UTF-16 code units, as JSON counts them); ' +
    'a count that would exceed it is refused with the largest count that fits.',
  keywords: ['repeat', 'duplicate text', 'copy text', 'multiply text', 'repeat string', 'times', 'n times'],
  input: () =>
    z.object({
      text: textField('Text to repeat'),
      count: countField('How many copies', 1, MAX_TEXT_CHARS),
      separator: z
        .string()
        .max(1000, 'at most 1,000 characters')
        .default('')
        .describe('Placed between copies (default none; "\\n" puts each copy on its own line)'),
    }),
  output: () =>
    z.object({
      text: z.string().describe('The repeated text'),
      length: z.number().int().nonnegative().describe('Length of the result in UTF-16 code units'),
    }),
  examples: [
    { title: 'three copies', input: { text: 'ab', count: 3 }, output: { text: 'ababab', length: 6 } },
    { title: 'one per line', input: { text: 'Hello', count: 2, separator: '\n' }, output: { text: 'Hello\nHello', length: 11 } },
    { title: 'emoji stay whole', input: { text: '👍🏽', count: 3, separator: ' ' }, output: { text: '👍🏽 👍🏽 👍🏽', length: 14 } },
  ],
  run: ({ text, count, separator }) => {
    const unit = text.length + separator.length;
    const length = text.length * count + separator.length * (count - 1);
    if (length > MAX_TEXT_CHARS) {
      const fits = Math.floor((MAX_TEXT_CHARS + separator.length) / unit);
      throw invalidField(
        'count',
        `the result would be ${length.toLocaleString('en')} characters; at most ${MAX_TEXT_CHARS.toLocaleString('en')} are allowed, so at most ${fits.toLocaleString('en')} copies of this text fit`,
      );
    }
    return { text: (text + separator).repeat(count - 1) + text, length };
  },
});
