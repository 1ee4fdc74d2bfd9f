import type * as N2wordsEn from 'n2words/en-US';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { lazy } from '../../lib/lazy.ts';

const n2words = lazy<typeof N2wordsEn>('n2words/en-US');

/** The largest whole part n2words names: up to the vigintillions (10^63), so below 10^66. */
const MAX_INTEGER_DIGITS = 66;
const MAX_FRACTION_DIGITS = 30;
const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** [singular, plural, minor singular, minor plural, minor digits] — ISO 4217 minor units. */
type CurrencyNames = readonly [string, string, string, string, number];
const CURRENCIES = {
  USD: ['dollar', 'dollars', 'cent', 'cents', 2],
  EUR: ['euro', 'euros', 'cent', 'cents', 2],
  GBP: ['pound', 'pounds', 'penny', 'pence', 2],
  INR: ['rupee', 'rupees', 'paisa', 'paise', 2],
  JPY: ['yen', 'yen', '', '', 0],
  CNY: ['yuan', 'yuan', 'fen', 'fen', 2],
  CAD: ['dollar', 'dollars', 'cent', 'cents', 2],
  AUD: ['dollar', 'dollars', 'cent', 'cents', 2],
  NZD: ['dollar', 'dollars', 'cent', 'cents', 2],
  SGD: ['dollar', 'dollars', 'cent', 'cents', 2],
  HKD: ['dollar', 'dollars', 'cent', 'cents', 2],
  CHF: ['franc', 'francs', 'centime', 'centimes', 2],
  MXN: ['peso', 'pesos', 'centavo', 'centavos', 2],
  PHP: ['peso', 'pesos', 'centavo', 'centavos', 2],
  BRL: ['real', 'reais', 'centavo', 'centavos', 2],
  ZAR: ['rand', 'rand', 'cent', 'cents', 2],
  SEK: ['krona', 'kronor', 'öre', 'öre', 2],
  NOK: ['krone', 'kroner', 'øre', 'øre', 2],
  DKK: ['krone', 'kroner', 'øre', 'øre', 2],
  RUB: ['ruble', 'rubles', 'kopek', 'kopeks', 2],
  PLN: ['złoty', 'złotys', 'grosz', 'groszy', 2],
  TRY: ['lira', 'lira', 'kuruş', 'kuruş', 2],
  AED: ['dirham', 'dirhams', 'fils', 'fils', 2],
  SAR: ['riyal', 'riyals', 'halala', 'halalas', 2],
  KWD: ['dinar', 'dinars', 'fils', 'fils', 3],
  BHD: ['dinar', 'dinars', 'fils', 'fils', 3],
  KRW: ['won', 'won', '', '', 0],
  NGN: ['naira', 'naira', 'kobo', 'kobo', 2],
  PKR: ['rupee', 'rupees', 'paisa', 'paisa', 2],
  BDT: ['taka', 'taka', 'poisha', 'poisha', 2],
  IDR: ['rupiah', 'rupiah', 'sen', 'sen', 2],
  THB: ['baht', 'baht', 'satang', 'satang', 2],
} as const satisfies Record<string, CurrencyNames>;
type CurrencyCode = keyof typeof CURRENCIES;
const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];

const NUMBER_HELP = `a number such as 42, -3.75 or "123456789012345678901234" (digits, optional sign, decimal point and exponent; below 10^${MAX_INTEGER_DIGITS}, at most ${MAX_FRACTION_DIGITS} decimals)`;

