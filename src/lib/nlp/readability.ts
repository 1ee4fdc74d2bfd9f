import type * as Syllable from 'syllable';
import { sentences, words } from '../graphemes.ts';
import { lazy } from '../lazy.ts';
import { automatedReadability, colemanLiau, flesch, fleschKincaid, gunningFog, smogIndex } from './readability-formulas.ts';
import { round } from './tokens.ts';

/**
 * The standard English readability formulas (readability-formulas.ts) over counts made here:
 * sentences and words from Unicode segmentation, syllables from `syllable` (CMU-dictionary-tuned rules).
 */

export interface ReadabilityResult {
  /** Flesch Reading Ease: 100+ very easy … below 30 very difficult. */
  fleschReadingEase: number;
  /** US school grades (0 = easier than first grade). */
  fleschKincaidGrade: number;
  gunningFog: number;
  smogIndex: number;
  colemanLiauIndex: number;
  automatedReadabilityIndex: number;
  /** Mean of the five US-grade formulas. */
  averageGrade: number;
  /** Plain reading of the Flesch score. */
  level: 'very easy' | 'easy' | 'fairly easy' | 'standard' | 'fairly difficult' | 'difficult' | 'very difficult';
  /** Typical reader age for the average grade (grade + 5). */
  readingAge: number;
  counts: {
    sentences: number;
    words: number;
    syllables: number;
    letters: number;
    polysyllabicWords: number;
    averageWordsPerSentence: number;
    averageSyllablesPerWord: number;
  };
}

const HAS_LETTER = /\p{L}/u;
const LETTER = /\p{L}/gu;

/** US school grade; the formulas go below 0 for very short words and sentences, which means "grade 0". */
function grade(value: number): number {
  return Math.max(0, round(value));
}

function level(ease: number): ReadabilityResult['level'] {
  if (ease >= 90) return 'very easy';
  if (ease >= 80) return 'easy';
  if (ease >= 70) return 'fairly easy';
  if (ease >= 60) return 'standard';
  if (ease >= 50) return 'fairly difficult';
  if (ease >= 30) return 'difficult';
  return 'very difficult';
}

/** Loaded on first use: its rules and normalisation tables are a dozen modules (docs/architecture.md "Libraries loaded on first use"). */
const syllableLibrary = lazy<typeof Syllable>('syllable');

/** The formulas need words: undefined for a text without any. */
export function measureReadability(text: string): ReadabilityResult | undefined {
  const { syllable } = syllableLibrary();
  const wordList = words(text).filter((w) => HAS_LETTER.test(w));
  if (wordList.length === 0) return undefined;
  const sentenceCount = Math.max(1, sentences(text).filter((s) => HAS_LETTER.test(s)).length);
  let syllables = 0;
  let letters = 0;
  let polysyllabic = 0;
  let complex = 0;
  for (const word of wordList) {
    const count = Math.max(1, syllable(word));
    syllables += count;
    letters += word.match(LETTER)?.length ?? 0;
    if (count >= 3) {
      polysyllabic++;
      // Gunning: proper nouns, hyphenated words and -es/-ed/-ing inflections are not "complex".
      if (!/^\p{Lu}/u.test(word) && !word.includes('-') && syllable(word.replace(/(?:es|ed|ing)$/i, '')) >= 3) complex++;
    }
  }
  const wordCount = Math.max(1, wordList.length);
  const counts = { sentences: sentenceCount, words: wordCount, syllables, letters, polysyllables: polysyllabic, complexWords: complex };
  const grades = {
    fleschKincaidGrade: fleschKincaid(counts),
    gunningFog: gunningFog(counts),
    smogIndex: smogIndex(counts),
    colemanLiauIndex: colemanLiau(counts),
    automatedReadabilityIndex: automatedReadability(counts),
  };
  const ease = flesch(counts);
  const averageGrade = Object.values(grades).reduce((a, b) => a + Math.max(0, b), 0) / 5;
  return {
    fleschReadingEase: round(ease),
    fleschKincaidGrade: grade(grades.fleschKincaidGrade),
    gunningFog: grade(grades.gunningFog),
    smogIndex: grade(grades.smogIndex),
    colemanLiauIndex: grade(grades.colemanLiauIndex),
    automatedReadabilityIndex: grade(grades.automatedReadabilityIndex),
    averageGrade: round(averageGrade),
    level: level(ease),
    readingAge: Math.round(averageGrade + 5),
    counts: {
      sentences: sentenceCount,
      words: wordList.length,
      syllables,
      letters,
      polysyllabicWords: polysyllabic,
      averageWordsPerSentence: round(wordList.length / sentenceCount),
      averageSyllablesPerWord: round(syllables / wordCount),
    },
  };
}
