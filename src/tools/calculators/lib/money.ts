import { z } from 'zod';
import { currencyField, currencyInfo } from './currencies.ts';
import { Decimal, type Rounding, sum, ZERO } from '../../../lib/money.ts';
import { intField } from './fields.ts';

export const ROUNDING_MODES = ['half-up', 'half-even', 'half-down', 'up', 'down', 'ceiling', 'floor'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

const DECIMAL_JS_MODE: Record<RoundingMode, Rounding> = {
  'half-up': Decimal.ROUND_HALF_UP,
  'half-even': Decimal.ROUND_HALF_EVEN,
  'half-down': Decimal.ROUND_HALF_DOWN,
  up: Decimal.ROUND_UP,
  down: Decimal.ROUND_DOWN,
  ceiling: Decimal.ROUND_CEIL,
  floor: Decimal.ROUND_FLOOR,
};

/** Shared wording for tool descriptions. */
export const MONEY_NOTE =
  'Money is computed in exact decimal arithmetic (never binary floating point) and returned as strings with a fixed ' +
  'number of decimals (e.g. "12.30"): the currency\'s ISO 4217 minor unit (JPY 0, KWD 3) when `currency` is given, ' +
  'else 2, unless `decimals` says otherwise; rounding is half-up unless `rounding` says otherwise. Amounts may be ' +
  'sent as numbers or numeric strings.';

/** The optional money settings every calculator that returns money accepts. */
export const moneyOptions = {
  currency: currencyField('ISO 4217 currency code (e.g. "EUR", "JPY"); sets the decimals to its minor unit').optional(),
  decimals: intField("Decimal places of money results; default the currency's minor unit, else 2", 0, 10).optional(),
  rounding: z
    .enum(ROUNDING_MODES)
    .default('half-up')
    .describe(
      "How money is rounded: half-up (default, commercial: 0.125 → 0.13), half-even (banker's), half-down, up (away from zero), " +
        'down (toward zero, truncate), ceiling, floor',
    ),
};

/** What money results echo about how they were rounded. */
export const moneyMetaOutput = {
  currency: z.string().nullable().describe('ISO 4217 code of the amounts, or null when none was given'),
  decimals: z.number().int().describe('Decimal places of the money strings'),
  rounding: z.enum(ROUNDING_MODES).describe('Rounding mode applied to money'),
};

export interface MoneyMeta {
  currency: string | null;
  decimals: number;
  rounding: RoundingMode;
}

/** Rounds and formats money under one set of settings. */
export interface Money extends MoneyMeta {
  /** Rounded to the money decimals with the chosen mode. */
  round(value: Decimal): Decimal;
  /** Rounded and formatted with exactly `decimals` places ("12.30"); never "-0.00". */
  fmt(value: Decimal): string;
  /** The smallest unit (0.01 for 2 decimals). */
  readonly unit: Decimal;
  meta(): MoneyMeta;
}

export function money(options: { currency?: string | undefined; decimals?: number | undefined; rounding?: RoundingMode | undefined }): Money {
  const currency = options.currency ?? null;
  const minor = currency ? currencyInfo(currency)?.minorUnit : null;
  const decimals = options.decimals ?? minor ?? 2;
  const rounding = options.rounding ?? 'half-up';
  const mode = DECIMAL_JS_MODE[rounding];
  const round = (value: Decimal): Decimal => {
    const r = value.toDecimalPlaces(decimals, mode);
    return r.isZero() ? new Decimal(0) : r;
  };
  return {
    currency,
    decimals,
    rounding,
    unit: new Decimal(10).pow(-decimals),
    round,
    fmt: (value) => round(value).toFixed(decimals),
    meta: () => ({ currency, decimals, rounding }),
  };
}

/** A money string in the output schema. */
export function moneyOut(description: string) {
  return z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/)
    .describe(description);
}

/**
 * Formats a price that may legitimately carry more places than the currency (a unit price of 0.125):
 * at least `decimals` places, more only when the value has them.
 */
export function fmtPrice(value: Decimal, m: Money): string {
  return value.decimalPlaces() > m.decimals ? value.toFixed() : value.toFixed(m.decimals);
}

/**
 * Splits a rounded, non-negative `total` over `weights` in proportion, in whole minor units, so that the
 * parts add up to `total` exactly (largest-remainder method; ties go to the earlier part). All-zero
 * weights split evenly.
 */
export function allocate(total: Decimal, weights: readonly Decimal[], m: Money): Decimal[] {
  if (weights.length === 0) return [];
  const weightSum = sum(weights);
  const shares = weightSum.isZero() ? weights.map(() => new Decimal(1)) : weights;
  const shareSum = weightSum.isZero() ? new Decimal(weights.length) : weightSum;
  const exact = shares.map((w) => total.times(w).div(shareSum));
  const base = exact.map((e) => e.toDecimalPlaces(m.decimals, Decimal.ROUND_DOWN));
  let units = total.minus(sum(base)).div(m.unit).round().toNumber();
  const order = exact.map((e, i) => ({ i, rest: e.minus(base[i] ?? ZERO) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  const parts = [...base];
  for (const { i } of order) {
    if (units <= 0) break;
    parts[i] = (parts[i] ?? ZERO).plus(m.unit);
    units -= 1;
  }
  return parts.map((p) => (p.isZero() ? new Decimal(0) : p));
}
