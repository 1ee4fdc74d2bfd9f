import { z } from 'zod';
import { invalidField, type ToolError } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

const UNITS = lookup<number>({
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
});
const TEENS = lookup<number>({
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
});
const TENS = lookup<number>({
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
});
const ORDINALS = lookup<string>({
  first: 'one',
  second: 'two',
  third: 'three',
  fourth: 'four',
  fifth: 'five',
  sixth: 'six',
  seventh: 'seven',
  eighth: 'eight',
  ninth: 'nine',
  tenth: 'ten',
  eleventh: 'eleven',
  twelfth: 'twelve',
  thirteenth: 'thirteen',
  fourteenth: 'fourteen',
  fifteenth: 'fifteen',
  sixteenth: 'sixteen',
  seventeenth: 'seventeen',
  eighteenth: 'eighteen',
  nineteenth: 'nineteen',
  twentieth: 'twenty',
  thirtieth: 'thirty',
  fortieth: 'forty',
  fiftieth: 'fifty',
  sixtieth: 'sixty',
  seventieth: 'seventy',
  eightieth: 'eighty',
  ninetieth: 'ninety',
  hundredth: 'hundred',
  zeroth: 'zero',
});
const CRORE = 10n ** 7n;
/** The scales an Indian number multiplied by crore is made of ("two thousand crore", "one lakh twenty thousand crore"). */
const BELOW_CRORE = new Set([10n ** 3n, 10n ** 5n]);
const SHORT_SCALES = [
  'thousand',
  'million',
  'billion',
  'trillion',
  'quadrillion',
  'quintillion',
  'sextillion',
  'septillion',
  'octillion',
  'nonillion',
  'decillion',
  'undecillion',
  'duodecillion',
  'tredecillion',
  'quattuordecillion',
  'quindecillion',
  'sexdecillion',
  'septendecillion',
  'octodecillion',
  'novemdecillion',
  'vigintillion',
];
const SCALES = new Map<string, bigint>([
  ...SHORT_SCALES.map((name, i): [string, bigint] => [name, 10n ** BigInt(3 * (i + 1))]),
  // Indian numbering: they fit the same "each scale smaller than the last" rule (crore > lakh > thousand), except that
  // crore also multiplies a number made with thousand or lakh ("one lakh crore" = 10^12; see parseInteger).
  ['lakh', 10n ** 5n],
  ['lac', 10n ** 5n],
  ['crore', CRORE],
]);
for (const name of SCALES.keys()) ORDINALS.set(`${name}th`, name);

const DIGIT_WORDS = lookup<string>({ zero: '0', oh: '0', o: '0', nought: '0', naught: '0', nil: '0' });
for (const [word, value] of UNITS) DIGIT_WORDS.set(word, String(value));

/** A Map, not an object: "constructor" or "__proto__" in the text must not find Object.prototype. */
function lookup<T>(entries: Record<string, T>): Map<string, T> {
  return new Map(Object.entries(entries));
}

/** Digits a numeral may have inside the text (the largest scale word is 10^63). */
const MAX_DIGITS = 66;
const MAX_FRACTION_DIGITS = 100;

const HELP =
  'English number words such as "one hundred and five", "minus twelve", "three point one four", ' + '"two million three hundred thousand" or "twenty-first"';

export default defineTool({
  module: 'text-utilities',
  slug: 'words-to-number',
  cpu: 'large-input',
  title: 'Words to number',
  description:
    'Reads a number written in English words and returns it as a number: "one hundred and five" → 105, "minus twelve" ' +
    '→ -12, "three point one four" → 3.14, "two million three hundred thousand" → 2300000, "twenty-one" or "twenty ' +
    'one", "fifteen hundred" → 1500, "a thousand", ordinals ("twenty-first" → 21), digits mixed with scales ' +
    '("2.5 million"), and Indian lakh/crore. Scales run up to vigintillion; `exact` carries the exact decimal value ' +
    'when it is too large for a JSON number. Text that is not a number is refused (400) naming `text`.',
  keywords: ['words to number', 'text to number', 'parse number words', 'spelled number', 'word to digit', 'number parser'],
  input: () => z.object({ text: textField('A number in English words, e.g. "two hundred forty-five"') }),
  output: () =>
    z.object({
      number: z.number().describe('The value as a JSON number (rounded if beyond 2^53)'),
      exact: z.string().describe('The exact value in plain decimal notation'),
    }),
  examples: [
    { title: 'British "and"', input: { text: 'one hundred and five' }, output: { number: 105, exact: '105' } },
    { title: 'negative', input: { text: 'minus twelve' }, output: { number: -12, exact: '-12' } },
    { title: 'decimal digits', input: { text: 'three point one four' }, output: { number: 3.14, exact: '3.14' } },
    { title: 'scales', input: { text: 'two million three hundred thousand' }, output: { number: 2300000, exact: '2300000' } },
    { title: 'hyphens and ordinals', input: { text: 'Ninety-Nine Thousand Nine Hundred Twenty-First' }, output: { number: 99921, exact: '99921' } },
    {
      title: 'beyond 2^53',
      input: { text: 'nine quintillion one' },
      output: { number: 9e18, exact: '9000000000000000001' },
    },
  ],
  run: ({ text }) => {
    const exact = parseWords(text);
    return { number: Number(exact), exact };
  },
});

