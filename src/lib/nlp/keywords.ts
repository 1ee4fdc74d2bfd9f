import { nounPhrases } from './phrases.ts';
import { round, stem, stopwordsFor } from './tokens.ts';
import { lazyValue } from '../lazy.ts';

/**
 * Keyword extraction. English: noun phrases from compromise's POS tags; other languages: runs of content
 * words between stopwords (the RAKE candidate rule, Rose et al. 2010) with the detected language's
 * stopword list (words from Unicode segmentation, so Chinese and Japanese work too). Candidates that
 * differ only by inflection meet under their stems. Score = occurrences
 * × a bonus for multi-word phrases × a bonus for appearing in the first fifth of the text, scaled so
 * the best keyword is 1.
 */

export interface Keyword {
  /** The most frequent spelling (lower-cased unless it is a proper noun or acronym). */
  keyword: string;
  score: number;
  count: number;
}

interface Candidate {
  text: string;
  start: number;
  proper: boolean;
}

const MAX_WORDS = 3;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const wordSegmenter = lazyValue(() => new Intl.Segmenter(undefined, { granularity: 'word' }));

function rakeCandidates(text: string, language: string | undefined): Candidate[] {
  const stop = stopwordsFor(language);
  const out: Candidate[] = [];
  let run: { word: string; start: number }[] = [];
  let lastEnd = 0;
  const flush = (): void => {
    for (let i = 0; i < run.length; i += MAX_WORDS) {
      const part = run.slice(i, i + MAX_WORDS);
      const phrase = part.map((p) => p.word).join(' ');
      if (/\p{L}/u.test(phrase) && phrase.length >= 3) out.push({ text: phrase, start: part[0]!.start, proper: false });
    }
    run = [];
  };
  // Unicode word segmentation: spaces separate words in most scripts, a dictionary does for Chinese and Japanese.
  for (const { segment: word, index, isWordLike } of wordSegmenter().segment(text)) {
    if (!isWordLike) continue;
    const between = text.slice(lastEnd, index);
    lastEnd = index + word.length;
    if (/[,;:.!?()[\]{}"“”…\n|。、！？：；（）「」]/.test(between)) flush();
    if (stop.has(word.toLowerCase()) || !/\p{L}/u.test(word) || [...word].length < 2) {
      flush();
      continue;
    }
    if (CJK.test(word)) {
      // CJK words are not joined by spaces: each is a candidate of its own.
      flush();
      out.push({ text: word, start: index, proper: false });
      continue;
    }
    run.push({ word, start: index });
  }
  flush();
  return out;
}

function candidatesOf(text: string, language: string | undefined): Candidate[] {
  if (language === undefined || language === 'eng') {
    const stop = stopwordsFor('eng');
    return nounPhrases(text).filter((p) => {
      const words = p.text.toLowerCase().split(/[\s-]+/);
      return !words.every((w) => stop.has(w));
    });
  }
  return rakeCandidates(text, language);
}

function displayForm(spellings: Map<string, number>, proper: boolean, keepCase: boolean): string {
  const [best] = [...spellings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const text = best![0];
  if (keepCase || proper || /\p{Lu}{2,}|\p{Ll}\p{Lu}/u.test(text)) return text;
  return text.toLowerCase();
}

export interface KeywordOptions {
  limit?: number;
  /** ISO 639-3 language; English (noun phrases) when undefined or `eng`. */
  language?: string;
}

export function extractKeywords(text: string, options: KeywordOptions = {}): Keyword[] {
  const limit = options.limit ?? 10;
  const english = options.language === undefined || options.language === 'eng';
  const candidates = candidatesOf(text, options.language);
  const groups = new Map<string, { spellings: Map<string, number>; count: number; first: number; proper: boolean; words: number }>();
  for (const candidate of candidates) {
    const key = candidate.text
      .toLowerCase()
      .split(/[\s-]+/)
      .map(stem)
      .join(' ');
    let group = groups.get(key);
    if (!group) {
      group = { spellings: new Map(), count: 0, first: candidate.start, proper: candidate.proper, words: key.split(' ').length };
      groups.set(key, group);
    }
    group.count++;
    group.spellings.set(candidate.text, (group.spellings.get(candidate.text) ?? 0) + 1);
    group.proper &&= candidate.proper;
  }
  // Single words also count where they appear inside longer phrases ("pipeline" in "data pipeline").
  const singles = new Map<string, number>();
  for (const key of groups.keys()) {
    const parts = key.split(' ');
    if (parts.length > 1) for (const part of parts) if (groups.has(part)) singles.set(part, (singles.get(part) ?? 0) + groups.get(key)!.count);
  }
  const early = Math.max(1, text.length / 5);
  const scored = [...groups.entries()].map(([key, g]) => {
    const count = g.count + (singles.get(key) ?? 0);
    const raw = count * (1 + 0.5 * Math.min(g.words - 1, 2)) * (g.first <= early ? 1.2 : 1);
    // English phrases are shown lower-case unless proper nouns; other languages keep their spelling (German nouns).
    return { key, keyword: displayForm(g.spellings, g.proper, !english), count, raw, first: g.first };
  });
  scored.sort((a, b) => b.raw - a.raw || a.first - b.first || a.keyword.localeCompare(b.keyword));
  const best = scored[0]?.raw ?? 1;
  const seen = new Set<string>();
  const out: Keyword[] = [];
  for (const item of scored) {
    const lower = item.keyword.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    out.push({ keyword: item.keyword, score: round(item.raw / best, 3), count: item.count });
    if (out.length >= limit) break;
  }
  return out;
}
