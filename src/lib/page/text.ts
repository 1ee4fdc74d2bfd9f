import { sentences } from '../graphemes.ts';
import { wordsOf } from './html.ts';

/**
 * Readability and keyword statistics of page text. Syllables use an English heuristic (vowel groups,
 * silent final e, -le endings), so Flesch scores are meaningful for English text only.
 */
export const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each ' +
    'few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or ' +
    'other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was ' +
    'we were what when where which while who whom why will with you your yours yourself yourselves also may might must shall would one two get got us via per etc s t can’t don’t it’s ' +
    'new use used using like just make made many much well way even any every via within without upon'
  ).split(/\s+/),
);

export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = trimmed.match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups ? groups.length : 1);
}

export interface Readability {
  words: number;
  sentences: number;
  syllables: number;
  averageWordsPerSentence: number;
  averageSyllablesPerWord: number;
  fleschReadingEase: number;
  fleschKincaidGrade: number;
  level: string;
}

export function readability(text: string): Readability {
  const ws = wordsOf(text);
  const ss = Math.max(1, sentences(text).filter((s) => /[\p{L}\p{N}]/u.test(s)).length);
  const syl = ws.reduce((sum, w) => sum + syllables(w), 0);
  const n = Math.max(1, ws.length);
  const wps = ws.length / ss;
  const spw = syl / n;
  const ease = ws.length === 0 ? 0 : 206.835 - 1.015 * wps - 84.6 * spw;
  const grade = ws.length === 0 ? 0 : 0.39 * wps + 11.8 * spw - 15.59;
  return {
    words: ws.length,
    sentences: ws.length === 0 ? 0 : ss,
    syllables: syl,
    averageWordsPerSentence: round2(wps),
    averageSyllablesPerWord: round2(spw),
    fleschReadingEase: round2(Math.max(-50, Math.min(121.22, ease))),
    fleschKincaidGrade: round2(Math.max(0, grade)),
    level:
      ease >= 90
        ? 'very easy'
        : ease >= 80
          ? 'easy'
          : ease >= 70
            ? 'fairly easy'
            : ease >= 60
              ? 'plain English'
              : ease >= 50
                ? 'fairly difficult'
                : ease >= 30
                  ? 'difficult'
                  : 'very difficult',
  };
}

export interface Phrase {
  phrase: string;
  count: number;
  /** count × words in phrase ÷ total words × 100, 2 decimals. */
  density: number;
}

/** Most frequent 1-, 2- and 3-word phrases, stopword-trimmed, at least twice (single words: 3+ letters). */
export function topPhrases(text: string, limit = 20): { single: Phrase[]; bigrams: Phrase[]; trigrams: Phrase[] } {
  const ws = wordsOf(text);
  const total = Math.max(1, ws.length);
  const count = (n: number): Phrase[] => {
    const m = new Map<string, number>();
    for (let i = 0; i + n <= ws.length; i++) {
      const gram = ws.slice(i, i + n);
      if (STOPWORDS.has(gram[0]!) || STOPWORDS.has(gram[n - 1]!)) continue;
      if (n === 1 && (gram[0]!.length < 3 || /^\d+$/.test(gram[0]!))) continue;
      const key = gram.join(' ');
      m.set(key, (m.get(key) ?? 0) + 1);
    }
    return [...m.entries()]
      .filter(([, c]) => c >= 2 || n === 1)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([phrase, c]) => ({ phrase, count: c, density: round2((c * n * 100) / total) }));
  };
  return { single: count(1), bigrams: count(2), trigrams: count(3) };
}

/** Occurrences of a phrase (word-boundary, case-insensitive) in a text. */
export function occurrences(text: string, phrase: string): number {
  const target = wordsOf(phrase);
  if (target.length === 0) return 0;
  const ws = wordsOf(text);
  let n = 0;
  for (let i = 0; i + target.length <= ws.length; i++) if (target.every((t, j) => ws[i + j] === t)) n++;
  return n;
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
