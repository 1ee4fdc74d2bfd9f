import type * as Grapheme from 'unicode-segmenter/grapheme';
import { lazy, lazyValue } from './lazy.ts';

/**
 * Unicode-correct text splitting (UAX #29): emoji, combining marks and CJK stay whole. Graphemes use
 * unicode-segmenter (about 4x faster than Intl.Segmenter, which clones an ICU iterator per call);
 * words and sentences use Intl.Segmenter, whose dictionaries handle CJK and Thai.
 */
const segmenter = lazy<typeof Grapheme>('unicode-segmenter/grapheme');
/** Built on first use: each loads ICU break rules (docs/architecture.md "Libraries loaded on first use"). */
const wordSegmenter = lazyValue(() => new Intl.Segmenter(undefined, { granularity: 'word' }));
const sentenceSegmenter = lazyValue(() => new Intl.Segmenter(undefined, { granularity: 'sentence' }));

/** Printable ASCII, tab and \n: every code unit is a grapheme of its own, no segmenter needed (the common, fast case). */
const SIMPLE_ASCII = /^[\x20-\x7e\t\n]*$/;
const NON_ASCII_RUN = /[^\x00-\x7f]+/g;
const CR = 13;
const LF = 10;

/**
 * Walks mixed text: the segmenter sees only each run of non-ASCII text with one ASCII neighbour on each side;
 * every other ASCII code unit is a grapheme of its own (CR LF one). UAX #29 always breaks between two ASCII
 * code units except CR LF (GB3-GB5, GB999), and no rule looks back across such a break (GB9c, GB11 and GB12-13
 * look back through non-ASCII code points only), so each run is segmented as the whole text would be.
 * The neighbours carry the rules that join across the edge: a letter and its combining mark (GB9), a prepended
 * sign and the letter after it (GB9b).
 */
function segmentMixed(text: string, ascii: (from: number, to: number) => void, run: (chunk: string) => void): void {
  const asciiGraphemes = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const end = text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF && i + 1 < to ? i + 2 : i + 1;
      ascii(i, end);
      i = end - 1;
    }
  };
  let start = -1;
  let end = 0;
  NON_ASCII_RUN.lastIndex = 0;
  for (let match = NON_ASCII_RUN.exec(text); match; match = NON_ASCII_RUN.exec(text)) {
    let left = Math.max(match.index - 1, 0);
    if (left > 0 && text.charCodeAt(left) === LF && text.charCodeAt(left - 1) === CR) left--;
    let right = Math.min(NON_ASCII_RUN.lastIndex + 1, text.length);
    if (right < text.length && text.charCodeAt(right - 1) === CR && text.charCodeAt(right) === LF) right++;
    // One ASCII code unit between two runs is the neighbour of both: they are segmented together.
    if (start >= 0 && left < end) {
      end = right;
      continue;
    }
    if (start >= 0) run(text.slice(start, end));
    asciiGraphemes(end, left);
    start = left;
    end = right;
  }
  if (start >= 0) run(text.slice(start, end));
  asciiGraphemes(end, text.length);
}

export function graphemes(text: string): string[] {
  if (SIMPLE_ASCII.test(text)) return text.split('');
  const out: string[] = [];
  const { splitGraphemes } = segmenter();
  segmentMixed(
    text,
    (from, to) => out.push(text.slice(from, to)),
    (chunk) => {
      for (const grapheme of splitGraphemes(chunk)) out.push(grapheme);
    },
  );
  return out;
}

export function countGraphemes(text: string): number {
  if (SIMPLE_ASCII.test(text)) return text.length;
  let count = 0;
  const library = segmenter();
  segmentMixed(
    text,
    () => count++,
    (chunk) => {
      count += library.countGraphemes(chunk);
    },
  );
  return count;
}

/** Word-like segments (letters, numbers, ideographs), punctuation and spaces left out. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const s of wordSegmenter().segment(text)) if (s.isWordLike) out.push(s.segment);
  return out;
}

export function sentences(text: string): string[] {
  return Array.from(sentenceSegmenter().segment(text), (s) => s.segment.trim()).filter((s) => s.length > 0);
}
