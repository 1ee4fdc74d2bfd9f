import type { CatalogItem } from './catalog.ts';
import { currencyConversionOf } from './goal-currencies.ts';
import {
  BASE64_RUN,
  currencyFieldsOf,
  fitsCodeField,
  FUNCTIONAL_COLOUR,
  labelledQuotes,
  PERCENT_ENCODED,
  urlTextFieldOf,
  valuesFromGoal,
  writtenNumber,
  type Extracted,
} from './goal-values.ts';
import { requestInJson } from './json-request.ts';
import { withEnglishUnits } from './lexicon.ts';
import { remembered } from './text.ts';

/**
 * Inputs of a goal: what the caller gave in `input`, completed from the goal text (a URL or domain, a
 * quoted phrase), and checked against what the target needs.
 */
export interface GoalFacts {
  urls: string[];
  /** Bare domains named in the goal (example.com), as given. */
  domains: string[];
  /** Phrases in quotes. */
  quoted: string[];
}

const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>()\]]+/gi;
const DOMAIN_PATTERN = /(?<![@\w.-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?::\d{2,5})?(\/[^\s"'<>()]*)?/gi;
// An apostrophe right after a letter ("google's", "we're") opens no quote, and one between letters closes none ('Why
// Britain's Dairy Farms Quit'); an attribute's value in a tag ('<a href="…">') is part of its markup.
const QUOTED_PATTERN = /(?<!<[^<>]*=)"([^"]{1,2000})"|“([^”]{1,2000})”|(?<![a-z0-9])'((?:[^']|(?<=[a-z])'(?=[a-z])){2,2000})'(?![a-z])/gi;
/** File extensions that look like top-level domains in "resume.pdf" or "data.json". */
const NOT_TLDS = new Set([
  'pdf',
  'json',
  'csv',
  'docx',
  'doc',
  'txt',
  'md',
  'html',
  'htm',
  'xml',
  'yaml',
  'yml',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'zip',
  'ts',
  'js',
  'css',
  'py',
  'go',
  'rs',
  'sql',
  'xls',
  'xlsx',
  'odt',
  'rtf',
  'epub',
  'mp4',
  'mp3',
  'wav',
  'tar',
  'gz',
  'env',
  'pptx',
  'ppt',
  'odp',
  'ods',
  'mobi',
  'azw',
  'azw3',
  'fb2',
  'heic',
  'heif',
  'avif',
  'tif',
  'tiff',
  'bmp',
  'rar',
  '7z',
  'bz2',
  'tgz',
  'srt',
  'vtt',
  'ini',
  'toml',
  'log',
  'lock',
  'eg',
  'ie',
  'etc',
  'vs',
]);

/** A domain as a voice says it: "example dot com" is example.com. */
const SPOKEN_DOMAIN = /\b([a-z0-9][a-z0-9-]*)\s+dot\s+(com|org|net|io|co|dev|app|uk|de|fr|es|it|nl|eu|ca|au|in)\b/gi;

export function factsOf(goal: string): GoalFacts {
  const urls = [...goal.matchAll(URL_PATTERN)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
  const withoutUrls = goal.replace(URL_PATTERN, ' ').replace(SPOKEN_DOMAIN, '$1.$2');
  const domains: string[] = [];
  for (const match of withoutUrls.matchAll(DOMAIN_PATTERN)) {
    const host = (match[1] ?? '').toLowerCase();
    const tld = host.slice(host.lastIndexOf('.') + 1);
    if (NOT_TLDS.has(tld) || /^\d+(\.\d+)+$/.test(host)) continue;
    domains.push(`${host}${(match[2] ?? '').replace(/[.,;:!?]+$/, '')}`);
  }
  const quoted = [...goal.matchAll(QUOTED_PATTERN)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim()).filter(Boolean);
  return { urls, domains, quoted };
}

/**
 * The goal as the router searches it: URLs, domains, quoted text and pasted data removed (a JSON body's
 * keys or a CSS rule's properties say nothing about the task), and a word for the kind of each pasted
 * value added instead — "decode this: SGVsbG8=" searches as "decode this base64". `robots.txt` stays.
 */
export const searchableGoal = remembered(readSearchable);

function readSearchable(goal: string): string {
  // A URL is the page to work on, not words of the task; but a tagged URL says what it is ("…?utm_source=…"), and
  // so does a well-known file's ("…/sitemap.xml", "…/robots.txt"). ("What sort of stuff": a kind, no sorting.)
  const asked = goal
    .replace(URL_PATTERN, (url: string) => kindOfUrl(url))
    .replace(SPOKEN_DOMAIN, '$1.$2')
    .replace(KIND_OF, '$1 kind of');
  const text = withValueKinds(withoutPurpose(asked)).replace(DOMAIN_PATTERN, (match: string, host: string) =>
    NOT_TLDS.has(host.slice(host.lastIndexOf('.') + 1).toLowerCase()) ? match : ' ',
  );
  // A quoted message that holds the request, with next to nothing around it ('Support ticket: "I need the net amount
  // without the 20% VAT"'), is read; a quoted value beside a request is not.
  let message = false;
  const outside = text.replace(QUOTED_PATTERN, (quoted: string) => {
    message ||= quoted.split(/\s+/).length >= MESSAGE_WORDS;
    return ' ';
  });
  if (message && (outside.match(/\p{L}{3,}/gu) ?? []).length < ASKED_OUTSIDE) return text.replace(/["“”]/g, ' ').trim();
  return outside.trim();
}

/** "What sort of …", "any sort of …": a kind of thing, not sorting. */
const KIND_OF = /\b(what|which|any|some|all|this|that|these|those|a|the)\s+sorts?\s+of\b/gi;

/** Words (of three letters or more) outside the quotes of a goal that make it a request of its own. */
const ASKED_OUTSIDE = 3;
/** Words of a quoted message (not a quoted value). */
const MESSAGE_WORDS = 6;

/** Files sites publish at known paths, named by their words. */
const WELL_KNOWN_FILE =
  /\/(sitemap[\w-]*\.xml|robots\.txt|llms(?:-full)?\.txt|security\.txt|(?:app-)?ads\.txt|(?:site\.)?webmanifest|manifest\.json|favicon\.ico)(?:[?#]|$)/i;

function kindOfUrl(url: string): string {
  if (/[?&](?:utm_[a-z_]+|gclid|fbclid|msclkid)=/i.test(url)) return ' utm parameters ';
  const file = WELL_KNOWN_FILE.exec(url);
  return file ? ` ${file[1]!.replace(/[-.]/g, ' ')} ` : ' ';
}

/**
 * "shrink this photo so I can email it": the clause after "so (that) I can", "in order to", "because"
 * says why, not what to do; its words would only pull in tools for the reason. But after a statement of what is
 * wrong ("the padlock complains because fonts load over plain http") a "because" clause is the thing to look into.
 */
export function withoutPurpose(goal: string): string {
  return goal.replace(
    /\s*[,;]?\s*\b(?:so\s+(?:that\s+)?(?:i|we|you|they|it|people|users|customers)\s+(?:can|could|will|may|might)|in\s+order\s+to|because|since\s+(?:i|we|my|our))\b[^,;.?!]*/gi,
    (clause: string, at: number) => {
      const sentence = goal
        .slice(0, at)
        .split(/[.?!\n]/)
        .at(-1)!;
      return /^\s*[,;]?\s*because\b/i.test(clause) && STATEMENT.test(sentence) ? clause : ' ';
    },
  );
}

/** The opening of a sentence that tells what happens ("the padlock complains", "my emails bounce"), not what to do. */
const STATEMENT = /^\s*(?:the|my|our|your|their|its?|this|that|these|those|people|users|customers|visitors|google|chrome|safari|firefox|browsers?)\b/i;

/** The goal with each pasted value replaced by the word for its kind, in place ("convert {…} to xml" -> "convert json to xml"). */
export const withValueKinds = remembered(readValueKinds);

function readValueKinds(goal: string): string {
  let text = goal;
  const take = (pattern: RegExp, kind: string): void => {
    text = text.replace(pattern, ` ${kind} `);
  };
  take(/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, 'jwt');
  // JavaScript ("const cfg = {…}; export function get() {…}") up to the end of its line, before the JSON its literals
  // may hold ("[2, 3]").
  take(/(?<!["'])\b(?:(?:const|let|var)\s+[\w$]+\s*=(?!=)|export\s+(?:default|function|const|class)\b|function\s+[\w$]+\s*\()[^\n]*/g, 'javascript');
  const json = pastedJson(text);
  // (A call written as JSON, {"action": "slugify", …}, is the request, not JSON data.)
  if (json) text = text.replace(json, ` ${requestInJson(json) ?? 'json'} `);
  take(/<\?xml[\s\S]*$/gi, 'xml');
  // CSS rules: `selector { property: value; … }` (no quotes or brackets of JSON inside).
  take(/(?:[.#]?[a-z][\w-]*\s*)?\{\s*[a-z-]+\s*:[^{}"[\]]*\}/gi, 'css');
  // Markup: HTML when its first tag is an HTML element, XML otherwise.
  text = text.replace(/<([a-z][a-z0-9]*)\b[^>]*>[\s\S]*?<\/\1>|<([a-z][a-z0-9]*)(?:\s[^>]*)?\/?>/gi, (_m, a?: string, b?: string) =>
    HTML_TAGS.has((a ?? b ?? '').toLowerCase()) ? ' html ' : ' xml ',
  );
  // Colours only lose their digits: the words around them already say what the goal does with them.
  text = text.replace(/(?<![\w&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3})\b/gi, ' ');
  // ("rgb(255, 0, 0) to hex": the notation's name stays, a word for what it is comes in place of its figures.)
  text = text.replace(new RegExp(FUNCTIONAL_COLOUR.source, 'gi'), (notation: string) => ` ${notation.slice(0, notation.indexOf('('))} color `);
  // A run of base64 (mixed case and digits, 12+ characters, optional padding) that is not a word.
  take(new RegExp(BASE64_RUN.source, 'g'), 'base64');
  take(/\b[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi, 'email');
  // Percent-encoded text (RFC 3986 escapes: "%E2%9C%93%20done") and a browser's User-Agent string.
  take(new RegExp(PERCENT_ENCODED.source, 'gi'), 'url encoded');
  take(/\bMozilla\/\d\.\d\s*\([^)]*\)[^\n]*/g, 'user agent');
  // (A crawler's or a tool's: a product, its version and a comment, "sqlmap/1.7.2#stable (https://sqlmap.org)".)
  take(/\b[a-z][\w-]*\/\d+(?:\.\d+)+[^\s(]*\s*\([^)]*\)/gi, 'user agent');
  // SQL ("select a.id, count(b.id) as n from a join b …") up to the end of its line, an ISO 8601 date-time, a running pace.
  take(
    /\b(?:select\s+(?:\*|(?:[\w.]+(?:\([^)]*\))?(?:\s+as\s+\w+)?\s*,\s*)*[\w.]+(?:\([^)]*\))?(?:\s+as\s+\w+)?)\s+from\s+\w+|insert\s+into\s+\w+|delete\s+from\s+\w+|create\s+table\s+\w+)[^\n]*/gi,
    'sql',
  );
  take(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?![\w:])/g, 'timestamp');
  take(/\b\d{1,2}:\d{2}\s*(?:min(?:utes)?\s*)?(?:\/|per)\s*(?=(?:mile|mi|km|kilomet(?:re|er))\b)/gi, 'pace per');
  return text;
}

const HTML_TAGS = new Set(
  'html head body title meta link script style div span p a img ul ol li table tr td th h1 h2 h3 h4 h5 h6 br hr section article nav header footer main aside form input button label select option textarea strong em b i iframe video audio source picture figure'.split(
    ' ',
  ),
);

/** The first {…} or […] of the text that parses as JSON with at least one key or item. */
export function pastedJson(text: string): string | undefined {
  for (let start = text.search(/[{[]/); start >= 0; ) {
    const close = text[start] === '{' ? '}' : ']';
    for (let end = text.lastIndexOf(close); end > start; end = text.lastIndexOf(close, end - 1)) {
      const slice = text.slice(start, end + 1);
      try {
        const value: unknown = JSON.parse(slice);
        if (typeof value === 'object' && value !== null && Object.keys(value).length > 0) return slice;
      } catch {
        // not JSON up to this bracket
      }
    }
    const next = text.slice(start + 1).search(/[{[]/);
    start = next < 0 ? -1 : start + 1 + next;
  }
  return undefined;
}

/** Fields a quoted phrase may fill, in order of preference. */
const QUOTE_FIELDS = [
  'text',
  // ("the difference between 'cat sat' and 'cat sits'": two texts to compare, in the order given.)
  'text1',
  'text2',
  'keyword',
  'keywords',
  'subject',
  'description',
  'title',
  'expression',
  'pattern',
  'password',
  'token',
  'userAgent',
  'color',
  'address',
  'yaml',
  'json',
  'sql',
  'html',
  'css',
  'code',
  'xml',
  'policy',
  'topic',
  'product',
];

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function hostOf(value: string): string | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The input a run of `item` gets: `given` first (never overwritten), then what the goal names — the first
 * URL for `url`, all of them for `urls`, the first two for `beforeUrl`/`afterUrl`, the domain for `domain`,
 * a quoted phrase for the first text field the target takes, then the typed values of goal-values.ts.
 */
export function resolveInput(item: CatalogItem, goal: string, given: Record<string, unknown>): Record<string, unknown> {
  return resolveInputFrom(item, goal, given).input;
}

/** What the goal gives a run, by item, for the last goals read with nothing given: routing weighs a candidate's values several times. */
const resolved = new WeakMap<CatalogItem, (goal: string) => ResolvedInput>();

interface ResolvedInput {
  input: Record<string, unknown>;
  extracted: Record<string, Extracted>;
}

/** resolveInput, with where each field taken from the goal came from (the plan's `extractedInput`). */
export function resolveInputFrom(item: CatalogItem, goal: string, given: Record<string, unknown>): ResolvedInput {
  if (Object.keys(given).length > 0) return readInput(item, goal, given);
  let read = resolved.get(item);
  if (!read) resolved.set(item, (read = remembered((text) => readInput(item, text, {}), 50)));
  const found = read(goal);
  // (Copies: callers add to the input they get.)
  return { input: { ...found.input }, extracted: { ...found.extracted } };
}

function readInput(item: CatalogItem, goal: string, given: Record<string, unknown>): ResolvedInput {
  const input: Record<string, unknown> = { ...given };
  const extracted: Record<string, Extracted> = {};
  // Quotes inside pasted JSON (or anything in braces) are the data's own, not a phrase of the goal.
  const json = pastedJson(goal);
  const facts = factsOf((json ? goal.replace(json, ' ') : goal).replace(/\{[^{}]*\}/g, ' '));
  const pages = [...facts.urls, ...facts.domains];
  const takes = (field: string): boolean => item.fields.includes(field);
  const fill = (field: string, value: unknown, from = 'a URL or domain in the goal'): void => {
    if (takes(field) && !present(input[field]) && present(value)) {
      input[field] = value;
      extracted[field] = { value, from };
    }
  };
  if (takes('urls') && pages.length > 0 && !present(input.urls)) {
    if (!(takes('url') && pages.length === 1)) fill('urls', pages, 'the URLs in the goal');
  }
  fill('url', pages[0]);
  fill('beforeUrl', pages[0]);
  fill('afterUrl', pages[1]);
  fill('url1', pages[0]);
  fill('url2', pages[1]);
  if (takes('domain') && !present(input.domain) && !present(input.url) && pages[0]) fill('domain', hostOf(pages[0]));
  // "a QR code for https://…": the text a tool without a url field encodes.
  const urlText = urlTextFieldOf(item);
  if (urlText && facts.urls.length === 1) fill(urlText, facts.urls[0]);
  // "convert 10 km to miles", "how many minutes in 3.5 hours": {value|amount, from, to} for converters.
  const amountField = takes('value') ? 'value' : takes('amount') ? 'amount' : undefined;
  // "£250 → €", "250 GBP into euros": a currency field takes the ISO 4217 code.
  if (currencyFieldsOf(item).includes('from') && !present(input.from)) {
    const money = currencyConversionOf(goal.replace(URL_PATTERN, ' '));
    if (money && amountField && !present(input[amountField])) fill(amountField, money.amount, 'an amount of money in the goal');
    if (money) fill('from', money.from, 'a currency in the goal'), fill('to', money.to, 'a currency in the goal');
  }
  if (amountField && takes('from') && !present(input[amountField]) && !present(input.from)) {
    const quantity = quantityOf(goal);
    if (quantity) {
      fill(amountField, quantity.value, 'a quantity in the goal');
      fill('from', unitFor(item, 'from', goal, quantity.from), 'a quantity in the goal');
      // ("convierte 10 millas a kilómetros": "to" in the goal's language, when the converter takes the unit after it.)
      const to = quantity.to ?? foreignTarget(goal, (unit) => acceptsUnit(item, unit));
      if (to) fill('to', unitFor(item, 'to', goal, to), 'a quantity in the goal');
    }
  }
  // (A phrase quoted after a text field's name or another word for it, "with secret 'k1'", "with key 'k1'", is that
  // field's: goal-values.ts fills it.)
  const labelled = labelledQuotes(item, goal);
  // (A field the goal names outside its quotes first, "is this title too long? '…'", then one the tool requires.)
  const outsideQuotes = goal.replace(QUOTED_PATTERN, ' ');
  const namedOutside = (field: string): boolean => new RegExp(`\\b${field.replace(/([a-z])([A-Z])/g, '$1 $2')}\\b`, 'i').test(outsideQuotes);
  const required = (field: string): boolean => item.requires.some((group) => group.includes(field));
  for (const phrase of facts.quoted.filter((q) => !labelled.has(q))) {
    const open = QUOTE_FIELDS.filter((f) => takes(f) && !present(input[f]));
    const field = open.find(namedOutside) ?? open.find(required) ?? open[0];
    if (!field) break;
    fill(field, phrase, 'quoted text in the goal');
  }
  const taken = new Set(Object.keys(input).filter((k) => present(input[k])));
  const used = new Set(Object.values(input).flatMap((v) => (typeof v === 'string' ? [v.toLowerCase()] : [])));
  for (const [field, value] of Object.entries(valuesFromGoal(item, goal, taken, { withoutUrls: goal.replace(URL_PATTERN, ' '), quoted: facts.quoted, used }))) {
    input[field] = value.value;
    extracted[field] = value;
  }
  return { input: completeInput(item, input), extracted };
}

/** resolveInputFrom for the call itself, whose fields would refuse some values read from the goal (keepValid). */
export function callInputFrom(item: CatalogItem, goal: string, given: Record<string, unknown>): ResolvedInput {
  const resolved = resolveInputFrom(item, goal, given);
  keepValid(item, resolved.input, resolved.extracted);
  return resolved;
}

type FieldSchema = { safeParse(value: unknown): { success: boolean } };

/** The schema of one field of the item's tool (none for a workflow). */
export function fieldSchema(item: CatalogItem, field: string): FieldSchema | undefined {
  return (item.tool?.input as { shape?: Record<string, FieldSchema> } | undefined)?.shape?.[field];
}

/**
 * A value read from the goal that its field refuses would fail the call: it takes the enum's case ("HEAD" for "head")
 * or, for a fraction, the percentage's ("80% power": 0.8); otherwise it is left out, and a field the tool needs is
 * asked for ("invoice 1187" is no VAT rate), as are words where the tool takes code (fitsCodeField). Values given by the
 * caller are theirs to correct: the call says why.
 */
function keepValid(item: CatalogItem, input: Record<string, unknown>, extracted: Record<string, Extracted>): void {
  for (const [field, found] of Object.entries(extracted)) {
    const value = found.value;
    if (typeof value === 'string' && !fitsCodeField(field, value)) {
      delete input[field];
      delete extracted[field];
      continue;
    }
    const schema = fieldSchema(item, field);
    if (!schema || schema.safeParse(value).success) continue;
    const repaired = [
      ...(typeof value === 'string' ? [value.toUpperCase(), value.toLowerCase()] : []),
      ...(typeof value === 'number' && value > 1 && value <= 100 ? [value / 100] : []),
    ].find((candidate) => schema.safeParse(candidate).success);
    if (repaired === undefined) {
      delete input[field];
      delete extracted[field];
    } else {
      input[field] = repaired;
      extracted[field] = { ...found, value: repaired };
    }
  }
  // (And one the whole input refuses for what it holds: a quoted merchant is no list of expenses, "contains no amounts".)
  const whole = (item.tool?.input as FieldSchema | undefined)?.safeParse(input) as { error?: { issues: Array<{ path: PropertyKey[] }> } } | undefined;
  for (const issue of whole?.error?.issues ?? []) {
    const field = String(issue.path[0]);
    if (field in extracted) {
      delete input[field];
      delete extracted[field];
    }
  }
}

/** The one or two words right after the unit in the goal. */
export function wordsAfter(goal: string, unit: string): string[] {
  const at = goal.indexOf(unit);
  const next = at < 0 ? null : goal.slice(at + unit.length).match(/^\s+([\p{L}°-]+)(?:\s+([\p{L}°-]+))?/u);
  return [next?.[1], next?.[2]].filter((word): word is string => word !== undefined);
}

/**
 * The unit as the converter's field takes it: with the words after it when the name has several ("litres per minute",
 * "inches of mercury", "foot candles" as "foot-candles", "kilowatt hour"), cased as the goal writes it ("MHz", where
 * "mhz" could be millihertz), without a "US" the converter's units already are ("US gallons"), and a symbol without
 * the plural's "s" ("kgs").
 */
function unitFor(item: CatalogItem, field: 'from' | 'to', goal: string, unit: string): string {
  const schema = fieldSchema(item, field);
  if (!schema) return unit;
  const at = goal.toLowerCase().indexOf(unit.toLowerCase());
  const written = at < 0 ? unit : goal.slice(at, at + unit.length);
  const words = wordsAfter(goal, written);
  const longer = [words.slice(0, 2), words.slice(0, 1)].filter((after) => after.length > 0).map((after) => [written, ...after]);
  const spellings = [...longer.flatMap((parts) => [parts.join(' '), parts.join('-')]), written];
  // ("US gallons", "US cups": the converter's gallon and cup are the US ones.)
  const american = spellings.flatMap((spelling) => (/^U\.?S\.?\s+/i.test(spelling) ? [spelling.replace(/^U\.?S\.?\s+/i, '')] : []));
  // ("10 kgs": a symbol written as a plural.)
  const singular = /^\p{L}{2,}s$/u.test(written) ? [written.slice(0, -1)] : [];
  return [...spellings, ...american, ...singular].find((spelling) => schema.safeParse(spelling).success) ?? unit;
}

/** The requirement groups none of whose fields is present: `[['url'], ['source']]` -> missing url and source. */
export function missingInputs(item: CatalogItem, input: Record<string, unknown>): string[][] {
  return item.needs.filter((group) => !group.some((field) => present(input[field])));
}

export function isPresent(value: unknown): boolean {
  return present(value);
}

/** A workflow that takes both `url` and `domain` gets the one missing derived from the other. */
export function completeInput(item: CatalogItem, input: Record<string, unknown>): Record<string, unknown> {
  if (item.kind !== 'workflow' || !item.fields.includes('domain') || !item.fields.includes('url')) return input;
  const out = { ...input };
  if (!present(out.domain) && typeof out.url === 'string') {
    const host = hostOf(out.url);
    if (host) out.domain = host;
  }
  if (!present(out.url) && typeof out.domain === 'string') out.url = out.domain;
  return out;
}

const UNIT = String.raw`((?:(?:square|sq|cubic|cu|fluid|fl|nautical|us|uk|imperial|metric|light|troy|short|long|metric)\s+)?[a-zµ°][\w°µ²³/.-]*)`;
/** A number: "1,500" or "1 500" with thousands separators, "1,5" with a decimal comma, "1.299,5" both, "2.5e-3". */
const NUMBER = String.raw`(-?(?:\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?:e-?\d+)?)`;
// (An article after "as" is no unit: "1600000000000 ms as a date" names no year, the unit "a".)
const AS = String.raw`as(?!\s+an?\s+[a-z])`;
const FORWARD = new RegExp(String.raw`${NUMBER}\s*${UNIT}\s+(?:to|in|into|${AS})\s+${UNIT}`, 'i');
const BACKWARD = new RegExp(
  String.raw`how\s+(?:many|much)\s+${UNIT}\s+(?:(?:are|is|in|are\s+in|is\s+in|make|makes|equals?)\s+)+(?:a\s+|an\s+)?${NUMBER}\s*${UNIT}`,
  'i',
);
const BARE = new RegExp(String.raw`${NUMBER}\s*${UNIT}`, 'i');
// (A verb after "to" is no unit: "buyers want to know the square footage".)
const LATER_UNIT = new RegExp(
  String.raw`\b(?:in|into|to|${AS})\s+(?!(?:know|be|do|make|get|see|check|use|have|find|send|show|give|tell|fit|pay|buy|read|work|figure|understand)\b)${UNIT}`,
  'i',
);

/** A running pace ("6:05 per km", "8:30 min/mile") and the distance unit asked for after it ("… per mile"). */
const PACE =
  /\b(\d{1,2}:\d{2})\s*(?:min(?:utes)?\s*)?(?:\/|per)\s*(miles?|mi|km|kilomet(?:re|er)s?)\b(?:.*?\b(?:per|in|to|\/)\s*(miles?|mi|km|kilomet(?:re|er)s?)\b)?/i;
const paceUnit = (distance: string): string => (/^mi/i.test(distance) ? 'min/mi' : 'min/km');

/**
 * Quantities written in two units, the larger first ("5 feet 11 inches", "3h 20m", "11 stone 4"): the amount in the
 * smaller unit ("71 inches"), each pair with how many of the smaller make one of the larger.
 */
const COMPOUNDS: Array<{ pattern: RegExp; per: number; unit: string }> = [
  { pattern: /(\d+(?:\.\d+)?)\s*(?:feet|foot|ft|')\s*(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:inches|inch|in\b|")/gi, per: 12, unit: 'inches' },
  { pattern: /(\d+(?:\.\d+)?)\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:minutes?|mins?|m)\b/gi, per: 60, unit: 'minutes' },
  { pattern: /(\d+(?:\.\d+)?)\s*(?:minutes?|mins?)\s*(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:seconds?|secs?|s)\b/gi, per: 60, unit: 'seconds' },
  { pattern: /(\d+(?:\.\d+)?)\s*stones?\s*(?:and\s+)?(\d+(?:\.\d+)?)(?:\s*(?:pounds?|lbs?))?\b/gi, per: 14, unit: 'pounds' },
  { pattern: /(\d+(?:\.\d+)?)\s*(?:pounds?|lbs?)\s*(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:ounces?|oz)\b/gi, per: 16, unit: 'ounces' },
];

function inOneUnit(text: string): string {
  let out = text;
  for (const { pattern, per, unit } of COMPOUNDS)
    out = out.replace(pattern, (_, larger: string, smaller: string) => `${Math.round((Number(larger) * per + Number(smaller)) * 1e6) / 1e6} ${unit}`);
  return out;
}

/** "to" before a unit in the lexicon's languages: Spanish, French, Portuguese, Italian, Polish, Dutch, German, Indonesian, Swedish. */
const FOREIGN_FORWARD = new RegExp(String.raw`${NUMBER}\s*${UNIT}\s+(?:a|en|em|para|in|na|naar|nach|ke|till|do)\s+${UNIT}`, 'i');

/** The unit a goal converts to with a "to" of another language, if `accepted` takes it (a converter's own units only). */
function foreignTarget(goal: string, accepted: (unit: string) => boolean): string | undefined {
  const unit = FOREIGN_FORWARD.exec(withEnglishUnits(goal).replace(URL_PATTERN, ' '))?.[3]?.replace(/[.,;:!?]+$/, '');
  return unit && accepted(unit) ? unit : undefined;
}

/** Whether the converter's `to` field takes the unit as written. */
function acceptsUnit(item: CatalogItem, unit: string): boolean {
  return fieldSchema(item, 'to')?.safeParse(unit).success ?? false;
}

/** A quantity with its unit in a goal ("10 km to miles", "how many minutes are in 3.5 hours", "100 USD", "6:05 per km"). */
export function quantityOf(goal: string): { value: number | string; from: string; to?: string } | undefined {
  // ("30 degrees celsius to fahrenheit": the scale is the unit, "degrees" only says it is a temperature.)
  // ("how many cups in a liter": one of the unit.)
  const text = inOneUnit(withEnglishUnits(goal).replace(URL_PATTERN, ' '))
    .replace(/\bdeg(?:ree)?s?\s+(?=(?:celsius|centigrade|fahrenheit|kelvin|rankine)\b)/gi, '')
    .replace(/(\bhow\s+(?:many|much)\s+\S+\s+(?:are\s+|is\s+)?(?:in|make|makes)\s+)(?:a|an|one)\s+(?=[a-zµ°])/gi, '$11 ');
  const pace = PACE.exec(text);
  if (pace?.[1] && pace[2]) {
    const to = pace[3] ? paceUnit(pace[3]) : undefined;
    return { value: pace[1], from: paceUnit(pace[2]), ...(to && to !== paceUnit(pace[2]) ? { to } : {}) };
  }
  const unit = (raw: string | undefined): string => (raw ?? '').replace(/[.,;:!?]+$/, '');
  const forward = FORWARD.exec(text);
  if (forward?.[1] && forward[2] && forward[3]) return { value: writtenNumber(forward[1]), from: unit(forward[2]), to: unit(forward[3]) };
  const backward = BACKWARD.exec(text);
  if (backward?.[1] && backward[2] && backward[3]) return { value: writtenNumber(backward[2]), from: unit(backward[3]), to: unit(backward[1]) };
  const bare = BARE.exec(text);
  if (!bare?.[1] || !bare[2]) return undefined;
  // "2000 kcal a day, what is that in kJ": the unit asked for comes later in the goal.
  const asked = LATER_UNIT.exec(text.slice(bare.index + bare[0].length));
  return { value: writtenNumber(bare[1]), from: unit(bare[2]), ...(asked?.[1] ? { to: unit(asked[1]) } : {}) };
}
