import type CardValidator from 'card-validator';
import type * as Ibantools from 'ibantools';
import ipaddr from 'ipaddr.js';
import type { CountryCode } from 'libphonenumber-js/max';
import type * as Phones from 'libphonenumber-js/max';
import { lazy } from '../../../lib/lazy.ts';
import { z } from 'zod';
import { clampScore, findingSchema, scoreBreakdownSchema, scoreSchema, sortFindings, type Finding, type Severity } from '../../../lib/nlp/audit.ts';
import { detectLanguage, isConfidentlyNotEnglish } from '../../../lib/nlp/language.ts';
import { personNames } from '../../../lib/nlp/phrases.ts';

const cardValidator = lazy<typeof CardValidator>('card-validator');
const ibantools = lazy<typeof Ibantools>('ibantools');

const phones = lazy<typeof Phones>('libphonenumber-js/max');

/**
 * PII detection and scrubbing over plain text (`pii-scrub` now, `pii-scrub-file` once uploads exist).
 * Every candidate is checked, not just pattern-matched: e-mail syntax, phone numbers by Google's
 * libphonenumber metadata (libphonenumber-js "max"), card numbers by issuer range, length and the Luhn
 * checksum (card-validator), IBANs by country length, BBAN format and the ISO 7064 mod-97 check
 * (ibantools), IPs by ipaddr.js, US SSNs by the SSA's never-issued ranges, and person names by
 * compromise's English name model. Raw values never leave this module except inside the caller's own
 * text: evidence and the entity list are masked. Module-internal: no default export.
 */

export const PII_TYPES = ['email', 'phone', 'credit_card', 'iban', 'ip_address', 'ssn', 'date_of_birth', 'person_name'] as const;
export type PiiType = (typeof PII_TYPES)[number];
/** Date-of-birth detection is opt-in (it needs a "born"/"DOB" cue and still catches ordinary dates near one). */
export const DEFAULT_PII_TYPES: PiiType[] = PII_TYPES.filter((t) => t !== 'date_of_birth');
export const PLACEHOLDER_STYLES = ['typed', 'redacted', 'masked'] as const;
export type PlaceholderStyle = (typeof PLACEHOLDER_STYLES)[number];

export interface PiiOptions {
  types?: readonly PiiType[];
  placeholderStyle?: PlaceholderStyle;
  /** ISO 3166-1 alpha-2 country for phone numbers written without a +country code. */
  defaultCountry?: string;
}

const LABEL: Record<PiiType, string> = {
  email: 'EMAIL',
  phone: 'PHONE',
  credit_card: 'CREDIT_CARD',
  iban: 'IBAN',
  ip_address: 'IP_ADDRESS',
  ssn: 'SSN',
  date_of_birth: 'DATE_OF_BIRTH',
  person_name: 'PERSON',
};

const NOUN: Record<PiiType, [string, string]> = {
  email: ['e-mail address', 'e-mail addresses'],
  phone: ['phone number', 'phone numbers'],
  credit_card: ['payment card number', 'payment card numbers'],
  iban: ['IBAN', 'IBANs'],
  ip_address: ['IP address', 'IP addresses'],
  ssn: ['US Social Security number', 'US Social Security numbers'],
  date_of_birth: ['date of birth', 'dates of birth'],
  person_name: ['person name', 'person names'],
};

/** How much one kind of exposure costs the privacy score; sensitive identifiers weigh most. */
const WEIGHT: Record<PiiType, number> = {
  credit_card: 30,
  ssn: 30,
  iban: 25,
  date_of_birth: 12,
  phone: 10,
  email: 10,
  person_name: 8,
  ip_address: 5,
};

const SEVERITY: Record<PiiType, Severity> = {
  credit_card: 'high',
  ssn: 'high',
  iban: 'high',
  date_of_birth: 'medium',
  phone: 'medium',
  email: 'medium',
  person_name: 'medium',
  ip_address: 'low',
};

/** Order in which overlapping matches win: the most specific, checksum-verified kinds first. */
const PRIORITY: PiiType[] = ['email', 'iban', 'credit_card', 'ssn', 'ip_address', 'phone', 'date_of_birth', 'person_name'];

interface Span {
  type: PiiType;
  start: number;
  end: number;
  raw: string;
  /** Normalised value: the same person, number or address meets under one placeholder. */
  key: string;
  detail: string | null;
}

