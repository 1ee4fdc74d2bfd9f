/**
 * The six standard English readability formulas, written out with their published coefficients.
 * Each takes counts made by the caller (readability.ts) and returns the raw score, unrounded and unclamped.
 * The terms are in the order the original papers state them.
 */

export interface ReadabilityCounts {
  sentences: number;
  words: number;
  syllables: number;
  /** Letters only (no digits or punctuation): Coleman–Liau's and the ARI's "characters". */
  letters: number;
  /** Words of three or more syllables (SMOG). */
  polysyllables: number;
  /** Gunning's "hard words": three or more syllables, not proper nouns, compounds or -es/-ed/-ing inflections. */
  complexWords: number;
}

/**
 * Flesch Reading Ease: 206.835 − 1.015 × (words / sentences) − 84.6 × (syllables / words).
 * R. Flesch, "A new readability yardstick", Journal of Applied Psychology 32(3), 1948, pp. 221–233.
 */
export function flesch(c: ReadabilityCounts): number {
  return 206.835 - 1.015 * (c.words / c.sentences) - 84.6 * (c.syllables / c.words);
}

/**
 * Flesch–Kincaid Grade Level: 0.39 × (words / sentences) + 11.8 × (syllables / words) − 15.59.
 * J. P. Kincaid, R. P. Fishburne, R. L. Rogers, B. S. Chissom, "Derivation of new readability formulas
 * (Automated Readability Index, Fog Count and Flesch Reading Ease formula) for Navy enlisted personnel",
 * Research Branch Report 8-75, Naval Technical Training Command, 1975.
 */
export function fleschKincaid(c: ReadabilityCounts): number {
  return 0.39 * (c.words / c.sentences) + 11.8 * (c.syllables / c.words) - 15.59;
}

/**
 * Gunning Fog Index: 0.4 × (words / sentences + 100 × complex words / words).
 * R. Gunning, "The Technique of Clear Writing", McGraw-Hill, 1952.
 */
export function gunningFog(c: ReadabilityCounts): number {
  return 0.4 * (c.words / c.sentences + 100 * (c.complexWords / c.words));
}

/**
 * SMOG grade: 3.1291 + 1.0430 × √(polysyllables × 30 / sentences).
 * G. H. McLaughlin, "SMOG Grading — a New Readability Formula", Journal of Reading 12(8), 1969, pp. 639–646
 * (the regression form of the formula).
 */
export function smogIndex(c: ReadabilityCounts): number {
  return 3.1291 + 1.043 * Math.sqrt(c.polysyllables * (30 / c.sentences));
}

/**
 * Coleman–Liau Index: 0.0588 × L − 0.296 × S − 15.8, where L is letters per 100 words and S sentences per 100 words.
 * M. Coleman, T. L. Liau, "A computer readability formula designed for machine scoring",
 * Journal of Applied Psychology 60(2), 1975, pp. 283–284.
 */
export function colemanLiau(c: ReadabilityCounts): number {
  return 0.0588 * ((c.letters / c.words) * 100) - 0.296 * ((c.sentences / c.words) * 100) - 15.8;
}

/**
 * Automated Readability Index: 4.71 × (characters / words) + 0.5 × (words / sentences) − 21.43.
 * R. J. Senter, E. A. Smith, "Automated Readability Index", AMRL-TR-66-220, Aerospace Medical Research
 * Laboratories, Wright-Patterson Air Force Base, 1967.
 */
export function automatedReadability(c: ReadabilityCounts): number {
  return 4.71 * (c.letters / c.words) + 0.5 * (c.words / c.sentences) - 21.43;
}
