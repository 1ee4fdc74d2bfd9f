import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { moduleTools } from '../../../../test/helpers/module-tools.ts';
import { developerApisTools } from '../index.ts';

/**
 * The three formatters built on Prettier (html-formatter, css-formatter, js-formatter, all through prettier.ts):
 * a file of their own because Prettier's parser plugins take a good part of a second to load.
 */
const PRETTIER_FORMATTERS = ['html-formatter', 'css-formatter', 'js-formatter'];
const { result, testRefusals, expectNestingRefused, testFuzzing } = moduleTools(developerApisTools.filter((t) => PRETTIER_FORMATTERS.includes(t.slug)));
type Json = Record<string, unknown>;

describe('formatters: syntax errors are 400 with line and column', () => {
  const cases: [string, Json, RegExp][] = [
    ['html-formatter', { html: '<div>\n  <span>x</div>' }, /^html: Unexpected closing tag "div".* at line 2, column 10$/],
    ['css-formatter', { css: 'a { color: red;\n}\n}' }, /^css: Unexpected } at line 3, column 1$/],
    ['js-formatter', { code: 'const a = 1;\nconst b = ;' }, /^code: Unexpected token at line 2, column 11$/],
    ['js-formatter', { code: 'let x: number = 1', language: 'javascript' }, /^code: .* at line 1, column 6$/],
  ];
  testRefusals(cases);

  test('js-formatter formats TypeScript when asked', async () => {
    const ts = await result('js-formatter', { code: 'let x:number=1', language: 'typescript' });
    assert.equal(ts.formatted, 'let x: number = 1;\n');
  });

  test('deeply nested input is a 400, never a crash', async () => {
    const deep: [string, Json, string][] = [
      ['html-formatter', { html: '<div>'.repeat(5000) }, 'html'],
      ['js-formatter', { code: `x = ${'['.repeat(5000)}${']'.repeat(5000)}` }, 'code'],
    ];
    await expectNestingRefused(deep);
  });
});

describe('property: random input never causes a 5xx; wrong types are 400s naming the field', () => {
  const text = fc.string({ maxLength: 120 });
  const valid: Record<string, fc.Arbitrary<unknown>> = {
    'html-formatter': fc.record({
      html: fc.oneof(
        text.filter((s) => s.length > 0),
        fc.constantFrom('<div><p>x</p></div>', '<ul><li>a<li>b</ul>', '<p>unclosed'),
      ),
    }),
    'css-formatter': fc.record({ css: text.filter((s) => s.length > 0), syntax: fc.constantFrom('css', 'scss', 'less') }),
    'js-formatter': fc.record({ code: text.filter((s) => s.length > 0), language: fc.constantFrom('javascript', 'typescript') }),
  };
  const invalid: Record<string, [string, fc.Arbitrary<unknown>]> = {
    'html-formatter': ['html', fc.oneof(fc.constant(''), fc.integer()).map((html) => ({ html }))],
    'css-formatter': ['syntax', fc.constantFrom('sass', 'stylus').map((syntax) => ({ css: 'a{}', syntax }))],
    'js-formatter': ['printWidth', fc.oneof(fc.integer({ max: 19 }), fc.integer({ min: 321 })).map((printWidth) => ({ code: 'x', printWidth }))],
  };

  testFuzzing(PRETTIER_FORMATTERS, valid, invalid);
});
