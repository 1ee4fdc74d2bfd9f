import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { jsonStatsSchema, scanJson } from './lib/json.ts';
import { MAX_SOURCE_CHARS } from './lib/source.ts';

function excerptOf(text: string, line: number, column: number): string {
  const lineText = text.split('\n')[line - 1] ?? '';
  const start = Math.max(0, column - 41);
  const cut = lineText.slice(start, start + 80).replace(/\r$/, '');
  return `${start > 0 ? '…' : ''}${cut}${start + 80 < lineText.length ? '…' : ''}`;
}

export default defineTool({
  module: 'developer-apis',
  slug: 'json-validator',
  cpu: 'large-input',
  title: 'JSON validator',
  description:
    'Checks whether a text is valid JSON (strict RFC 8259: double-quoted strings and keys, no comments, no trailing commas, no NaN). ' +
    'Returns valid: true with value counts and nesting depth, or valid: false with the first error: message, line, column, offset and the offending line. ' +
    'Also lists duplicate keys (up to the first error), which are legal but usually a bug. An invalid document is a normal 200 answer, not an error.',
  keywords: ['json', 'validate', 'lint', 'syntax check', 'parse error', 'line column', 'duplicate keys'],
  input: () =>
    z.object({
      json: z
        .string({
          error: (issue) =>
            issue.input === undefined ? 'is required' : 'the JSON text as a string (an object sent as JSON is already valid: the request body parsed)',
        })
        .max(MAX_SOURCE_CHARS, `at most ${MAX_SOURCE_CHARS.toLocaleString('en')} characters`)
        .describe(`The JSON text to check (up to ${MAX_SOURCE_CHARS.toLocaleString('en')} characters)`),
    }),
  output: () =>
    z.object({
      valid: z.boolean(),
      error: z
        .object({
          message: z.string(),
          line: z.number().describe('1-based line of the first error'),
          column: z.number().describe('1-based column (UTF-16 code units) of the first error'),
          position: z.number().describe('0-based character offset of the first error'),
          excerpt: z.string().describe('The offending line (up to 80 characters around the error)'),
        })
        .nullable(),
      topLevelType: z.string().nullable().describe('object, array, string, number, boolean or null; null when invalid'),
      stats: jsonStatsSchema.nullable(),
      duplicateKeys: z.array(z.object({ path: z.string(), key: z.string(), line: z.number(), column: z.number() })),
    }),
  examples: [
    {
      title: 'valid document',
      input: { json: '{"a": [1, 2], "b": {"c": true}}' },
      output: {
        valid: true,
        error: null,
        topLevelType: 'object',
        stats: { objects: 2, arrays: 1, strings: 0, numbers: 2, booleans: 1, nulls: 0, keys: 3, maxDepth: 2 },
        duplicateKeys: [],
      },
    },
    {
      title: 'missing comma: line and column of the error',
      input: { json: '{\n  "a": 1\n  "b": 2\n}' },
      output: {
        valid: false,
        error: {
          message: "Expected ',' or '}' after a property value, found '\"'",
          line: 3,
          column: 3,
          position: 13,
          excerpt: '  "b": 2',
        },
        topLevelType: null,
        stats: null,
        duplicateKeys: [],
      },
    },
    {
      title: 'trailing comma and duplicate key',
      input: { json: '{"a": 1, "a": 2,}' },
      output: {
        valid: false,
        error: { message: "Trailing comma before '}' is not allowed", line: 1, column: 17, position: 16, excerpt: '{"a": 1, "a": 2,}' },
        topLevelType: null,
        stats: null,
        duplicateKeys: [{ path: '$.a', key: 'a', line: 1, column: 10 }],
      },
    },
  ],
  run: ({ json }) => {
    const scan = scanJson(json);
    if (scan.ok) {
      return { valid: true, error: null, topLevelType: scan.topLevelType, stats: scan.stats, duplicateKeys: scan.duplicateKeys };
    }
    const { message, line, column, position } = scan.error;
    return {
      valid: false,
      error: { message, line, column, position, excerpt: excerptOf(json, line, column) },
      topLevelType: null,
      stats: null,
      duplicateKeys: scan.duplicateKeys,
    };
  },
});
