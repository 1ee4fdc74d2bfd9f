import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import fc from 'fast-check';
import { multilevelOtsu, otsuObjective, posterizeStops } from './otsu.ts';

/**
 * The dynamic-programming multilevel Otsu against an independent implementation: Potrace's own exhaustive
 * search (potrace/lib/types/Histogram.js, which tries every combination of thresholds). Both maximise the same
 * between-class objective, so the optimum they reach must be equal (thresholds may differ only on ties).
 */
const require = createRequire(import.meta.url);
interface PotraceHistogram {
  data: Uint32Array;
  pixels: number;
  multilevelThresholding(amount: number): number[];
}
const Histogram = require('potrace/lib/types/Histogram.js') as new (size: number) => PotraceHistogram;

function potraceThresholds(bins: number[], cuts: number): number[] {
  const histogram = new Histogram(1_000_000);
  histogram.data.set(bins);
  histogram.pixels = bins.reduce((a, b) => a + b, 0);
  return histogram.multilevelThresholding(cuts);
}

// Potrace ignores bin 0 (its classes start at grey 1), so the generated histograms leave it empty.
const histogramArb = fc.array(fc.tuple(fc.integer({ min: 1, max: 255 }), fc.integer({ min: 1, max: 5000 })), { minLength: 4, maxLength: 40 }).map((entries) => {
  const bins = new Array<number>(256).fill(0);
  for (const [grey, count] of entries) bins[grey] = (bins[grey] ?? 0) + count;
  return bins;
});

test('multilevel Otsu reaches the same optimum as Potrace exhaustive search (2–4 classes)', () => {
  for (const cuts of [1, 2, 3]) {
    fc.assert(
      fc.property(histogramArb, (bins) => {
        const ours = multilevelOtsu(bins, cuts + 1);
        const theirs = potraceThresholds(bins, cuts);
        assert.equal(ours.length, cuts);
        assert.deepEqual(
          [...ours].sort((a, b) => a - b),
          ours,
          'ascending',
        );
        const a = otsuObjective(bins, ours);
        const b = otsuObjective(bins, theirs);
        assert.ok(a >= b * (1 - 1e-12), `ours ${a} < exhaustive ${b} for cuts ${ours} vs ${theirs}`);
      }),
      { numRuns: cuts === 3 ? 4 : 40 },
    );
  }
});

test('two well-separated grey populations are split between them', () => {
  const bins = new Array<number>(256).fill(0);
  bins[40] = 1000;
  bins[200] = 1000;
  const [threshold] = multilevelOtsu(bins, 2);
  assert.ok(threshold! >= 40 && threshold! < 200, String(threshold));
});

test('posterize stops: steps stops, the threshold kept as the outermost stop on its side', () => {
  const bins = Array.from({ length: 256 }, (_, g) => 1 + (g % 7));
  assert.equal(posterizeStops(bins, 5, undefined, false).length, 5);
  const dark = posterizeStops(bins, 4, 150, false);
  assert.equal(dark.length, 4);
  assert.equal(Math.max(...dark), 150);
  const light = posterizeStops(bins, 4, 100, true);
  assert.equal(light.length, 4);
  assert.equal(Math.min(...light), 100);
  assert.ok(light.every((t) => t >= 100 && t <= 255));
});
