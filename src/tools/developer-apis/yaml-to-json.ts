import type * as YAML from 'yaml';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { depthOf, MAX_JSON_DEPTH, stringifyOrdered } from './lib/json.ts';
import { indentField, indentString, sourceField, syntaxError, tooDeep } from './lib/source.ts';
import { lazy } from '../../lib/lazy.ts';

const yamlLib = lazy<typeof YAML>('yaml');

/** Alias expansions allowed per document: enough for real configs, far too few for a billion-laughs bomb. */
const MAX_ALIAS_COUNT = 1000;

export default defineTool({
  module: 'developer-apis',
  slug: 'yaml-to-json',
  cpu: 'large-input',
  title: 'YAML to JSON',
  description:
    'Converts YAML to JSON: anchors, aliases and merge keys (<<) are resolved, multi-document streams (---) become a JSON array (or pick the first document), ' +
    'YAML 1.2 by default or YAML 1.1 rules (yes/no booleans, 0777 octals, timestamps, !!binary) on request. Syntax errors and duplicate keys are a 400 with line and column; ' +
    'alias expansion is capped against "billion laughs" documents. Values JSON cannot hold (.inf, .nan) become null with a warning. Returns the JSON text and the parsed value.',
  keywords: ['yaml to json', 'yaml', 'yml', 'convert', 'anchors', 'multi-document', 'kubernetes', 'config'],
  input: () =>
    z.object({
      yaml: sourceField('The YAML text', 200_000),
      indent: indentField.optional(),
      documents: z
        .enum(['auto', 'array', 'first'])
        .optional()
        .describe(
          'Multi-document streams: auto (default) gives the value for one document and an array for several; array always gives an array; first gives the first document only',
        ),
      version: z.enum(['1.2', '1.1']).optional().describe('YAML spec version to apply. Default 1.2.'),
    }),
  output: () =>
    z.object({
      json: z.string().describe('The JSON text'),
      data: z.unknown().describe('The same value as parsed JSON'),
      documentCount: z.number().describe('Documents in the YAML stream'),
    }),
  examples: [
    {
      title: 'anchors, aliases and merge keys',
      input: { yaml: 'defaults: &defaults\n  adapter: postgres\n  host: localhost\nproduction:\n  <<: *defaults\n  host: db.example.com\nports: [80, 443]\n' },
      output: {
        json: '{\n  "defaults": {\n    "adapter": "postgres",\n    "host": "localhost"\n  },\n  "production": {\n    "adapter": "postgres",\n    "host": "db.example.com"\n  },\n  "ports": [\n    80,\n    443\n  ]\n}',
        data: { defaults: { adapter: 'postgres', host: 'localhost' }, production: { adapter: 'postgres', host: 'db.example.com' }, ports: [80, 443] },
        documentCount: 1,
      },
    },
    {
      title: 'multi-document stream becomes an array (minified)',
      input: { yaml: 'kind: Service\nname: web\n---\nkind: Deployment\nreplicas: 3\n', indent: 0 },
      output: {
        json: '[{"kind":"Service","name":"web"},{"kind":"Deployment","replicas":3}]',
        data: [
          { kind: 'Service', name: 'web' },
          { kind: 'Deployment', replicas: 3 },
        ],
        documentCount: 2,
      },
    },
    {
      title: 'YAML 1.1 booleans and octals',
      input: { yaml: 'enabled: yes\nmode: 0755\nname: "no"\n', version: '1.1', indent: 0 },
      output: { json: '{"enabled":true,"mode":493,"name":"no"}', data: { enabled: true, mode: 493, name: 'no' }, documentCount: 1 },
    },
  ],
  run: ({ yaml, indent, documents = 'auto', version = '1.2' }, ctx) => {
    let docs: YAML.Document.Parsed[];
    try {
      // logLevel error: YAML warnings become response warnings, not process warnings in the server log.
      docs = yamlLib().parseAllDocuments(yaml, { version, uniqueKeys: true, prettyErrors: true, merge: true, logLevel: 'error' });
    } catch {
      throw invalidField('yaml', 'could not be parsed (nesting too deep?)');
    }
    // An input with no documents (only comments) is an empty stream.
    const list = [...docs];
    for (const doc of list) {
      const error = doc.errors[0];
      if (error && /call stack/i.test(error.message)) throw tooDeep('yaml');
      if (error) {
        const pos = error.linePos?.[0];
        throw syntaxError('yaml', error.message.replace(/ at line \d+, column \d+:[\s\S]*$/, ''), pos ? { line: pos.line, column: pos.col } : undefined);
      }
      for (const warning of doc.warnings.slice(0, 3)) ctx.warn(`YAML: ${warning.message.split('\n')[0]}`);
      let complexKey = false;
      yamlLib().visit(doc, {
        Pair(_, pair) {
          if (yamlLib().isCollection(pair.key)) complexKey = true;
        },
      });
      if (complexKey) ctx.warn('A mapping uses a list or mapping as a key; JSON keys are strings, so it was written as YAML text.');
    }
    let values: unknown[];
    try {
      // Mappings as Maps, which keep the document's key order (a JS object would list integer-like keys first).
      values = list.map((doc) => doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT, mapAsMap: true }) as unknown);
    } catch (error) {
      if (error instanceof ReferenceError && /alias/i.test(error.message)) {
        throw invalidField(
          'yaml',
          `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); this looks like an entity-expansion ("billion laughs") document`,
        );
      }
      throw invalidField('yaml', `could not be converted: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    const value = documents === 'first' ? (values[0] ?? null) : documents === 'array' || values.length > 1 ? values : (values[0] ?? null);
    if (depthOf(value) > MAX_JSON_DEPTH) throw invalidField('yaml', `nesting is deeper than ${MAX_JSON_DEPTH} levels`);
    let lossy = false;
    // Before toJSON: a !!binary Buffer would otherwise arrive as {type: 'Buffer', data: [...]}.
    const replace = (v: unknown): unknown => {
      if (typeof v === 'number' && !Number.isFinite(v)) {
        lossy = true;
        return null;
      }
      if (typeof v === 'bigint') return v.toString();
      if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
      if (v instanceof Set) return [...v];
      return v;
    };
    const keyOf = (key: unknown): string => {
      if (key === null || key === undefined) return '';
      if (key instanceof Date) return key.toISOString();
      if (key instanceof Uint8Array) return Buffer.from(key).toString('base64');
      if (typeof key === 'object') return yamlLib().stringify(key, { collectionStyle: 'flow', lineWidth: 0 }).trimEnd();
      return String(key);
    };
    const json = stringifyOrdered(value, { indent: indent === 0 ? '' : indentString(indent), replace, keyOf });
    if (lossy) ctx.warn('.inf / -.inf / .nan have no JSON equivalent and became null.');
    return { json, data: JSON.parse(json) as unknown, documentCount: list.length };
  },
});
