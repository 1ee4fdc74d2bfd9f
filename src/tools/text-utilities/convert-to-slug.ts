import type Slugify from '@sindresorhus/slugify';
import { z } from 'zod';
import { localeField } from '../../lib/locale.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { lazy } from '../../lib/lazy.ts';

const slugifyLib = lazy<{ default: typeof Slugify }>('@sindresorhus/slugify');
const slugify: typeof Slugify = (text, options) => slugifyLib().default(text, options);

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Letters of scripts the transliterator has no Latin spelling for. */
const UNTRANSLITERATED = /(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Arabic}])\p{L}/u;

export default defineTool({
  module: 'text-utilities',
  slug: 'convert-to-slug',
  cpu: 'large-input',
  title: 'Convert to URL slug',
  description:
    'Turns a title or phrase into a URL slug: accents and other scripts are transliterated to Latin letters ' +
    '("Crème brûlée" → "creme-brulee", "Привет мир" → "privet-mir", "Straße" → "strasse"), "&" becomes "and", ' +
    'punctuation and emoji are dropped, and words are joined by the separator. Text with no Latin transliteration ' +
    '(Chinese, Japanese, Korean, Thai, Hebrew, Hindi…) keeps its own letters ("Tokyo 東京" → "tokyo-東京"). Optionally keeps case, splits ' +
    'camelCase words, or cuts the slug at a word boundary to a maximum length.',
  keywords: ['slug', 'slugify', 'url', 'permalink', 'seo url', 'transliterate', 'kebab'],
  input: () =>
    z.object({
      text: textField('Title or phrase to turn into a slug'),
      separator: z
        .string()
        .max(3, 'at most 3 characters')
        .regex(/^[^\p{L}\p{N}\s]*$/u, 'punctuation only, such as -, _ or . (or "" for none)')
        .default('-')
        .describe('Joins the words (default "-"; "_" and "." are common; "" joins without one)'),
      lowercase: z.boolean().default(true).describe('Lower-case the slug (default true)'),
      decamelize: z.boolean().default(false).describe('Split camelCase words first, so "fooBar" becomes "foo-bar" (default false)'),
      transliterate: z.boolean().default(true).describe('Convert letters to Latin ASCII (default true); false keeps Unicode letters such as "é"'),
      maxLength: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(2000, 'at most 2000')
        .optional()
        .describe('Cut the slug to at most this many characters, at a word boundary where possible (1–2000)'),
      locale: localeField('Language rules for transliteration, e.g. "de" turns ä into ae and "sv" turns å into aa'),
    }),
  output: () => z.object({ slug: z.string().describe('The slug; empty when the text has no letters or digits') }),
  examples: [
    { title: 'accents are transliterated', input: { text: 'Crème brûlée' }, output: { slug: 'creme-brulee' } },
    { title: 'punctuation and "&"', input: { text: 'Hello, World & Friends!' }, output: { slug: 'hello-world-and-friends' } },
    { title: 'Danish letters', input: { text: 'Ærøskøbing', separator: '_' }, output: { slug: 'aeroskobing' } },
    { title: 'Cyrillic', input: { text: 'Привет мир 👋' }, output: { slug: 'privet-mir' } },
    { title: 'CJK keeps its letters', input: { text: 'Tokyo 東京 タワー!' }, output: { slug: 'tokyo-東京-タワー' } },
    { title: 'cut at a word boundary', input: { text: 'The quick brown fox jumps', maxLength: 15 }, output: { slug: 'the-quick-brown' } },
  ],
  run: ({ text, separator, lowercase, decamelize, transliterate, maxLength, locale }) => {
    const options = { separator, lowercase, decamelize, locale, transliterate };
    let slug = slugify(text, options);
    // Scripts without a Latin transliteration (CJK, Hangul, Thai, Hebrew, Indic…) would vanish: such words keep
    // their own letters. Word by word only when needed, as it is several times slower.
    if (transliterate && UNTRANSLITERATED.test(text)) {
      slug = text
        .split(/\s+/u)
        .map((word) => slugify(word, options) || (HAS_LETTER_OR_DIGIT.test(word) ? slugify(word, { ...options, transliterate: false }) : ''))
        .filter((word) => word !== '')
        .join(separator);
    }
    return { slug: maxLength === undefined ? slug : truncate(slug, maxLength, separator) };
  },
});

/**
 * Cuts at the start of the last separator that fits, so no part of a separator is left at the end (a 2-character
 * separator may straddle the limit: "ab--cd" cut to 3 is "ab", not "ab-"); a single over-long word is cut mid-word
 * (on a code point boundary).
 */
function truncate(slug: string, max: number, separator: string): string {
  const chars = Array.from(slug);
  if (chars.length <= max) return slug;
  const head = chars.slice(0, max).join('');
  if (separator === '') return head;
  // A separator starting at or before the limit: the last one (starting exactly at the limit, the cut is between words).
  const cut = slug.lastIndexOf(separator, head.length);
  return cut > 0 ? slug.slice(0, cut) : head;
}