function fail(detail?: string): ToolError {
  return invalidField('text', detail === undefined ? `expected ${HELP}` : `${detail}; expected ${HELP}`);
}

/** The value as a plain decimal string ("-12", "3.14"). */
function parseWords(input: string): string {
  const cleaned = stripFinalPunctuation(input.toLowerCase().trim()).replace(/(\d),(?=\d{3}(?!\d))/gu, '$1');
  const plain = /^([+-]?)(\d+(?:\.\d+)?)$/u.exec(cleaned);
  if (plain !== null) {
    if (cleaned.length > 2 * MAX_DIGITS) throw fail('too many digits');
    return normalize(plain[1] === '-', plain[2] ?? '0');
  }

  const tokens = cleaned.split(/[\s,;\u2010-\u2015-]+/u).filter((t) => t !== '');
  if (tokens.length === 0) throw fail();
  let negative = false;
  if (tokens[0] === 'minus' || tokens[0] === 'negative') {
    negative = true;
    tokens.shift();
  } else if (tokens[0] === 'plus' || tokens[0] === 'positive') {
    tokens.shift();
  }
  const pointAt = tokens.findIndex((t) => t === 'point' || t === 'dot' || t === 'decimal');
  const integerTokens = pointAt < 0 ? tokens : tokens.slice(0, pointAt);
  const fractionTokens = pointAt < 0 ? [] : tokens.slice(pointAt + 1);
  if (pointAt >= 0 && fractionTokens.length === 0) throw fail('nothing follows "point"');

  const integer = integerTokens.length === 0 && pointAt >= 0 ? 0n : parseInteger(integerTokens, pointAt < 0);
  return normalize(negative, fractionTokens.length === 0 ? integer.toString() : `${integer}.${parseFraction(fractionTokens)}`);
}

/** A sentence's final "." "!" "?" — a loop, as `/[.!?]+$/` is quadratic on a long run of dots mid-text. */
function stripFinalPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && '.!?'.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

function normalize(negative: boolean, digits: string): string {
  const [whole = '0', fraction] = digits.split('.');
  const integer = whole.replace(/^0+(?=\d)/u, '');
  const value = fraction === undefined ? integer : `${integer}.${fraction}`;
  return negative && /[1-9]/u.test(value) ? `-${value}` : value;
}

/** After "point": single digits ("one four" → 14) or one number read as its digits ("twenty-five" → 25). */
function parseFraction(tokens: string[]): string {
  const digits = tokens.map((t) => (/^\d+$/u.test(t) ? t : DIGIT_WORDS.get(t)));
  if (digits.every((d) => d !== undefined)) {
    const joined = digits.join('');
    if (joined.length > MAX_FRACTION_DIGITS) throw fail(`at most ${MAX_FRACTION_DIGITS} digits after "point"`);
    return joined;
  }
  return parseInteger(tokens, false).toString();
}

/**
 * A small state machine over one group below a thousand ("[unit] hundred [tens] [unit]") and the scales between
 * groups, which must shrink left to right ("two million three thousand", not "three thousand two million").
 * In the Indian system crore may follow thousand and lakh: it then multiplies the whole number said since the
 * last crore (or the start), "two thousand crore" = 2,000 × 10^7, "five crore one lakh crore" is refused.
 */
