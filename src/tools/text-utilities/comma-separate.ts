import { z } from 'zod';
import { hasLineBreak, splitLines } from '../../lib/lines.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

const WHITESPACE = /\s+/u;

export default defineTool({
  module: 'text-utilities',
  slug: 'comma-separate',
  cpu: 'large-input',
  title: 'Comma separate a list',
  description:
    'Turns a list (one item per line, or items separated by spaces) into one comma-separated line, e.g. a column ' +
    'pasted from a spreadsheet into "a, b, c". splitOn "auto" (default) splits at line breaks when the text has ' +
    'more than one line and at whitespace otherwise. Items are trimmed and empty ones dropped; optionally ' +
    'duplicates are removed and items are quoted (inner quotes are doubled, CSV style). The separator is yours ' +
    '(default ", ").',
  keywords: ['comma separated', 'csv', 'list to comma', 'join list', 'delimiter', 'column to row'],
  input: () =>
    z.object({
      text: textField('The list: one item per line, or separated by spaces'),
      separator: z.string().max(20, 'at most 20 characters').default(', ').describe('Placed between items (default ", ")'),
      splitOn: z
        .enum(['auto', 'lines', 'whitespace'])
        .default('auto')
        .describe('Where items end: lines, whitespace, or auto (lines if there are several, else whitespace)'),
      unique: z.boolean().default(false).describe('Drop repeated items, keeping the first (default false)'),
      quote: z.enum(['none', 'single', 'double']).default('none').describe('Wrap each item in \' or " quotes (default none)'),
    }),
  output: () =>
    z.object({
      text: z.string().describe('The items joined by the separator'),
      items: z.array(z.string()).describe('The items, trimmed and unquoted'),
      count: z.number().int().nonnegative().describe('How many items'),
    }),
  examples: [
    {
      title: 'lines to a comma list',
      input: { text: 'apple\nbanana\n\ncherry\n' },
      output: { text: 'apple, banana, cherry', items: ['apple', 'banana', 'cherry'], count: 3 },
    },
    {
      title: 'words, quoted',
      input: { text: 'red green  blue', quote: 'double', separator: ',' },
      output: { text: '"red","green","blue"', items: ['red', 'green', 'blue'], count: 3 },
    },
    {
      title: 'lines keep their inner spaces; duplicates dropped',
      input: { text: 'New York\r\nSão Paulo\r\nNew York\r\n東京 🗼', unique: true },
      output: { text: 'New York, São Paulo, 東京 🗼', items: ['New York', 'São Paulo', '東京 🗼'], count: 3 },
    },
  ],
  run: ({ text, separator, splitOn, unique, quote }) => {
    const byLines = splitOn === 'lines' || (splitOn === 'auto' && hasLineBreak(text.trim()));
    let items = (byLines ? splitLines(text) : text.split(WHITESPACE)).map((item) => item.trim()).filter((item) => item !== '');
    if (unique) items = [...new Set(items)];
    const mark = quote === 'single' ? "'" : quote === 'double' ? '"' : '';
    const shown = mark === '' ? items : items.map((item) => mark + item.replaceAll(mark, mark + mark) + mark);
    return { text: shown.join(separator), items, count: items.length };
  },
});
