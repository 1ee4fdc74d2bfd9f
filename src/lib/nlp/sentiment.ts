import type Sentiment from 'sentiment';
import { sentences } from '../graphemes.ts';
import { round } from './tokens.ts';
import { lazy } from '../lazy.ts';

const SentimentLib = lazy<typeof Sentiment>('sentiment');

/**
 * Lexicon sentiment with the `sentiment` package (AFINN-165 word valences −5…+5, emoji ranks, negation
 * "not good" flips). The raw AFINN sum is normalised to −1…+1 the way VADER does (x / √(x² + 15)), and
 * labelled with VADER's ±0.05 thresholds. English only: the lexicon has no other language.
 */

export type SentimentLabel = 'positive' | 'negative' | 'neutral' | 'mixed';

export interface SentimentResult {
  label: SentimentLabel;
  /** −1 (very negative) … +1 (very positive). */
  score: number;
  /** Sum of the AFINN valences of the words (negation applied). */
  afinnScore: number;
  /** AFINN sum per token. */
  comparative: number;
  positiveWords: string[];
  negativeWords: string[];
  /** The most positive and most negative sentences (at most 3 each). */
  sentences: { text: string; score: number; label: SentimentLabel }[];
}

let analyzerInstance: Sentiment | undefined;
const analyzer = (): Sentiment => (analyzerInstance ??= new (SentimentLib())());
const MAX_SENTENCES_SCORED = 2000;

export function normalizeAfinn(sum: number): number {
  return sum === 0 ? 0 : round(sum / Math.sqrt(sum * sum + 15), 4);
}

function labelOf(score: number): SentimentLabel {
  if (score >= 0.05) return 'positive';
  if (score <= -0.05) return 'negative';
  return 'neutral';
}

export function analyzeSentiment(text: string): SentimentResult {
  const whole = analyzer().analyze(text);
  let positiveSum = 0;
  let negativeSum = 0;
  for (const entry of whole.calculation) {
    for (const value of Object.values(entry)) {
      if (value > 0) positiveSum += value;
      else negativeSum -= value;
    }
  }
  const score = normalizeAfinn(whole.score);
  const mixed = positiveSum >= 3 && negativeSum >= 3 && Math.abs(score) < 0.5 && Math.min(positiveSum, negativeSum) / Math.max(positiveSum, negativeSum) >= 0.5;
  const scored = sentences(text)
    .slice(0, MAX_SENTENCES_SCORED)
    .map((s) => {
      const value = normalizeAfinn(analyzer().analyze(s).score);
      return { text: s.length > 300 ? `${s.slice(0, 297)}…` : s, score: value, label: labelOf(value) };
    })
    .filter((s) => s.score !== 0);
  const top = [...scored].sort((a, b) => b.score - a.score);
  const picked = [
    ...top.filter((s) => s.score > 0).slice(0, 3),
    ...top
      .filter((s) => s.score < 0)
      .reverse()
      .slice(0, 3),
  ];
  return {
    label: mixed ? 'mixed' : labelOf(score),
    score,
    afinnScore: whole.score,
    comparative: round(whole.comparative, 4),
    positiveWords: [...new Set(whole.positive)],
    negativeWords: [...new Set(whole.negative)],
    sentences: picked,
  };
}