const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}_%+-](?:[\p{L}\p{N}._%+-]{0,62}[\p{L}\p{N}_%+-])?@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}(?![\p{L}\p{N}-]|\.\p{L})/gu;
/** A run of digit groups joined by single spaces or dashes; card numbers are looked for inside it (`findCards`). */
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;
const IBAN_START = /(?<![\p{L}\p{N}])[A-Za-z]{2}\d{2}(?=[ -]?[A-Za-z0-9])/gu;
const SSN_FORMATTED = /(?<![\d-])(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?![\d-])/g;
const SSN_CUED = /\b(?:SSN|SSN#|social security(?: number| no\.?| #)?)\s*[:#]?\s*((?!000|666|9\d\d)\d{3}(?!00)\d{2}(?!0000)\d{4})(?!\d)/gi;
const IPV4 = /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d]|\.\d)/g;
const IPV6_CANDIDATE = /(?<![\p{L}\p{N}:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\p{L}\p{N}:])/gu;
const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE = new RegExp(
  String.raw`(?<![\d/.-])(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?(?:${MONTHS})\.?,?\s+\d{4}|(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})(?![\d/.-]\d)`,
  'giu',
);
const SENTENCE_END = /[.!?]\s+(?=\p{Lu})|[\n;]/gu;
const BIRTH_CUE =
  /(?:\bD\.?O\.?B\b|date\s+of\s+birth|birth\s*date|\bborn\b|\bbirthday\b|\bgeb(?:oren|\.)|\bné(?:e)?\s+le\b|fecha\s+de\s+nacimiento|data\s+di\s+nascita)/i;

function addMatches(
  out: Span[],
  type: PiiType,
  regex: RegExp,
  text: string,
  check: (raw: string, match: RegExpMatchArray) => { key: string; detail: string | null; start?: number; raw?: string } | undefined,
): void {
  for (const match of text.matchAll(regex)) {
    const verdict = check(match[0], match);
    if (!verdict) continue;
    const raw = verdict.raw ?? match[0];
    const start = verdict.start ?? match.index;
    out.push({ type, start, end: start + raw.length, raw, key: verdict.key, detail: verdict.detail });
  }
}

function findIbans(text: string, out: Span[]): void {
  const specs = ibantools().getCountrySpecifications();
  for (const match of text.matchAll(IBAN_START)) {
    const country = match[0].slice(0, 2).toUpperCase();
    const length = specs[country]?.chars;
    if (!length) continue;
    // Walk the characters after the start, allowing single spaces or dashes as group separators.
    let count = 0;
    let i = match.index;
    let end = i;
    while (i < text.length && count < length) {
      const ch = text[i]!;
      if (/[A-Za-z0-9]/.test(ch)) {
        count++;
        i++;
        end = i;
      } else if ((ch === ' ' || ch === '-') && count >= 4 && /[A-Za-z0-9]/.test(text[i + 1] ?? '')) {
        i++;
      } else break;
    }
    if (count !== length || /[\p{L}\p{N}]/u.test(text[end] ?? '')) continue;
    const raw = text.slice(match.index, end);
    const electronic = ibantools().electronicFormatIBAN(raw.toUpperCase());
    if (!electronic || !ibantools().isValidIBAN(electronic)) continue;
    out.push({ type: 'iban', start: match.index, end, raw, key: electronic, detail: country });
  }
}

/**
 * Card numbers inside each run of digit groups ("4111 1111 1111 1111 12/26" is one run: the card, then the expiry month).
 * A card is a stretch of whole groups with 13–19 digits that card-validator accepts (issuer range, length, Luhn). It
 * may end where a space separates it from more digits, and start after one, but never inside a group or at a dash
 * ("4111111111111111-2" and "41111111111111112" are no card), nor next to a dash outside the run. The whole run is
 * tried first, as one number; a part of a run only when its groups have at least 3 digits each, as printed card
 * numbers do (4-4-4-4, 4-6-5, 4-4-4-4-3), so a list of small numbers ("4 1 1 1 …") is not searched for a card.
 * Left to right, longest first: "4111111111111111 5555555555554444" is two cards.
 */
