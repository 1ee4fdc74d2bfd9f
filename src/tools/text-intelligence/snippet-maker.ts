import { z } from 'zod';
import { lazyValue } from '../../lib/lazy.ts';
import { countGraphemes, graphemes } from '../../lib/graphemes.ts';
import { measure as measureText } from '../../lib/text-measure.ts';
import { extractKeywords } from '../../lib/nlp/keywords.ts';
import { joinSentences, rankSentences } from '../../lib/nlp/summarize.ts';
import { defineTool } from '../../registry/define-tool.ts';

/** Length limits: what each surface shows before it cuts (documented in the description). */
const SNIPPET_TYPES = {
  'meta-description': { limit: 155, unit: 'characters', note: 'Google search result snippet (~155–160 characters / 920 px)' },
  'og-description': { limit: 200, unit: 'characters', note: 'Open Graph og:description for link previews' },
  tweet: { limit: 280, unit: 'weighted', note: 'X/Twitter post: 280 weighted characters, a link counts 23, CJK and emoji count 2' },
  linkedin: { limit: 210, unit: 'characters', note: 'LinkedIn post text shown before "…see more"' },
  summary: { limit: 300, unit: 'characters', note: 'A 2–3 sentence summary' },
} as const;
type SnippetType = keyof typeof SNIPPET_TYPES;
const TYPES = Object.keys(SNIPPET_TYPES) as [SnippetType, ...SnippetType[]];

const MAX_SNIPPET_TEXT = 100_000;
const TWITTER_URL_LENGTH = 23;
const ELLIPSIS = '…';

/**
 * Tweets are measured as X counts them (twitter-text v3: after NFC, code points in U+0000–U+10FF, U+2000–U+200D,
 * U+2010–U+201F and U+2032–U+2037 weigh 1, all others 2, an emoji sequence 2, a URL 23), by the one counter
 * marketing-apis' social-caption-counter and ads-copy-counter use (src/lib/text-measure.ts); everything else in graphemes.
 */
function measure(type: SnippetType, text: string): number {
  return SNIPPET_TYPES[type].unit === 'weighted' ? measureText(text, 'x-weighted', TWITTER_URL_LENGTH).counted : countGraphemes(text);
}

const wordSegmenter = lazyValue(() => new Intl.Segmenter(undefined, { granularity: 'word' }));

