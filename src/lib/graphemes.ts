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

export function graphemes(text: string): string[] {
  if (SIMPLE_ASCII.test(text)) return text.split('');
  return [...segmenter().splitGraphemes(text)];
}

export function countGraphemes(text: string): number {
  if (SIMPLE_ASCII.test(text)) return text.length;
  return segmenter().countGraphemes(text);
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
