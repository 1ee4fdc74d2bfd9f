import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { Decimal as Dec, fixed } from '../../lib/money.ts';

/** Fields and checks of the marketing metrics; the arithmetic is lib/money.ts. Module-internal helper (no default export). */
export { Dec, fixed };

/** Larger amounts or counts than this (a quadrillion) are refused as absurd. */
export const MAX_MAGNITUDE = 1e15;
const DECIMAL_TEXT = /^\s*\d{1,16}(?:\.\d{1,12})?\s*$/;

/**
 * A non-negative amount of money: a JSON number or a decimal string ("19.99", to avoid binary floats).
 * NaN, Infinity, negatives and amounts over 1e15 are 400s naming the field.
 */
export function moneyField(description: string) {
  return z
    .union([
      z.number().min(0, 'must not be negative').max(MAX_MAGNITUDE, 'at most 1,000,000,000,000,000'),
      z.string().regex(DECIMAL_TEXT, 'a non-negative decimal number such as "1250.50"'),
    ])
    .transform((value) => new Dec(typeof value === 'string' ? value.trim() : value))
    .refine((value) => value.lte(MAX_MAGNITUDE), 'at most 1,000,000,000,000,000')
    .describe(`${description} (a number or a decimal string such as "1250.50"; 0 to 1e15)`);
}

/** A non-negative whole count (clicks, impressions, conversions…) up to 1e15. */
export function countInput(description: string) {
  return z
    .number()
    .int('a whole number')
    .min(0, 'must not be negative')
    .max(MAX_MAGNITUDE, 'at most 1,000,000,000,000,000')
    .describe(`${description} (whole number, 0 to 1e15)`);
}

/** Decimal places for rates and ratios in the result (money is always 2). */
export const decimalsField = z
  .number()
  .int('a whole number')
  .min(0, 'at least 0')
  .max(8, 'at most 8')
  .default(2)
  .describe('Decimal places of rates and ratios in the result (0–8, default 2); money always has 2');

/** Refuses a zero divisor with a 400 that names the field and what the division computes. */
export function nonZero(field: string, value: Dec | number, what: string): Dec {
  const d = new Dec(value);
  if (d.isZero()) throw invalidField(field, `must be greater than 0 to compute ${what} (it is the divisor)`);
  return d;
}
