import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { jsonInputField, jsonStatsSchema, parseJsonText, readJsonInput, scanJson, stringifyOrdered } from './lib/json.ts';
import { indentField, indentString } from './lib/source.ts';

function escapeNonAscii(json: string): string {
  return json.replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export default defineTool({
  module: 'developer-apis',
  slug: 'json-formatter',
  cpu: 'large-input',
  title: 'JSON formatter (pretty-print / minify)',
  description:
    'Pretty-prints or minifies JSON with a chosen indent (spaces or tab; 0 minifies), optionally sorting keys alphabetically (by Unicode code point) at every level; otherwise keys keep the order of the JSON text. ' +
    'Numbers keep their exact source text, so big integers (e.g. 64-bit IDs) and values like 1.50 are never rounded. ' +
    'Invalid JSON is a 400 whose detail gives the first error with its line and column. Duplicate keys are reported as a warning (the last one wins, as in JSON.parse).',
  keywords: ['json', 'format', 'pretty print', 'beautify', 'minify', 'indent', 'sort keys', 'prettify'],
  input: () =>
    z.object({
      json: jsonInputField('The JSON to format'),
      indent: indentField.optional(),
      sortKeys: z.boolean().optional().describe('Sort object keys alphabetically (code-point order) at every level. Default false.'),
      asciiOnly: z.boolean().optional().describe('Escape every non-ASCII character as \\uXXXX. Default false.'),
    }),
  output: () =>
    z.object({
      formatted: z.string().describe('The formatted JSON text'),
      topLevelType: z.string().describe('object, array, string, number, boolean or null'),
      lines: z.number().describe('Lines in the formatted text'),
      bytes: z.number().describe('UTF-8 size of the formatted text'),
      stats: jsonStatsSchema,
    }),
  examples: [
    {
      title: 'pretty-print with 2 spaces',
      input: { json: '{"name":"Ada","langs":["en","fr"],"meta":{"active":true,"score":null}}' },
      output: {
        formatted: '{\n  "name": "Ada",\n  "langs": [\n    "en",\n    "fr"\n  ],\n  "meta": {\n    "active": true,\n    "score": null\n  }\n}',
        topLevelType: 'object',
        lines: 11,
        bytes: 111,
        stats: { objects: 2, arrays: 1, strings: 3, numbers: 0, booleans: 1, nulls: 1, keys: 5, maxDepth: 2 },
      },
    },
    {
      title: 'sort keys; big integers and 1.50 kept exactly',
      input: { json: '{"price": 1.50, "id": 12345678901234567890, "name": "x"}', sortKeys: true, indent: 4 },
      output: {
        formatted: '{\n    "id": 12345678901234567890,\n    "name": "x",\n    "price": 1.50\n}',
        topLevelType: 'object',
        lines: 5,
        bytes: 70,
        stats: { objects: 1, arrays: 0, strings: 1, numbers: 2, booleans: 0, nulls: 0, keys: 3, maxDepth: 1 },
      },
    },
    {
      title: 'minify an object sent as JSON (indent 0)',
      input: { json: { a: [1, 2, 3], b: { c: 'd' } }, indent: 0 },
      output: {
        formatted: '{"a":[1,2,3],"b":{"c":"d"}}',
        topLevelType: 'object',
        lines: 1,
        bytes: 27,
        stats: { objects: 2, arrays: 1, strings: 1, numbers: 3, booleans: 0, nulls: 0, keys: 3, maxDepth: 2 },
      },
    },
  ],
  run: ({ json, indent, sortKeys, asciiOnly }, ctx) => {
    let value: unknown;
    if (typeof json === 'string') {
      // Objects as Maps in document order: a JS object would move integer-like keys ("10") to the front.
      const parsed = parseJsonText('json', json, { exactNumbers: true, ordered: true });
      value = parsed.value;
      for (const dup of parsed.scan.duplicateKeys.slice(0, 5)) {
        ctx.warn(`Duplicate key "${dup.key}" at ${dup.path} (line ${dup.line}, column ${dup.column}); the last value was kept.`);
      }
    } else {
      value = readJsonInput('json', json);
    }
    let formatted = stringifyOrdered(value, { indent: indent === 0 ? '' : indentString(indent), sortKeys });
    if (asciiOnly) formatted = escapeNonAscii(formatted);
    const scan = scanJson(formatted);
    if (!scan.ok) throw new Error(`formatter produced invalid JSON: ${scan.error.message}`);
    return {
      formatted,
      topLevelType: scan.topLevelType,
      lines: formatted.split('\n').length,
      bytes: Buffer.byteLength(formatted, 'utf8'),
      stats: scan.stats,
    };
  },
});
