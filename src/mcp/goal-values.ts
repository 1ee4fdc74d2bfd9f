import { escapeRegExp } from '../lib/regexp.ts';
import { jsonSchemaOf } from '../registry/json-schema.ts';
import type { CatalogItem } from './catalog.ts';
import { currencyConversionOf } from './goal-currencies.ts';
import { englishOf } from './lexicon.ts';
import { tokens } from './text.ts';

/**
 * Values written in a goal ("sha256 of 'hello'", "2500 at 18%", a pasted JWT, "#ff8800 on white") filled
 * into the chosen tool's input by its schema: a field takes a value when its type fits and its name (or an
 * enum it declares) says the value belongs there. Each filled field records where the value came from, so
 * the plan and the report can show it (`extractedInput`). Values the caller gave are never overwritten.
 */
export interface Extracted {
  value: unknown;
  /** What in the goal it came from, e.g. `"sha256"` (an enum value), `quoted text`, `a JWT`. */
  from: string;
}

interface Field {
  name: string;
  type: string | undefined;
  /** Allowed strings (enums, also inside anyOf), lower-case. */
  enum: string[];
  /** The same as the schema spells them ("POST", "HS256", "MHz"). */
  spelled: string[];
  /** Name and description words, lower-case. */
  words: string;
  /** A list of named amounts (`costs: [{name, amount}]`): its items' label and amount properties. */
  amounts?: { label: string; amount: string };
}

/**
 * An enum's value as the schema spells it ("post" is "POST"); of two that differ only in case ("mHz" and "MHz"), the
 * one the goal writes. Another value stays as it is.
 */
function asSpelled(f: Field, value: string, goal: string): string {
  const same = f.spelled.filter((e) => e.toLowerCase() === value.toLowerCase());
  return same.length === 1 ? same[0]! : (same.find((e) => new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(e)}(?![\\p{L}\\d])`, 'u').test(goal)) ?? value);
}

const fieldCache = new WeakMap<CatalogItem, Field[]>();

function fieldsOf(item: CatalogItem): Field[] {
  const cached = fieldCache.get(item);
  if (cached) return cached;
  const fields: Field[] = [];
  if (item.tool) {
    const schema = jsonSchemaOf(item.tool.input, 'input') as { properties?: Record<string, Record<string, unknown>> };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const variants = [property, ...((property.anyOf as Array<Record<string, unknown>> | undefined) ?? [])];
      const type = variants.map((v) => v.type).find((t): t is string => typeof t === 'string');
      const enums = variants.flatMap((v) => (Array.isArray(v.enum) ? v.enum : [])).filter((e): e is string => typeof e === 'string');
      fields.push({
        name,
        type,
        enum: enums.map((e) => e.toLowerCase()),
        spelled: enums,
        words: `${spaced(name)} ${String(property.description ?? '')}`.toLowerCase(),
        amounts: namedAmountsOf(variants.find((v) => v.type === 'array')?.items),
      });
    }
  } else if (item.workflow) {
    for (const [name, input] of Object.entries(item.workflow.inputs))
      fields.push({ name, type: input.type, enum: [], spelled: [], words: `${spaced(name)} ${input.description}`.toLowerCase() });
  }
  fieldCache.set(item, fields);
  return fields;
}

/** The label and amount properties of a list item of exactly two (`{name, amount}`), else undefined. */
function namedAmountsOf(items: unknown): Field['amounts'] {
  const properties = (items as { type?: string; properties?: Record<string, { type?: string; anyOf?: Array<{ type?: string }> }> } | undefined)?.properties;
  if (!properties || Object.keys(properties).length !== 2) return undefined;
  const types = (p: { type?: string; anyOf?: Array<{ type?: string }> }): (string | undefined)[] => [p.type, ...(p.anyOf ?? []).map((v) => v.type)];
  const label = Object.keys(properties).find((k) => types(properties[k]!).join() === 'string');
  const amount = Object.keys(properties).find((k) => types(properties[k]!).includes('number'));
  return label && amount ? { label, amount } : undefined;
}

/**
 * Amounts written each after its name, two or more ("materials 4, labour 6, packaging 1", "wax 3 wick 0.5 jar 2"): the
 * items of a list of named amounts. A rate ("add 40%") is none of them; the name is the words since the last comma or amount.
 */
function namedAmounts(text: string): Array<{ label: string; amount: number; raw: string }> {
  const found: Array<{ label: string; amount: number; raw: string }> = [];
  let from = 0;
  for (const n of numbersOf(text)) {
    const before = text.slice(from, n.at);
    from = n.end;
    if (n.percent || /^\s*(?:%|per\s?cent)/i.test(text.slice(n.end))) continue;
    const label = /(?:^|[,;:+\n]|\s[-–—]\s)\s*((?:[a-z][a-z'&-]*\s+){0,3}?[a-z][a-z'&-]*)\s*[:=]?\s*$/i
      .exec(before)?.[1]
      ?.replace(/^(?:(?:my|our|the|and|plus|then)\s+)+/i, '');
    if (!label || /\b(?:at|for|to|is|are|per|by|of|costs?|price|sell|buy|add)\b/i.test(label)) continue;
    found.push({ label, amount: n.value, raw: `${label} ${n.raw}` });
  }
  return found.length >= 2 ? found : [];
}

/** Fields that take an ISO 4217 currency code (a converter's `from` and `to`). */
export function currencyFieldsOf(item: CatalogItem): string[] {
  return fieldsOf(item)
    .filter((f) => f.words.includes('iso 4217'))
    .map((f) => f.name);
}

/**
 * Whether the goal states a calculation's figures (two numbers or more, with a rate or a sum of money) and the
 * item takes no number: "how long to pay off 12000 on a credit card at 19.9% paying 400 a month" is not a text for the
 * personal-data scrubber, however much "credit card" names it.
 */
export function figuresUnused(item: CatalogItem, goal: string): boolean {
  // (The words before a colon or a quote: figures after them are in the text pasted to work on, "$1 FOR 7 DAYS". Nor
  // are percent-escapes, "%E2%9C%93", rates.)
  const request = (goal.split(/:\s|["“'‘]/)[0] ?? '').replace(new RegExp(PERCENT_ENCODED.source, 'gi'), ' ');
  const figures = numbersOf(request);
  const rateOrSum = figures.some((n) => n.percent || n.currency) || /\bper\s?cent(?:age)?\b|\d\s*(?:usd|eur|gbp|dollars?|euros?|pounds?)\b/i.test(request);
  if (figures.length < 2 || !rateOrSum) return false;
  return !fieldsOf(item).some((f) => f.type === 'number' || f.type === 'integer');
}

/** The required text field of a tool without a `url` field that says it takes a URL ("The URL or text to encode"). */
export function urlTextFieldOf(item: CatalogItem): string | undefined {
  if (item.fields.includes('url') || item.fields.includes('urls')) return undefined;
  return fieldsOf(item).find(
    (f) => f.type === 'string' && TEXT_FIELDS.includes(f.name) && /\burl\b/.test(f.words) && item.requires.some((g) => g.includes(f.name)),
  )?.name;
}

/**
 * Values written with a digit after the last word of an enum field's name ("uuid version 7", "version 1"), each as
 * the choice it names (`v7`) or, when the field has no such choice, as written (`1`).
 */
function choicesNamed(f: Field, goal: string): Array<{ value: string; offered: boolean; text: string }> {
  const noun = spaced(f.name).toLowerCase().split(/\s+/).at(-1);
  // (Only choices written with digits are named this way: "split 18% GST" names no `split` choice.)
  if (!f.enum.some((e) => /\d/.test(e)) || !noun || noun.length < 4) return [];
  return [...goal.toLowerCase().matchAll(new RegExp(`\\b${noun}\\s+(?:no\\.?\\s*|#)?([a-z]*\\d[\\w.-]*)`, 'g'))].map((match) => {
    const written = (match[1] ?? '').replace(/[.-]+$/, '');
    const choice = [written, `v${written}`].find((v) => f.enum.includes(v));
    return { value: choice ?? written, offered: choice !== undefined, text: match[0] };
  });
}

