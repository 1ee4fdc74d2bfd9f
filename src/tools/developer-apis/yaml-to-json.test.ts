import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import jsonToYaml from './json-to-yaml.ts';
import yamlToJson from './yaml-to-json.ts';

/** The YAML tools (yaml-to-json and its inverse json-to-yaml): a file of their own, as parsing YAML takes a while. */
const { result, refusal, testFuzzing } = moduleTools([yamlToJson, jsonToYaml]);

describe('YAML', () => {
  test('yaml-to-json: syntax error and duplicate key carry line and column', async () => {
    const dup = await refusal('yaml-to-json', { yaml: 'a: 1\nb: 2\na: 3\n' });
    assert.equal(dup.status, 400);
    assert.match(dup.detail, /^yaml: Map keys must be unique at line 3, column 1$/);
    const bad = await refusal('yaml-to-json', { yaml: 'list:\n  - a\n   - b: [1, 2\n' });
    assert.equal(bad.status, 400);
    assert.match(bad.detail, /^yaml: .* at line \d+, column \d+$/);
  });

  test('yaml-to-json refuses a billion-laughs document', async () => {
    const lol = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
    ].join('\n');
    const e = await refusal('yaml-to-json', { yaml: lol });
    assert.equal(e.status, 400);
    assert.match(e.detail, /billion laughs/);
  });

  test('json-to-yaml → yaml-to-json round-trips random JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const wrapped = { v: value };
        const y = await result('json-to-yaml', { json: wrapped });
        const back = await result('yaml-to-json', { yaml: String(y.yaml) });
        assert.deepEqual(back.data, JSON.parse(JSON.stringify(wrapped)));
      }),
      { numRuns: 150 },
    );
  });

  test('yaml-to-json keeps key order, integer-like keys too (python3: json.dumps(yaml.safe_load(...)))', async () => {
    assert.equal((await result('yaml-to-json', { yaml: 'b: 1\n10: 2\n9: 3\na: 4\n', indent: 0 })).json, '{"b":1,"10":2,"9":3,"a":4}');
    // PyYAML puts merged keys first, then the mapping's own: {"9":1,"b":2,"1":"z"}.
    const merged = await result('yaml-to-json', { yaml: 'x: &x {9: 1, b: 2}\nc:\n  <<: *x\n  1: z\n', indent: 0 });
    assert.equal(merged.json, '{"x":{"9":1,"b":2},"c":{"9":1,"b":2,"1":"z"}}');
  });

  test('yaml-to-json writes !!binary as its Base64 text (YAML 1.1 binary type; python3 base64.b64encode(yaml.safe_load(...)))', async () => {
    const r = await result('yaml-to-json', { yaml: 'a: !!binary aGVsbG8=\n', indent: 0 });
    assert.equal(r.json, '{"a":"aGVsbG8="}');
    assert.deepEqual(r.data, { a: 'aGVsbG8=' });
  });

  test('json-to-yaml escapes NEL, LS and PS as \\N, \\L, \\P (YAML 1.1 §5.4 reads them as line breaks; checked with PyYAML safe_load)', async () => {
    assert.equal((await result('json-to-yaml', { json: { a: 'x\u0085y' } })).yaml, 'a: "x\\Ny"\n');
    assert.equal((await result('json-to-yaml', { json: { a: 'x\u2028y' } })).yaml, 'a: "x\\Ly"\n');
    assert.equal((await result('json-to-yaml', { json: { 'k\u2029': ['a\nb\u2028'] }, quoteStyle: 'single' })).yaml, '"k\\P":\n  - "a\\nb\\L"\n');
    // And they read back as the same strings.
    const back = await result('yaml-to-json', { yaml: 'a: "x\\Ny\\Lz\\P"\n' });
    assert.deepEqual(back.data, { a: 'x\u0085y\u2028z\u2029' });
  });

  test('json-to-yaml keeps the key order of JSON text and sorts by code point (python3 sort_keys order)', async () => {
    assert.equal((await result('json-to-yaml', { json: '{"b": 1, "10": 2, "9": 3, "a": 4}' })).yaml, 'b: 1\n"10": 2\n"9": 3\na: 4\n');
    assert.equal((await result('json-to-yaml', { json: '{"b": 1, "10": 2, "9": 3, "a": 4}', sortKeys: true })).yaml, '"10": 2\n"9": 3\na: 4\nb: 1\n');
  });

  test('deeply nested input is a 400, never a crash', async () => {
    const e = await refusal('yaml-to-json', { yaml: '['.repeat(5000) + ']'.repeat(5000) });
    assert.equal(e.status, 400, `yaml-to-json: ${e.detail}`);
    assert.match(e.detail, new RegExp(`^yaml: nesting is (too deep|deeper)`), 'yaml-to-json');
  });
});

describe('property: random input never causes a 5xx; wrong types are 400s naming the field', () => {
  const text = fc.string({ maxLength: 120 });
  const json = fc.json({ maxDepth: 3 });
  const obj = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
  const valid: Record<string, fc.Arbitrary<unknown>> = {
    'yaml-to-json': fc.record({
      yaml: fc.oneof(
        text.filter((s) => s.length > 0),
        json,
      ),
    }),
    'json-to-yaml': fc.record({ json: fc.oneof(json, obj), sortKeys: fc.boolean() }),
  };
  const invalid: Record<string, [string, fc.Arbitrary<unknown>]> = {
    'yaml-to-json': ['yaml', fc.oneof(fc.integer(), fc.constant('')).map((yaml) => ({ yaml }))],
    'json-to-yaml': ['indent', fc.oneof(fc.integer({ max: 1 }), fc.integer({ min: 9 })).map((indent) => ({ json: '{}', indent }))],
  };

  testFuzzing(['yaml-to-json', 'json-to-yaml'], valid, invalid);
});
