import type * as Franc from 'franc-min';
import type * as Iso6393 from 'iso-639-3';
import { lazy } from '../lazy.ts';
import { round } from './tokens.ts';

const franc = lazy<typeof Franc>('franc-min');

const iso = lazy<typeof Iso6393>('iso-639-3');

/**
 * Language identification with `franc-min` (trigram profiles of the 82 languages with 8M+ speakers,
 * from the UDHR; the full 187-language set confuses close neighbours such as English and Scots) and
 * the ISO 639-3 names of `iso-639-3`. franc's scores are relative (the best is 1), so the confidence
 * here is a label derived from the text length and the gap to the runner-up, never a made-up probability.
 */

export interface LanguageGuess {
  /** ISO 639-3 code (`eng`, `deu`), or `und` when the text is too short or has no letters. */
  code: string;
  /** ISO 639-1 code when the language has one (`en`, `de`), else null. */
  iso6391: string | null;
  name: string;
  confidence: 'high' | 'medium' | 'low';
  /** The next candidates with franc's relative scores (1 = as likely as the best). */
  alternatives: { code: string; name: string; score: number }[];
}

let byCode: Map<string, Iso6393.Language> | undefined;
const languageOf = (code: string): Iso6393.Language | undefined => (byCode ??= new Map(iso().iso6393.map((l) => [l.iso6393, l]))).get(code);
const LETTERS = /\p{L}/gu;
/** franc reads at most this much; more text does not change the answer, only the time. */
const SAMPLE_CHARS = 4000;

export function languageName(code: string): string {
  if (code === 'und') return 'Undetermined';
  return languageOf(code)?.name ?? code;
}

export function detectLanguage(text: string): LanguageGuess {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const letters = sample.match(LETTERS)?.length ?? 0;
  const ranked = franc().francAll(sample, { minLength: 10 });
  const [best, second] = ranked;
  if (!best || best[0] === 'und' || letters < 10) {
    return { code: 'und', iso6391: null, name: languageName('und'), confidence: 'low', alternatives: [] };
  }
  const gap = 1 - (second?.[1] ?? 0);
  const confidence = letters >= 100 && gap >= 0.1 ? 'high' : letters < 25 || gap < 0.03 ? 'low' : 'medium';
  return {
    code: best[0],
    iso6391: languageOf(best[0])?.iso6391 ?? null,
    name: languageName(best[0]),
    confidence,
    alternatives: ranked.slice(1, 4).map(([code, score]) => ({ code, name: languageName(code), score: round(score, 3) })),
  };
}

/** Whether a guess is confidently a language other than English: tools whose models are English-only say so. */
export function isConfidentlyNotEnglish(guess: LanguageGuess): boolean {
  return guess.code !== 'eng' && guess.code !== 'und' && guess.confidence !== 'low';
}
