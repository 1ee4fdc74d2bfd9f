import { Decimal as DecimalJs } from 'decimal.js';

/**
 * The module's decimal type: 40 significant digits (far beyond any money figure the inputs allow,
 * |x| ≤ 1e15) and half-up rounding. Money never touches binary floating point.
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
