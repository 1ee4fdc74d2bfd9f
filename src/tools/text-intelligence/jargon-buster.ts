import { lazyValue } from '../../lib/lazy.ts';
import { z } from 'zod';
import { countWords, round } from '../../lib/nlp/tokens.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { DICTIONARY, JARGON_CATEGORIES, surfaceForms, type JargonCategory, type SurfaceForm } from './lib/jargon.ts';
import { escapeRegExp } from '../../lib/regexp.ts';

// Built on first use (src/lib/lazy.ts): the dictionary's forms, and one pattern matching them all, longest first.
const BY_FORM = lazyValue(() => new Map<string, SurfaceForm>(surfaceForms().map((f) => [normalize(f.form), f])));
const PATTERN = lazyValue(
  () =>
    new RegExp(
      `(?<![\\p{L}\\p{N}'’-])(?:${[...BY_FORM().keys()]
        .sort((a, b) => b.length - a.length || a.localeCompare(b))
        .map((form) => escapeRegExp(form).replace(/ /g, '[\\s\\u00a0]+').replace(/'/g, "['’]"))
        .join('|')})(?![\\p{L}\\p{N}-])`,
      'giu',
    ),
);

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/’/g, "'");
}

/** Carries the case of the original over: "Leverage" → "Use", "LEVERAGE" → "USE". */
function matchCase(original: string, plain: string): string {
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return plain.toUpperCase();
  if (/^\p{Lu}/u.test(original) && !/^[A-Z]{2,}$/.test(plain.split(' ')[0]!)) return plain.charAt(0).toUpperCase() + plain.slice(1);
  return plain;
}

