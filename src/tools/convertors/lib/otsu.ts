/**
 * Multilevel Otsu thresholds of a 256-bin grey histogram: the `levels - 1` cut points that maximise the
 * between-class variance (Otsu, "A threshold selection method from gray-level histograms", IEEE SMC 1979;
 * Liao, Chen & Chung's multilevel form, 2001), found by dynamic programming in O(levels · bins²).
 *
 * Potrace's own posterizer searches every combination of cut points (O(256^levels)): 5 levels ran for over a
 * minute on a small photo. The objective is the same, so the answer is the same up to ties.
 */
/**
 * Thresholds (bin indexes, ascending) splitting the histogram into `levels` classes; a class runs from the
 * previous threshold + 1 up to and including its own threshold.
 */
export function multilevelOtsu(histogram: ArrayLike<number>, levels: number): number[] {
  const bins = histogram.length;
  const cuts = Math.min(levels - 1, bins - 1);
  if (cuts < 1) return [];
  // Prefix sums of pixel count and of grey value × count: a class's term is (Σ g·n)² / Σ n.
  const count = [0];
  const moment = [0];
  for (let g = 0; g < bins; g++) {
    const n = histogram[g] ?? 0;
    count.push(count[g]! + n);
    moment.push(moment[g]! + g * n);
  }
  const term = (from: number, to: number): number => {
    const n = count[to + 1]! - count[from]!;
    if (n <= 0) return 0;
    const m = moment[to + 1]! - moment[from]!;
    return (m * m) / n;
  };
  // best[c][j]: the largest sum of terms of c + 1 classes covering bins 0..j; start[c][j]: where class c begins.
  const best: number[][] = [Array.from({ length: bins }, (_, j) => term(0, j))];
  const start: number[][] = [new Array<number>(bins).fill(0)];
  for (let c = 1; c <= cuts; c++) {
    const previous = best[c - 1]!;
    const row = new Array<number>(bins).fill(-Infinity);
    const begin = new Array<number>(bins).fill(0);
    for (let j = c; j < bins; j++) {
      for (let i = c - 1; i < j; i++) {
        const value = previous[i]! + term(i + 1, j);
        if (value > row[j]!) {
          row[j] = value;
          begin[j] = i + 1;
        }
      }
    }
    best.push(row);
    start.push(begin);
  }
  const thresholds: number[] = [];
  let end = bins - 1;
  for (let c = cuts; c >= 1; c--) {
    const classStart = start[c]![end]!;
    thresholds.unshift(classStart - 1);
    end = classStart - 1;
  }
  return thresholds;
}

/** The between-class objective of a set of thresholds (the quantity multilevelOtsu maximises). */
export function otsuObjective(histogram: ArrayLike<number>, thresholds: readonly number[]): number {
  const bins = histogram.length;
  let total = 0;
  let start = 0;
  for (const end of [...thresholds, bins - 1]) {
    let n = 0;
    let m = 0;
    for (let g = start; g <= end; g++) {
      n += histogram[g] ?? 0;
      m += g * (histogram[g] ?? 0);
    }
    if (n > 0) total += (m * m) / n;
    start = end + 1;
  }
  return total;
}

/**
 * Potrace posterizer colour stops, chosen as its automatic mode chooses them (multilevel Otsu) but computed here
 * in polynomial time. Without a threshold: `steps` stops over the whole grey range (one more class is left as
 * background). With a threshold: the threshold itself plus `steps - 1` stops on the traced side of it (below it,
 * or above it when inverted).
 */
export function posterizeStops(histogram: ArrayLike<number>, steps: number, threshold: number | undefined, invert: boolean): number[] {
  const grey = Array.from(histogram);
  if (threshold === undefined) return multilevelOtsu(grey, steps + 1);
  if (!invert) return [...multilevelOtsu(grey.slice(0, threshold + 1), steps), threshold];
  return [threshold, ...multilevelOtsu(grey.slice(threshold), steps).map((t) => t + threshold + 1)];
}