function parseInteger(tokens: string[], allowOrdinal: boolean): bigint {
  let total = 0n;
  let lastScale: bigint | undefined;
  // Indian numbers: what thousand and lakh groups added to `total` since the start or the last scale of a crore or
  // more (`sinceCrore`, the number a crore after them multiplies; undefined once another scale such as million is
  // among them), and that last scale of a crore or more (`lastLarge`), which the multiplied number must stay under.
  let sinceCrore: bigint | undefined = 0n;
  let lastLarge: bigint | undefined;
  const add = (scale: bigint, value: bigint): void => {
    total += value;
    lastScale = scale;
    if (scale >= CRORE) {
      sinceCrore = 0n;
      lastLarge = scale;
    } else if (sinceCrore !== undefined) {
      sinceCrore = BELOW_CRORE.has(scale) ? sinceCrore + value : undefined;
    }
  };
  let hundreds = 0n; // the group's hundreds, already multiplied
  let below = 0n; // the group's part under a hundred (or a digit token's value)
  let belowKind: 'none' | 'unit' | 'teen' | 'tens' | 'tens-unit' | 'digits' = 'none';
  let groupHasHundred = false;
  let sawNumber = false;
  let zero = false;

  const groupEmpty = (): boolean => belowKind === 'none' && !groupHasHundred;
  for (let i = 0; i < tokens.length; i++) {
    const raw = tokens[i] ?? '';
    const isLast = i === tokens.length - 1;
    let token = raw;
    if (ORDINALS.get(raw) !== undefined || /^\d+(st|nd|rd|th)$/u.test(raw)) {
      if (!allowOrdinal || !isLast) throw fail(`"${raw}" can only be the last word`);
      token = ORDINALS.get(raw) ?? raw.replace(/\D+$/u, '');
    }
    if (token === 'and') {
      if (!sawNumber || isLast) throw fail('"and" must stand between two numbers');
      continue;
    }
    if (zero) throw fail(`"zero" cannot be followed by "${raw}"`);
    if (token === 'a' || token === 'an') {
      const next = tokens[i + 1] ?? '';
      const nextBase = ORDINALS.get(next) ?? next;
      if (!groupEmpty() || !(nextBase === 'hundred' || SCALES.has(nextBase))) throw fail(`"${raw}" must come before hundred, thousand, million…`);
      below = 1n;
      belowKind = 'unit';
      sawNumber = true;
      continue;
    }
    if (token === 'zero') {
      if (sawNumber || !isLast) throw fail('"zero" must stand alone');
      zero = true;
      sawNumber = true;
      continue;
    }
    const unit = UNITS.get(token);
    const teen = TEENS.get(token);
    const tens = TENS.get(token);
    const scale = SCALES.get(token);
    if (unit !== undefined) {
      if (belowKind === 'none') belowKind = 'unit';
      else if (belowKind === 'tens') belowKind = 'tens-unit';
      else throw fail(`"${raw}" cannot follow the words before it`);
      below += BigInt(unit);
    } else if (teen !== undefined || tens !== undefined) {
      if (belowKind !== 'none') throw fail(`"${raw}" cannot follow the words before it`);
      below = BigInt(teen ?? tens ?? 0);
      belowKind = teen !== undefined ? 'teen' : 'tens';
    } else if (/^\d+$/u.test(token)) {
      if (!groupEmpty()) throw fail(`"${raw}" cannot follow the words before it`);
      if (token.length > MAX_DIGITS) throw fail(`"${raw.slice(0, 20)}…" has too many digits`);
      below = BigInt(token);
      belowKind = 'digits';
    } else if (/^\d*\.\d+$/u.test(token) && token.length <= MAX_DIGITS) {
      // "2.5 million": a decimal only makes sense times a scale, and must come out whole.
      const nextScale = SCALES.get(tokens[i + 1] ?? '');
      if (!groupEmpty() || nextScale === undefined || (lastScale !== undefined && nextScale >= lastScale)) throw fail(`"${raw}" needs a scale word after it`);
      const [whole = '', fraction = ''] = token.split('.');
      const scaled = (BigInt(whole || '0') * 10n ** BigInt(fraction.length) + BigInt(fraction)) * nextScale;
      if (scaled % 10n ** BigInt(fraction.length) !== 0n) throw fail(`"${raw} ${tokens[i + 1] ?? ''}" is not a whole number`);
      add(nextScale, scaled / 10n ** BigInt(fraction.length));
      sawNumber = true;
      i++; // the scale word is consumed
      continue;
    } else if (token === 'hundred') {
      if (groupHasHundred) throw fail('"hundred" twice in one group');
      // "hundred" alone is one hundred; "fifteen hundred" and "twenty-five hundred" multiply.
      hundreds = (belowKind === 'none' ? 1n : below) * 100n;
      below = 0n;
      belowKind = 'none';
      groupHasHundred = true;
    } else if (scale !== undefined) {
      const group = groupEmpty() ? 1n : hundreds + below;
      if (scale === CRORE && sinceCrore !== undefined && lastScale !== undefined && BELOW_CRORE.has(lastScale)) {
        // "[two thousand | one lakh twenty thousand …] crore": the number said since the last crore, times a crore.
        const value = (sinceCrore + (groupEmpty() ? 0n : group)) * CRORE;
        if (lastLarge !== undefined && value >= lastLarge) throw fail(`"${raw}" must be smaller than the scale before it`);
        total -= sinceCrore;
        add(scale, value);
      } else {
        if (lastScale !== undefined && scale >= lastScale) throw fail(`"${raw}" must be smaller than the scale before it`);
        add(scale, group * scale);
      }
      hundreds = 0n;
      below = 0n;
      belowKind = 'none';
      groupHasHundred = false;
    } else {
      throw fail(`"${raw}" is not a number word`);
    }
    sawNumber = true;
  }
  if (!sawNumber) throw fail();
  return total + hundreds + below;
}
