import { z } from 'zod';
import { Decimal, HUNDRED } from '../../../lib/money.ts';
import type { Money } from './money.ts';

export const TAX_MODES = ['exclusive', 'inclusive'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

export const taxModeField = z
  .enum(TAX_MODES)
  .default('exclusive')
  .describe('exclusive (default): `amount` is net and tax is added; inclusive: `amount` already includes tax and the tax is extracted');

/** Tax at `rate` % on a net amount, rounded. */
export function taxOnNet(net: Decimal, rate: Decimal, m: Money): Decimal {
  return m.round(net.times(rate).div(HUNDRED));
}

/** The tax contained in a tax-inclusive amount at `rate` %: gross × rate / (100 + rate), rounded. */
export function taxInGross(gross: Decimal, rate: Decimal, m: Money): Decimal {
  return m.round(gross.times(rate).div(HUNDRED.plus(rate)));
}

export interface TaxSplit {
  net: Decimal;
  tax: Decimal;
  gross: Decimal;
}

/**
 * Adds tax to a net amount (exclusive) or extracts it from a gross one (inclusive). The given amount is
 * first rounded to the money decimals; the other two figures then add up exactly (net + tax = gross).
 */
export function splitTax(amount: Decimal, rate: Decimal, mode: TaxMode, m: Money): TaxSplit {
  const given = m.round(amount);
  if (mode === 'exclusive') {
    const tax = taxOnNet(given, rate, m);
    return { net: given, tax, gross: given.plus(tax) };
  }
  const tax = taxInGross(given, rate, m);
  return { net: given.minus(tax), tax, gross: given };
}

/** The tax of one component (e.g. CGST at half the GST rate) on the same basis as the whole. */
export function componentTax(amount: Decimal, componentRate: Decimal, totalRate: Decimal, mode: TaxMode, m: Money): Decimal {
  const given = m.round(amount);
  if (mode === 'exclusive') return taxOnNet(given, componentRate, m);
  return m.round(given.times(componentRate).div(HUNDRED.plus(totalRate)));
}
