import type * as Stemmer from 'stemmer';
import { words } from '../graphemes.ts';
import { lazy } from '../lazy.ts';

const stemmerLib = lazy<typeof Stemmer>('stemmer');
const stopwordLists = lazy<Record<string, unknown>>('stopword');

/**
 * Word-level helpers shared by the NLP tools: Unicode word segmentation (lib/graphemes), the Porter
 * stemmer (`stemmer`, English) and the stopword lists of the `stopword` package (62 languages, keyed by
 * ISO 639-3 code, the same codes `franc` detects).
 */

const HAS_LETTER = /\p{L}/u;

/** Extra English function words the `stopword` list (a short one) leaves in, which are never keywords. */
const ENGLISH_EXTRA = [
  'also',
  'able',
  'about',
  'across',
  'after',
  'again',
  'against',
  'ago',
  'along',
  'already',
  'although',
  'always',
  'among',
  'another',
  'any',
  'anyone',
  'anything',
  'around',
  'away',
  'back',
  'because',
  'been',
  'before',
  'being',
  'below',
  'best',
  'better',
  'between',
  'both',
  'can',
  'cannot',
  'could',
  'did',
  'does',
  'doing',
  'done',
  'down',
  'during',
  'each',
  'either',
  'else',
  'enough',
  'etc',
  'even',
  'ever',
  'every',
  'few',
  'first',
  'found',
  'from',
  'get',
  'gets',
  'getting',
  'give',
  'given',
  'go',
  'goes',
  'going',
  'gone',
  'got',
  'had',
  'has',
  'have',
  'having',
  'here',
  'however',
  'into',
  'its',
  'itself',
  'just',
  'keep',
  'kind',
  'know',
  'last',
  'least',
  'less',
  'let',
  'like',
  'likely',
  'lot',
  'lots',
  'made',
  'make',
  'makes',
  'making',
  'many',
  'may',
  'maybe',
  'might',
  'more',
  'most',
  'much',
  'must',
  'need',
  'needs',
  'never',
  'new',
  'next',
  'now',
  'off',
  'often',
  'old',
  'once',
  'one',
  'only',
  'onto',
  'other',
  'others',
  'over',
  'own',
  'per',
  'put',
  'quite',
  'rather',
  'really',
  'said',
  'same',
  'say',
  'says',
  'see',
  'seen',
  'several',
  'shall',
  'should',
  'since',
  'so',
  'some',
  'something',
  'still',
  'such',
  'sure',
  'take',
  'than',
  'that',
  'thats',
  'their',
  'them',
  'then',
  'there',
  'these',
  'thing',
  'things',
  'think',
  'this',
  'those',
  'though',
  'through',
  'thus',
  'too',
  'toward',
  'towards',
  'two',
  'under',
  'until',
  'upon',
  'us',
  'use',
  'used',
  'uses',
  'using',
  'very',
  'via',
  'want',
  'wants',
  'way',
  'ways',
  'well',
  'went',
  'were',
  'what',
  'whatever',
  'when',
  'where',
  'whether',
  'which',
  'while',
  'who',
  'whom',
  'whose',
  'why',
  'will',
  'with',
  'within',
  'without',
  'would',
  'yes',
  'yet',
  'you',
  'your',
  'yours',
  'yourself',
  'week',
  'weeks',
  'day',
  'days',
  'year',
  'years',
  'month',
  'months',
  'time',
  'times',
  'today',
  'tomorrow',
  'yesterday',
  'i',
  'im',
  'ive',
  'dont',
  'doesnt',
  'didnt',
  'isnt',
  'arent',
  'wasnt',
  'cant',
  'wont',
];

const cache = new Map<string, ReadonlySet<string>>();

/** Stopwords of an ISO 639-3 language (`eng`, `deu`, `fra`…); English when the language has no list. */
export function stopwordsFor(iso6393: string | undefined): ReadonlySet<string> {
  const code = iso6393 && Array.isArray(stopwordLists()[iso6393]) ? iso6393 : 'eng';
  let set = cache.get(code);
  if (!set) {
    const base = (stopwordLists()[code] as string[]).map((w) => w.toLowerCase());
    set = new Set(code === 'eng' ? [...base, ...ENGLISH_EXTRA] : base);
    cache.set(code, set);
  }
  return set;
}

/** True when the `stopword` package has a list for this ISO 639-3 code. */
export function hasStopwords(iso6393: string): boolean {
  return Array.isArray(stopwordLists()[iso6393]);
}

/** Lower-cased word tokens with at least one letter (numbers and punctuation left out). */
export function wordTokens(text: string): string[] {
  return words(text)
    .filter((w) => HAS_LETTER.test(w))
    .map((w) => w.toLowerCase());
}

/** Words with a letter or digit (Unicode word segmentation: CJK and Thai counted properly). */
export function countWords(text: string): number {
  let count = 0;
  for (const w of words(text)) if (/[\p{L}\p{N}]/u.test(w)) count++;
  return count;
}

/** Porter stem of an English word (lower-cased); other scripts pass through unchanged. */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  return /^[a-z]+$/.test(lower) ? stemmerLib().stemmer(lower) : lower;
}

/** The stems of a phrase joined by spaces: the key under which inflections of a phrase meet. */
export function stemKey(phrase: string): string {
  return wordTokensLoose(phrase).map(stem).join(' ');
}

/** Word tokens that keep technical spellings whole (`node.js`, `c++`, `c#`, `ci/cd`), lower-cased. */
export function wordTokensLoose(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(TECH_TOKEN)) out.push(match[0].replace(/[.]+$/, ''));
  return out.filter((t) => t.length > 0);
}

/** Letters and digits, with inner `.`, `/`, `-`, `'` and trailing `+`/`#` (c++, c#, f#). */
export const TECH_TOKEN = /[\p{L}\p{N}]+(?:[./'\-&][\p{L}\p{N}]+)*(?:\+\+|#)?/gu;

/** Rounds to `places` decimals (for reported measurements, not money): lib/digits.ts's. */
export { round } from '../digits.ts';