/**
 * "a uuid version 1": a choice the tool does not offer (`version` takes v4, v7, v5, v3, nil or max), named with its
 * value: the tool would refuse it. Undefined when every such value is one of the choices.
 */
export function refusedChoice(item: CatalogItem, goal: string): string | undefined {
  const offered = new Set(fieldsOf(item).flatMap((f) => f.enum));
  for (const f of fieldsOf(item)) {
    const refused = choicesNamed(f, goal).find((c) => !c.offered) ?? siblingChoice(f, goal, offered);
    if (refused) return `${f.name} ${refused.value}`;
  }
  return undefined;
}

/** A short letters-and-digits code: a paper size (a4), a version (v7), a hash (md5). */
const CODE = /^([a-z]{1,4})\d{1,3}$/;

/**
 * "on A2 paper", "a v1 uuid": a code written as the field's choices are (the same letters, other digits) that is not
 * one of them (not inside a file name or path: "a1.jpg"); or, among choices of several families (md5, sha256), a code
 * of another named as the kind of thing they are ("a crc32 checksum").
 */
function siblingChoice(f: Field, goal: string, offered: ReadonlySet<string>): { value: string } | undefined {
  const codes = f.enum.map((e) => CODE.exec(e)?.[1]).filter((p): p is string => p !== undefined);
  const prefixes = new Set(codes);
  if (prefixes.size === 0) return undefined;
  const lower = goal.toLowerCase();
  for (const match of lower.matchAll(/(?<![\w./\\-])([a-z]{1,4}\d{1,3})(?![\w./\\-])/g)) {
    const code = match[1] ?? '';
    if (prefixes.has(CODE.exec(code)?.[1] ?? '') && !offered.has(code)) return { value: code };
  }
  // Another family's code named as the kind of thing the field chooses: "a crc32 checksum", "an adler32 hash".
  if (prefixes.size < 2 || codes.length < 3) return undefined;
  const named = /(?<![\w./\\-])([a-z]{2,6}\d{1,3})\s+(?:checksum|hash|digest|algorithm)s?\b/.exec(lower)?.[1];
  return named && !offered.has(named) ? { value: named } : undefined;
}

function spaced(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2');
}

