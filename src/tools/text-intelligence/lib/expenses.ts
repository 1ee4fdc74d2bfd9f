import { code as currencyCode } from 'currency-codes';
import type * as CsvParse from 'csv-parse/sync';
import { Decimal, fixed } from '../../../lib/money.ts';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { invalidField } from '../../../core/errors.ts';
import { lazy } from '../../../lib/lazy.ts';
import { escapeRegExp } from '../../../lib/regexp.ts';

const csvParse = lazy<typeof CsvParse>('csv-parse/sync');

/**
 * Expense extraction and categorisation over text (`expense-categorizer` now, the `-file` variant once
 * uploads exist): amounts with currency symbols or ISO 4217 codes and either decimal convention, dates
 * in ISO and the common numeric and written forms, merchants, and categories from keyword rules over
 * the merchant and description (the longest matching rule wins: "Uber Eats" is a meal, "Uber" a ride).
 * CSV goes through csv-parse with delimiter and header detection. Money is decimal.js, 2-decimal strings.
 * Module-internal: no default export.
 */

export const CATEGORIES = [
  'groceries',
  'meals & dining',
  'travel',
  'transport',
  'fuel',
  'software & SaaS',
  'utilities & telecom',
  'office supplies',
  'equipment',
  'rent & workspace',
  'insurance',
  'health & fitness',
  'entertainment & subscriptions',
  'shopping',
  'education',
  'marketing & advertising',
  'bank & payment fees',
  'professional services',
  'taxes',
  'income & refunds',
  'uncategorized',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Keyword rules per category: `kinds` are words for a kind of spending ("restaurant", "fuel"), `merchants`
 * are names of businesses, shown as the expense's merchant when they match ("STARBUCKS #1234" -> "Starbucks").
 */
const RULES: { category: Exclude<Category, 'income & refunds' | 'uncategorized'>; kinds: string[]; merchants: string[] }[] = [
  {
    category: 'groceries',
    kinds: ['grocery', 'groceries', 'supermarket', 'farmers market'],
    merchants: [
      'whole foods',
      "trader joe's",
      'trader joes',
      'aldi',
      'lidl',
      'tesco',
      "sainsbury's",
      'sainsburys',
      'asda',
      'kroger',
      'safeway',
      'costco',
      'walmart',
      'carrefour',
      'rewe',
      'edeka',
      'albert heijn',
      'migros',
      'publix',
      'wegmans',
      'instacart',
      'ocado',
      'waitrose',
      'morrisons',
      'food lion',
      'h-e-b',
      'sprouts',
    ],
  },
  {
    category: 'meals & dining',
    kinds: [
      'restaurant',
      'cafe',
      'café',
      'coffee',
      'pizza',
      'sushi',
      'lunch',
      'dinner',
      'breakfast',
      'brunch',
      'bar',
      'pub',
      'bistro',
      'diner',
      'bakery',
      'takeaway',
      'takeout',
      'catering',
      'meal',
      'meals',
    ],
    merchants: [
      'starbucks',
      "mcdonald's",
      'mcdonalds',
      'burger king',
      'kfc',
      'doordash',
      'uber eats',
      'ubereats',
      'grubhub',
      'deliveroo',
      'just eat',
      'postmates',
      'chipotle',
      "domino's",
      'dominos',
      'pret',
      'costa coffee',
      'dunkin',
      'taco bell',
      "wendy's",
      'panera',
    ],
  },
  {
    category: 'travel',
    kinds: ['airline', 'airlines', 'airways', 'flight', 'flights', 'airfare', 'hotel', 'motel', 'hostel', 'train', 'rail', 'baggage', 'car rental', 'travel'],
    merchants: [
      'airbnb',
      'booking.com',
      'expedia',
      'hotels.com',
      'marriott',
      'hilton',
      'hyatt',
      'delta air',
      'united airlines',
      'american airlines',
      'lufthansa',
      'british airways',
      'ryanair',
      'easyjet',
      'air france',
      'klm',
      'emirates',
      'southwest',
      'jetblue',
      'amtrak',
      'eurostar',
      'trainline',
      'deutsche bahn',
      'sncf',
      'hertz',
      'avis',
      'sixt',
    ],
  },
  {
    category: 'transport',
    kinds: ['taxi', 'cab', 'metro', 'subway ticket', 'bus', 'parking', 'toll', 'tolls', 'transit', 'ride', 'scooter', 'lime'],
    merchants: ['uber', 'lyft', 'bolt', 'mta', 'tfl', 'oyster'],
  },
  {
    category: 'fuel',
    kinds: ['fuel', 'gas station', 'petrol', 'diesel', 'ev charging', 'charging station'],
    merchants: ['shell', 'exxon', 'chevron', 'texaco', 'esso', 'totalenergies', 'mobil', 'bp', 'supercharger'],
  },
  {
    category: 'software & SaaS',
    kinds: ['saas', 'software', 'license', 'licence', 'domain', 'hosting', 'linear'],
    merchants: [
      'aws',
      'amazon web services',
      'google cloud',
      'gcp',
      'azure',
      'github',
      'gitlab',
      'atlassian',
      'jira',
      'slack',
      'zoom',
      'notion',
      'figma',
      'adobe',
      'dropbox',
      'microsoft 365',
      'office 365',
      'google workspace',
      'heroku',
      'digitalocean',
      'vercel',
      'netlify',
      'cloudflare',
      'openai',
      'chatgpt',
      'anthropic',
      'godaddy',
      'namecheap',
      'squarespace',
      'wix',
      'shopify',
      'mailchimp',
      'hubspot',
      'salesforce',
      'canva',
      '1password',
      'lastpass',
      'twilio',
      'sendgrid',
      'jetbrains',
      'asana',
      'trello',
      'miro',
      'calendly',
      'docusign',
      'intercom',
      'zendesk',
      'sentry',
      'datadog',
    ],
  },
  {
    category: 'utilities & telecom',
    kinds: [
      'electricity',
      'electric',
      'power bill',
      'water bill',
      'gas bill',
      'utility',
      'utilities',
      'internet',
      'broadband',
      'phone bill',
      'mobile plan',
      'orange telecom',
    ],
    merchants: ['comcast', 'xfinity', 'verizon', 'at&t', 't-mobile', 'vodafone', 'o2', 'spectrum', 'con edison', 'pg&e', 'telekom'],
  },
  {
    category: 'office supplies',
    kinds: ['office supplies', 'paper', 'printer paper', 'ink', 'toner', 'stationery', 'postage', 'stamps', 'shipping'],
    merchants: ['staples', 'office depot', 'usps', 'fedex', 'ups', 'dhl'],
  },
  {
    category: 'equipment',
    kinds: ['laptop', 'monitor', 'keyboard', 'mouse', 'headphones', 'hardware', 'printer', 'desk', 'chair', 'webcam'],
    merchants: ['apple store', 'best buy', 'dell', 'lenovo', 'macbook', 'iphone', 'ipad'],
  },
  { category: 'rent & workspace', kinds: ['rent', 'lease', 'coworking', 'co-working', 'office rent'], merchants: ['wework', 'regus'] },
  { category: 'insurance', kinds: ['insurance'], merchants: ['geico', 'allianz', 'axa', 'state farm', 'progressive', 'aviva'] },
  {
    category: 'health & fitness',
    kinds: ['pharmacy', 'doctor', 'dentist', 'dental', 'clinic', 'hospital', 'medical', 'optician', 'gym', 'fitness', 'yoga'],
    merchants: ['cvs', 'walgreens', 'boots', 'peloton'],
  },
  {
    category: 'entertainment & subscriptions',
    kinds: ['max', 'cinema', 'movie', 'movies', 'theatre', 'theater', 'concert'],
    merchants: [
      'netflix',
      'spotify',
      'hulu',
      'disney+',
      'disney plus',
      'hbo',
      'apple music',
      'youtube premium',
      'steam',
      'playstation',
      'xbox',
      'nintendo',
      'audible',
      'patreon',
    ],
  },
  {
    category: 'shopping',
    kinds: ['target', 'clothing', 'shoes', 'apparel'],
    merchants: ['amazon', 'ebay', 'etsy', 'ikea', 'zara', 'h&m', 'uniqlo', 'nike', 'adidas'],
  },
  {
    category: 'education',
    kinds: ['course', 'courses', 'book', 'books', 'tuition', 'training', 'conference', 'workshop', 'seminar'],
    merchants: ['udemy', 'coursera', 'pluralsight', 'kindle', 'masterclass'],
  },
  {
    category: 'marketing & advertising',
    kinds: ['advertising', 'ads', 'sponsorship', 'promotion'],
    merchants: ['facebook ads', 'meta ads', 'google ads', 'linkedin ads', 'adwords'],
  },
  {
    category: 'bank & payment fees',
    kinds: [
      'fee',
      'fees',
      'bank charge',
      'service charge',
      'interest',
      'atm',
      'overdraft',
      'paypal fee',
      'stripe fee',
      'wire transfer',
      'foreign transaction',
      'commission',
    ],
    merchants: [],
  },
  {
    category: 'professional services',
    kinds: ['legal', 'lawyer', 'attorney', 'accountant', 'accounting', 'bookkeeping', 'consulting', 'consultant', 'notary', 'freelancer', 'contractor'],
    merchants: ['upwork', 'fiverr'],
  },
  { category: 'taxes', kinds: ['tax', 'taxes', 'vat', 'sales tax'], merchants: ['irs', 'hmrc'] },
];

/** Names shown as the merchant when a rule matched one ("STARBUCKS #1234" → "Starbucks"). */
const MERCHANT_NAMES: Record<string, string> = {};
for (const { merchants } of RULES) for (const k of merchants) MERCHANT_NAMES[k] = displayMerchant(k);

function displayMerchant(keyword: string): string {
  const special: Record<string, string> = {
    aws: 'AWS',
    gcp: 'Google Cloud',
    bp: 'BP',
    kfc: 'KFC',
    cvs: 'CVS',
    irs: 'IRS',
    hmrc: 'HMRC',
    mta: 'MTA',
    tfl: 'TfL',
    usps: 'USPS',
    ups: 'UPS',
    dhl: 'DHL',
    klm: 'KLM',
    hbo: 'HBO',
    'at&t': 'AT&T',
    'pg&e': 'PG&E',
    'h&m': 'H&M',
    'h-e-b': 'H-E-B',
    o2: 'O2',
    'booking.com': 'Booking.com',
    'hotels.com': 'Hotels.com',
    ubereats: 'Uber Eats',
    '1password': '1Password',
    openai: 'OpenAI',
    chatgpt: 'ChatGPT',
    github: 'GitHub',
    gitlab: 'GitLab',
    digitalocean: 'DigitalOcean',
    hubspot: 'HubSpot',
    jetbrains: 'JetBrains',
    docusign: 'DocuSign',
    lastpass: 'LastPass',
    sendgrid: 'SendGrid',
    totalenergies: 'TotalEnergies',
    doordash: 'DoorDash',
    grubhub: 'Grubhub',
    wework: 'WeWork',
    youtube: 'YouTube',
    macbook: 'MacBook',
    iphone: 'iPhone',
    ipad: 'iPad',
    'disney+': 'Disney+',
    "mcdonald's": "McDonald's",
    mcdonalds: "McDonald's",
    'microsoft 365': 'Microsoft 365',
    'office 365': 'Office 365',
    't-mobile': 'T-Mobile',
    easyjet: 'easyJet',
    jetblue: 'JetBlue',
  };
  return special[keyword] ?? keyword.replace(/(^|[\s-])(\p{L})/gu, (_, pre: string, ch: string) => pre + ch.toUpperCase());
}

const RULE_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${RULES.flatMap(({ kinds, merchants }) => [...kinds, ...merchants])
    .sort((a, b) => b.length - a.length)
    .map((k) => escapeRegExp(k).replace(/ /g, '\\s+'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);
const RULE_OF = new Map<string, Category>(RULES.flatMap(({ category, kinds, merchants }) => [...kinds, ...merchants].map((k) => [k, category] as const)));

/** The category whose keyword is the longest match in the text (ties: the earlier match). */
export function categorize(text: string): { category: Category; keyword: string | null } {
  let best: { category: Category; keyword: string } | null = null;
  for (const match of text.matchAll(RULE_PATTERN)) {
    const keyword = match[0].toLowerCase().replace(/\s+/g, ' ');
    const category = RULE_OF.get(keyword);
    if (!category) continue;
    if (!best || keyword.length > best.keyword.length) best = { category, keyword };
  }
  return best ?? { category: 'uncategorized', keyword: null };
}

// ---------------------------------------------------------------- amounts

const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₪': 'ILS',
  '฿': 'THB',
  '₫': 'VND',
  '₴': 'UAH',
  '₦': 'NGN',
  '₱': 'PHP',
  zł: 'PLN',
  Kč: 'CZK',
  Ft: 'HUF',
  R$: 'BRL',
  US$: 'USD',
  CA$: 'CAD',
  C$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  'Fr.': 'CHF',
};
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN', 'TWD']);
const KRONA = new Set(['SEK', 'NOK', 'DKK', 'ISK']);
const SYMBOL_RE = String.raw`US\$|CA\$|AU\$|NZ\$|HK\$|R\$|C\$|A\$|S\$|[$€£¥₹₩₽₺₪฿₫₴₦₱]|zł|Kč|Ft|kr|Fr\.`;
/**
 * An amount: optional sign or "(", currency symbol or code, the number (`parseNumber` decides what its separators mean), and
 * a symbol or code after it. A number never starts right after a digit (or a digit and a separator): "1.23.456" is unreadable
 * and gives no amount, not "23.456".
 */
const AMOUNT = new RegExp(
  String.raw`(?<sign>(?<![\p{L}\p{N}])[-−]|\()?(?:(?<pre>${SYMBOL_RE})\s?|(?<preCode>\b[A-Z]{3})\s)?(?<sign2>[-−])?(?<!\d[.,'\u00a0\u202f]?)(?<num>\d{1,3}(?:[,.'\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?!\d|[.,'\u00a0\u202f]\d)(?:\s?(?<post>${SYMBOL_RE})|\s(?<postCode>[A-Z]{3})\b)?\)?`,
  'gu',
);

export interface Money {
  value: Decimal;
  currency: string | null;
  start: number;
  end: number;
  hasDecimals: boolean;
  /** Written with a decimal comma (12,50): a hint for day/month date order. */
  decimalComma: boolean;
}

function resolveSymbol(symbol: string, fallback: string): string {
  if (symbol === '$') return DOLLARS.has(fallback) ? fallback : 'USD';
  if (symbol === '¥') return fallback === 'CNY' ? 'CNY' : 'JPY';
  if (symbol === 'kr') return KRONA.has(fallback) ? fallback : 'SEK';
  return SYMBOLS[symbol] ?? fallback;
}

/** Digits after the decimal point in ISO 4217 (KWD, BHD, OMR, JOD, TND, LYD, IQD have 3); 2 when unknown. */
function minorDigits(currency: string): number {
  return currencyCode(currency)?.digits ?? 2;
}

/**
 * Reads "1.234,56", "1,234.56", "12,50", "1 234,56" (no-break spaces), "1'234.50", "0.005", "1.2345"; null when unreadable.
 *
 * Grouping rule: apostrophes and (no-break) spaces only ever group thousands. A "." or "," groups thousands only when
 * the lead group is 1–3 digits and not 0 or 0-led, and every group after it has exactly three digits ("1.234.567",
 * "12,345"); so "0.005", "1.2345" and "1234.567" are decimals. With `decimalSeparator` auto: where both "." and ","
 * appear the last one is the decimal point; one that appears more than once groups; one that appears once is the
 * decimal point unless it could group as above ("1,234", "1.500"), in which case it groups — except in a currency
 * with three minor digits (ISO 4217: KWD 1.235 is one dinar 235 fils), where that single group is the decimal part.
 * A separator read as grouping that does not group as above ("1.23.45", "1,2" with decimalSeparator ".") makes the
 * number unreadable rather than guessed.
 */
export function parseNumber(
  raw: string,
  decimalSeparator: 'auto' | '.' | ',',
  minor = 2,
): { value: Decimal; hasDecimals: boolean; decimalComma: boolean } | null {
  const digitGroups = raw.split(/[.,'\u00a0\u202f ]/);
  const separators: string[] = raw.match(/[.,'\u00a0\u202f ]/g) ?? [];
  if (digitGroups.some((g) => !/^\d+$/.test(g))) return null;
  const lastSeparator = separators[separators.length - 1];
  const groupsAsThousands = (groups: string[]): boolean => /^[1-9]\d{0,2}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
  let decimal: string | undefined;
  if (lastSeparator === '.' || lastSeparator === ',') {
    if (decimalSeparator !== 'auto') decimal = lastSeparator === decimalSeparator ? lastSeparator : undefined;
    else if (separators.includes(lastSeparator === '.' ? ',' : '.')) decimal = lastSeparator;
    else if (separators.filter((c) => c === lastSeparator).length > 1) decimal = undefined;
    else if (digitGroups[digitGroups.length - 1]!.length === 3 && groupsAsThousands(digitGroups) && minor !== 3) decimal = undefined;
    else decimal = lastSeparator;
  }
  const integerGroups = decimal === undefined ? digitGroups : digitGroups.slice(0, -1);
  if (integerGroups.length > 1 && !groupsAsThousands(integerGroups)) return null;
  const normalized = integerGroups.join('') + (decimal === undefined ? '' : `.${digitGroups[digitGroups.length - 1]!}`);
  return { value: new Decimal(normalized), hasDecimals: decimal !== undefined, decimalComma: decimal === ',' };
}

function findAmounts(text: string, fallbackCurrency: string, decimalSeparator: 'auto' | '.' | ','): Money[] {
  const out: Money[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const g = match.groups!;
    const code = [g.preCode, g.postCode].find((c) => c !== undefined && currencyCode(c) !== undefined);
    const symbol = g.pre ?? g.post;
    const currency = code ?? (symbol ? resolveSymbol(symbol, fallbackCurrency) : null);
    const number = parseNumber(g.num!, decimalSeparator, minorDigits(currency ?? fallbackCurrency));
    if (!number) continue;
    const negative = g.sign !== undefined || g.sign2 !== undefined;
    out.push({
      value: negative ? number.value.negated() : number.value,
      currency,
      start: match.index,
      end: match.index + match[0].length,
      hasDecimals: number.hasDecimals,
      decimalComma: number.decimalComma,
    });
  }
  return out;
}

// ---------------------------------------------------------------- dates

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };
const MONTH_RE = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE_PATTERNS: { re: RegExp; kind: 'ymd' | 'numeric' | 'dmy-text' | 'mdy-text' }[] = [
  { re: /(?<![\d.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])/g, kind: 'ymd' },
  { re: /(?<![\d.,])(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?![\d.,]\d|\d)/g, kind: 'numeric' },
  { re: new RegExp(String.raw`(?<![\p{L}\d])(\d{1,2})(?:st|nd|rd|th)?\.?[\s-]+(${MONTH_RE})\.?,?[\s-]+(\d{4})(?!\d)`, 'giu'), kind: 'dmy-text' },
  { re: new RegExp(String.raw`(?<![\p{L}])(${MONTH_RE})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`, 'giu'), kind: 'mdy-text' },
];

export type DateOrder = 'DMY' | 'MDY';

interface FoundDate {
  start: number;
  end: number;
  /** Resolves to ISO once the numeric order is known. */
  resolve(order: DateOrder): string | null;
  /** For numeric d/m dates: which order this one proves, if any. */
  proves: DateOrder | null;
}

function iso(year: number, month: number, day: number): string | null {
  const full = year < 100 ? 2000 + year : year;
  const date = DateTime.fromObject({ year: full, month, day });
  return date.isValid ? date.toISODate() : null;
}

function findDates(text: string): FoundDate[] {
  const out: FoundDate[] = [];
  for (const { re, kind } of DATE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (out.some((d) => start < d.end && d.start < end)) continue;
      if (kind === 'ymd') {
        const value = iso(Number(m[1]), Number(m[2]), Number(m[3]));
        if (value) out.push({ start, end, resolve: () => value, proves: null });
      } else if (kind === 'numeric') {
        const a = Number(m[1]);
        const b = Number(m[2]);
        const y = Number(m[3]);
        const proves: DateOrder | null = a > 12 && b <= 12 ? 'DMY' : b > 12 && a <= 12 ? 'MDY' : null;
        if (!iso(y, b, a) && !iso(y, a, b)) continue;
        out.push({
          start,
          end,
          resolve: (order) => (proves ? (proves === 'DMY' ? iso(y, b, a) : iso(y, a, b)) : order === 'DMY' ? iso(y, b, a) : iso(y, a, b)),
          proves,
        });
      } else {
        const [day, month] =
          kind === 'dmy-text'
            ? [Number(m[1]), MONTHS[m[2]!.toLowerCase().slice(0, m[2]!.toLowerCase().startsWith('sept') ? 4 : 3)]!]
            : [Number(m[2]), MONTHS[m[1]!.toLowerCase().slice(0, m[1]!.toLowerCase().startsWith('sept') ? 4 : 3)]!];
        const value = iso(Number(m[3]), month, day);
        if (value) out.push({ start, end, resolve: () => value, proves: null });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------- records

export interface ExpenseOptions {
  currency: string;
  dateOrder: 'auto' | DateOrder;
  decimalSeparator: 'auto' | '.' | ',';
  signConvention: 'auto' | 'expenses-positive' | 'expenses-negative';
}

interface Draft {
  line: number;
  text: string;
  date: FoundDate | null;
  dateText: string | null;
  amount: Money;
  merchantField: string | null;
  description: string;
}

export const expenseResultSchema = z.object({
  format: z.enum(['text', 'csv']),
  expenses: z.array(
    z.object({
      line: z.number().int().positive().describe('Line of the text, or row of the CSV (header = row 1)'),
      date: z.string().nullable().describe('ISO date (YYYY-MM-DD) when the line has one'),
      merchant: z.string().nullable(),
      description: z.string(),
      amount: z.string().describe('2-decimal string; positive = expense, negative = refund or income'),
      currency: z.string().describe('ISO 4217 code'),
      category: z.enum(CATEGORIES),
      matchedRule: z.string().nullable().describe('The keyword that decided the category'),
    }),
  ),
  totalsByCategory: z
    .array(z.object({ category: z.enum(CATEGORIES), currency: z.string(), total: z.string(), count: z.number().int() }))
    .describe('Per category and currency, largest first'),
  totalsByCurrency: z.array(
    z.object({
      currency: z.string(),
      expenses: z.string().describe('Sum of the expenses'),
      credits: z.string().describe('Sum of refunds and income (as a positive number)'),
      net: z.string().describe('expenses − credits'),
      count: z.number().int(),
    }),
  ),
  skipped: z.array(z.object({ line: z.number().int().positive(), reason: z.string() })).describe('Lines or rows with no readable amount'),
  detected: z.object({
    dateOrder: z.enum(['DMY', 'MDY']).describe('How numeric dates such as 03/05/2024 were read'),
    decimalSeparator: z.enum(['.', ',', 'auto']),
    signConvention: z.enum(['expenses-positive', 'expenses-negative']).describe('expenses-negative: a bank export where spending is negative'),
    delimiter: z.string().nullable().describe('CSV delimiter'),
    header: z.boolean().nullable().describe('Whether the CSV has a header row'),
    columns: z.record(z.string(), z.number().int()).nullable().describe('CSV columns used (0-based)'),
  }),
});
export type ExpenseResult = z.infer<typeof expenseResultSchema>;

export const MAX_EXPENSE_ROWS = 10_000;

function cleanDescription(text: string): string {
  return text
    .replace(/\b[A-Z]{3}\b(?=\s*$)/, '')
    .replace(/\s*[|;,:–—-]+\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s#*•·.,:;–—-]+|[\s#*•·.,:;–—-]+$/g, '')
    .trim();
}

/** Picks the amount of a line: one with a currency beats one with decimals beats a bare number; then the rightmost. */
function pickAmount(amounts: Money[]): Money | undefined {
  const rank = (m: Money): number => (m.currency ? 2 : 0) + (m.hasDecimals ? 1 : 0);
  return [...amounts].sort((a, b) => rank(b) - rank(a) || b.start - a.start)[0];
}

function draftFromLine(text: string, line: number, options: ExpenseOptions): Draft | { line: number; reason: string } {
  const dates = findDates(text);
  const date = dates[0] ?? null;
  const masked = dates.reduce((s, d) => s.slice(0, d.start) + ' '.repeat(d.end - d.start) + s.slice(d.end), text);
  const amount = pickAmount(findAmounts(masked, options.currency, options.decimalSeparator));
  if (!amount) return { line, reason: 'no amount found' };
  let rest = masked.slice(0, amount.start) + ' ' + masked.slice(amount.end);
  rest = cleanDescription(rest);
  return { line, text, date, dateText: date ? text.slice(date.start, date.end) : null, amount, merchantField: null, description: rest };
}

const HEADER_NAMES: Record<string, RegExp> = {
  date: /^(?:date|transaction date|trans\.? date|posted|posting date|post date|booking date|value date|datum|fecha|data|time|when)$/i,
  description:
    /^(?:description|details|memo|narrative|transaction|transaction details|particulars|reference|note|notes|item|what|purpose|verwendungszweck|concepto)$/i,
  merchant: /^(?:merchant|merchant name|payee|vendor|supplier|name|counterparty|store|shop|beneficiary|recipient|empfänger)$/i,
  amount: /^(?:amount|value|total|sum|price|cost|debit|debit amount|withdrawal|withdrawals|paid out|money out|spent|betrag|importe|montant)$/i,
  credit: /^(?:credit|credit amount|deposit|deposits|paid in|money in)$/i,
  currency: /^(?:currency|ccy|curr|währung|moneda|devise)$/i,
};

function detectDelimiter(csv: string): string {
  const firstLine = csv.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t', '|'].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  const best = counts.sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

function readCsv(
  csv: string,
  options: ExpenseOptions,
): { drafts: Draft[]; skipped: { line: number; reason: string }[]; delimiter: string; header: boolean; columns: Record<string, number> } {
  const delimiter = detectDelimiter(csv);
  let rows: string[][];
  try {
    rows = csvParse().parse(csv, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  } catch (error) {
    throw invalidField('csv', `not readable as CSV (${(error as Error).message.split('\n')[0]!.slice(0, 160)})`);
  }
  if (rows.length === 0) throw invalidField('csv', 'contains no rows');
  if (rows.length > MAX_EXPENSE_ROWS + 1) throw invalidField('csv', `at most ${MAX_EXPENSE_ROWS.toLocaleString('en')} rows`);
  const first = rows[0]!;
  const named: Record<string, number> = {};
  first.forEach((cell, i) => {
    for (const [role, pattern] of Object.entries(HEADER_NAMES)) if (named[role] === undefined && pattern.test(cell.trim())) named[role] = i;
  });
  const looksNumeric = first.some(
    (cell) => findAmounts(cell, options.currency, options.decimalSeparator).some((a) => a.end - a.start === cell.length) || findDates(cell).length > 0,
  );
  const header = Object.keys(named).length > 0 && !looksNumeric;
  const body = header ? rows.slice(1) : rows;
  const columns = header ? named : inferColumns(body, options);
  if (columns.amount === undefined && columns.credit === undefined) {
    throw invalidField('csv', 'no amount column found: name it amount, debit, value or total, or include numbers such as 12.50');
  }
  const drafts: Draft[] = [];
  const skipped: { line: number; reason: string }[] = [];
  body.forEach((row, index) => {
    const line = index + (header ? 2 : 1);
    const cell = (role: string): string => (columns[role] !== undefined ? (row[columns[role]!] ?? '').trim() : '');
    const currencyCell = cell('currency').toUpperCase();
    const fallback = currencyCode(currencyCell) ? currencyCell : options.currency;
    let amount = pickAmount(findAmounts(cell('amount'), fallback, options.decimalSeparator));
    if (!amount && cell('credit')) {
      const credit = pickAmount(findAmounts(cell('credit'), fallback, options.decimalSeparator));
      if (credit) amount = { ...credit, value: credit.value.abs().negated() };
    }
    if (!amount) {
      skipped.push({ line, reason: 'no amount in the amount column' });
      return;
    }
    if (!amount.currency) amount.currency = fallback;
    const dateCell = cell('date');
    const date = findDates(dateCell)[0] ?? null;
    const merchant = cell('merchant');
    const description = cleanDescription(cell('description'));
    drafts.push({
      line,
      text: row.join(' '),
      date,
      dateText: date ? dateCell : null,
      amount,
      merchantField: merchant || null,
      description: description || merchant,
    });
  });
  return { drafts, skipped, delimiter, header, columns };
}

/** Without a header: the date column is the one most cells read as dates, the amount column the one most read as money (rightmost wins), the description the longest text. */
function inferColumns(rows: string[][], options: ExpenseOptions): Record<string, number> {
  const sample = rows.slice(0, 50);
  const width = Math.max(...sample.map((r) => r.length));
  const score = (test: (cell: string) => boolean, i: number): number => sample.filter((r) => test((r[i] ?? '').trim())).length;
  const columns: Record<string, number> = {};
  let bestDate = 0;
  let bestAmount = 0;
  for (let i = 0; i < width; i++) {
    const dateScore = score((c) => findDates(c).length > 0, i);
    if (dateScore > bestDate) {
      bestDate = dateScore;
      columns.date = i;
    }
  }
  for (let i = 0; i < width; i++) {
    if (i === columns.date) continue;
    const amountScore = score(
      (c) => /^[-−(]?\s*\D{0,3}\s?[\d.,' ]+\s?\D{0,3}\)?$/.test(c) && findAmounts(c, options.currency, options.decimalSeparator).length > 0,
      i,
    );
    if (amountScore > 0 && amountScore >= bestAmount) {
      bestAmount = amountScore;
      columns.amount = i;
    }
  }
  let longest = 0;
  for (let i = 0; i < width; i++) {
    if (i === columns.date || i === columns.amount) continue;
    const length = sample.reduce((sum, r) => sum + (r[i] ?? '').replace(/[\d\s.,-]/g, '').length, 0);
    if (length > longest) {
      longest = length;
      columns.description = i;
    }
  }
  return columns;
}

function merchantOf(draft: Draft, matched: string | null): string | null {
  if (draft.merchantField) return draft.merchantField;
  if (matched && MERCHANT_NAMES[matched]) return MERCHANT_NAMES[matched]!;
  const words = draft.description.match(/^(?:[\p{Lu}\d][\p{L}\d&'.-]*)(?:\s+\p{Lu}[\p{L}\d&'.-]*){0,3}/u);
  return words ? words[0] : null;
}

export function categorizeExpenses(
  input: { text?: string | undefined; csv?: string | undefined },
  options: ExpenseOptions,
): ExpenseResult & { warnings: string[] } {
  const warnings: string[] = [];
  let drafts: Draft[] = [];
  let skipped: { line: number; reason: string }[] = [];
  let csvInfo: { delimiter: string; header: boolean; columns: Record<string, number> } | null = null;
  if (input.csv !== undefined) {
    const read = readCsv(input.csv, options);
    drafts = read.drafts;
    skipped = read.skipped;
    csvInfo = { delimiter: read.delimiter, header: read.header, columns: read.columns };
  } else {
    const lines = (input.text ?? '').split(/\r\n|\r|\n/);
    if (lines.length > MAX_EXPENSE_ROWS) throw invalidField('text', `at most ${MAX_EXPENSE_ROWS.toLocaleString('en')} lines`);
    lines.forEach((text, index) => {
      if (!/[\p{L}\p{N}]/u.test(text)) return;
      const draft = draftFromLine(text, index + 1, options);
      if ('reason' in draft) skipped.push(draft);
      else drafts.push(draft);
    });
  }

  // Numeric date order: stated, else proven by a date such as 25/03/2024, else by the money conventions.
  let dateOrder: DateOrder;
  if (options.dateOrder !== 'auto') dateOrder = options.dateOrder;
  else {
    const proofs = new Set(drafts.map((d) => d.date?.proves).filter((p): p is DateOrder => p !== null && p !== undefined));
    if (proofs.size === 1) dateOrder = [...proofs][0]!;
    else {
      // Dotted dates (31.03.2024) and decimal commas are European conventions, and so are most currencies but the dollar's.
      const dotted = drafts.some((d) => /^\d{1,2}\.\d{1,2}\./.test(d.dateText ?? ''));
      const commaDecimals = drafts.some((d) => d.amount.decimalComma);
      const currencies = drafts.map((d) => d.amount.currency ?? options.currency);
      const dayFirstCurrencies = currencies.filter((c) => !['USD', 'CAD', 'PHP'].includes(c)).length;
      dateOrder = dotted || commaDecimals || dayFirstCurrencies > currencies.length / 2 ? 'DMY' : 'MDY';
      if (drafts.some((d) => d.date !== null && d.date.proves === null && /^\d{1,2}[-/.]\d{1,2}[-/.]/.test(d.dateText ?? ''))) {
        warnings.push(
          `Numeric dates such as 03/05 are ambiguous; they were read as ${dateOrder === 'DMY' ? 'day/month' : 'month/day'} (set dateOrder to change).`,
        );
      }
    }
  }

  // Sign convention: a bank export lists spending as negative numbers.
  const negatives = drafts.filter((d) => d.amount.value.isNegative()).length;
  const signConvention =
    options.signConvention !== 'auto'
      ? options.signConvention
      : drafts.length > 0 && negatives / drafts.length > 0.6
        ? 'expenses-negative'
        : 'expenses-positive';

  const expenses = drafts.map((d) => {
    const amount = signConvention === 'expenses-negative' ? d.amount.value.negated() : d.amount.value;
    const haystack = `${d.merchantField ?? ''} ${d.description}`;
    const rule = categorize(haystack);
    const category: Category = amount.isNegative() ? 'income & refunds' : rule.category;
    return {
      line: d.line,
      date: d.date ? d.date.resolve(dateOrder) : null,
      merchant: merchantOf(d, rule.keyword),
      description: d.description,
      amount: fixed(amount),
      currency: d.amount.currency ?? options.currency,
      category,
      matchedRule: amount.isNegative() ? null : rule.keyword,
      value: amount,
    };
  });

  const byCategory = new Map<string, { category: Category; currency: string; total: Decimal; count: number }>();
  const byCurrency = new Map<string, { currency: string; expenses: Decimal; credits: Decimal; count: number }>();
  for (const e of expenses) {
    const key = `${e.category}\u0000${e.currency}`;
    const c = byCategory.get(key) ?? { category: e.category, currency: e.currency, total: new Decimal(0), count: 0 };
    c.total = c.total.plus(e.value);
    c.count++;
    byCategory.set(key, c);
    const t = byCurrency.get(e.currency) ?? { currency: e.currency, expenses: new Decimal(0), credits: new Decimal(0), count: 0 };
    if (e.value.isNegative()) t.credits = t.credits.plus(e.value.abs());
    else t.expenses = t.expenses.plus(e.value);
    t.count++;
    byCurrency.set(e.currency, t);
  }
  if (byCurrency.size > 1) warnings.push(`The expenses are in ${byCurrency.size} currencies; totals are per currency (no exchange rates are applied).`);
  const uncategorized = expenses.filter((e) => e.category === 'uncategorized').length;
  if (uncategorized > 0)
    warnings.push(
      `${uncategorized} expense${uncategorized === 1 ? '' : 's'} matched no category rule and ${uncategorized === 1 ? 'is' : 'are'} listed as uncategorized.`,
    );

  return {
    format: input.csv !== undefined ? 'csv' : 'text',
    expenses: expenses.map(({ value: _value, ...rest }) => rest),
    totalsByCategory: [...byCategory.values()]
      .sort((a, b) => b.total.comparedTo(a.total) || a.category.localeCompare(b.category))
      .map((c) => ({ category: c.category, currency: c.currency, total: fixed(c.total), count: c.count })),
    totalsByCurrency: [...byCurrency.values()]
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((t) => ({ currency: t.currency, expenses: fixed(t.expenses), credits: fixed(t.credits), net: fixed(t.expenses.minus(t.credits)), count: t.count })),
    skipped,
    detected: {
      dateOrder,
      decimalSeparator: options.decimalSeparator,
      signConvention,
      delimiter: csvInfo?.delimiter ?? null,
      header: csvInfo?.header ?? null,
      columns: csvInfo?.columns ?? null,
    },
    warnings,
  };
}
