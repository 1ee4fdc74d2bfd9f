import type * as YAML from 'yaml';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { jsonInputField, readJsonInput, sortKeysDeep } from './lib/json.ts';
import { lazy } from '../../lib/lazy.ts';

const yamlLib = lazy<typeof YAML>('yaml');

/** YAML double-quoted escapes for the characters YAML 1.1 reads as line breaks (§5.4) though YAML 1.2 does not. */
const LINE_BREAK_ESCAPES: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };
const YAML_11_LINE_BREAK = /[\u0085\u2028\u2029]/g;

/**
 * The schema's tags with strings holding NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR written double-quoted with those
 * characters escaped (\N, \L, \P): the yaml library writes them raw, which a YAML 1.1 parser (PyYAML) takes for a line break.
 */
function escapeLineBreaks(tags: YAML.Tags): YAML.Tags {
  return tags.map((tag) => {
    if (typeof tag !== 'object' || tag.tag !== 'tag:yaml.org,2002:str' || tag.collection !== undefined || !tag.stringify) return tag;
    const stringify = tag.stringify;
    return {
      ...tag,
      stringify(item, ctx, onComment, onChompKeep) {
        if (typeof item.value !== 'string' || !/[\u0085\u2028\u2029]/.test(item.value)) return stringify(item, ctx, onComment, onChompKeep);
        const quoted = Object.assign(Object.create(Object.getPrototypeOf(item) as object) as YAML.Scalar, item, { type: 'QUOTE_DOUBLE' });
        return stringify(quoted, ctx, onComment, onChompKeep).replace(YAML_11_LINE_BREAK, (ch) => LINE_BREAK_ESCAPES[ch] ?? ch);
      },
    };
  });
}

export default defineTool({
  module: 'developer-apis',
  slug: 'json-to-yaml',
  cpu: 'large-input',
  title: 'JSON to YAML',
  description:
    'Converts JSON to clean block-style YAML 1.2. Strings that YAML 1.1 tools would misread (yes, no, on, off, 1.0, 0755, dates, null) are quoted, so the output is safe for any parser; multi-line strings use block scalars, and NEL, U+2028 and U+2029 (line breaks to YAML 1.1) are escaped as \\N, \\L, \\P. Keys keep the order of the JSON text. ' +
    'Options: indent (2–8), sorted keys, string quoting style, line width, and splitting a top-level array into separate YAML documents (---). Invalid JSON text is a 400 with line and column.',
  keywords: ['json to yaml', 'yaml', 'yml', 'convert', 'kubernetes', 'config', 'docker compose'],
  input: () =>
    z.object({
      json: jsonInputField('The JSON to convert'),
      indent: z.number().int('a whole number').min(2, 'at least 2').max(8, 'at most 8').optional().describe('Spaces per level (2–8). Default 2.'),
      sortKeys: z.boolean().optional().describe('Sort mapping keys alphabetically at every level. Default false.'),
      quoteStyle: z
        .enum(['plain', 'single', 'double'])
        .optional()
        .describe('Preferred style for strings: plain (default, quoted only when needed), single or double'),
      lineWidth: z
        .number()
        .int('a whole number')
        .min(0, 'at least 0')
        .max(1000, 'at most 1000')
        .optional()
        .describe('Fold long strings at this width; 0 never folds. Default 0.'),
      multiDocument: z.boolean().optional().describe('Emit each element of a top-level array as its own document, separated by ---. Default false.'),
    }),
  output: () =>
    z.object({
      yaml: z.string(),
      documentCount: z.number(),
      lines: z.number(),
    }),
  examples: [
    {
      title: 'nested object; ambiguous strings are quoted',
      input: { json: { name: 'api', enabled: true, answer: 'yes', version: '1.0', ports: [80, 443], env: { DEBUG: null } } },
      output: { yaml: 'name: api\nenabled: true\nanswer: "yes"\nversion: "1.0"\nports:\n  - 80\n  - 443\nenv:\n  DEBUG: null\n', documentCount: 1, lines: 9 },
    },
    {
      title: 'multi-line text as a block scalar, sorted keys',
      input: { json: '{"script": "npm ci\\nnpm test", "image": "node:24"}', sortKeys: true },
      output: { yaml: 'image: node:24\nscript: |-\n  npm ci\n  npm test\n', documentCount: 1, lines: 4 },
    },
    {
      title: 'array split into documents',
      input: { json: [{ kind: 'Service' }, { kind: 'Deployment', replicas: 2 }], multiDocument: true },
      output: { yaml: 'kind: Service\n---\nkind: Deployment\nreplicas: 2\n', documentCount: 2, lines: 4 },
    },
  ],
  run: ({ json, indent = 2, sortKeys, quoteStyle = 'plain', lineWidth = 0, multiDocument }) => {
    // JSON text is read with objects as Maps, which keep its key order (a JS object lists integer-like keys first).
    let value = readJsonInput('json', json, { ordered: true });
    if (sortKeys) value = sortKeysDeep(value);
    const options: YAML.ToStringOptions & YAML.DocumentOptions & YAML.SchemaOptions & YAML.CreateNodeOptions = {
      indent,
      lineWidth,
      minContentWidth: 0,
      compat: 'yaml-1.1',
      defaultStringType: quoteStyle === 'single' ? 'QUOTE_SINGLE' : quoteStyle === 'double' ? 'QUOTE_DOUBLE' : 'PLAIN',
      defaultKeyType: 'PLAIN',
      aliasDuplicateObjects: false,
      customTags: escapeLineBreaks,
    };
    const docs = multiDocument && Array.isArray(value) ? value : [value];
    const yaml = docs.map((doc) => yamlLib().stringify(doc, options)).join('---\n');
    return { yaml, documentCount: docs.length, lines: yaml.trimEnd().split('\n').length };
  },
});