const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/;
const EMAIL = /\b[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi;
const HEX_COLOUR = /(?<![\w&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/gi;
/** A CSS colour in functional notation (CSS Color 4): rgb(255, 0, 0), hsl(210 50% 40% / 0.5), oklch(0.7 0.15 50). */
export const FUNCTIONAL_COLOUR = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[\d.]+(?:deg|turn|rad|%)?(?:\s*[,/]?\s*[\d.]+(?:deg|turn|rad|%)?){2,3}\s*\)/gi;
/** Five or six cron fields (numbers, *, ranges, steps, lists, names), as a run of its own. */
const CRON =
  /(?:^|[\s"'`])((?:(?:[\d*?]+(?:[-/,][\d*?]+)*|[a-z]{3}(?:-[a-z]{3})?)\s+){4,5}(?:[\d*?]+(?:[-/,][\d*?]+)*|[a-z]{3}(?:-[a-z]{3})?))(?=$|[\s"'`.,;])/i;
/** A run of base64 (mixed case and digits, 12+ characters, optional padding) that is not a word. */
export const BASE64_RUN = /(?<![\w/+])(?=[a-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*\d)[A-Za-z0-9+/]{12,}={0,2}(?![\w/+])/;
/** A run of text with two or more percent-escapes (RFC 3986 2.1): "caf%C3%A9%20latte". */
export const PERCENT_ENCODED = /\S*(?:%[0-9a-f]{2}){2,}\S*/i;
/** Unix time in seconds or milliseconds from 2001 to 2033 (1,000,000,000 to 1,999,999,999). */
export const EPOCH = /(?<![\w.,])1\d{9}(?:\d{3})?(?![\w.,]\d)/;
/** "1080x1350", "1080 by 1350", "1500 wide by 500 tall": a width and a height. */
const DIMENSIONS = /\b(\d{2,5})\s?(?:px\s*)?(?:wide\s+)?(?:[x×]|by)\s?(\d{2,5})\b/i;
/** A password as people write one: letters, digits and a symbol, 6 to 64 characters, no spaces. */
const PASSWORD_LIKE = /(?<!\S)(?=\S*[A-Za-z])(?=\S*\d)(?=\S*[!@#$%^&*?_~+=])[^\s'"]{6,64}?(?=[.,;:]?(?:\s|$))/;
/** Words after a field's name that are no value of it ("source of the traffic", "medium is"). */
const STOP_VALUES = new Set(['of', 'is', 'the', 'a', 'an', 'and', 'or', 'to', 'for', 'in', 'on', 'with', 'from', 'it', 'this', 'that', 'code', 'file']);
const ISO_DATE = /\b\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A date written with its month's name, day first or month first: "4 July 1976", "4th of july 1976", "July 4, 1976". */
const WRITTEN_DATE = new RegExp(
  String.raw`\b(?:(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTHS.join('|')})[a-z]*\.?|(${MONTHS.join('|')})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?),?\s+(\d{4})\b`,
  'i',
);

/** The ISO 8601 date of a WRITTEN_DATE match, or undefined when the day does not exist in that month. */
function isoOfWritten(match: RegExpExecArray): string | undefined {
  const [, dayFirst, monthAfter, monthFirst, dayAfter, year] = match;
  const month = MONTHS.indexOf((monthAfter ?? monthFirst ?? '').toLowerCase()) + 1;
  const day = Number(dayFirst ?? dayAfter);
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso) ? iso : undefined;
}
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\/\d{1,2})?\b/;
/**
 * A number with an optional currency, thousands separators (commas; spaces, as "15 000 impressions" is written in
 * French, Russian or Swedish, when a word follows: not a list of numbers; dots before a decimal comma, "1.299,99 €"),
 * decimals, k/m suffix and percent sign.
 */
const NUMBER =
  /(?<![\w.#-])([$€£¥₹])?\s?(\d{1,3}(?:\.\d{3})+,\d{1,2}(?!\d)|\d{1,3}(?:,\d{3})+|\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?=\s*[A-Za-zÀ-ɏ%])|\d+)(?:\.(\d+))?\s?(k|m|mn|million|thousand|bn|billion|lakhs?|crores?)?\b\s?(%|percent\b)?/gi;
const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };

/** A number as written: "1,500" or "1 500" (thousands), "1,5" (a decimal comma), "1.299,99" (both), "2.5e-3". */
export function writtenNumber(raw: string): number {
  const whole = raw.replace(/[\u00a0\u202f ]/g, '');
  if (/^-?\d{1,3}(?:\.\d{3})+,\d+$/.test(whole)) return Number(whole.replace(/\./g, '').replace(',', '.'));
  return Number(/^-?\d{1,3}(?:,\d{3})+(?:\.|$|e)/.test(whole) ? whole.replace(/,/g, '') : whole.replace(',', '.'));
}

interface NumberMention {
  value: number;
  percent: boolean;
  currency: string | undefined;
  at: number;
  end: number;
  raw: string;
}

const STATUS_NAMING = /\b(?:30[1278]|40[0134]|410|429|50[0234])\s+(?:links?|errors?|pages?|responses?|redirects?|status(?:es)?)\b/gi;

function numbersOf(text: string): NumberMention[] {
  const found: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER)) {
    let value = writtenNumber(`${m[2] ?? ''}${m[3] ? `.${m[3]}` : ''}`);
    const scale = (m[4] ?? '').toLowerCase();
    if (scale === 'k' || scale === 'thousand') value *= 1000;
    else if (scale === 'm' || scale === 'mn' || scale === 'million') value *= 1_000_000;
    else if (scale === 'bn' || scale === 'billion') value *= 1_000_000_000;
    // Indian numbering: a lakh is 100,000, a crore 10,000,000.
    else if (scale.startsWith('lakh')) value *= 100_000;
    else if (scale.startsWith('crore')) value *= 10_000_000;
    if (!Number.isFinite(value)) continue;
    found.push({
      value,
      percent: Boolean(m[5]),
      currency: m[1] ? CURRENCY_SYMBOLS[m[1]] : undefined,
      at: m.index,
      end: m.index + m[0].length,
      raw: m[0].trim(),
    });
  }
  return found;
}

/** The text of "md5 of hello world", "slugify: My First Post", "validate {…}" — the operand written after the operation. */
function operandOf(goal: string): string | undefined {
  const colon = /^[^:{}[\]"'<]{2,60}:\s+(.+)$/s.exec(goal);
  if (colon?.[1] && !/^\/\//.test(colon[1])) return colon[1].trim();
  // Pasted data after the words: "validate this json {"a": [1, 2}".
  const data = /^[^{}[\]<]{2,80}?\s([{[<][\s\S]*[}\]>])\s*$/.exec(goal);
  if (data?.[1]) return data[1];
  const of = /\b(?:of|for)\s+(.+)$/is.exec(goal);
  // ("hmac of hello using secret abc123": the text ends where another input is named.)
  const tail = of?.[1]?.replace(/\s+(?:using|with)\s+(?:the\s+|a\s+|my\s+)?(?:secret|key|salt|password|passphrase)\b[\s\S]*$/i, '').trim();
  if (!tail) return undefined;
  // "md5 of the word banana": the word itself; "of the string admin:hunter2", everything after it.
  const word = /^(?:the\s+)?word\s+(\S+?)[.,;!?]?(?:\s|$)/i.exec(tail);
  if (word?.[1]) return word[1];
  const called = /^the\s+(?:string|text|phrase)\s+(.+)$/i.exec(tail);
  if (called?.[1]) return called[1].split(/\s+/).length <= 12 ? called[1] : undefined;
  // "of this text", "for my page": a reference to something not in the goal, not the operand itself; "for 1500 words",
  // the size of a text, not the text.
  if (/^(?:this|that|these|those|my|our|your|their|his|her|the|a|an|it|its|some|each|every|all|any|me|us)\b/i.test(tail)) return undefined;
  if (/^\d[\d,.]*\s*(?:words?|characters?|chars|letters|lines|sentences|paragraphs|pages)$/i.test(tail)) return undefined;
  return tail.split(/\s+/).length <= 12 ? tail : undefined;
}

/** Where a text read by afterNamingWords or afterQuestion came from: guesses that fill the input of a tool already picked, no evidence for the pick. */
const AFTER_NAMING_WORDS = "the words after the tool's name in the goal";
const AFTER_QUESTION = 'the text after the question in the goal';
export const GUESSED_TEXT: ReadonlySet<string> = new Set([AFTER_NAMING_WORDS, AFTER_QUESTION]);

/** "i wrote a blog post, is it readable enough? The quick brown fox …": a text pasted after the question about it. */
function afterQuestion(goal: string): string | undefined {
  const asked = /^([^?:{}[\]"'<]{5,120})\?\s+([^?]{30,})$/s.exec(goal.trim());
  return asked?.[2] && /\b(?:it|this|my|our)\b/i.test(asked[1]!) && asked[2].trim().split(/\s+/).length >= 6 ? asked[2].trim() : undefined;
}

/**
 * "base64 encode hello", "uppercase hello world": the words after the opening ones that all name the tool (its title,
 * slug, keywords and choices) are its text. Not after a colon or around quotes (operandOf and the quotes have those),
 * nor a reference ("reverse this text") or a word of a request ("encode to base64").
 */
export function afterNamingWords(item: CatalogItem, goal: string, { choiceNamed = false } = {}): string | undefined {
  if (/[:"'“”]/.test(goal)) return undefined;
  const choices = new Set(
    tokens(
      fieldsOf(item)
        .flatMap((f) => f.enum)
        .join(' ')
        .replace(/[-_]/g, ' '),
    ),
  );
  const naming = new Set([...tokens([item.title, item.tool?.slug ?? '', ...item.keywords].join(' ').replace(/[-_]/g, ' ')), ...choices]);
  const words = goal.trim().split(/\s+/);
  let named = 0;
  while (named < words.length && tokens(words[named]!).length > 0 && tokens(words[named]!).every((t) => naming.has(t))) named++;
  const tail = words.slice(named).join(' ');
  if (
    named === 0 ||
    // (`choiceNamed`: one of the naming words is a choice of the tool, "sha256", "encode": not "hash browns recipe".)
    (choiceNamed && !words.slice(0, named).some((w) => tokens(w).some((t) => choices.has(t)))) ||
    !tail ||
    /^(?:this|that|these|those|my|our|your|their|his|her|the|a|an|it|its|some|each|every|all|any|me|us|to|into|in|from|as|for|of|with|and|please|pls|then)\b/i.test(
      tail,
    )
  )
    return undefined;
  return words.length - named <= 12 ? tail : undefined;
}

/** A regular expression as people paste one: anchored (^…$), with a class escape (\d, \w, \s, \b), or a quantified set. */
const REGEX_LIKE = /^\^[\s\S]*\$$|\\[dwsbDWSB]|\[[^\]]+\][*+?{]/;

/** Where a goal writes a secret without quotes (the word in the group). */
const SECRET_WRITTEN = [
  /\b(?:secret|key)(?:\s+key)?\s*(?:is\s+|=\s*|:\s*)?([\w.+/=-]{4,})(?=$|[\s,;)])/i,
  /\bsigned\s+with\s+([\w.+/=-]{4,})(?=$|[\s,;)])/i,
  /(?:^|\s)([\w.+/=-]{4,})\s+as\s+the\s+(?:secret|key)\b/i,
];
/** Words after "secret" or "key" that are no secret. */
const SECRET_NOT = new Set([
  'from',
  'that',
  'which',
  'with',
  'then',
  'here',
  'below',
  'above',
  'please',
  'used',
  'shared',
  'given',
  'value',
  'string',
  'phrase',
]);

/** Other words a goal names a field by: an HMAC's secret is its key. */
const FIELD_LABELS: Record<string, string[]> = { secret: ['key', 'secret key'] };

/** Words that begin the two arms of an A/B test, in the order people write them ("A … B", "old … new"). */
const ARM_NAMES: Array<[RegExp, RegExp]> = [
  [
    /\b(?:version|variant|page|arm|option)?\s*A\b(?=\s*(?:[:,(-]|went|got|had|was|with|\d))/,
    /\b(?:version|variant|page|arm|option)?\s*B\b(?=\s*(?:[:,(-]|went|got|had|was|with|\d))/,
  ],
  [/\b(?:old|original|current|existing)\b/i, /\b(?:new|redesigned|updated)\b/i],
  [/\bcontrol\b/i, /\b(?:variant|treatment|challenger)\b/i],
];
const ARM_VISITORS =
  /(?:\b(?:went|sent|shown|emailed|mailed)\s+to\s+(\d[\d,]*))|(?:\b(\d[\d,]*)\s+(?:visitors|visits|people|users|sessions|recipients|views|impressions|subscribers|sends)\b)/i;
const ARM_CONVERSIONS =
  /(?:\bgot\s+(\d[\d,]*))|(?:\b(\d[\d,]*)\s+(?:orders|conv(?:ersions?|s)?|sales|sign-?ups|purchases|clicks|leads|checkouts|bookings|replies)\b)/i;

/** The goal's text for each arm of an A/B test, when it names both in order; otherwise none. */
function armsOf(goal: string): string[] {
  for (const [first, second] of ARM_NAMES) {
    const a = first.exec(goal);
    const b = a ? second.exec(goal.slice(a.index + a[0].length)) : null;
    if (!a || !b) continue;
    const split = a.index + a[0].length + b.index;
    return [goal.slice(a.index, split), goal.slice(split)];
  }
  return [];
}

/** The quoted texts a goal gives right after the name of one of the item's text fields (labelledQuote). */
export function labelledQuotes(item: CatalogItem, goal: string): Set<string> {
  const texts = fieldsOf(item).filter((f) => f.type === 'string' && f.enum.length === 0);
  return new Set(texts.flatMap((f) => labelledQuote(f.name, goal)?.text ?? []));
}

/** The quoted text a goal gives right after the field's name or another word for it ("with secret 'k1'", "with key 'k1'"), if any. */
function labelledQuote(field: string, goal: string): { text: string; label: string } | undefined {
  const labels = [...(field.length >= 3 ? [escapeRegExp(spaced(field).toLowerCase())] : []), ...(FIELD_LABELS[field] ?? [])];
  if (labels.length === 0) return undefined;
  // (Not a word's last part: "kebab-case 'Billing Address'" is a text to convert, no value of the field `case`.)
  const found = new RegExp(`(?<![\\w-])(${labels.join('|')})\\s+(?:is\\s+|=\\s*|:\\s*)?(?:"([^"]+)"|'([^']+)')`, 'i').exec(goal);
  const text = found?.[2] ?? found?.[3];
  return found && text ? { text, label: found[1]! } : undefined;
}

const TEXT_FIELDS = [
  'text',
  'input',
  'string',
  'value',
  'message',
  'content',
  'data',
  'css',
  'html',
  'json',
  'xml',
  'yaml',
  'sql',
  'code',
  'markdown',
  'javascript',
  'js',
  'csv',
  'userAgent',
];
/**
 * Whether a text read from the goal can be the code a field of that name takes: CSS has a brace or a colon, markup a
 * tag, SQL a keyword… ("minify my stylesheet for production": "production" is no stylesheet). Other fields take any text.
 */
export function fitsCodeField(field: string, value: string): boolean {
  return CODE_SHAPES[field]?.test(value) ?? true;
}

const CODE_SHAPES: Record<string, RegExp> = {
  css: /[{:]/,
  json: /[{["]/,
  xml: /</,
  html: /</,
  yaml: /:/,
  sql: /\b(?:select|insert|update|delete|create|alter|drop|with)\b/i,
  code: /[(){};=]/,
  javascript: /[(){};=]/,
  js: /[(){};=]/,
  // A User-Agent is products with their versions ("Mozilla/5.0 …", "curl/8.4.0"; RFC 9110 §10.1.5), or a crawler's name.
  userAgent: /\S\/\S|bot\b|crawler|spider/i,
};
/** Text fields named for what the text is: the text after a colon that names one fills it, when a tool takes no plain text. */
const NAMED_TEXT_FIELDS = ['title', 'headline', 'subject', 'description', 'keyword', 'topic'];
/** How goals speak of money fields: "spent 2000" is a cost, "made 9000 in sales" revenue, "sold for 65" a price. */
const MONEY_VERBS: Record<string, string[]> = {
  fixed: ['rent', 'overheads'],
  cost: ['spent', 'spend', 'paid', 'pay', 'bought', 'buy'],
  revenue: ['made', 'earned', 'sales', 'payout'],
  price: ['sold', 'sells', 'sell', 'listed'],
};
const PERCENT_WORDS = /percent|rate|%|margin|discount|tax|vat|tip|markup|interest|growth|apr|yield|ratio|share/;
const MONEY_WORDS = /amount|price|cost|principal|salary|income|revenue|spend|budget|value|total|loan|balance|pay|wage|money/;

/**
 * Fields of `item` the goal fills, with where each value came from. `taken` lists fields already present
 * (given by the caller or filled from URLs and quotes), which are left alone.
 */
export function valuesFromGoal(
  item: CatalogItem,
  goal: string,
  taken: ReadonlySet<string>,
  text: { withoutUrls: string; quoted: string[]; used?: ReadonlySet<string> },
): Record<string, Extracted> {
  const out: Record<string, Extracted> = {};
  const fields = fieldsOf(item).filter((f) => !taken.has(f.name));
  const free = (f: Field): boolean => !(f.name in out);
  const set = (f: Field | undefined, value: unknown, from: string): void => {
    if (f && free(f) && value !== undefined) out[f.name] = { value: typeof value === 'string' ? asSpelled(f, value, goal) : value, from };
  };
  const named = (pattern: RegExp, type?: string): Field | undefined =>
    fields.find((f) => free(f) && pattern.test(f.name) && (!type || f.type === type || f.type === undefined));
  const source = text.withoutUrls;

  // "utm_source=newsletter, utm_medium=email", "value=2.4 from=GHz": a field's name and its value, as code writes them.
  for (const [written, key = '', value = ''] of source.matchAll(/\b(?:utm_)?([a-z][a-z0-9_]*)\s*=\s*([^\s,;&'"]+)/gi)) {
    const f = fields.find((field) => free(field) && field.name.toLowerCase() === key.toLowerCase());
    const numeric = f?.type === 'number' || f?.type === 'integer';
    if (f && (!numeric || Number.isFinite(Number(value)))) set(f, numeric ? Number(value) : value, `"${written}" in the goal`);
  }
  // Typed values whose shape says what they are.
  const jwt = JWT.exec(source)?.[0];
  if (jwt) set(named(/^(?:token|jwt)$/i) ?? named(/token|jwt/i, 'string'), jwt, 'a JWT in the goal');
  const emails = [...source.matchAll(EMAIL)].map((m) => m[0]);
  if (emails.length > 0) set(named(/^e?-?mail$|^email|address$/i, 'string') ?? named(/email/i), emails[0], 'an e-mail address in the goal');
  const colours = [...source.matchAll(new RegExp(`${HEX_COLOUR.source}|${FUNCTIONAL_COLOUR.source}`, 'gi'))].map((m) => m[0]);
  if (colours.length > 0) {
    // (By its name, or by its description: "contrastWith", "a second colour".)
    const colourFields = fields.filter(
      (f) => free(f) && (/colou?r|hex|foreground|background|^fg$|^bg$/i.test(f.name) || /\bcolou?r\b/.test(f.words)) && f.type !== 'number',
    );
    colours.slice(0, colourFields.length).forEach((colour, i) => set(colourFields[i], colour, 'a colour in the goal'));
  }
  const cron = CRON.exec(source)?.[1];
  if (cron && /[*/]/.test(cron)) set(named(/cron|expression|schedule/i, 'string'), cron.trim(), 'a cron expression in the goal');
  const uuid = UUID.exec(source)?.[0];
  if (uuid) set(named(/uuid|guid|^id$/i, 'string'), uuid, 'a UUID in the goal');
  const [ip, other] = [...source.matchAll(new RegExp(IPV4.source, 'g'))].map((m) => m[0]);
  if (ip)
    set(
      ip.includes('/') ? (named(/cidr|subnet|range|network/i, 'string') ?? named(/^ip|address/i, 'string')) : named(/^ip|^address$|^host$/i, 'string'),
      ip,
      'an IP address in the goal',
    );
  // ("does 10.0.0.0/22 include 10.0.3.7": the second address is the one looked for in the first.)
  if (other) set(named(/^contains$/i, 'string'), other, 'a second IP address in the goal');
  // Dimensions "1080x1350": the width and the height.
  const size = DIMENSIONS.exec(source);
  if (size) {
    set(named(/width$/i), Number(size[1]), `"${size[0]}" in the goal`);
    set(named(/height$/i), Number(size[2]), `"${size[0]}" in the goal`);
  }
  // A Unix timestamp (10 digits, or 13 in milliseconds: 2001–2033) for a tool that reads them.
  const epoch = EPOCH.exec(source)?.[0];
  if (epoch)
    set(
      fields.find((f) => free(f) && /^(?:value|timestamp|epoch)$/i.test(f.name) && /timestamp|epoch|unix/.test(f.words)),
      Number(epoch),
      'a Unix timestamp in the goal',
    );
  const zone = timeZoneOf(source);
  if (zone) set(named(/^(?:time ?zone|tz)$/i, 'string'), zone.zone, `"${zone.written}" in the goal`);
  // A run of base64 for a base64 tool: "decode aGVsbG8gd29ybGQ=".
  const blob = /base64/i.test(item.title) ? BASE64_RUN.exec(source)?.[0] : undefined;
  if (blob) set(named(/^(?:text|input|data|value)$/i, 'string'), blob, 'base64 in the goal');
  // Percent-encoded text (RFC 3986 escapes) for a URL-encoding tool: "decode %E2%9C%93%20done".
  const escaped = /url/i.test(item.title) ? PERCENT_ENCODED.exec(source)?.[0] : undefined;
  if (escaped) set(named(/^(?:text|input|data|value)$/i, 'string'), escaped, 'percent-encoded text in the goal');
  // An ISO 8601 date (2026-03-15), or one written with its month's name ("4 July 1976", "July 4, 1976"), for a date
  // field, or the value of a timestamp tool (which would otherwise read the current time).
  const written = WRITTEN_DATE.exec(source);
  const date = ISO_DATE.exec(source)?.[0] ?? (written ? isoOfWritten(written) : undefined);
  if (date)
    set(
      fields.find((f) => free(f) && f.type === 'string' && f.enum.length === 0 && /date$|^date|^(?:from|since|start)$/i.test(f.name)) ??
        (/timestamp/i.test(item.title) ? named(/^value$/i) : undefined),
      date,
      'a date in the goal',
    );
  // Payment terms as invoices write them ("net 45", "net-60"): the terms field's own notation.
  // ("2/10 net 30": 2 % off when paid within 10 days, with it.)
  const terms = /\b(?:(\d{1,2}(?:\.\d+)?\s*%?\s*\/\s*\d{1,3})\s+)?net[\s-]?(\d{1,3})\b/i.exec(source);
  if (terms) set(named(/^terms$/i), `${terms[1] ? `${terms[1].replace(/\s+/g, '')} ` : ''}net ${terms[2]}`, `"${terms[0]}" in the goal`);
  // An A/B test written as conversions over visitors per arm ("control 120/2400 vs variant 150/2300").
  for (const arm of ['control', 'variant'] as const) {
    const written = new RegExp(`\\b${arm}\\b[^\\d/]{0,15}(\\d[\\d,]*)\\s*\\/\\s*(\\d[\\d,]*)`, 'i').exec(source);
    if (!written) continue;
    set(named(new RegExp(`^${arm}Conversions$`)), writtenNumber(written[1]!), `"${written[0].trim()}" in the goal`);
    set(named(new RegExp(`^${arm}Visitors$`)), writtenNumber(written[2]!), `"${written[0].trim()}" in the goal`);
  }
  // An A/B test written arm by arm in words ("A went to 2140 people and got 64 orders, B …", "old page: 4,000 visitors
  // 120 orders. new page: …"): each arm's visitors and conversions read from its own part of the goal.
  if (named(/^controlVisitors$/) || named(/^controlConversions$/))
    for (const [part, arm] of armsOf(source).map((text, i) => [text, i === 0 ? 'control' : 'variant'] as const)) {
      const visitors = ARM_VISITORS.exec(part);
      const conversions = ARM_CONVERSIONS.exec(part);
      const count = (m: RegExpExecArray | null) => (m ? writtenNumber((m[1] ?? m[2])!) : undefined);
      set(named(new RegExp(`^${arm}Visitors$`)), count(visitors), `"${visitors?.[0].trim()}" in the goal`);
      set(named(new RegExp(`^${arm}Conversions$`)), count(conversions), `"${conversions?.[0].trim()}" in the goal`);
    }
  // "the password Summer2024!", "domain example.org": a required text field named in the goal, and the word after it.
  for (const f of fields) {
    if (!free(f) || f.type !== 'string' || f.enum.length > 0 || !item.requires.some((g) => g.includes(f.name))) continue;
    const after = new RegExp(`\\b${spaced(f.name).toLowerCase()}\\s+(?:is\\s+|=\\s*|:\\s*)?([^\\s'"]*[\\d!@#$%^&*_][^\\s'"]*)`, 'i').exec(source);
    if (after?.[1]) set(f, after[1].replace(/[.,;?]+$/, ''), `the word after "${f.name}" in the goal`);
  }
  // A secret written without quotes: "secret devsecret", "signed with devsecret", "devsecret as the key". (Not a value
  // of another field, "signed with HS256", nor a word of the sentence, "with the secret from our vault".)
  const secret = named(/^secret$/, 'string');
  if (secret) {
    const written = SECRET_WRITTEN.map((pattern) => pattern.exec(source)?.[1]).find(
      (word) => word !== undefined && !SECRET_NOT.has(word.toLowerCase()) && !fields.some((f) => f.enum.includes(word.toLowerCase())),
    );
    if (written) set(secret, written, 'the secret written in the goal');
  }
  // ("hmac of 'msg' with key 'k1'", "a jwt with secret 'k1'": the quoted text after the field's name or another word for it.)
  for (const f of fields) {
    if (!free(f) || f.type !== 'string' || f.enum.length > 0) continue;
    const labelled = labelledQuote(f.name, source);
    if (labelled) set(f, labelled.text, `the quoted text after "${labelled.label}" in the goal`);
  }
  // "source newsletter, medium email, campaign spring": several text fields each named and followed by its value.
  const pairs = fields
    .filter((f) => free(f) && f.type === 'string' && f.enum.length === 0 && spaced(f.name).length >= 3)
    .map((f) => ({ f, value: new RegExp(`\\b${spaced(f.name).toLowerCase()}\\s*(?:=|:)?\\s+([\\w.-]+)`, 'i').exec(source)?.[1] }))
    .filter((p): p is { f: Field; value: string } => p.value !== undefined && !STOP_VALUES.has(p.value.toLowerCase()));
  if (pairs.length >= 2) for (const { f, value } of pairs) set(f, value, `the word after "${f.name}" in the goal`);
  // A password as people write one (letters, digits and a symbol: "Summer2024!") for a tool that checks one.
  const password = PASSWORD_LIKE.exec(source)?.[0];
  if (password) set(named(/^password$/i, 'string'), password, 'a password in the goal');
  const json = jsonOf(source);
  if (json !== undefined) {
    const field = named(/^json$|^data$|^object$|^value$|^input$/i);
    if (field) set(field, field.type === 'string' ? JSON.stringify(json) : json, 'JSON in the goal');
  }

  // Enum values the goal names: "sha256", "base64url", "uppercase".
  // "uppercase" / "upper case" name the value "upper" of a `case` field; so does "mayúsculas" (the lexicon's English).
  const goalTokens = new Set(
    (
      [goal, ...englishOf(goal)]
        .join(' ')
        .toLowerCase()
        .replace(/\s+case\b/g, 'case')
        .match(/[a-z0-9][a-z0-9._-]*/g) ?? []
    ).flatMap((w) => {
      const bare = w.replace(/[-_.]/g, '');
      // ("uuidv7": a version written onto the name.)
      const version = /^[a-z]{3,}(v\d{1,2})$/.exec(bare)?.[1];
      return [w, bare, bare.replace(/(?<=\w{3})(?:case|d|ed|s)$/, ''), ...(version ? [version] : [])];
    }),
  );
  // ("colours": the British spelling of the values' "color".)
  for (const token of [...goalTokens]) if (token.startsWith('colour')) goalTokens.add(token.replace('colour', 'color'));
  // A value of several words is named by all of them, in any order: "hex colours" names "hex-color", "iso dates" "date-iso".
  const namesAllParts = (e: string): boolean => {
    const parts = e.split(/[-_]/);
    return parts.length >= 2 && parts.every((p) => p.length >= 2) && parts.every((p) => goalTokens.has(p));
  };
  for (const f of fields) {
    if (!free(f) || f.enum.length === 0) continue;
    // (A value another field already holds is that field's: "2000 kcal a day … in kJ" converts from kcal, to kJ.)
    const hit = f.enum.find(
      // (Two characters only as a code, "v7" or "a4": "no", "on" and the like are words.)
      (e) =>
        (e.length >= 3 || CODE.test(e)) &&
        !ENUM_NOISE.has(e) &&
        !text.used?.has(e.toLowerCase()) &&
        (goalTokens.has(e) || goalTokens.has(e.replace(/[-_.]/g, '')) || namesAllParts(e)),
    );
    // (The period of an amount is not the one it is converted to: "52000 per year to hourly" is a year's amount.)
    const asked = hit !== undefined && /period/i.test(f.name) && new RegExp(`\\b(?:to|into)\\s+(?:an?\\s+)?${hit}\\b`, 'i').test(goal);
    if (hit && !asked) set(f, hit, `"${hit}" in the goal`);
    else {
      const [named] = choicesNamed(f, goal).filter((c) => c.offered);
      if (named) set(f, named.value, `"${named.text}" in the goal`);
      const alias = ENUM_ALIASES.find((a) => f.enum.includes(a.value) && (!a.field || a.field.test(f.name)) && a.written.test(goal));
      if (alias) set(f, alias.value, `"${alias.written.exec(goal)?.[0].trim()}" in the goal`);
    }
  }

  // A list of named amounts: "materials 4, labour 6, packaging 1".
  const list = fields.find((f) => free(f) && f.amounts);
  const items = list ? namedAmounts(source) : [];
  if (list?.amounts && items.length > 0) {
    const { label, amount } = list.amounts;
    set(
      list,
      items.map((item) => ({ [label]: item.label, [amount]: item.amount })),
      items.map((item) => `"${item.raw}"`).join(', ') + ' in the goal',
    );
  }

  // Numbers: beside a word of the field's name ("cost is 12.50", "35% margin"), else by kind (a percent
  // for a rate, money for an amount), else the only number for the only numeric field.
  const numeric = fields.filter((f) => free(f) && (f.type === 'number' || f.type === 'integer'));
  if (numeric.length > 0) {
    // ("404 links", "500 errors": a status code naming what to look for, not a count.)
    const numbers = numbersOf(source.replace(JWT, ' ').replace(HEX_COLOUR, ' ').replace(STATUS_NAMING, ' '));
    const used = new Set<NumberMention>();
    const lower = source.toLowerCase();
    // (Not "per" of "hoursPerWeek": "52000 per year" is no number of hours.)
    const nameWordsOf = (f: Field): string[] =>
      spaced(f.name)
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length >= 3 && w !== 'per');
    const singular = (w: string): string => w.replace(/s$/, '');
    // A word of several fields' names ("cost" of fixedCosts and variableCostPerUnit) says less than one of a single
    // field's ("fixed", "rent"): each field first takes a number beside its own words, then beside the shared ones.
    const shared = new Set(
      numeric.flatMap((f, i) => nameWordsOf(f).filter((w) => numeric.some((g, j) => j !== i && nameWordsOf(g).some((v) => singular(v) === singular(w))))),
    );
    for (const pass of ['own', 'shared'] as const) {
      for (const f of numeric) {
        if (!free(f)) continue;
        const own = nameWordsOf(f).filter((w) => pass === 'shared' || !shared.has(w));
        const nameWords = own.flatMap((w) => [w, ...(MONEY_VERBS[w] ?? [])]);
        const verbs = own.flatMap((w) => MONEY_VERBS[w] ?? []);
        if (nameWords.length === 0) continue;
        // (A percentage field takes no sum: "hourly rate for 60000 a year" gives no tax rate of 60000.)
        const percentage = PERCENT_WORDS.test(spaced(f.name).toLowerCase()) && /percent|%/.test(f.words);
        const near = numbers.find((n) => {
          if (used.has(n) || (percentage && !n.percent && n.value > 100)) return false;
          const before = lower.slice(Math.max(0, n.at - 22), n.at);
          const after = lower.slice(n.end, n.end + 18);
          // ("they cost me 2.70", "I buy mugs wholesale at 4.20", "sell them on Etsy for 12": a verb, what it is done to, the price.)
          const sentence = lower.slice(Math.max(0, n.at - 40), n.at);
          return (
            nameWords.some(
              (w) => new RegExp(`\\b${w}\\w*\\s*(?:is|was|of|=|:|at|to|for)?\\s*$`).test(before) || new RegExp(`^\\s*(?:in\\s+)?${w}`).test(after),
            ) ||
            (nameWords.includes('cost') && /\bcosts?\s+(?:me|us)\s*$/.test(before)) ||
            verbs.some((w) => new RegExp(`\\b${w}(?:s|ing)?(?:\\s+[a-z]+){1,3}\\s+(?:at|for)\\s*$`).test(sentence))
          );
        });
        if (near) {
          used.add(near);
          set(f, near.value, `"${near.raw}" in the goal`);
        }
      }
    }
    // "10 uuids", "24 character password": a whole number before a plural noun is a count, before
    // "characters"/"chars"/"digits" a length. So is one before the thing the tool makes, named in its title ("3 uuid
    // v7"), or before a word and a plural noun ("10 strong passwords", "5 uuidv4 ids").
    const made = new Set(item.title.toLowerCase().match(/[a-z]{3,}/g) ?? []);
    for (const n of numbers) {
      if (used.has(n) || n.percent || n.currency || !Number.isInteger(n.value)) continue;
      // ("5 time-ordered UUIDs", "50 time-ordered v7 uuids": a plural noun a word or two on.)
      const [, next = '', second = '', third = ''] =
        /^\s*(?:-\s*)?(\p{L}[\p{L}\d-]*)(?:\s+\(?(\p{L}[\p{L}\d]*)\)?)?(?:\s+(\p{L}+))?/iu.exec(source.slice(n.end))?.map((w) => w?.toLowerCase()) ?? [];
      const plural = (w: string): boolean => /\w{2,}s$/.test(w) && !/^(?:times|years|months|weeks|days|hours|minutes|seconds|was|is|has|does)$/.test(w);
      // (Characters in the lexicon's languages too: "16 karakter", "18 tekens", "20 Zeichen".)
      const f = /^(?:char(?:acter)?s?|digits?|letters?|caracteres|caratteri|tekens|zeichen|tecken|znak(?:i|ow|ów)|karakter|znaku|znaků)$/.test(next)
        ? numeric.find((x) => free(x) && /^(?:length|size)$/i.test(x.name))
        : plural(next) || made.has(next) || plural(second) || (/-/.test(next) && plural(third))
          ? numeric.find((x) => free(x) && /^count$/i.test(x.name))
          : undefined;
      if (f) set(f, n.value, `"${n.raw} ${next}" in the goal`), used.add(n);
    }
    const rest = numbers.filter((n) => !used.has(n));
    for (const n of rest.filter((x) => x.percent)) {
      // A field named for a percentage ("rate", "margin") before one whose description merely mentions one
      // ("amount: gross amount incl. VAT").
      const f =
        numeric.find((x) => free(x) && PERCENT_WORDS.test(spaced(x.name).toLowerCase())) ??
        numeric.find((x) => free(x) && PERCENT_WORDS.test(x.words) && !MONEY_WORDS.test(x.name.toLowerCase()));
      if (f) set(f, n.value, `"${n.raw}" in the goal`), used.add(n);
    }
    for (const n of rest.filter((x) => !used.has(x) && !x.percent)) {
      const f = numeric.find((x) => free(x) && MONEY_WORDS.test(x.name.toLowerCase()));
      if (f && (n.currency || item.requires.some((g) => g.includes(f.name)))) set(f, n.value, `"${n.raw}" in the goal`), used.add(n);
    }
    const left = numbers.filter((n) => !used.has(n));
    // "300 CAD to JPY at 110.5", "1 usd = 151.3 jpy": besides the amount converted, the number given is the rate.
    const rateField = currencyFieldsOf(item).length > 0 ? named(/^rate$/i) : undefined;
    if (rateField) {
      const perOne = /\b1\s*\S{1,4}\s*=\s*(\d+(?:\.\d+)?)/.exec(source);
      const amount = currencyConversionOf(source)?.amount;
      const others = left.filter((n) => !n.percent && n.value !== amount);
      if (perOne?.[1]) set(rateField, Number(perOne[1]), `"${perOne[0]}" in the goal`);
      else if (others.length === 1) set(rateField, others[0]!.value, `"${others[0]!.raw}" in the goal`);
    }
    const open = numeric.filter((f) => free(f) && item.requires.some((g) => g.includes(f.name)));
    if (left.length === 1 && open.length === 1) set(open[0], left[0]!.value, `"${left[0]!.raw}" in the goal`);
    // "€1,190", "1,250.75 dollars", "in pounds sterling": the currency of the money.
    const currencyField = named(/^currency$/i, 'string');
    const money = numbers.find((n) => n.currency);
    const written = money?.currency ?? currencyConversionOf(source)?.from;
    if (written) set(currencyField, written, money ? `"${money.raw}" in the goal` : 'a currency in the goal');
  }

  // The operand of a text operation: a quoted phrase was already taken; else "sha256 of hello world".
  if (text.quoted.length === 0) {
    const stated = operandOf(source.trim());
    const afterName = stated === undefined ? afterNamingWords(item, source) : undefined;
    const asked = stated === undefined && afterName === undefined ? afterQuestion(source) : undefined;
    let operand = stated ?? afterName ?? asked;
    // ("test regex ^a.*z$ against abcz": the pattern, then the text it is tried on.)
    const tried = operand !== undefined ? /^(\S+)\s+(?:against|on)\s+(.+)$/.exec(operand) : null;
    const triedPattern = tried && /[\^$*+?\\[\]|]/.test(tried[1]!) ? named(/^(?:pattern|regex)$/i, 'string') : undefined;
    if (tried && triedPattern) {
      set(triedPattern, tried[1], `the pattern before "${/\bagainst\b/.test(operand!) ? 'against' : 'on'}" in the goal`);
      operand = tried[2];
    }
    // ("what does this regex do: ^\d{3}-\d{4}$": a regular expression is the pattern, not the text it is tried on.)
    const pattern = operand !== undefined && REGEX_LIKE.test(operand) ? named(/^(?:pattern|regex)$/i, 'string') : undefined;
    // (In the order of `names`: a workflow taking a page's HTML or a text gets the text.)
    const required = (names: string[]): Field | undefined =>
      names
        .map((name) => fields.find((f) => f.name === name && free(f) && f.type === 'string' && item.requires.some((g) => g.includes(f.name))))
        .find((f) => f !== undefined);
    // ("optimize my youtube title: how i cook rice": after a colon, the title, headline or subject the words before it name.)
    const before = /^([^:{}[\]"'<]{2,60}):\s/.exec(source.trim())?.[1]?.toLowerCase();
    const afterColon = before ? required(NAMED_TEXT_FIELDS.filter((name) => new RegExp(`\\b${name}\\b`).test(before))) : undefined;
    const field = pattern ?? required(TEXT_FIELDS) ?? afterColon;
    // (A User-Agent is a product and its version, "sqlmap/1.7.2#stable (https://sqlmap.org)", with the URL it names;
    // markup keeps the URLs of its links, '<a href="https://a.com">'.)
    const raw =
      field?.name === 'userAgent' || (field && /^(?:html|xml|markdown)$/.test(field.name) && stated !== undefined) ? operandOf(goal.trim()) : undefined;
    const value = field?.name === 'userAgent' ? (raw && /\/\d/.test(raw) ? raw : undefined) : (raw ?? operand);
    if (field && value)
      set(field, value, afterName !== undefined ? AFTER_NAMING_WORDS : asked !== undefined ? AFTER_QUESTION : 'the text after "of"/":" in the goal');
  }
  return out;
}

/**
 * Choices goals name in other words: an amount "incl. VAT" (or gross, brutto, TTC, inclusief, včetně) is `inclusive`; "b64
 * -d", "atob" and "back to text" decode, "btoa" encodes.
 */
const ENUM_ALIASES: Array<{ value: string; written: RegExp; field?: RegExp }> = [
  {
    value: 'inclusive',
    written: /\b(?:incl(?:uding|usive|\.)?|inkl(?:usive|\.)?|inclusief|inclusa|incluid[oa]|gross|brutto|ttc|včetně)\b|\bz\s+(?:vat|dph)\b/i,
  },
  { value: 'decode', written: /(?:^|\s)-d\b|\batob\b|\bback\s+(?:in)?to\s+(?:plain\s+)?text\b|\bto\s+plain\s+text\b/i },
  { value: 'encode', written: /\bbtoa\b/i },
  // An amount per period ("25 an hour", "900/week"): the period of that amount (not how often a schedule runs).
  { value: 'hourly', written: /\d\s*(?:an|a|per|\/)\s*(?:hour|hr)\b/i, field: /period/i },
  { value: 'daily', written: /\d\s*(?:a|per|\/)\s*day\b/i, field: /period/i },
  { value: 'weekly', written: /\d\s*(?:a|per|\/)\s*(?:week|wk)\b/i, field: /period/i },
  { value: 'monthly', written: /\d\s*(?:a|per|\/)\s*(?:month|mo)\b/i, field: /period/i },
];

/** IANA zones by their city, lower-case ("new york" → America/New_York). */
const ZONES_BY_CITY = new Map(
  Intl.supportedValuesOf('timeZone').map((zone) => [(zone.split('/').at(-1) ?? zone).replace(/_/g, ' ').toLowerCase(), zone] as const),
);
const IANA_ZONE = /\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z_]+(?:\/[A-Za-z_]+)?\b|\bUTC\b/;

/** A time zone the goal names: an IANA name ("Europe/Berlin"), or a zone's city after "in" or before "time" ("in Lisbon"). */
function timeZoneOf(goal: string): { zone: string; written: string } | undefined {
  const literal = IANA_ZONE.exec(goal)?.[0];
  if (literal && Intl.supportedValuesOf('timeZone').includes(literal)) return { zone: literal, written: literal };
  if (literal === 'UTC') return { zone: 'UTC', written: literal };
  for (const match of goal.matchAll(/\b(?:in|for|at)\s+((?:\p{L}+\s?){1,3})|((?:\p{L}+\s){1,3})time\b/giu)) {
    const words = (match[1] ?? match[2] ?? '').trim().toLowerCase().split(/\s+/);
    // The longest run of words from the start that names a zone's city: "in new york time" → new york.
    for (let n = words.length; n > 0; n--) {
      const city = words.slice(match[1] ? 0 : words.length - n, match[1] ? n : words.length).join(' ');
      const zone = city.length >= 4 ? ZONES_BY_CITY.get(city) : undefined;
      if (zone) return { zone, written: city };
    }
  }
  return undefined;
}

/** Enum values that are ordinary words of a goal rather than a choice ("auto", "all", "text"). */
const ENUM_NOISE = new Set(['auto', 'all', 'none', 'text', 'the', 'and', 'any', 'default', 'yes', 'true', 'false', 'json', 'html', 'url', 'file']);

/** The first {…} or […] in the goal that is valid JSON. */
function jsonOf(text: string): unknown {
  for (let start = text.search(/[{[]/); start >= 0; start = nextOpen(text, start + 1)) {
    const open = text[start]!;
    const close = open === '{' ? '}' : ']';
    for (let end = text.lastIndexOf(close); end > start; end = text.lastIndexOf(close, end - 1)) {
      try {
        const value: unknown = JSON.parse(text.slice(start, end + 1));
        if (typeof value === 'object' && value !== null) return value;
      } catch {
        // not JSON up to this bracket: try a shorter slice
      }
    }
  }
  return undefined;
}

function nextOpen(text: string, from: number): number {
  const rest = text.slice(from).search(/[{[]/);
  return rest < 0 ? -1 : from + rest;
}
