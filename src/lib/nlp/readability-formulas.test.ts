import assert from 'node:assert/strict';
import { test } from 'node:test';
import { automatedReadability, colemanLiau, flesch, fleschKincaid, gunningFog, type ReadabilityCounts, smogIndex } from './readability-formulas.ts';

// Expected values are worked by hand from the published formulas (coefficients in each function's comment):
// 2 sentences, 20 words, 30 syllables, 100 letters, 12 polysyllables, 2 complex words.
const counts: ReadabilityCounts = { sentences: 2, words: 20, syllables: 30, letters: 100, polysyllables: 12, complexWords: 2 };

function close(actual: number, expected: number): void {
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);
}

test('Flesch Reading Ease: 206.835 − 1.015 × 10 − 84.6 × 1.5 = 69.785', () => close(flesch(counts), 69.785));

test('Flesch–Kincaid grade: 0.39 × 10 + 11.8 × 1.5 − 15.59 = 6.01', () => close(fleschKincaid(counts), 6.01));

test('Gunning Fog: 0.4 × (10 + 100 × 2/20) = 8', () => close(gunningFog(counts), 8));

test('SMOG: 3.1291 + 1.043 × √(12 × 30/2) with 2 sentences, and √36 = 6 with 10 sentences', () => {
  close(smogIndex(counts), 3.1291 + 1.043 * Math.sqrt(180));
  close(smogIndex({ ...counts, sentences: 10 }), 9.3871);
});

test('Coleman–Liau: L = 500, S = 10 letters/sentences per 100 words: 0.0588 × 500 − 0.296 × 10 − 15.8 = 10.64', () => close(colemanLiau(counts), 10.64));

test('Automated Readability Index: 4.71 × 5 + 0.5 × 10 − 21.43 = 7.12', () => close(automatedReadability(counts), 7.12));

test('Flesch: five-word sentences of one-syllable words score above 100 (very easy)', () => {
  // 206.835 − 1.015 × 5 − 84.6 × 1 = 117.16
  close(flesch({ ...counts, sentences: 4, words: 20, syllables: 20 }), 117.16);
});
