import { z } from 'zod';
import { code as lookupCode, publishDate } from 'currency-codes';

/**
 * ISO 4217 currency codes from the maintained `currency-codes` package (ISO list one, published
 * `publishDate`). ISO gives no minor unit ("N.A.") for precious metals, SDR, bond-market units and the
 * testing/no-currency codes; the package reports those as 0, so they are listed here as "no minor unit"
 * and money in them defaults to 2 decimals like an unspecified currency.
 */
const NO_MINOR_UNIT = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX']);

/** Codes ISO added after the package's data was published (the Caribbean guilder, in circulation since 31 March 2025). */
const SUPPLEMENT: Record<string, { name: string; digits: number }> = {
  XCG: { name: 'Caribbean Guilder', digits: 2 },
};

export const ISO_4217_PUBLISHED: string = publishDate;

export interface CurrencyInfo {
  code: string;
  name: string;
  /** ISO 4217 minor unit (decimal places), or null where ISO defines none. */
  minorUnit: number | null;
}

export function currencyInfo(code: string): CurrencyInfo | undefined {
  const upper = code.toUpperCase();
  const extra = SUPPLEMENT[upper];
  if (extra) return { code: upper, name: extra.name, minorUnit: extra.digits };
  const record = lookupCode(upper);
  if (!record) return undefined;
  return { code: record.code, name: record.currency, minorUnit: NO_MINOR_UNIT.has(record.code) ? null : record.digits };
}

const CODE = /^[A-Za-z]{3}$/;

/** An ISO 4217 alphabetic code, case-insensitive on input, upper-case after parsing. Unknown codes are a 400. */
export function currencyField(description: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'expected a three-letter ISO 4217 code such as "EUR"') })
    .trim()
    .regex(CODE, 'expected a three-letter ISO 4217 code such as "EUR"')
    .refine((value) => currencyInfo(value) !== undefined, { message: 'not an ISO 4217 currency code' })
    .transform((value) => value.toUpperCase())
    .describe(description);
}
