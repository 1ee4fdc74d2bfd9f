import { z } from 'zod';
import { countLineBreaks, splitLines, trimSpaces } from '../../lib/lines.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

export default defineTool({
  module: 'text-utilities',
  slug: 'remove-line-breaks',
  cpu: 'large-input',
  title: 'Remove line breaks',
  description:
    'Joins the lines of a text into one: every line break (Windows CRLF, Unix LF, old Mac CR, Unicode line and ' +
    'paragraph separators, form feed) is replaced by `replaceWith` (a space by default). A run of several breaks, ' +
    'blank lines and the spaces around a break count as one break, so no double spaces appear; breaks at the very ' +
    'start or end are dropped. With keepParagraphs, blank-line paragraph breaks stay (as one empty line) and only the ' +
    'breaks inside paragraphs are joined — handy for text copied from PDFs or e-mails.',
  keywords: ['remove line breaks', 'join lines', 'unwrap text', 'newlines', 'single line', 'pdf text cleanup'],
  input: () =>
    z.object({
      text: textField('Text whose lines should be joined'),
      replaceWith: z
        .string()
        .max(100, 'at most 100 characters')
        .default(' ')
        .describe('What replaces each line break (default one space; "" joins directly, ", " makes a list)'),
      keepParagraphs: z.boolean().default(false).describe('Keep blank-line paragraph breaks and join only the lines inside each paragraph (default false)'),
    }),
  output: () =>
    z.object({
      text: z.string().describe('The joined text'),
      lineBreaks: z.number().int().nonnegative().describe('How many line breaks the input had (CRLF counts once)'),
    }),
  examples: [
    { title: 'mixed line endings', input: { text: 'one\r\ntwo\nthree\rfour' }, output: { text: 'one two three four', lineBreaks: 3 } },
    {
      title: 'keep paragraphs',
      input: { text: 'First line\nstill first paragraph.\n\nSecond paragraph\n  goes on.\n', keepParagraphs: true },
      output: { text: 'First line still first paragraph.\n\nSecond paragraph goes on.', lineBreaks: 5 },
    },
    {
      title: 'custom separator',
      input: { text: 'apples\nbananas\n\ncherries', replaceWith: ', ' },
      output: { text: 'apples, bananas, cherries', lineBreaks: 3 },
    },
    { title: 'Unicode line separator', input: { text: '第一行\u2028第二行 🙂' }, output: { text: '第一行 第二行 🙂', lineBreaks: 1 } },
  ],
  run: ({ text, replaceWith, keepParagraphs }) => ({
    text: joinLines(text, replaceWith, keepParagraphs),
    lineBreaks: countLineBreaks(text),
  }),
});

/**
 * A run of breaks with the spaces around them (indentation, trailing blanks, blank lines) becomes one
 * `replaceWith`; a run at the start or end of the text disappears.
 */
function joinLines(text: string, replaceWith: string, keepParagraphs: boolean): string {
  const lines = splitLines(text);
  if (lines.length === 1) return text;
  const last = lines.length - 1;
  let out = '';
  let previous = -1; // index of the last line with content
  for (const [i, line] of lines.entries()) {
    const content = trimSpaces(line, i > 0, i < last);
    if (trimSpaces(content) === '') continue;
    if (previous >= 0) out += keepParagraphs && i - previous > 1 ? '\n\n' : replaceWith;
    out += content;
    previous = i;
  }
  return out;
}
