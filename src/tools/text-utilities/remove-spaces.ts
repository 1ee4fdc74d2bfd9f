import { z } from 'zod';
import { HORIZONTAL_SPACE, LINE_BREAK, trimSpaces } from '../../lib/lines.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

const MODES = ['all', 'extra', 'leading-trailing', 'trim'] as const;
type Mode = (typeof MODES)[number];

const SPACE_RUN = new RegExp(`${HORIZONTAL_SPACE}+`, 'gu');
// Split keeping the separators, so every line break survives exactly as it was.
const LINES_AND_BREAKS = new RegExp(`(${LINE_BREAK})`, 'u');

export default defineTool({
  module: 'text-utilities',
  slug: 'remove-spaces',
  cpu: 'large-input',
  title: 'Remove spaces',
  description:
    'Removes spaces and tabs from a text. Modes: "all" (default) deletes every space, tab and Unicode space ' +
    '(no-break, ideographic, thin…); "extra" collapses each run of spaces into one and trims every line; ' +
    '"leading-trailing" trims the start and end of every line; "trim" trims only the start and end of the whole text ' +
    '(blank lines included). Line breaks are kept in every mode except that "trim" drops leading and trailing blank lines; ' +
    'use remove-line-breaks to join lines. Zero-width joiners inside emoji are never touched.',
  keywords: ['remove spaces', 'strip whitespace', 'collapse spaces', 'trim', 'extra spaces', 'tabs'],
  input: () =>
    z.object({
      text: textField('Text to clean'),
      mode: z.enum(MODES).default('all').describe('all | extra | leading-trailing | trim (default all)'),
    }),
  output: () =>
    z.object({
      text: z.string().describe('The text without the removed spaces'),
      removed: z.number().int().nonnegative().describe('How many whitespace characters were removed'),
    }),
  examples: [
    { title: 'remove every space', input: { text: 'a b\tc  d' }, output: { text: 'abcd', removed: 4 } },
    {
      title: 'collapse extra spaces, keep lines',
      input: { text: '  Hello    world \n  second   line  ', mode: 'extra' },
      output: { text: 'Hello world\nsecond line', removed: 12 },
    },
    {
      title: 'trim each line',
      input: { text: '  one  \n\t two ', mode: 'leading-trailing' },
      output: { text: 'one\ntwo', removed: 7 },
    },
    {
      title: 'ideographic and no-break spaces count as spaces',
      input: { text: '日本\u3000語 👨‍👩‍👧\u00a0ok', mode: 'all' },
      output: { text: '日本語👨‍👩‍👧ok', removed: 3 },
    },
  ],
  run: ({ text, mode }) => {
    const out = removeSpaces(text, mode);
    return { text: out, removed: text.length - out.length };
  },
});

function removeSpaces(text: string, mode: Mode): string {
  switch (mode) {
    case 'all':
      return text.replace(SPACE_RUN, '');
    case 'extra':
      return trimEachLine(text.replace(SPACE_RUN, ' '));
    case 'leading-trailing':
      return trimEachLine(text);
    case 'trim':
      return text.trim();
  }
}

function trimEachLine(text: string): string {
  // Odd indexes hold the line breaks themselves.
  return text
    .split(LINES_AND_BREAKS)
    .map((part, i) => (i % 2 === 0 ? trimSpaces(part) : part))
    .join('');
}
