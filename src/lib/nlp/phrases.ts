import { compromise as nlp } from './compromise.ts';

/**
 * English noun phrases and person names from `compromise` (a rule-and-lexicon POS tagger that ships its
 * model in the package: no download, no network). Phrases are cleaned for keyword use: determiners,
 * pronouns, possessives, numbers and vague qualifiers ("strong", "excellent") are dropped, and a phrase
 * is cut at punctuation and conjunctions.
 */

interface Term {
  text: string;
  pre: string;
  post: string;
  tags: string[];
  offset?: { start: number; length: number };
}

interface Match {
  text: string;
  terms: Term[];
  offset?: { start: number; length: number };
}

export interface Phrase {
  /** The phrase as written (terms joined by a space, or `-` where the text had a hyphen). */
  text: string;
  /** UTF-16 offset of the first kept term in the text. */
  start: number;
  /** True when every word is a proper noun (a name, product or organisation). */
  proper: boolean;
}

/** Vague qualifiers that are never part of a keyword. */
const VAGUE = new Set([
  'new',
  'strong',
  'excellent',
  'good',
  'great',
  'solid',
  'proven',
  'deep',
  'various',
  'other',
  'several',
  'many',
  'own',
  'high',
  'extensive',
  'relevant',
  'demonstrated',
  'exceptional',
  'outstanding',
  'ideal',
  'successful',
  'key',
  'main',
  'certain',
  'such',
  'more',
  'most',
  'best',
  'better',
  'same',
  'different',
  'every',
  'each',
  'all',
  'some',
  'any',
  'this',
  'that',
  'these',
  'those',
  'which',
  'what',
  'whatever',
  'real',
  'big',
  'small',
  'large',
  'little',
  'nice',
  'able',
  'amazing',
  'awesome',
  'fantastic',
  'wonderful',
  'exciting',
  'related',
  'similar',
  'additional',
  'overall',
  'general',
  'specific',
  'particular',
  'whole',
  'full',
  'preferred',
  'required',
  'plus',
  'bonus',
  'equivalent',
  'least',
  'minimum',
  'maximum',
]);

/**
 * compromise computes match offsets by walking the document, which grows quadratically with its size;
 * texts are therefore tagged in chunks of about 2,000 characters cut at sentence or line ends.
 */
const CHUNK_CHARS = 2000;

export function chunkText(text: string, size = CHUNK_CHARS): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const floor = start + size / 4;
      let cut = -1;
      let space = -1;
      for (let i = end - 1; i > floor; i--) {
        const ch = text[i]!;
        if (ch === '\n' || ((ch === ' ' || ch === '\t') && /[.!?]/.test(text[i - 1]!))) {
          cut = i;
          break;
        }
        if (space < 0 && ch === ' ') space = i;
      }
      if (cut > 0) end = cut + 1;
      else if (space > 0) end = space + 1;
    }
    out.push({ text: text.slice(start, end), start });
    start = end;
  }
  return out;
}

