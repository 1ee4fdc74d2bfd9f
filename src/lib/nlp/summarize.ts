import { sentences as splitSentences } from '../graphemes.ts';
import { stem, stopwordsFor, wordTokens, round } from './tokens.ts';

/**
 * Extractive summarisation with TextRank (Mihalcea & Tarau, 2004): sentences are the nodes of a graph
 * weighted by word overlap |Si ∩ Sj| / (log|Si| + log|Sj|) over stemmed content words, ranked by
 * PageRank (d = 0.85). The best sentences are returned in their original order, so the summary reads
 * like the text. Deterministic: ties go to the earlier sentence.
 */

export interface RankedSentence {
  /** 0-based position of the sentence in the text. */
  index: number;
  text: string;
  /** PageRank weight scaled so the best sentence is 1. */
  score: number;
}

export interface SummaryOptions {
  /** Stop adding sentences once the summary has this many words (at least one sentence is kept). */
  maxWords?: number;
  maxSentences?: number;
  /** ISO 639-3 code for the stopword list. */
  language?: string;
}

export interface Summary {
  text: string;
  sentences: RankedSentence[];
  /** Sentences in the source. */
  sourceSentences: number;
  wordCount: number;
}

const DAMPING = 0.85;
const MAX_ITERATIONS = 50;
const TOLERANCE = 1e-6;
/** The graph is quadratic in sentences; past this many, the most term-dense sentences are ranked. */
const MAX_GRAPH_SENTENCES = 600;

/** Sentences of a text, with lines without end punctuation (headings, bullets) kept as sentences. */
export function textSentences(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n\s*\n|\r\n\s*\r\n/)) {
    for (const sentence of splitSentences(block)) {
      const clean = sentence.replace(/\s+/g, ' ').trim();
      if (/\p{L}/u.test(clean)) out.push(clean);
    }
  }
  return out;
}

export function rankSentences(text: string, language?: string): { all: string[]; ranked: RankedSentence[] } {
  const all = textSentences(text);
  const stop = stopwordsFor(language);
  const bags = all.map(
    (s) =>
      new Set(
        wordTokens(s)
          .filter((w) => !stop.has(w))
          .map(stem),
      ),
  );
  let nodes = all.map((_, i) => i);
  if (nodes.length > MAX_GRAPH_SENTENCES) {
    const frequency = new Map<string, number>();
    for (const bag of bags) for (const w of bag) frequency.set(w, (frequency.get(w) ?? 0) + 1);
    const density = (i: number): number => {
      const bag = bags[i]!;
      let sum = 0;
      for (const w of bag) sum += frequency.get(w) ?? 0;
      return bag.size === 0 ? 0 : sum / Math.sqrt(bag.size);
    };
    nodes = [...nodes]
      .sort((a, b) => density(b) - density(a) || a - b)
      .slice(0, MAX_GRAPH_SENTENCES)
      .sort((a, b) => a - b);
  }
  const n = nodes.length;
  const weights: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let a = 0; a < n; a++) {
    const bagA = bags[nodes[a]!]!;
    if (bagA.size < 1) continue;
    for (let b = a + 1; b < n; b++) {
      const bagB = bags[nodes[b]!]!;
      if (bagB.size < 1) continue;
      let overlap = 0;
      const [small, large] = bagA.size <= bagB.size ? [bagA, bagB] : [bagB, bagA];
      for (const w of small) if (large.has(w)) overlap++;
      if (overlap === 0) continue;
      const denominator = Math.log(bagA.size + 1) + Math.log(bagB.size + 1);
      const weight = overlap / denominator;
      weights[a]![b] = weight;
      weights[b]![a] = weight;
    }
  }
  const outSum = weights.map((row) => row.reduce((x, y) => x + y, 0));
  let rank = new Array<number>(n).fill(n === 0 ? 0 : 1 / n);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / Math.max(1, n));
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) continue;
      const share = (DAMPING * rank[j]!) / outSum[j]!;
      const row = weights[j]!;
      for (let i = 0; i < n; i++) if (row[i] !== 0) next[i]! += share * row[i]!;
    }
    const delta = next.reduce((sum, value, i) => sum + Math.abs(value - rank[i]!), 0);
    rank = next;
    if (delta < TOLERANCE) break;
  }
  const best = Math.max(0, ...rank);
  const ranked = nodes
    .map((index, i) => ({ index, text: all[index]!, score: best === 0 ? 0 : round(rank[i]! / best, 4) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return { all, ranked };
}

/** Joins sentences with a space, except after CJK full stops, where the script uses none. */
export function joinSentences(list: string[]): string {
  let out = '';
  for (const sentence of list) {
    if (out === '') out = sentence;
    else out += /[。！？」』）]$/u.test(out) ? sentence : ` ${sentence}`;
  }
  return out;
}

export function summarize(text: string, options: SummaryOptions = {}): Summary {
  const { all, ranked } = rankSentences(text, options.language);
  const maxWords = options.maxWords ?? 120;
  const maxSentences = options.maxSentences ?? Number.POSITIVE_INFINITY;
  const picked: RankedSentence[] = [];
  let wordCount = 0;
  for (const sentence of ranked) {
    if (picked.length >= maxSentences) break;
    const count = wordTokens(sentence.text).length;
    if (picked.length > 0 && wordCount + count > maxWords) continue;
    picked.push(sentence);
    wordCount += count;
    if (wordCount >= maxWords) break;
  }
  picked.sort((a, b) => a.index - b.index);
  return { text: joinSentences(picked.map((s) => s.text)), sentences: picked, sourceSentences: all.length, wordCount };
}