export default defineTool({
  module: 'text-utilities',
  slug: 'number-to-words',
  cpu: 'large-input',
  title: 'Number to words',
  description:
    'Spells a number out in English words: 42 → "forty-two", -3.14 → "minus three point one four" (decimals are read ' +
    'digit by digit), 1000000 → "one million"; whole parts up to the vigintillions (below 10^66). Send big or exact ' +
    'values as a string ("123456789012345678901") since JSON numbers lose precision past 2^53; thousands separators ' +
    '(",", "_", spaces) are ignored. ordinal gives "twenty-first"; currency (ISO code such as USD, EUR, GBP, INR, JPY) ' +
    'gives "one hundred dollars and five cents", rounded half-up to the currency\'s minor unit. American style by ' +
    'default ("one hundred five"); and: true gives British "one hundred and five". For cheques, invoices and ' +
    'accessibility.',
  keywords: ['number to words', 'spell number', 'amount in words', 'cheque writing', 'ordinal', 'currency in words', 'numbers to text'],
  input: () =>
    z.object({
      number: z
        .union([z.number(), z.string().max(200, 'at most 200 characters')], {
          error: (issue) => (issue.input === undefined ? 'is required' : 'a number, or a string of digits such as "1e21" or "-0.05"'),
        })
        .describe('The number: a JSON number, or a string for big or exact values ("1e21", "-0.05", "1,234,567")'),
      ordinal: z.boolean().default(false).describe('Spell as an ordinal: 21 → "twenty-first" (whole numbers ≥ 0 only; default false)'),
      currency: z
        .enum(CURRENCY_CODES)
        .optional()
        .describe(`Spell as a money amount in this currency: ${CURRENCY_CODES.join(', ')}`),
      and: z.boolean().default(false).describe('British style with "and" after hundreds: "one hundred and five" (default false)'),
    }),
  output: () =>
    z.object({
      words: z.string().describe('The number in words, lower case'),
      number: z.string().describe('The number as read, in plain decimal notation'),
    }),
  examples: [
    { title: 'cardinal', input: { number: 1234 }, output: { words: 'one thousand two hundred thirty-four', number: '1234' } },
    { title: 'negative decimal', input: { number: -3.14 }, output: { words: 'minus three point one four', number: '-3.14' } },
    { title: 'ordinal', input: { number: 21, ordinal: true }, output: { words: 'twenty-first', number: '21' } },
    {
      title: 'currency',
      input: { number: 100.05, currency: 'USD' },
      output: { words: 'one hundred dollars and five cents', number: '100.05' },
    },
    {
      title: 'British "and", pounds and pence',
      input: { number: '2,105.5', currency: 'GBP', and: true },
      output: { words: 'two thousand one hundred and five pounds and fifty pence', number: '2105.5' },
    },
    {
      title: 'big value as a string',
      input: { number: '1000000000000000001' },
      output: { words: 'one quintillion one', number: '1000000000000000001' },
    },
  ],
  run: ({ number, ordinal, currency, and }) => {
    const value = parseDecimal(number);
    const shown = `${value.negative ? '-' : ''}${value.integer}${value.fraction === '' ? '' : `.${value.fraction}`}`;
    if (ordinal) {
      if (currency !== undefined) throw invalidField('ordinal', 'cannot be combined with currency');
      if (value.negative || /[1-9]/.test(value.fraction)) throw invalidField('number', 'an ordinal needs a whole number of 0 or more');
      return { words: value.integer === '0' ? 'zeroth' : n2words().toOrdinal(BigInt(value.integer)), number: shown };
    }
    if (currency !== undefined) return { words: moneyWords(value, CURRENCIES[currency], and), number: shown };
    let words = cardinal(BigInt(value.integer), and);
    if (value.fraction !== '') words += ` point ${Array.from(value.fraction, (d) => DIGIT_WORDS[Number(d)]).join(' ')}`;
    return { words: value.negative ? `minus ${words}` : words, number: shown };
  },
});

interface Decimal {
  negative: boolean;
  /** Digits without leading zeros ("0" for zero). */
  integer: string;
  /** Digits after the point, as written (may be ""). */
  fraction: string;
}

/** Reads a number exactly, from its decimal text, so neither 0.1 nor 10^30 is mangled by binary floating point. */
function parseDecimal(input: number | string): Decimal {
  // A JSON number prints as its shortest round-trip decimal, e.g. 0.1 -> "0.1", 1e21 -> "1e+21".
  const text = typeof input === 'number' ? String(input) : input.trim().replace(/[,_\s]/gu, '');
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,4}))?$/i.exec(text);
  const [, sign = '', whole = '', fractionText = '', exponentText] = match ?? [];
  if (match === null || whole + fractionText === '') throw invalidField('number', NUMBER_HELP);
  const exponent = Number(exponentText ?? 0);
  let digits = whole + fractionText;
  let point = whole.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    if (point > MAX_INTEGER_DIGITS + 1) throw invalidField('number', NUMBER_HELP);
    digits = digits.padEnd(point, '0');
  }
  const integer = digits.slice(0, point).replace(/^0+/, '') || '0';
  const fraction = digits.slice(point);
  if (integer.length > MAX_INTEGER_DIGITS || fraction.length > MAX_FRACTION_DIGITS) throw invalidField('number', NUMBER_HELP);
  const negative = sign === '-' && /[1-9]/.test(integer + fraction);
  return { negative, integer, fraction };
}

function cardinal(value: bigint, and: boolean): string {
  return value === 0n ? 'zero' : n2words().toCardinal(value, { and });
}

function moneyWords(value: Decimal, names: CurrencyNames, and: boolean): string {
  const [one, many, minorOne, minorMany, places] = names;
  // Half-up rounding on the decimal digits themselves: 1.005 USD is 1.01, never 1.00.
  const scale = 10n ** BigInt(places);
  const kept = value.fraction.slice(0, places).padEnd(places, '0');
  let total = BigInt(value.integer) * scale + BigInt(kept === '' ? '0' : kept);
  if ((value.fraction.charAt(places) || '0') >= '5') total += 1n;
  const major = total / scale;
  const minor = total % scale;
  const parts: string[] = [];
  if (major > 0n || minor === 0n) parts.push(`${cardinal(major, and)} ${major === 1n ? one : many}`);
  if (minor > 0n) parts.push(`${cardinal(minor, and)} ${minor === 1n ? minorOne : minorMany}`);
  const words = parts.join(' and ');
  return value.negative && total > 0n ? `minus ${words}` : words;
}
