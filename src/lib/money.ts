import { Decimal as DecimalJs } from 'decimal.js';

/**
 * The decimal type of every money figure: 40 significant digits (far beyond any amount the inputs allow,
 * |x| ≤ 1e15), half-up rounding, and plain notation up to 1e40 (no "1e+21" in a result). Money never
 * touches binary floating point. A private clone, so no other module's configuration changes it.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Decimal = DecimalJs;
export type Rounding = DecimalJs.Rounding;

export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);
export const HUNDRED = new Decimal(100);

/** Sum of decimals (0 for none). */
export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), ZERO);
}

/** A ratio or percentage as a JSON number with at most `places` decimals (half-up), never -0. */
export function toNumber(value: Decimal, places = 4): number {
  const n = value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
  return Object.is(n, -0) ? 0 : n;
}

/** A decimal as a string with exactly `places` decimals, rounded half-up: "12.50" for money (2 places). */
export function fixed(value: Decimal, places = 2): string {
  return value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}
