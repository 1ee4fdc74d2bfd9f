import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { countGraphemes as libraryCount, splitGraphemes } from 'unicode-segmenter/grapheme';
import { countGraphemes, graphemes } from './graphemes.ts';

/**
 * graphemes() hands the segmenter only the non-ASCII runs of a text (graphemes.ts segmentMixed). The oracles are
 * the segmenter run over the whole text and ICU's Intl.Segmenter, on texts built from the code points that UAX #29's
 * rules turn on: ASCII letters, CR, LF and controls beside combining marks (Extend), ZWJ, variation selectors,
 * keycaps, emoji with skin tones and ZWJ sequences, regional indicators, prepended signs (U+0600), spacing marks
 * (U+0903), Devanagari conjuncts (GB9c), Hangul jamo and lone surrogates.
 */
const PIECES = [
  ...'aZ !#1\r\n\t\x01\x7f',
  // combining marks, ZWJ, VS16, keycap, a prepended sign, a spacing mark, Devanagari consonants and virama, Thai sara am
  ...'\u0301\u0308\u200d\ufe0f\u20e3\u0600\u0903\u0915\u094d\u0937\u0e33',
  // emoji, a skin tone, regional indicators, a pictograph and a symbol that become emoji with VS16
  ...'\u{1f44d}\u{1f3fd}\u{1f468}\u{1f469}\u{1f1e9}\u{1f1ea}\u2764\u00a9',
  // a precomposed letter, Hangul jamo (L, V, T) and syllable, a CJK ideograph
  ...'\u00e9\u1100\u1161\u11a8\uac00\u65e5',
  // lone surrogates: spread above, a pair would become one code point
  '\ud800',
  '\udc00',
];
const mixedText = fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((pieces) => pieces.join(''));
const icu = new Intl.Segmenter('en', { granularity: 'grapheme' });

test('graphemes and countGraphemes agree with the segmenter run over the whole text', () => {
  fc.assert(
    fc.property(fc.oneof(mixedText, fc.string({ unit: 'binary' })), (text) => {
      assert.deepEqual(graphemes(text), [...splitGraphemes(text)]);
      assert.equal(countGraphemes(text), libraryCount(text));
    }),
    { numRuns: 5_000 },
  );
});

test('graphemes agree with ICU (Intl.Segmenter) and join back to the text', () => {
  // Lone surrogates left out: ICU and unicode-segmenter treat them differently, and neither is text.
  const wellFormed = mixedText.filter((text) => text.isWellFormed());
  fc.assert(
    fc.property(wellFormed, (text) => {
      const split = graphemes(text);
      assert.equal(split.join(''), text);
      assert.deepEqual(
        split,
        Array.from(icu.segment(text), (s) => s.segment),
      );
    }),
    { numRuns: 5_000 },
  );
});

test('the cases the split turns on, from UAX #29', () => {
  assert.deepEqual(graphemes('e\u0301\r\n\u{1f44d}\u{1f3fd}!'), ['e\u0301', '\r\n', '\u{1f44d}\u{1f3fd}', '!']); // GB9, GB3, emoji modifier
  assert.deepEqual(graphemes('a\r\n\u00e9\r\nb'), ['a', '\r\n', '\u00e9', '\r\n', 'b']); // CR LF on both sides of a run
  assert.deepEqual(graphemes('\u0600a b'), ['\u0600a', ' ', 'b']); // GB9b: a prepended sign joins the next letter
  assert.deepEqual(graphemes('\u{1f1e9}\u{1f1ea}x\u{1f1e9}'), ['\u{1f1e9}\u{1f1ea}', 'x', '\u{1f1e9}']); // GB12
  assert.deepEqual(graphemes('Hello, world! \u{1f44d}\u{1f3fd}').length, 15);
});
