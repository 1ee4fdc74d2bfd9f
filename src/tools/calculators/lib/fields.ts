import { z } from 'zod';
import { Decimal } from '../../../lib/money.ts';

/** Largest magnitude any numeric input may have: beyond it the figures are absurd for money and rates. */
export const MAX_MAGNITUDE = 1e15;

/** A plain decimal numeral: `12`, `-3.5`, `.5`, `1e6`. No thousands separators, no currency signs. */
const NUMERIC = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;
const NUMBER_TEXT = 'a number or a numeric string such as "12.50" (no thousands separators or currency signs)';

export interface DecimalBounds {
  /** Smallest allowed value (default 0: negative amounts, rates and counts are refused). */
  min?: number;
  /** Refuse `min` itself (for divisors and rates that must be positive). */
  minExclusive?: boolean;
  /** Largest allowed value (default 1e15). */
  max?: number;
  /** Refuse `max` itself (a margin of 100 % has no price). */
  maxExclusive?: boolean;
  /** Most decimal places accepted (default: any). */
  places?: number;
}

function typeError(expected: string) {
  return (issue: { input?: unknown }): string => (issue.input === undefined ? 'is required' : `expected ${expected}`);
}

function boundsText(b: Required<Omit<DecimalBounds, 'places'>>): string {
  const lo = b.minExclusive ? `greater than ${b.min}` : `at least ${b.min}`;
  const hi = b.maxExclusive ? `less than ${fmtBound(b.max)}` : `at most ${fmtBound(b.max)}`;
  return `${lo} and ${hi}`;
}

function fmtBound(n: number): string {
  return n >= 1e9 ? n.toExponential().replace('e+', 'e') : String(n);
}

/** Checks a parsed decimal against bounds; returns the problem or null. */
function checkBounds(value: Decimal, b: Required<DecimalBounds>): string | null {
  if (!value.isFinite()) return 'must be a finite number';
  if (value.abs().gt(MAX_MAGNITUDE)) return `must be at most ${fmtBound(MAX_MAGNITUDE)} in magnitude`;
  const tooLow = b.minExclusive ? value.lte(b.min) : value.lt(b.min);
  const tooHigh = b.maxExclusive ? value.gte(b.max) : value.gt(b.max);
  if (tooLow && b.min === 0 && !b.minExclusive) return 'must not be negative';
  if (tooLow || tooHigh) return `must be ${boundsText(b)}`;
  if (value.decimalPlaces() > b.places) return `at most ${b.places} decimal places`;
  return null;
}

function withDefaults(bounds: DecimalBounds): Required<DecimalBounds> {
  return {
    min: bounds.min ?? 0,
    minExclusive: bounds.minExclusive ?? false,
    max: bounds.max ?? MAX_MAGNITUDE,
    maxExclusive: bounds.maxExclusive ?? false,
    places: bounds.places ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * A number or numeric string (`12.5`, `"12.50"`) parsed into an exact Decimal. Strings keep every digit
 * the caller wrote (`"0.1"` is exactly one tenth). NaN, Infinity, non-numeric strings, out-of-range and
 * over-precise values are a 400 naming the field.
 */
export function decimalField(description: string, bounds: DecimalBounds = {}) {
  const b = withDefaults(bounds);
  return z
    .union([z.number(), z.string().max(64, `expected ${NUMBER_TEXT}`).regex(NUMERIC, `expected ${NUMBER_TEXT}`)], { error: typeError(NUMBER_TEXT) })
    .transform((raw, ctx) => {
      const value = new Decimal(typeof raw === 'number' ? raw : raw.trim());
      const problem = checkBounds(value, b);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem, input: raw });
        return z.NEVER;
      }
      return value.isZero() ? new Decimal(0) : value;
    })
    .meta({
      description,
      ...(b.minExclusive ? { exclusiveMinimum: b.min } : { minimum: b.min }),
      ...(b.maxExclusive ? { exclusiveMaximum: b.max } : { maximum: b.max }),
    });
}

/** A whole number (or a string of digits) within [min, max]. */
export function intField(description: string, min: number, max: number) {
  return z
    .union([z.number(), z.string().max(32, 'expected a whole number').regex(INTEGER, 'expected a whole number')], { error: typeError('a whole number') })
    .transform((raw, ctx) => {
      const value = typeof raw === 'number' ? raw : Number(raw.trim());
      if (!Number.isInteger(value)) {
        ctx.addIssue({ code: 'custom', message: 'must be a whole number', input: raw });
        return z.NEVER;
      }
      if (value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max}`, input: raw });
        return z.NEVER;
      }
      return value === 0 ? 0 : value;
    })
    .meta({ description: `${description} (${min}–${max})`, minimum: min, maximum: max });
}

/** A percentage, 0–`max` (default 100), as a Decimal (`20` means 20 %). */
export function percentField(description: string, max = 100, maxExclusive = false) {
  return decimalField(description, { min: 0, max, maxExclusive });
}

/** A money amount ≥ 0 (at most 1e15), as a Decimal. */
export function amountField(description: string) {
  return decimalField(description, { min: 0 });
}

/** A short free-text label (line description, reason, name). */
export function labelField(description: string, max = 500) {
  return z.string().max(max, `at most ${max} characters`).describe(description);
}