/** Cuts at a word boundary so that text + "…" fits `limit` (never inside a grapheme or a word, unless one word is longer). */
export function truncateAtWord(text: string, limit: number, length: (s: string) => number = countGraphemes): string {
  if (length(text) <= limit) return text;
  const budget = limit - length(ELLIPSIS);
  let kept = '';
  for (const { segment } of wordSegmenter().segment(text)) {
    if (length(kept + segment) > budget) break;
    kept += segment;
  }
  kept = kept.replace(/[\s,;:\-–—([{"'“‘]+$/u, '');
  if (kept === '') {
    // One word longer than the limit: cut it by graphemes.
    for (const g of graphemes(text)) {
      if (length(kept + g) > budget) break;
      kept += g;
    }
  }
  return kept + ELLIPSIS;
}

function toHashtag(keyword: string): string | undefined {
  const words = keyword.split(/[\s-]+/).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  if (words.length === 0 || words.length > 3) return undefined;
  return `#${words.map((w, i) => (i === 0 && words.length === 1 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('')}`;
}

export default defineTool({
  module: 'text-intelligence',
  slug: 'snippet-maker',
  cpu: 'large-input',
  title: 'Snippet maker (meta description, tweet, summary)',
  description:
    'Writes ready-to-paste snippets from a text at the lengths each surface shows: `meta-description` (155 characters), ' +
    '`og-description` (200), `tweet` (280 weighted characters the way X counts them: a link 23, CJK and emoji 2), `linkedin` ' +
    '(210, before "…see more") and `summary` (300). Extractive and deterministic: the text\'s most central sentences (TextRank) ' +
    'are kept whole, in their original order, as many as fit; when even the best sentence is too long it is cut at a word ' +
    'boundary with "…", never inside a word, emoji or accented letter. Tweets can end with the `url` and hashtags from the ' +
    "text's keywords. Lengths count user-perceived characters (graphemes).",
  keywords: ['meta description', 'snippet', 'tweet', 'excerpt', 'summary', 'og description', 'social post', 'truncate', 'teaser'],
  input: () =>
    z.object({
      text: z
        .string()
        .max(MAX_SNIPPET_TEXT, `at most ${MAX_SNIPPET_TEXT.toLocaleString('en')} characters`)
        .refine((t) => /[\p{L}\p{N}]/u.test(t), 'must contain some words')
        .describe('Source text (article, page copy, post); max 100,000 characters'),
      types: z
        .array(z.enum(TYPES))
        .min(1, 'name at least one type')
        .refine((list) => new Set(list).size === list.length, 'list each type once')
        .default(['meta-description', 'tweet', 'summary'])
        .describe(`Snippets to make (default meta-description, tweet, summary): ${TYPES.join(', ')}`),
      url: z
        .url('an absolute URL such as https://example.com/post')
        .max(2048)
        .optional()
        .describe('Link to append to the tweet and LinkedIn snippets (counts 23 characters on X)'),
      hashtags: z
        .number()
        .int('a whole number')
        .min(0, 'at least 0')
        .max(5, 'at most 5')
        .default(0)
        .describe("Hashtags from the text's keywords to add to tweet and LinkedIn snippets when they fit (0–5, default 0)"),
    }),
  output: () =>
    z.object({
      snippets: z.array(
        z.object({
          type: z.enum(TYPES),
          text: z.string(),
          length: z.number().int().nonnegative().describe('Characters (graphemes); for tweets the weighted length X counts'),
          maxLength: z.number().int().positive(),
          truncated: z.boolean().describe('True when a sentence had to be cut (ends with "…")'),
          sentences: z.number().int().nonnegative().describe('Whole sentences used'),
          note: z.string().describe('Where this snippet goes and its limit'),
        }),
      ),
    }),
  examples: [
    {
      title: 'meta description and tweet from an article',
      input: {
        text:
          'Pour-over coffee gives you full control over every variable of the brew. ' +
          'You need a dripper, a paper filter, freshly ground beans and water just off the boil. ' +
          'Grind size is the variable that matters most: too fine and the coffee tastes bitter, too coarse and it tastes sour. ' +
          'A good starting ratio is 1 gram of coffee to 16 grams of water.',
        types: ['meta-description', 'tweet'],
        url: 'https://example.com/pour-over',
        hashtags: 1,
      },
      output: {
        snippets: [
          {
            type: 'meta-description',
            text: 'Pour-over coffee gives you full control over every variable of the brew. A good starting ratio is 1 gram of coffee to 16 grams of water.',
            length: 136,
            maxLength: 155,
            truncated: false,
            sentences: 2,
            note: 'Google search result snippet (~155–160 characters / 920 px)',
          },
          {
            type: 'tweet',
            text:
              'Pour-over coffee gives you full control over every variable of the brew. You need a dripper, a paper filter, freshly ground beans and water just off the boil. ' +
              'A good starting ratio is 1 gram of coffee to 16 grams of water. #coffee https://example.com/pour-over',
            length: 254,
            maxLength: 280,
            truncated: false,
            sentences: 3,
            note: 'X/Twitter post: 280 weighted characters, a link counts 23, CJK and emoji count 2',
          },
        ],
      },
    },
    {
      title: 'one long sentence is cut at a word boundary',
      input: {
        text: 'This extraordinarily long opening sentence keeps going well past the limit that search engines display in their results pages, so it has to be shortened somewhere sensible rather than in the middle of a word.',
        types: ['meta-description'],
      },
      output: {
        snippets: [
          {
            type: 'meta-description',
            text: 'This extraordinarily long opening sentence keeps going well past the limit that search engines display in their results pages, so it has to be shortened…',
            length: 153,
            maxLength: 155,
            truncated: true,
            sentences: 0,
            note: 'Google search result snippet (~155–160 characters / 920 px)',
          },
        ],
      },
    },
    {
      title: 'Japanese counts double on X',
      input: { text: '東京は日本の首都です。人口は約千四百万人です。', types: ['tweet', 'summary'] },
      output: {
        snippets: [
          {
            type: 'tweet',
            text: '東京は日本の首都です。人口は約千四百万人です。',
            length: 46,
            maxLength: 280,
            truncated: false,
            sentences: 2,
            note: 'X/Twitter post: 280 weighted characters, a link counts 23, CJK and emoji count 2',
          },
          {
            type: 'summary',
            text: '東京は日本の首都です。人口は約千四百万人です。',
            length: 23,
            maxLength: 300,
            truncated: false,
            sentences: 2,
            note: 'A 2–3 sentence summary',
          },
        ],
      },
    },
  ],
  run: ({ text, types, url, hashtags }) => {
    const { all, ranked } = rankSentences(text);
    const tags =
      hashtags > 0
        ? extractKeywords(text, { limit: 10 })
            .map((k) => toHashtag(k.keyword))
            .filter((t): t is string => t !== undefined)
            .slice(0, hashtags)
        : [];
    const snippets = types.map((type) => {
      const { limit, note } = SNIPPET_TYPES[type];
      const social = type === 'tweet' || type === 'linkedin';
      const suffixUrl = social && url ? url : '';
      const urlCost = suffixUrl ? 1 + (type === 'tweet' ? TWITTER_URL_LENGTH : countGraphemes(suffixUrl)) : 0;
      // Hashtags asked for get their room first; sentences fill the rest.
      const tagCost = social ? tags.reduce((sum, tag) => sum + 1 + measure(type, tag), 0) : 0;
      const budget = limit - urlCost - tagCost;
      const chosen: number[] = [];
      const compose = (indexes: number[]): string[] => [...indexes].sort((a, b) => a - b).map((i) => all[i]!);
      const composeText = (indexes: number[]): string => joinSentences(compose(indexes));
      for (const sentence of ranked) {
        const candidate = [...chosen, sentence.index];
        if (measure(type, composeText(candidate)) <= budget) chosen.push(sentence.index);
      }
      let body: string;
      let truncated = false;
      if (chosen.length > 0) body = composeText(chosen);
      else {
        body = truncateAtWord(ranked[0]?.text ?? text.trim(), budget, (s) => measure(type, s));
        truncated = true;
      }
      if (social && tags.length > 0) body = `${body} ${tags.join(' ')}`;
      const full = suffixUrl ? `${body} ${suffixUrl}` : body;
      const length = type === 'tweet' ? measure(type, body) + urlCost : measure(type, full);
      return { type, text: full, length, maxLength: limit, truncated, sentences: chosen.length, note };
    });
    return { snippets };
  },
});
