import type normalCdfFn from '@stdlib/stats-base-dists-normal-cdf';
import type normalQuantileFn from '@stdlib/stats-base-dists-normal-quantile';
import { lazy } from '../../lib/lazy.ts';

const normalCdf = lazy<typeof normalCdfFn>('@stdlib/stats-base-dists-normal-cdf');
const normalQuantile = lazy<typeof normalQuantileFn>('@stdlib/stats-base-dists-normal-quantile');

/**
 * The standard normal distribution, from stdlib (erfc/erfinv-based, accurate to double precision) rather
 * than a hand-written approximation. Module-internal helper (no default export).
 */
export function phi(z: number): number {
  return normalCdf()(z, 0, 1);
}

/** The z with P(Z ≤ z) = p, for 0 < p < 1. */
export function zQuantile(p: number): number {
  return normalQuantile()(p, 0, 1);
}

/** Statistics are not money: binary floats rounded for display are fine (lib/digits.ts). */
export { round } from '../../lib/digits.ts';
