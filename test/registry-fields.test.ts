import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import type { AnyTool } from '../src/registry/define-tool.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';
import { expectBadRequest } from './helpers/invoke.ts';

/**
 * File tools take their options as multipart form fields (text), so a boolean option arrives as a word. Every
 * boolean option of every file tool must read the same words the same way: one tool taking "yes" while the
 * next refuses it is a trap for whoever scripts both.
 */
const ACCEPTED: [unknown, boolean][] = [
  [true, true],
  [false, false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
  ['yes', true],
  ['no', false],
  ['on', true],
  ['off', false],
  // Case is ignored, as HTML forms and scripts vary it.
  ['TRUE', true],
  ['Off', false],
];
const REFUSED: unknown[] = ['y', 'n', 'enabled', 'disabled', 't', 'f', '2', '-1', 'maybe', 'null', 1, 0, null];

/** The fields of a tool's input that read JSON true as true and false as false: its boolean options. */
function booleanFields(tool: AnyTool): [string, z.ZodType][] {
  if (!(tool.input instanceof z.ZodObject)) return [];
  return Object.entries(tool.input.shape as Record<string, z.ZodType>).filter(([, field]) => {
    const yes = field.safeParse(true);
    const no = field.safeParse(false);
    return yes.success && yes.data === true && no.success && no.data === false;
  });
}

const fileTools = ALL_TOOLS.filter((tool) => tool.upload !== undefined);
const booleanOptions = fileTools.flatMap((tool) => booleanFields(tool).map(([name, field]) => ({ tool, name, field })));

test('the walk finds the boolean options of the file tools (the test would prove nothing otherwise)', () => {
  assert.ok(fileTools.length >= 100, `${fileTools.length} file tools`);
  const names = new Set(booleanOptions.map(({ tool, name }) => `${tool.slug}.${name}`));
  // One of each family of file tools that has boolean options: images, SVG, CSV/JSON/XML, spreadsheets, e-books, extraction.
  for (const known of [
    'to-png.keepMetadata',
    'compress-svg.pretty',
    'csv-to-json.header',
    'xlsx-to-csv.bom',
    'xlsx-to-json.header',
    'epub-to-pdf.pageNumbers',
    'extract.layout',
  ]) {
    assert.ok(names.has(known), `${known} is not among ${[...names].join(', ')}`);
  }
});

test('every boolean option of every file tool accepts the same spellings, as the same values', () => {
  for (const { tool, name, field } of booleanOptions) {
    for (const [spelling, value] of ACCEPTED) {
      const parsed = field.safeParse(spelling);
      assert.ok(parsed.success, `${tool.operationId}.${name} refuses ${JSON.stringify(spelling)}`);
      assert.equal(parsed.data, value, `${tool.operationId}.${name} reads ${JSON.stringify(spelling)} as ${String(parsed.data)}`);
    }
  }
});

test('every boolean option of every file tool refuses other words with a 400 naming the field', async () => {
  for (const { tool, name, field } of booleanOptions) {
    for (const spelling of REFUSED) {
      assert.equal(field.safeParse(spelling).success, false, `${tool.operationId}.${name} accepts ${JSON.stringify(spelling)}`);
    }
    // Through the pipeline, as a request would: a 400 (not a 500) that names the field.
    await expectBadRequest(tool, { [name]: 'maybe' }, name);
  }
});