function findCards(text: string, out: Span[]): void {
  const verdicts = new Map<string, ReturnType<typeof CardValidator.number>>();
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups = [...run[0].matchAll(/\d+/g)].map((g) => ({ start: run.index + g.index, end: run.index + g.index + g[0].length, digits: g[0] }));
    const last = groups.length - 1;
    // A card may start at group i / end at group j only where the neighbouring separator is a space (or the run's edge, not a dash).
    const canStart = (i: number): boolean => (i === 0 ? text[run.index - 1] !== '-' : text[groups[i]!.start - 1] === ' ');
    const canEnd = (j: number): boolean => (j === last ? text[groups[j]!.end] !== '-' : text[groups[j]!.end] === ' ');
    // short[k]: how many of the first k groups have fewer than 3 digits.
    const short = [0];
    for (const g of groups) short.push(short[short.length - 1]! + (g.digits.length < 3 ? 1 : 0));
    let i = 0;
    while (i <= last) {
      let found = -1;
      if (canStart(i)) {
        let length = 0;
        let end = i;
        while (end <= last && length + groups[end]!.digits.length <= 19) length += groups[end++]!.digits.length;
        for (let j = end - 1; j >= i && length >= 13; length -= groups[j--]!.digits.length) {
          if (!canEnd(j) || ((i > 0 || j < last) && short[j + 1]! > short[i]!)) continue;
          const digits = groups
            .slice(i, j + 1)
            .map((g) => g.digits)
            .join('');
          let verdict = verdicts.get(digits);
          if (!verdict) {
            verdict = cardValidator().number(digits, { luhnValidateUnionPay: true });
            verdicts.set(digits, verdict);
          }
          if (!verdict.isValid) continue;
          const start = groups[i]!.start;
          const stop = groups[j]!.end;
          out.push({ type: 'credit_card', start, end: stop, raw: text.slice(start, stop), key: digits, detail: verdict.card?.niceType ?? null });
          found = j;
          break;
        }
      }
      i = found >= 0 ? found + 1 : i + 1;
    }
  }
}

function findPhones(text: string, out: Span[], country: CountryCode): void {
  for (const found of phones().findPhoneNumbersInText(text, { defaultCountry: country })) {
    if (!found.number.isValid()) continue;
    out.push({
      type: 'phone',
      start: found.startsAt,
      end: found.endsAt,
      raw: text.slice(found.startsAt, found.endsAt),
      key: found.number.number,
      detail: found.number.country ?? null,
    });
  }
}

function findDatesOfBirth(text: string, out: Span[]): void {
  for (const match of text.matchAll(DATE)) {
    // The cue must be in the same sentence: "Born 1985. Meeting on 2024-05-01" has no birth cue for the second date.
    let before = text.slice(Math.max(0, match.index - 40), match.index);
    const sentenceEnds = [...before.matchAll(SENTENCE_END)];
    if (sentenceEnds.length > 0) before = before.slice(sentenceEnds[sentenceEnds.length - 1]!.index + sentenceEnds[sentenceEnds.length - 1]![0].length);
    if (!BIRTH_CUE.test(before)) continue;
    if (!plausibleDate(match[0])) continue;
    out.push({
      type: 'date_of_birth',
      start: match.index,
      end: match.index + match[0].length,
      raw: match[0],
      key: match[0].toLowerCase().replace(/\s+/g, ' '),
      detail: null,
    });
  }
}

function plausibleDate(raw: string): boolean {
  const numbers = raw.match(/\d+/g)?.map(Number) ?? [];
  if (/^\d{4}-/.test(raw)) return numbers[1]! >= 1 && numbers[1]! <= 12 && numbers[2]! >= 1 && numbers[2]! <= 31;
  if (/^\d{1,2}[./-]/.test(raw)) {
    const [a, b] = numbers as [number, number];
    return a >= 1 && b >= 1 && a <= 31 && b <= 31 && (a <= 12 || b <= 12);
  }
  const day = numbers.find((n) => n <= 31);
  return day !== undefined && day >= 1;
}

