import { z } from 'zod';
import { countGraphemes } from '../../lib/graphemes.ts';
import { titleCaseWords, titlecaseFirst } from '../../lib/titlecase.ts';
import { compromise as nlp } from '../../lib/nlp/compromise.ts';
import { nounPhrases } from '../../lib/nlp/phrases.ts';
import { countWords } from '../../lib/nlp/tokens.ts';
import { defineTool } from '../../registry/define-tool.ts';

const STYLES = ['question', 'how-to', 'list', 'benefit-first', 'guide'] as const;
type Style = (typeof STYLES)[number];
/** Google shows about 60 characters of a title in results (~600 px). */
const SEO_TITLE_LIMIT = 60;

interface Parsed {
  form: 'action' | 'topic' | 'statement';
  /** action: a verb phrase in the infinitive ("improve your sleep"); topic: a noun phrase; statement: the sentence. */
  core: string;
  /** First word of an action, for the benefit mapping. */
  verb?: string;
  /** The noun phrase after the verb (action) or the subject (statement). */
  object?: string;
}

interface Term {
  text: string;
  tags: string[];
}

const AUXILIARIES = new Set([
  'is',
  'are',
  'was',
  'were',
  'can',
  'will',
  'should',
  'could',
  'would',
  'has',
  'have',
  'does',
  'do',
  'did',
  'must',
  'may',
  'might',
]);
const MORE = new Set(['increase', 'boost', 'grow', 'raise', 'maximize', 'maximise', 'double', 'triple', 'earn', 'gain', 'attract']);
const BETTER = new Set(['improve', 'enhance', 'upgrade', 'optimize', 'optimise', 'fix', 'perfect', 'strengthen']);
const LOWER = new Set(['reduce', 'cut', 'lower', 'decrease', 'minimize', 'minimise', 'slash']);
const NO_MORE = new Set(['eliminate', 'avoid', 'stop', 'end', 'beat', 'overcome']);

function lowerFirst(text: string): string {
  const [first] = text.split(' ');
  // Keep proper nouns and acronyms ("JavaScript", "AI", "iOS") as written.
  if (first && (/\p{Lu}.*\p{Lu}/u.test(first) || /^\p{Ll}+\p{Lu}/u.test(first))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function withoutPossessive(phrase: string): string {
  return phrase.replace(/^(?:your|my|our|their|his|her|its|the|a|an)\s+/i, '');
}

function infinitive(word: string): string {
  const base = nlp()(word).verbs().toInfinitive().text();
  return base || word;
}

function gerund(word: string): string {
  const conjugated = nlp()(word).verbs().conjugate()[0] as { Gerund?: string } | undefined;
  return conjugated?.Gerund ?? `${word}ing`;
}

/** Reads a headline as an action ("Improve your sleep"), a topic ("Email marketing tips") or a statement ("Remote work is changing cities"). */
export function parseHeadline(raw: string): Parsed {
  let text = raw
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!?:;…]+$/u, '')
    .trim();
  // Strip a leading template the headline already has, so "How to X" and "7 ways to X" read as X.
  const stripped = text.replace(
    /^(?:how\s+(?:to|can\s+(?:you|i|we))|why\s+you\s+should|\d+\s+(?:simple\s+|easy\s+|proven\s+|quick\s+)?(?:ways|steps|tips)\s+to)\s+/i,
    '',
  );
  if (stripped !== text) text = stripped;
  const terms = (nlp()(text).json() as { terms: Term[] }[]).flatMap((s) => s.terms);
  const first = terms[0];
  if (!first) return { form: 'topic', core: text };
  const tags = new Set(first.tags);
  const rest = text.slice(text.indexOf(first.text) + first.text.length).trim();
  const object = nounPhrases(rest)[0]?.text;
  if (tags.has('Verb') && (tags.has('Imperative') || tags.has('Infinitive')) && !AUXILIARIES.has(first.text.toLowerCase())) {
    const verb = first.text.toLowerCase();
    return { form: 'action', core: lowerFirst(text), verb, ...(object ? { object } : {}) };
  }
  if (tags.has('Verb') && /ing$/i.test(first.text)) {
    const verb = infinitive(first.text.toLowerCase());
    return { form: 'action', core: `${verb}${rest ? ` ${rest}` : ''}`, verb, ...(object ? { object } : {}) };
  }
  // A statement has a finite verb after its first word. A present-tense "-s" word followed by a
  // preposition or nothing is read as a plural noun instead ("Email marketing tips for small businesses").
  const hasFiniteVerb = terms.slice(1).some((t, i) => {
    if (!t.tags.includes('Verb') || t.tags.includes('Gerund') || t.tags.includes('Infinitive')) return false;
    if (t.tags.includes('Copula') || t.tags.includes('Auxiliary') || t.tags.includes('Modal') || t.tags.includes('PastTense')) return true;
    const next = terms[i + 2];
    return !(/s$/i.test(t.text) && (next === undefined || next.tags.includes('Preposition')));
  });
  if (hasFiniteVerb) {
    const subject = nounPhrases(text)[0]?.text;
    return { form: 'statement', core: text, ...(subject ? { object: subject } : {}) };
  }
  return { form: 'topic', core: text };
}

