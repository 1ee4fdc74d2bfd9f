import { data as ISO_CURRENCIES } from 'currency-codes';

/**
 * Currencies as goals write them — "£250 → €", "250 GBP into euros", "1,500 USD to EUR" — read as the ISO 4217 codes a
 * currency field takes (a converter refuses "euros"). Full names come from the ISO list ("Canadian dollar", "Czech
 * koruna"); symbols and everyday names are the common ones, a bare "dollar" being the US dollar.
 */
const EVERYDAY: Record<string, string> = {
  $: 'USD',
  us$: 'USD',
  dollar: 'USD',
  '€': 'EUR',
  euro: 'EUR',
  '£': 'GBP',
  pound: 'GBP',
  quid: 'GBP',
  sterling: 'GBP',
  '¥': 'JPY',
  yen: 'JPY',
  '₹': 'INR',
  rupee: 'INR',
  yuan: 'CNY',
  renminbi: 'CNY',
  rmb: 'CNY',
  '₩': 'KRW',
  '₽': 'RUB',
  ruble: 'RUB',
  rouble: 'RUB',
  '₺': 'TRY',
  lira: 'TRY',
  '₫': 'VND',
  r$: 'BRL',
  reais: 'BRL',
  zł: 'PLN',
  zloty: 'PLN',
  złoty: 'PLN',
  kč: 'CZK',
  koruna: 'CZK',
  forint: 'HUF',
  baht: 'THB',
  ringgit: 'MYR',
  rupiah: 'IDR',
  dirham: 'AED',
  franc: 'CHF',
  a$: 'AUD',
  c$: 'CAD',
};

/** Names that are also everyday words ("I won", "is it real"): read only with their country ("South African rand"). */
const ORDINARY_WORDS = new Set(['won', 'real', 'rand', 'dong', 'kip', 'dram', 'lari', 'kina', 'pula', 'lek', 'som', 'vatu']);
/** "canadian dollar" → CAD: the ISO list's names, lower-case, without parenthesised notes. */
const ISO_NAMES = new Map(
  ISO_CURRENCIES.map((c) => [c.currency.toLowerCase().replace(/\s*\(.*\)$/, ''), c.code] as const).filter(([name]) => !ORDINARY_WORDS.has(name)),
);
const ISO_CODES = new Set(ISO_CURRENCIES.map((c) => c.code));
/** Codes common enough to be read in lower case too ("100 usd"); any other code only as written in capitals. */
const LOWER_CASE_CODES = new Set(['usd', 'eur', 'gbp', 'jpy', 'inr', 'cad', 'aud', 'chf', 'cny', 'pln', 'czk', 'sek', 'nok', 'dkk', 'brl', 'mxn']);

/** The ISO 4217 code a written currency stands for ("euros", "£", "Canadian dollars", "usd"), if any. */
export function currencyCodeOf(written: string): string | undefined {
  const trimmed = written.trim();
  if (ISO_CODES.has(trimmed) || LOWER_CASE_CODES.has(trimmed)) return trimmed.toUpperCase();
  const lower = trimmed.toLowerCase();
  const singular = lower.replace(/(?<=\w{3})s$/, '');
  return EVERYDAY[lower] ?? EVERYDAY[singular] ?? ISO_NAMES.get(lower) ?? ISO_NAMES.get(singular);
}

const NAME = [...new Set([...Object.keys(EVERYDAY), ...ISO_NAMES.keys()])]
  .filter((name) => /^[\p{L} ]+$/u.test(name))
  .sort((a, b) => b.length - a.length)
  .join('|');
const SYMBOL = /(?:us\$|r\$|a\$|c\$|zł|kč|[$€£¥₹₩₽₺₫])/.source;
/** A currency as written: a symbol, a name (plural too), or a three-letter code. */
const MENTION = new RegExp(String.raw`(?<![\p{L}\d])(?:${SYMBOL}|(?:${NAME})s?|[A-Za-z]{3})(?![\p{L}])`, 'giu');
const AMOUNT = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?/;

/**
 * "£250 → € at 1.17", "convert 1,500 USD to EUR", "how many yen is 1500 dollars": the amount and the currencies it is
 * converted from and to — from the first currency with an amount written against it (just before it, "250 GBP", or just
 * after it, "£250"), to the first other currency named.
 */
export function currencyConversionOf(goal: string): { amount?: number; from: string; to?: string } | undefined {
  const found: Array<{ code: string; amount: number | undefined }> = [];
  for (const match of goal.matchAll(MENTION)) {
    const code = currencyCodeOf(match[0]);
    if (!code || found.some((f) => f.code === code)) continue;
    const end = match.index + match[0].length;
    const written =
      new RegExp(`${AMOUNT.source}\\s?$`).exec(goal.slice(Math.max(0, match.index - 16), match.index)) ??
      new RegExp(`^\\s?${AMOUNT.source}`).exec(goal.slice(end, end + 16));
    found.push({ code, amount: written ? Number(`${(written[1] ?? '').replace(/,/g, '')}${written[2] ? `.${written[2]}` : ''}`) : undefined });
  }
  const from = found.find((f) => f.amount !== undefined) ?? found[0];
  if (!from) return undefined;
  const to = found.find((f) => f !== from);
  return { ...(from.amount !== undefined ? { amount: from.amount } : {}), from: from.code, ...(to ? { to: to.code } : {}) };
}