/** "a" or "an" before the replacement, by its first sound (letter heuristic with the usual exceptions). */
function article(next: string, original: string): string {
  const vowelSound = /^(?:[aeio]|u(?!ni|s[eu]|ti)|hour|honest|honou?r)/i.test(next) && !/^one\b/i.test(next);
  const word = vowelSound ? 'an' : 'a';
  return /^A/.test(original) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

const replacementSchema = z.object({
  term: z.string().describe('The jargon as listed in the dictionary'),
  plain: z.string().describe('The plain-English replacement (base form)'),
  category: z.enum(JARGON_CATEGORIES),
  explanation: z.string(),
  count: z.number().int().positive(),
  examples: z.array(z.string()).describe('How it was written in the text (up to 3 spellings)'),
});

export default defineTool({
  module: 'text-intelligence',
  slug: 'jargon-buster',
  cpu: 'large-input',
  title: 'Jargon buster (plain-English rewriter)',
  description:
    `Replaces business buzzwords, bureaucratic phrasing, legalese and tech/marketing jargon with plain English, from a curated ` +
    `dictionary of ${DICTIONARY.length} entries based on the US Federal Plain Language Guidelines and the GOV.UK style guide ` +
    '("utilize" → "use", "in order to" → "to", "circle back" → "follow up", "pursuant to" → "under"). Verbs keep their tense ' +
    '("leveraged" → "used"), plurals stay plural, capitals and a/an are fixed. Words that are also ordinary nouns ("impact", ' +
    '"action") are only replaced where they must be verbs. `mode: annotate` keeps the original and adds the plain word in ' +
    'brackets instead. Returns the text, each term found with its explanation and count, jargon per 100 words and a rating.',
  keywords: ['jargon', 'plain english', 'plain language', 'buzzwords', 'simplify text', 'legalese', 'corporate speak', 'clarity', 'rewrite'],
  input: () =>
    z.object({
      text: textField('Text to simplify'),
      categories: z
        .array(z.enum(JARGON_CATEGORIES))
        .min(1, 'name at least one category')
        .optional()
        .describe(`Dictionary sections to use (default all): ${JARGON_CATEGORIES.join(', ')}`),
      mode: z
        .enum(['replace', 'annotate'])
        .default('replace')
        .describe('replace = swap in the plain words (default); annotate = keep the jargon and add "(plain)" after it'),
      keep: z
        .array(z.string().min(1).max(100, 'at most 100 characters'))
        .max(100, 'at most 100 terms')
        .optional()
        .describe('Dictionary terms to leave alone, e.g. ["bandwidth"] in a networking text'),
    }),
  output: () =>
    z.object({
      text: z.string().describe('The text in plain English (or annotated)'),
      replacements: z.array(replacementSchema).describe('Each jargon term found, most frequent first'),
      total: z.number().int().nonnegative().describe('Replacements made'),
      wordCount: z.number().int().nonnegative(),
      jargonPer100Words: z.number().nonnegative(),
      rating: z.enum(['plain', 'some jargon', 'jargon-heavy']).describe('plain < 1 term per 100 words ≤ some jargon < 3 ≤ jargon-heavy'),
    }),
  examples: [
    {
      title: 'buzzwords, tenses and capitals',
      input: { text: 'Going forward, we leveraged our synergies in order to circle back with stakeholders.' },
      output: {
        text: 'From now on, we used our benefits of working together to follow up with people involved.',
        replacements: [
          {
            term: 'going forward',
            plain: 'from now on',
            category: 'business',
            explanation: 'A filler phrase meaning "in future".',
            count: 1,
            examples: ['Going forward'],
          },
          {
            term: 'leverage',
            plain: 'use',
            category: 'business',
            explanation: '"Leverage" as a verb is a buzzword for using something to advantage.',
            count: 1,
            examples: ['leveraged'],
          },
          {
            term: 'synergy',
            plain: 'cooperation',
            category: 'business',
            explanation: 'The extra benefit of working together.',
            count: 1,
            examples: ['synergies'],
          },
          {
            term: 'in order to',
            plain: 'to',
            category: 'bureaucratic',
            explanation: '"In order to" almost always means just "to".',
            count: 1,
            examples: ['in order to'],
          },
          {
            term: 'circle back',
            plain: 'follow up',
            category: 'business',
            explanation: 'To return to a topic or contact someone again later.',
            count: 1,
            examples: ['circle back'],
          },
          {
            term: 'stakeholder',
            plain: 'person involved',
            category: 'business',
            explanation: 'Anyone affected by or with an interest in a project.',
            count: 1,
            examples: ['stakeholders'],
          },
        ],
        total: 6,
        wordCount: 13,
        jargonPer100Words: 46.15,
        rating: 'jargon-heavy',
      },
    },
    {
      title: 'legalese, annotated',
      input: { text: 'Pursuant to clause 4, payment is due prior to delivery.', mode: 'annotate', categories: ['legal', 'bureaucratic'] },
      output: {
        text: 'Pursuant to (under) clause 4, payment is due prior to (before) delivery.',
        replacements: [
          {
            term: 'pursuant to',
            plain: 'under',
            category: 'legal',
            explanation: 'In accordance with, or under (a law, contract or rule).',
            count: 1,
            examples: ['Pursuant to'],
          },
          { term: 'prior to', plain: 'before', category: 'bureaucratic', explanation: 'A formal way of saying "before".', count: 1, examples: ['prior to'] },
        ],
        total: 2,
        wordCount: 10,
        jargonPer100Words: 20,
        rating: 'jargon-heavy',
      },
    },
    {
      title: 'nouns that are not verbs are left alone; a/an fixed',
      input: { text: 'The impact was clear. We will impact sales with an ideation session and a value add.' },
      output: {
        text: 'The impact was clear. We will affect sales with an ideation session and a benefit.',
        replacements: [
          {
            term: 'impact',
            plain: 'affect',
            category: 'business',
            explanation: '"Impact" as a verb usually just means "affect".',
            count: 1,
            examples: ['will impact'],
          },
          { term: 'value add', plain: 'benefit', category: 'business', explanation: 'An extra benefit.', count: 1, examples: ['value add'] },
        ],
        total: 2,
        wordCount: 16,
        jargonPer100Words: 12.5,
        rating: 'jargon-heavy',
      },
    },
  ],
  run: ({ text, categories, mode, keep }) => {
    const allowed = new Set<JargonCategory>(categories ?? JARGON_CATEGORIES);
    const kept = new Set((keep ?? []).map(normalize));
    const found = new Map<string, z.infer<typeof replacementSchema> & { order: number }>();
    let output = '';
    let cursor = 0;
    let total = 0;
    for (const match of text.matchAll(PATTERN())) {
      const original = match[0];
      const form = BY_FORM().get(normalize(original));
      if (!form) continue;
      const { entry } = form;
      if (!allowed.has(entry.category) || kept.has(normalize(entry.term))) continue;
      if (/^[A-Z]{2,}$/.test(entry.term) && original !== original.toUpperCase()) continue; // acronyms only in capitals
      let before = text.slice(cursor, match.index);
      let replacement: string;
      if (mode === 'annotate') {
        replacement = `${original} (${form.plain})`;
      } else {
        replacement = matchCase(original, form.plain);
        const articleMatch = /(?<![\p{L}\p{N}])(an?)(\s+)$/iu.exec(before);
        if (articleMatch) before = before.slice(0, articleMatch.index) + article(replacement, articleMatch[1]!) + articleMatch[2];
      }
      output += before + replacement;
      cursor = match.index + original.length;
      total++;
      const key = entry.term;
      const record = found.get(key) ?? {
        term: entry.term,
        plain: entry.plain,
        category: entry.category,
        explanation: entry.explanation,
        count: 0,
        examples: [],
        order: found.size,
      };
      record.count++;
      if (record.examples.length < 3 && !record.examples.includes(original)) record.examples.push(original);
      found.set(key, record);
    }
    output += text.slice(cursor);
    const wordCount = countWords(text);
    const per100 = wordCount === 0 ? 0 : round((total / wordCount) * 100);
    return {
      text: output,
      replacements: [...found.values()].sort((a, b) => b.count - a.count || a.order - b.order).map(({ order: _order, ...rest }) => rest),
      total,
      wordCount,
      jargonPer100Words: per100,
      rating: per100 < 1 ? ('plain' as const) : per100 < 3 ? ('some jargon' as const) : ('jargon-heavy' as const),
    };
  },
});
