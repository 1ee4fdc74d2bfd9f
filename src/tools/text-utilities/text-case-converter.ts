import { camelCase, constantCase, kebabCase, pascalCase, snakeCase } from 'change-case';
import { z } from 'zod';
import { graphemes } from '../../lib/graphemes.ts';
import { localeField } from '../../lib/locale.ts';
import { titleCaseWords, titlecaseChar } from '../../lib/titlecase.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

const CASES = ['upper', 'lower', 'title', 'sentence', 'camel', 'pascal', 'snake', 'kebab', 'constant', 'alternating', 'inverse'] as const;
type Case = (typeof CASES)[number];

const LETTER = /\p{L}/u;
const LINE_BREAK_CHAR = /[\n\r\v\f\u0085\u2028\u2029]/u;
const TERMINATOR = /[.!?\u2026\u3002\uFF01\uFF1F]/u;
// Quotes and brackets may close a sentence after its terminator: 'He said "hi." Then…'
const CLOSING = /[\p{Pf}\p{Pe}"']/u;
// An apostrophe inside a word ("don't") would otherwise split it into two identifiers ("donT").
const INNER_APOSTROPHE = /(?<=[\p{L}\p{N}])['\u2019](?=[\p{L}\p{N}])/gu;

export default defineTool({
  module: 'text-utilities',
  slug: 'text-case-converter',
  cpu: 'large-input',
  title: 'Text case converter',
  description:
    'Converts text to another letter case: UPPER, lower, Title Case (English small-word rules), Sentence case, ' +
    'camelCase, PascalCase, snake_case, kebab-case, CONSTANT_CASE, aLtErNaTiNg or iNVERSE. Unicode-aware ' +
    '(accents, ß, Greek, Cyrillic; emoji left alone). The programming cases (camel, pascal, snake, kebab, constant) ' +
    "drop punctuation and join the words; the others keep the text as it is apart from the letters' case.",
  keywords: ['case', 'uppercase', 'lowercase', 'title case', 'sentence case', 'camelCase', 'snake_case', 'kebab-case', 'capitalize', 'all caps', 'caps'],
  input: () =>
    z.object({
      text: textField('Text to convert'),
      case: z.enum(CASES).describe(`Target case: ${CASES.join(', ')}`),
      locale: localeField('Language for case mapping, e.g. "tr" so that i becomes İ; default: language-neutral Unicode rules'),
    }),
  output: () => z.object({ text: z.string().describe('The converted text') }),
  examples: [
    { title: 'camelCase', input: { text: 'hello world', case: 'camel' }, output: { text: 'helloWorld' } },
    {
      title: 'title case keeps small words lower',
      input: { text: 'the lord of the rings', case: 'title' },
      output: { text: 'The Lord of the Rings' },
    },
    {
      title: 'sentence case',
      input: { text: 'HELLO WORLD. HOW ARE YOU?', case: 'sentence' },
      output: { text: 'Hello world. How are you?' },
    },
    { title: 'upper case of ß is SS', input: { text: 'straße', case: 'upper' }, output: { text: 'STRASSE' } },
    {
      title: 'snake_case keeps accented letters',
      input: { text: 'Crème Brûlée recipe', case: 'snake' },
      output: { text: 'crème_brûlée_recipe' },
    },
    { title: 'alternating', input: { text: 'hello world', case: 'alternating' }, output: { text: 'hElLo WoRlD' } },
    { title: 'inverse leaves emoji alone', input: { text: 'Hello 👋 World', case: 'inverse' }, output: { text: 'hELLO 👋 wORLD' } },
  ],
  run: ({ text, case: target, locale }) => ({ text: convertCase(text, target, locale) }),
});

function convertCase(text: string, target: Case, locale: string | undefined): string {
  const upper = (s: string): string => (locale ? s.toLocaleUpperCase(locale) : s.toUpperCase());
  const lower = (s: string): string => (locale ? s.toLocaleLowerCase(locale) : s.toLowerCase());
  const words = (): string => text.replace(INNER_APOSTROPHE, '');
  const options = { locale: locale ?? false } as const;
  switch (target) {
    case 'upper':
      return upper(text);
    case 'lower':
      return lower(text);
    case 'title':
      // Lower first so "HELLO WORLD" becomes "Hello World"; title-case leaves all-caps words alone.
      return titleCaseWords(lower(text), locale);
    case 'sentence':
      return sentenceCase(lower(text), (ch) => titlecaseChar(ch, locale));
    case 'camel':
      return camelCase(words(), { ...options, mergeAmbiguousCharacters: true });
    case 'pascal':
      return pascalCase(words(), { ...options, mergeAmbiguousCharacters: true });
    case 'snake':
      return snakeCase(words(), options);
    case 'kebab':
      return kebabCase(words(), options);
    case 'constant':
      return constantCase(words(), options);
    case 'alternating':
      return alternating(text, upper, lower);
    case 'inverse': {
      const parts = graphemes(text);
      const lowered = lowerInContext(text, parts, lower);
      return parts
        .map((g, i) => {
          const up = upper(g);
          const low = lowered[i] ?? lower(g);
          if (g === low && g !== up) return up;
          if (g === up && g !== low) return low;
          return g;
        })
        .join('');
    }
  }
}

/**
 * Each grapheme's lower case in the context of the whole text, as `lower` gives it: a capital sigma ending a word
 * becomes ς, not σ (SpecialCasing.txt, Final_Sigma), which one grapheme on its own cannot tell. Lower-casing keeps
 * the graphemes (İ → i̇ stays one), so the lower-cased text's graphemes line up with the text's.
 */
function lowerInContext(text: string, parts: string[], lower: (s: string) => string): string[] {
  const lowered = graphemes(lower(text));
  return lowered.length === parts.length ? lowered : parts.map(lower);
}

/**
 * Titlecases the first letter of the text, of every line and of every word after a sentence end (. ! ? …
 * followed by a space). Not Intl.Segmenter: UAX #29 does not break before a lower-case word, and the text is
 * already lower-cased here.
 */
function sentenceCase(text: string, title: (ch: string) => string): string {
  let out = '';
  let capitalize = true;
  let afterTerminator = false;
  for (const ch of text) {
    if (LETTER.test(ch)) {
      out += capitalize ? title(ch) : ch;
      capitalize = false;
      afterTerminator = false;
      continue;
    }
    out += ch;
    if (LINE_BREAK_CHAR.test(ch)) capitalize = true;
    else if (TERMINATOR.test(ch)) afterTerminator = true;
    else if (/\s/u.test(ch)) capitalize ||= afterTerminator;
    else if (/\p{N}/u.test(ch)) {
      capitalize = false;
      afterTerminator = false;
    } else if (!CLOSING.test(ch)) afterTerminator = false;
  }
  return out;
}

/** Alternates lower/upper over letters only, so spaces and punctuation do not break the rhythm. */
function alternating(text: string, upper: (s: string) => string, lower: (s: string) => string): string {
  let next = false;
  const parts = graphemes(text);
  const lowered = lowerInContext(text, parts, lower);
  return parts
    .map((g, i) => {
      if (!LETTER.test(g)) return g;
      next = !next;
      return next ? (lowered[i] ?? lower(g)) : upper(g);
    })
    .join('');
}