function detect(text: string, types: ReadonlySet<PiiType>, country: CountryCode): Span[] {
  const spans: Span[] = [];
  if (types.has('email')) addMatches(spans, 'email', EMAIL, text, (raw) => ({ key: raw.toLowerCase(), detail: null }));
  if (types.has('iban')) findIbans(text, spans);
  if (types.has('credit_card')) findCards(text, spans);
  if (types.has('ssn')) {
    addMatches(spans, 'ssn', SSN_FORMATTED, text, (raw) => ({ key: raw.replace(/\D/g, ''), detail: null }));
    addMatches(spans, 'ssn', SSN_CUED, text, (raw, match) => {
      const digits = match[1]!;
      return { key: digits, detail: null, raw: digits, start: match.index! + raw.lastIndexOf(digits) };
    });
  }
  if (types.has('ip_address')) {
    addMatches(spans, 'ip_address', IPV4, text, (raw) => ({ key: raw, detail: 'IPv4' }));
    addMatches(spans, 'ip_address', IPV6_CANDIDATE, text, (raw) => {
      if ((raw.match(/:/g)?.length ?? 0) < 2 || !ipaddr.IPv6.isValid(raw)) return undefined;
      const groups = raw.split(':').filter(Boolean).length;
      if (groups < 2) return undefined; // "::" and "::1" alone are not personal data
      return { key: ipaddr.IPv6.parse(raw).toNormalizedString(), detail: 'IPv6' };
    });
  }
  if (types.has('phone')) findPhones(text, spans, country);
  if (types.has('date_of_birth')) findDatesOfBirth(text, spans);
  if (types.has('person_name')) {
    for (const name of personNames(text)) {
      spans.push({ type: 'person_name', start: name.start, end: name.end, raw: name.text, key: name.text.toLowerCase().replace(/\s+/g, ' '), detail: null });
    }
  }
  return resolveOverlaps(spans);
}