const DROP_TAGS = ['Determiner', 'Pronoun', 'Value', 'Date', 'Duration', 'Conjunction', 'Preposition', 'QuestionWord'];
const SPLIT_PUNCTUATION = /[,;:.!?()[\]{}"“”…|/\\]|\s-\s|—|–/;
const MAX_WORDS = 4;

function cleanWord(text: string): string {
  return text
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/(?:'s|’s|')$/u, '')
    .replace(/[^\p{L}\p{N}+#]+$/u, '');
}

function isDropped(term: Term): boolean {
  if (term.tags.some((t) => DROP_TAGS.includes(t))) return true;
  if (term.tags.includes('Possessive') && !term.tags.includes('ProperNoun')) return true;
  return VAGUE.has(term.text.toLowerCase());
}

function isNounLike(term: Term): boolean {
  return term.tags.includes('Noun') || term.tags.includes('ProperNoun') || term.tags.includes('Acronym');
}

/** Noun phrases of an English text, in order of appearance. */
export function nounPhrases(text: string): Phrase[] {
  const out: Phrase[] = [];
  for (const chunk of chunkText(text)) {
    for (const phrase of chunkNounPhrases(chunk.text)) out.push({ ...phrase, start: phrase.start + chunk.start });
  }
  return out;
}

/** Tags a noun phrase is made of; the run is then trimmed to start and end sensibly. */
const NP_TAGS = new Set(['Noun', 'ProperNoun', 'Adjective', 'Acronym', 'Determiner', 'Possessive', 'Value', 'Pronoun']);

/**
 * Chunks the tagged terms into noun phrases directly (compromise's own `.nouns()` chunker costs about
 * five times the tagging itself): maximal runs of noun-phrase tags, cut at punctuation.
 */
function chunkNounPhrases(text: string): Phrase[] {
  const out: Phrase[] = [];
  const sentences = nlp()(text).json({ offset: true, terms: { offset: true } }) as Match[];
  for (const sentence of sentences) {
    let current: Term[] = [];
    const flush = (): void => {
      while (current.length > 0 && !isNounLike(current[current.length - 1]!)) current.pop();
      while (current.length > 0 && (isDropped(current[0]!) || current[0]!.tags.includes('Adverb'))) current.shift();
      if (current.length > MAX_WORDS) current = current.slice(-MAX_WORDS);
      const kept = current.filter((t) => cleanWord(t.text).length > 0);
      if (kept.length > 0) {
        let phrase = '';
        kept.forEach((term, i) => {
          phrase += cleanWord(term.text);
          if (i < kept.length - 1) phrase += term.post.trim() === '-' ? '-' : ' ';
        });
        if (/\p{L}/u.test(phrase) && phrase.length >= 2) {
          out.push({
            text: phrase,
            start: kept[0]!.offset?.start ?? sentence.offset?.start ?? 0,
            proper: kept.every((t) => t.tags.includes('ProperNoun') || t.tags.includes('Acronym')),
          });
        }
      }
      current = [];
    };
    for (const term of sentence.terms) {
      const verbOnly = term.tags.includes('Verb') && !term.tags.includes('Noun');
      const inPhrase = !verbOnly && term.tags.some((t) => NP_TAGS.has(t));
      if (!inPhrase || term.tags.includes('Conjunction') || term.tags.includes('Preposition') || (term.tags.includes('Pronoun') && current.length > 0)) {
        flush();
        continue;
      }
      if (SPLIT_PUNCTUATION.test(term.pre) && current.length > 0) flush();
      current.push(term);
      if (SPLIT_PUNCTUATION.test(term.post.replace(/^-$/, ''))) flush();
    }
    flush();
  }
  return out;
}

export interface PersonName {
  text: string;
  /** UTF-16 offsets into the text. */
  start: number;
  end: number;
}

const HONORIFIC = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame|lord|lady|rev|fr|sr|jr)\.?\s+/i;

/**
 * Person names compromise tags (first names from its lexicon, "Dr. X", capitalised surnames after a
 * known first name). Honorifics stay in the text; the span covers the name only.
 */
export function personNames(text: string): PersonName[] {
  const out: PersonName[] = [];
  const matches: Match[] = [];
  for (const chunk of chunkText(text)) {
    for (const match of nlp()(chunk.text)
      .people()
      .json({ offset: true, terms: { offset: true } }) as Match[]) {
      for (const term of match.terms) if (term.offset) term.offset = { start: term.offset.start + chunk.start, length: term.offset.length };
      matches.push(match);
    }
  }
  for (const match of matches) {
    const terms = match.terms.filter((t) => t.offset !== undefined);
    if (terms.length === 0) continue;
    const first = terms[0]!.offset!;
    const last = terms[terms.length - 1]!.offset!;
    let start = first.start;
    let end = last.start + last.length;
    let span = text.slice(start, end);
    const honorific = HONORIFIC.exec(span);
    if (honorific) {
      start += honorific[0].length;
      span = span.slice(honorific[0].length);
    }
    const trimmed = span.replace(/(?:'s|’s)?[^\p{L}]*$/u, '');
    end = start + trimmed.length;
    if (trimmed.length < 2 || !/^\p{Lu}/u.test(trimmed)) continue;
    const previous = out[out.length - 1];
    // "John Smith's" comes back as two people; a name split only by spaces is one name.
    if (previous && previous.end <= start && /^[^\S\n]+$/.test(text.slice(previous.end, start))) {
      previous.end = end;
      previous.text = text.slice(previous.start, end);
      continue;
    }
    out.push({ text: trimmed, start, end });
  }
  return out;
}

export interface NamedEntity {
  name: string;
  type: 'person' | 'place' | 'organization';
  count: number;
}

const ENTITY_TAGS: [string, NamedEntity['type']][] = [
  ['Person', 'person'],
  ['Place', 'place'],
  ['Organization', 'organization'],
];

/**
 * People, places and organisations compromise recognises, most mentioned first: consecutive terms
 * carrying the same entity tag form one name (one tagging pass; no per-type matcher runs).
 */
export function namedEntities(text: string, limit = 15): NamedEntity[] {
  const found = new Map<string, NamedEntity & { first: number }>();
  let order = 0;
  for (const chunk of chunkText(text)) {
    for (const sentence of nlp()(chunk.text).json() as Match[]) {
      let current: { type: NamedEntity['type']; words: string[] } | null = null;
      const flush = (): void => {
        if (current) {
          const name = current.words.join(' ');
          if (name.length >= 2 && /^\p{Lu}/u.test(name)) {
            const key = `${current.type}:${name.toLowerCase()}`;
            const entry = found.get(key);
            if (entry) entry.count++;
            else found.set(key, { name, type: current.type, count: 1, first: order++ });
          }
        }
        current = null;
      };
      for (const term of sentence.terms) {
        const type = ENTITY_TAGS.find(([tag]) => term.tags.includes(tag))?.[1];
        const word = cleanWord(term.text);
        if (!type || !word || HONORIFIC.test(`${word} `) || (term.tags.includes('Possessive') && term.tags.includes('Pronoun'))) {
          flush();
          continue;
        }
        if (current && (current.type !== type || SPLIT_PUNCTUATION.test(term.pre))) flush();
        if (current) current.words.push(word);
        else current = { type, words: [word] };
        if (SPLIT_PUNCTUATION.test(term.post)) flush();
      }
      flush();
    }
  }
  return [...found.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map(({ name, type, count }) => ({ name, type, count }));
}
