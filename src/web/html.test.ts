import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from 'cheerio';
import fc from 'fast-check';
import { html, unsafeHtml } from './html.ts';

/** The escaping is checked by an independent HTML parser (cheerio, parse5): what goes in as text comes out as text. */
test('any string interpolated as text or as an attribute value is read back unchanged by an HTML parser', () => {
  // NUL is not text HTML can carry (the parser replaces it); every other code point must survive.
  const texts = fc.string({ unit: 'grapheme', maxLength: 60 }).filter((t) => !t.includes('\0'));
  fc.assert(
    fc.property(texts, (text) => {
      const $ = load(html`<p id="x" title="${text}">${text}</p><b>after</b>`.value);
      // Parsing normalises CR and CRLF to LF (WHATWG HTML, "preprocessing the input stream").
      const expected = text.replace(/\r\n?/g, '\n');
      assert.equal($('#x').text(), expected);
      assert.equal($('#x').attr('title'), expected);
      assert.equal($('b').text(), 'after', 'nothing escaped the element');
    }),
    { numRuns: 500 },
  );
});

test('arrays join, null/undefined/false render nothing, Html and unsafeHtml pass through', () => {
  const items = ['<a>', 'b&c'];
  assert.equal(html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`.value, '<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>');
  assert.equal(html`[${null}${undefined}${false}${0}]`.value, '[0]');
  assert.equal(html`${unsafeHtml('<svg></svg>')}`.value, '<svg></svg>');
  assert.equal(html`${'"\''}`.value, '&quot;&#39;');
});