/** Keeps the highest-priority match where matches overlap (an IBAN's digits are not also a phone number). */
function resolveOverlaps(spans: Span[]): Span[] {
  const rank = (s: Span): number => PRIORITY.indexOf(s.type);
  const ordered = [...spans].sort((a, b) => rank(a) - rank(b) || a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const span of ordered) {
    if (kept.some((k) => span.start < k.end && k.start < span.end)) continue;
    kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** A masked form that shows the kind of value and, where customary, its last digits; never the whole value. */
export function maskValue(type: PiiType, raw: string): string {
  switch (type) {
    case 'email': {
      const at = raw.lastIndexOf('@');
      const local = raw.slice(0, at);
      const domain = raw.slice(at + 1);
      const dot = domain.lastIndexOf('.');
      return `${[...local][0]}***@${[...domain][0]}***${domain.slice(dot)}`;
    }
    case 'credit_card':
    case 'ssn':
      return keepLastDigits(raw, 4);
    case 'phone':
      return keepLastDigits(raw, 2);
    case 'iban':
      return raw.slice(0, 2) + keepLastDigits(raw.slice(2), 4, /[A-Za-z0-9]/);
    case 'ip_address':
      if (raw.includes(':'))
        return raw
          .split(':')
          .map((group, i) => (i === 0 || group === '' ? group : '****'))
          .join(':');
      return `${raw.split('.')[0]}.***.***.***`;
    case 'date_of_birth':
      return raw.replace(/\d/g, '*').replace(/\p{L}+/gu, (w) => '*'.repeat(w.length));
    case 'person_name':
      return raw.replace(/(\p{L})(\p{L}*)/gu, (_, first: string, rest: string) => `${first}${'*'.repeat(rest.length)}`);
  }
}

function keepLastDigits(raw: string, keep: number, unit: RegExp = /\d/): string {
  const total = [...raw].filter((c) => unit.test(c)).length;
  let seen = 0;
  return [...raw].map((c) => (unit.test(c) ? (++seen > total - keep ? c : '*') : c)).join('');
}

export const piiResultSchema = z.object({
  text: z.string().describe('The text with every detected value replaced'),
  total: z.number().int().nonnegative().describe('Replacements made'),
  counts: z.record(z.string(), z.number().int().nonnegative()).describe('Occurrences replaced per requested type'),
  entities: z
    .array(
      z.object({
        placeholder: z.string().describe('What replaced this value (the typed placeholder, [REDACTED] or the masked form)'),
        type: z.enum(PII_TYPES),
        occurrences: z.number().int().positive(),
        masked: z.string().describe('The value masked (last digits only where customary); the raw value is never returned'),
        detail: z.string().nullable().describe('Card brand, phone country, IBAN country or IP version when known'),
      }),
    )
    .describe('Distinct values found, in order of first appearance'),
  score: scoreSchema.describe('Privacy score of the input: 100 = no personal data found; lower = more sensitive data exposed'),
  scoreBreakdown: scoreBreakdownSchema.describe('Points lost per type of personal data found (0 = none found)'),
  findings: z.array(findingSchema),
});
export type PiiResult = z.infer<typeof piiResultSchema>;

export function isPhoneCountry(code: string): boolean {
  return phones().isSupportedCountry(code);
}

/** Finds and replaces personal data in `text`. Same value, same placeholder: `[EMAIL_1]` everywhere it appears. */
export function scrubPii(text: string, options: PiiOptions = {}): PiiResult {
  const types = new Set<PiiType>(options.types && options.types.length > 0 ? options.types : DEFAULT_PII_TYPES);
  const style = options.placeholderStyle ?? 'typed';
  const country = (options.defaultCountry ?? 'US').toUpperCase();
  const spans = detect(text, types, (phones().isSupportedCountry(country) ? country : 'US') as CountryCode);

  const entities = new Map<string, { placeholder: string; type: PiiType; occurrences: number; masked: string; detail: string | null }>();
  const perType = new Map<PiiType, number>();
  let output = '';
  let cursor = 0;
  for (const span of spans) {
    const id = `${span.type}\u0000${span.key}`;
    let entity = entities.get(id);
    if (!entity) {
      const n = (perType.get(span.type) ?? 0) + 1;
      perType.set(span.type, n);
      const masked = maskValue(span.type, span.raw);
      entity = {
        placeholder: style === 'typed' ? `[${LABEL[span.type]}_${n}]` : style === 'redacted' ? '[REDACTED]' : masked,
        type: span.type,
        occurrences: 0,
        masked,
        detail: span.detail,
      };
      entities.set(id, entity);
    }
    entity.occurrences++;
    output += text.slice(cursor, span.start) + (style === 'masked' ? maskValue(span.type, span.raw) : entity.placeholder);
    cursor = span.end;
  }
  output += text.slice(cursor);

  const counts: Record<string, number> = {};
  const scoreBreakdown: Record<string, number> = {};
  const findings: Finding[] = [];
  for (const type of PII_TYPES) {
    if (!types.has(type)) continue;
    const ofType = [...entities.values()].filter((e) => e.type === type);
    const occurrences = ofType.reduce((sum, e) => sum + e.occurrences, 0);
    counts[type] = occurrences;
    const distinct = ofType.length;
    scoreBreakdown[type] = distinct === 0 ? 0 : -Math.round(WEIGHT[type] * (1 + 0.25 * Math.min(distinct - 1, 4)));
    if (distinct === 0) continue;
    const [one, many] = NOUN[type];
    const examples =
      ofType
        .slice(0, 3)
        .map((e) => e.masked)
        .join(', ') + (distinct > 3 ? `, … (${distinct - 3} more)` : '');
    findings.push({
      id: `pii.${type}`,
      severity: SEVERITY[type],
      title: `${occurrences} ${occurrences === 1 ? one : many} found${distinct !== occurrences ? ` (${distinct} distinct)` : ''}`,
      evidence: examples,
      fix:
        style === 'typed'
          ? `Replaced with ${LABEL[type]}_n placeholders in \`text\`; share the scrubbed text, and remove the values at the source where they are not needed.`
          : `Replaced in \`text\` (${style}); share the scrubbed text, and remove the values at the source where they are not needed.`,
    });
  }
  const total = spans.length;
  return {
    text: output,
    total,
    counts,
    entities: [...entities.values()],
    score: clampScore(100 + Object.values(scoreBreakdown).reduce((a, b) => a + b, 0)),
    scoreBreakdown,
    findings: sortFindings(findings),
  };
}

/**
 * What the tools run: `scrubPii` with the default types, plus a warning when person names are asked for in
 * a text that does not look English (the name model is English).
 */
export function scrubPiiForCaller(text: string, options: PiiOptions, warn: (note: string) => void): PiiResult {
  const types = options.types ?? DEFAULT_PII_TYPES;
  if (types.includes('person_name') && text.length >= 40) {
    const language = detectLanguage(text);
    if (isConfidentlyNotEnglish(language)) {
      warn(`Person names are found by an English name model and the text looks like ${language.name}: check names by eye.`);
    }
  }
  return scrubPii(text, { ...options, types });
}