function isPluralHead(topic: string): boolean {
  const terms = (nlp()(topic).json() as { terms: Term[] }[]).flatMap((s) => s.terms);
  const ofIndex = terms.findIndex((t, i) => i > 0 && t.tags.includes('Preposition'));
  const head = (ofIndex > 0 ? terms.slice(0, ofIndex) : terms).at(-1);
  if (!head) return false;
  // The tagger reads some plural nouns as verbs ("tips"); a head word ending in a plural -s counts too.
  return head.tags.includes('Plural') || (/[^su's]s$/i.test(head.text) && !head.tags.includes('Possessive'));
}

function questionOfStatement(statement: string): string {
  const words = statement.split(' ');
  const index = words.findIndex((w, i) => i > 0 && AUXILIARIES.has(w.toLowerCase()));
  if (index > 0) {
    const aux = words[index]!;
    const before = words.slice(0, index).join(' ');
    const after = words.slice(index + 1).join(' ');
    return `${titlecaseFirst(aux.toLowerCase())} ${lowerFirst(before)}${after ? ` ${after}` : ''}?`;
  }
  return `Why ${lowerFirst(statement)}?`;
}

function benefitOf(parsed: Parsed): string | undefined {
  if (parsed.form !== 'action' || !parsed.verb || !parsed.object) return undefined;
  const object = withoutPossessive(parsed.object);
  if (BETTER.has(parsed.verb)) return `Better ${object}`;
  if (MORE.has(parsed.verb)) return `More ${object}`;
  if (LOWER.has(parsed.verb)) return `Lower ${object}`;
  if (NO_MORE.has(parsed.verb)) return `No more ${object}`;
  return undefined;
}

function build(style: Style, parsed: Parsed, count: number, benefit: string | undefined): { headline: string; template: string } {
  const { form, core } = parsed;
  const topic = form === 'topic' ? core.replace(/^the\s+/i, '') : core;
  switch (style) {
    case 'question':
      if (form === 'action') return { headline: `Want to ${core}?`, template: 'Want to {action}?' };
      if (form === 'statement') return { headline: questionOfStatement(core), template: '{auxiliary} {subject} {rest}? / Why {statement}?' };
      return { headline: `What should you know about ${lowerFirst(core)}?`, template: 'What should you know about {topic}?' };
    case 'how-to':
      if (form === 'action') return { headline: `How to ${core}`, template: 'How to {action}' };
      if (form === 'statement') return { headline: `How ${lowerFirst(core)}`, template: 'How {statement}' };
      return { headline: `How to make the most of ${lowerFirst(core)}`, template: 'How to make the most of {topic}' };
    case 'list':
      if (form === 'action') return { headline: `${count} ways to ${core}`, template: '{n} ways to {action}' };
      if (form === 'statement') return { headline: `${count} ways ${lowerFirst(core)}`, template: '{n} ways {statement}' };
      if (isPluralHead(topic)) return { headline: `${count} ${lowerFirst(topic)}`, template: '{n} {topic}' };
      return { headline: `${count} things to know about ${lowerFirst(core)}`, template: '{n} things to know about {topic}' };
    case 'benefit-first': {
      const lead = benefit ?? benefitOf(parsed);
      if (form === 'action') {
        if (lead)
          return { headline: `${lead}: how to ${core}`, template: benefit ? '{benefit}: how to {action}' : '{better|more|less} {object}: how to {action}' };
        return { headline: `${titlecaseFirst(core)}: a step-by-step plan`, template: '{action}: a step-by-step plan' };
      }
      if (lead)
        return {
          headline: `${lead}: ${form === 'statement' ? `how ${lowerFirst(core)}` : `a guide to ${lowerFirst(core)}`}`,
          template: form === 'statement' ? '{benefit}: how {statement}' : '{benefit}: a guide to {topic}',
        };
      if (form === 'statement') return { headline: `${core}, and what it means for you`, template: '{statement}, and what it means for you' };
      return { headline: `Get better results with ${lowerFirst(core)}`, template: 'Get better results with {topic}' };
    }
    case 'guide': {
      if (form === 'action') {
        const [verb, ...rest] = core.split(' ');
        return { headline: `The complete guide to ${[gerund(verb!), ...rest].join(' ')}`, template: 'The complete guide to {action as -ing}' };
      }
      const subject = form === 'statement' ? (parsed.object ?? core) : core;
      return {
        headline: `The complete guide to ${lowerFirst(subject)}`,
        template: form === 'statement' ? 'The complete guide to {subject}' : 'The complete guide to {topic}',
      };
    }
  }
}

function applyCase(headline: string, style: 'title' | 'sentence'): string {
  const upperFirst = titlecaseFirst(headline);
  return style === 'title' ? titleCaseWords(upperFirst) : upperFirst;
}

export default defineTool({
  module: 'text-intelligence',
  slug: 'headline-restructurer',
  cpu: 'large-input',
  title: 'Headline restructurer (question, how-to, list, benefit-first)',
  description:
    'Rewrites one headline into proven structures: `question`, `how-to`, `list` ("7 ways to…"), `benefit-first` and `guide` ' +
    '("The complete guide to…"). Template-based and deterministic, not AI-written: the headline is read by a part-of-speech ' +
    'tagger (compromise) as an action ("Improve your sleep"), a topic ("Email marketing tips for small businesses") or a ' +
    'statement ("Remote work is changing cities"), and each template fits that form (verbs become "-ing" for guides, ' +
    '"is X…" becomes "Is X…?" for questions). Benefit-first headlines lead with `benefit` when you give one, else with ' +
    '"Better/More/Less <object>" read from verbs such as improve, increase or reduce. Each variant reports its length in ' +
    'characters and words and whether it fits the ~60 characters Google shows. Title Case (AP-style small words) or sentence case.',
  keywords: ['headline', 'title', 'rewrite headline', 'headline generator', 'blog title', 'how-to', 'listicle', 'copywriting', 'seo title'],
  input: () =>
    z.object({
      headline: z
        .string()
        .max(300, 'at most 300 characters')
        .refine((h) => /\p{L}/u.test(h), 'must contain words')
        .describe('The headline to restructure (max 300 characters)'),
      styles: z
        .array(z.enum(STYLES))
        .min(1, 'name at least one style')
        .refine((list) => new Set(list).size === list.length, 'list each style once')
        .default([...STYLES])
        .describe(`Structures to produce (default all): ${STYLES.join(', ')}`),
      listCount: z
        .number()
        .int('a whole number')
        .min(2, 'at least 2')
        .max(101, 'at most 101')
        .default(7)
        .describe('The number in list headlines (2–101, default 7)'),
      benefit: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(80, 'at most 80 characters')
        .optional()
        .describe('The reader\'s benefit to lead benefit-first headlines with, e.g. "Sleep better tonight"'),
      case: z
        .enum(['title', 'sentence'])
        .default('title')
        .describe('title = Title Case with small words lower-case (default); sentence = only the first letter capitalised'),
    }),
  output: () =>
    z.object({
      original: z.string(),
      form: z.enum(['action', 'topic', 'statement']).describe('How the headline was read'),
      variants: z.array(
        z.object({
          style: z.enum(STYLES),
          headline: z.string(),
          characters: z.number().int().nonnegative(),
          words: z.number().int().nonnegative(),
          fitsSearchResults: z.boolean().describe(`At most ${SEO_TITLE_LIMIT} characters, so Google shows it whole`),
          template: z.string().describe('The template used'),
        }),
      ),
      method: z.literal('template').describe('Always "template": deterministic rewriting, no language model'),
    }),
  examples: [
    {
      title: 'an action headline',
      input: { headline: 'Improve your sleep with simple habits' },
      output: {
        original: 'Improve your sleep with simple habits',
        form: 'action',
        variants: [
          {
            style: 'question',
            headline: 'Want to Improve Your Sleep with Simple Habits?',
            characters: 46,
            words: 8,
            fitsSearchResults: true,
            template: 'Want to {action}?',
          },
          {
            style: 'how-to',
            headline: 'How to Improve Your Sleep with Simple Habits',
            characters: 44,
            words: 8,
            fitsSearchResults: true,
            template: 'How to {action}',
          },
          {
            style: 'list',
            headline: '7 Ways to Improve Your Sleep with Simple Habits',
            characters: 47,
            words: 9,
            fitsSearchResults: true,
            template: '{n} ways to {action}',
          },
          {
            style: 'benefit-first',
            headline: 'Better Sleep: How to Improve Your Sleep with Simple Habits',
            characters: 58,
            words: 10,
            fitsSearchResults: true,
            template: '{better|more|less} {object}: how to {action}',
          },
          {
            style: 'guide',
            headline: 'The Complete Guide to Improving Your Sleep with Simple Habits',
            characters: 61,
            words: 10,
            fitsSearchResults: false,
            template: 'The complete guide to {action as -ing}',
          },
        ],
        method: 'template',
      },
    },
    {
      title: 'a statement, sentence case, two styles',
      input: { headline: 'Remote work is changing cities', styles: ['question', 'list'], listCount: 5, case: 'sentence' },
      output: {
        original: 'Remote work is changing cities',
        form: 'statement',
        variants: [
          {
            style: 'question',
            headline: 'Is remote work changing cities?',
            characters: 31,
            words: 5,
            fitsSearchResults: true,
            template: '{auxiliary} {subject} {rest}? / Why {statement}?',
          },
          {
            style: 'list',
            headline: '5 ways remote work is changing cities',
            characters: 37,
            words: 7,
            fitsSearchResults: true,
            template: '{n} ways {statement}',
          },
        ],
        method: 'template',
      },
    },
    {
      title: 'a topic with a given benefit',
      input: { headline: 'Email marketing tips for small businesses', styles: ['list', 'benefit-first'], benefit: 'Double your open rates' },
      output: {
        original: 'Email marketing tips for small businesses',
        form: 'topic',
        variants: [
          {
            style: 'list',
            headline: '7 Email Marketing Tips for Small Businesses',
            characters: 43,
            words: 7,
            fitsSearchResults: true,
            template: '{n} {topic}',
          },
          {
            style: 'benefit-first',
            headline: 'Double Your Open Rates: A Guide to Email Marketing Tips for Small Businesses',
            characters: 76,
            words: 13,
            fitsSearchResults: false,
            template: '{benefit}: a guide to {topic}',
          },
        ],
        method: 'template',
      },
    },
  ],
  run: ({ headline, styles, listCount, benefit, case: caseStyle }) => {
    const parsed = parseHeadline(headline);
    const variants = styles.map((style) => {
      const { headline: raw, template } = build(style, parsed, listCount, benefit);
      const text = applyCase(raw, caseStyle);
      const characters = countGraphemes(text);
      return { style, headline: text, characters, words: countWords(text), fitsSearchResults: characters <= SEO_TITLE_LIMIT, template };
    });
    return { original: headline, form: parsed.form, variants, method: 'template' as const };
  },
});
