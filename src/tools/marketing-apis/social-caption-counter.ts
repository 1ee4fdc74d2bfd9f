import { withThousands } from '../../lib/digits.ts';
import { z } from 'zod';
import { countGraphemes } from '../../lib/graphemes.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { categoryAuditShape, type RawFinding, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';
import { type CountMethod, findHashtags, findMentions, findUrls, measure, truncateTo, wordList } from '../../lib/text-measure.ts';

interface PlatformSpec {
  name: string;
  limit: number;
  method: CountMethod;
  urlLength?: number;
  truncateAt?: number;
  hashtagLimit?: number;
  /** Going over hashtagLimit is refused (high) or only loses the extra tags (medium). */
  hashtagOverflow?: 'refused' | 'ignored';
  recommendedHashtags?: number;
  note: string;
}

const PLATFORMS = {
  instagram: {
    name: 'Instagram caption',
    limit: 2200,
    method: 'graphemes',
    truncateAt: 125,
    hashtagLimit: 30,
    note: 'Feed shows about 125 characters before "more"; at most 30 hashtags',
  },
  facebook: { name: 'Facebook post', limit: 63206, method: 'graphemes', note: 'Long posts are cut behind "See more"' },
  x: {
    name: 'X (Twitter) post',
    limit: 280,
    method: 'x-weighted',
    urlLength: 23,
    note: 'Weighted count: CJK and emoji 2, every URL 23; Premium accounts may post up to 25,000',
  },
  linkedin: {
    name: 'LinkedIn post',
    limit: 3000,
    method: 'graphemes',
    truncateAt: 210,
    recommendedHashtags: 5,
    note: 'About 210 characters show before "…see more" on desktop (fewer on mobile)',
  },
  threads: {
    name: 'Threads post',
    limit: 500,
    method: 'graphemes',
    hashtagLimit: 1,
    hashtagOverflow: 'ignored',
    note: 'Only one tag per post becomes a topic tag',
  },
  tiktok: { name: 'TikTok caption', limit: 4000, method: 'graphemes', truncateAt: 100, note: 'Only the first lines show over the video' },
  bluesky: { name: 'Bluesky post', limit: 300, method: 'graphemes', note: 'Bluesky counts graphemes' },
  mastodon: {
    name: 'Mastodon post (default server limit)',
    limit: 500,
    method: 'graphemes',
    urlLength: 23,
    note: 'Every URL counts 23; servers may set another limit',
  },
  pinterest: { name: 'Pinterest pin description', limit: 500, method: 'graphemes', truncateAt: 50, note: 'The first 50 characters or so show in the feed' },
  youtube: {
    name: 'YouTube video description',
    limit: 5000,
    method: 'graphemes',
    truncateAt: 157,
    hashtagLimit: 60,
    note: 'More than 60 hashtags and YouTube ignores them all; about 157 characters show above "…more"',
  },
} as const satisfies Record<string, PlatformSpec>;

type Platform = keyof typeof PLATFORMS;
const PLATFORM_NAMES = Object.keys(PLATFORMS) as [Platform, ...Platform[]];

export default defineTool({
  module: 'marketing-apis',
  slug: 'social-caption-counter',
  cpu: 'large-input',
  title: 'Social media caption counter',
  description:
    "Counts a caption or post against each social platform's limit the way that platform counts: " +
    PLATFORM_NAMES.map((p) => `${p} ${withThousands(PLATFORMS[p].limit)}`).join(', ') +
    '. Characters are user-perceived (an emoji or é counts 1; grapheme segmentation), X uses its weighted count (CJK and ' +
    'emoji 2, URLs 23) and Mastodon counts URLs as 23. Also lists hashtags, @mentions and URLs, checks hashtag limits ' +
    '(Instagram 30, Threads 1, YouTube 60; LinkedIn more than 5 is flagged as a recommendation) and shows what is visible ' +
    'before the "more" cut in feeds. ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: length 70, hashtags 30.',
  keywords: [
    'caption counter',
    'character counter',
    'instagram caption length',
    'tweet character count',
    'linkedin post length',
    'hashtag counter',
    'threads limit',
    'bluesky limit',
  ],
  input: () =>
    z.object({
      text: z
        .string()
        .max(100_000, 'at most 100,000 characters')
        .describe('The caption or post text (up to 100,000 characters; the largest platform limit is 63,206)'),
      platforms: z
        .array(z.enum(PLATFORM_NAMES))
        .min(1, 'at least 1 platform')
        .default(PLATFORM_NAMES)
        .describe(`Platforms to check (default all): ${PLATFORM_NAMES.join(', ')}`),
    }),
  output: () =>
    z.object({
      characters: z.number().int().describe('User-perceived characters (graphemes)'),
      utf16Length: z.number().int().describe('Length in UTF-16 code units (what JavaScript .length reports)'),
      words: z.number().int(),
      lines: z.number().int(),
      emoji: z.number().int(),
      hashtags: z.array(z.string()),
      mentions: z.array(z.string()),
      urls: z.array(z.string()),
      platforms: z.array(
        z.object({
          platform: z.enum(PLATFORM_NAMES),
          name: z.string(),
          limit: z.number().int(),
          length: z.number().int().describe('Length as this platform counts it'),
          remaining: z.number().int(),
          withinLimit: z.boolean(),
          hashtagLimit: z.number().int().nullable(),
          hashtagsWithinLimit: z.boolean(),
          visibleBeforeMore: z.string().nullable().describe('What the feed shows before its "more" cut, when the caption is longer'),
          note: z.string(),
        }),
      ),
      ...categoryAuditShape,
    }),
  examples: [
    {
      title: 'an Instagram and X caption',
      input: {
        text: 'New drop ☀️ Linen shirts in 6 colours, made in Portugal. Shop: https://example.com/linen #linen #summerstyle @acme',
        platforms: ['instagram', 'x', 'bluesky'],
      },
      output: {
        characters: 113,
        utf16Length: 114,
        words: 19,
        lines: 1,
        emoji: 1,
        hashtags: ['#linen', '#summerstyle'],
        mentions: ['@acme'],
        urls: ['https://example.com/linen'],
        platforms: [
          {
            platform: 'instagram',
            name: 'Instagram caption',
            limit: 2200,
            length: 113,
            remaining: 2087,
            withinLimit: true,
            hashtagLimit: 30,
            hashtagsWithinLimit: true,
            visibleBeforeMore: null,
            note: 'Feed shows about 125 characters before "more"; at most 30 hashtags',
          },
          {
            platform: 'x',
            name: 'X (Twitter) post',
            limit: 280,
            length: 112,
            remaining: 168,
            withinLimit: true,
            hashtagLimit: null,
            hashtagsWithinLimit: true,
            visibleBeforeMore: null,
            note: 'Weighted count: CJK and emoji 2, every URL 23; Premium accounts may post up to 25,000',
          },
          {
            platform: 'bluesky',
            name: 'Bluesky post',
            limit: 300,
            length: 113,
            remaining: 187,
            withinLimit: true,
            hashtagLimit: null,
            hashtagsWithinLimit: true,
            visibleBeforeMore: null,
            note: 'Bluesky counts graphemes',
          },
        ],
        score: 100,
        scoreBreakdown: { length: 70, hashtags: 30 },
        findings: [],
      },
    },
    {
      title: 'a long LinkedIn post with many hashtags',
      input: {
        text: 'We just published our 2025 State of Remote Work report. 2,000 people in 30 countries told us how they work, where they work and what they wish their managers knew. Three findings surprised us most. #remotework #futureofwork #hr #leadership #management #hybridwork',
        platforms: ['linkedin', 'threads'],
      },
      output: {
        characters: 263,
        utf16Length: 263,
        words: 42,
        lines: 1,
        emoji: 0,
        hashtags: ['#remotework', '#futureofwork', '#hr', '#leadership', '#management', '#hybridwork'],
        mentions: [],
        urls: [],
        platforms: [
          {
            platform: 'linkedin',
            name: 'LinkedIn post',
            limit: 3000,
            length: 263,
            remaining: 2737,
            withinLimit: true,
            hashtagLimit: null,
            hashtagsWithinLimit: true,
            visibleBeforeMore:
              'We just published our 2025 State of Remote Work report. 2,000 people in 30 countries told us how they work, where they work and what they wish their managers knew. Three findings surprised us most. #remotework…',
            note: 'About 210 characters show before "…see more" on desktop (fewer on mobile)',
          },
          {
            platform: 'threads',
            name: 'Threads post',
            limit: 500,
            length: 263,
            remaining: 237,
            withinLimit: true,
            hashtagLimit: 1,
            hashtagsWithinLimit: false,
            visibleBeforeMore: null,
            note: 'Only one tag per post becomes a topic tag',
          },
        ],
        score: 88,
        scoreBreakdown: { length: 70, hashtags: 18 },
        findings: [
          {
            id: 'too-many-hashtags-threads',
            severity: 'medium',
            title: 'More than 1 hashtag on Threads',
            evidence: '6 hashtags; Only one tag per post becomes a topic tag',
            fix: 'Keep at most 1',
          },
          {
            id: 'many-hashtags-linkedin',
            severity: 'low',
            title: 'More than 5 hashtags on LinkedIn',
            evidence: '6 hashtags',
            fix: 'Use 3–5 relevant hashtags',
          },
          {
            id: 'truncated-linkedin',
            severity: 'info',
            title: 'LinkedIn post is cut after about 210 characters in the feed',
            evidence: '263 characters',
            fix: 'Put the hook and call to action first',
          },
        ],
      },
    },
  ],
  run: ({ text, platforms }) => {
    const hashtags = findHashtags(text);
    const raw: RawFinding[] = [];
    const results = [...new Set(platforms)].map((platform) => {
      const spec: PlatformSpec = PLATFORMS[platform];
      const m = measure(text, spec.method, spec.urlLength);
      const withinLimit = m.counted <= spec.limit;
      if (!withinLimit)
        raw.push({
          id: `over-limit-${platform}`,
          category: 'length',
          severity: 'high',
          title: `Over the ${spec.name} limit`,
          evidence: `${m.counted} of ${spec.limit}`,
          fix: `Cut ${m.counted - spec.limit} characters`,
        });
      const hashtagLimit = spec.hashtagLimit ?? null;
      const hashtagsWithinLimit = hashtagLimit === null || hashtags.length <= hashtagLimit;
      if (!hashtagsWithinLimit)
        raw.push({
          id: `too-many-hashtags-${platform}`,
          category: 'hashtags',
          severity: spec.hashtagOverflow === 'ignored' ? 'medium' : 'high',
          title: `More than ${hashtagLimit} hashtag${hashtagLimit === 1 ? '' : 's'} on ${spec.name.split(' ')[0]}`,
          evidence: `${hashtags.length} hashtags; ${spec.note}`,
          fix: `Keep at most ${hashtagLimit}`,
        });
      if (spec.recommendedHashtags !== undefined && hashtags.length > spec.recommendedHashtags)
        raw.push({
          id: `many-hashtags-${platform}`,
          category: 'hashtags',
          severity: 'low',
          title: `More than ${spec.recommendedHashtags} hashtags on ${spec.name.split(' ')[0]}`,
          evidence: `${hashtags.length} hashtags`,
          fix: 'Use 3–5 relevant hashtags',
        });
      const cut = spec.truncateAt !== undefined && m.counted > spec.truncateAt;
      if (cut && withinLimit)
        raw.push({
          id: `truncated-${platform}`,
          category: 'length',
          severity: 'info',
          title: `${spec.name} is cut after about ${spec.truncateAt} characters in the feed`,
          evidence: `${m.counted} characters`,
          fix: 'Put the hook and call to action first',
        });
      return {
        platform,
        name: spec.name,
        limit: spec.limit,
        length: m.counted,
        remaining: spec.limit - m.counted,
        withinLimit,
        hashtagLimit,
        hashtagsWithinLimit,
        visibleBeforeMore: cut && spec.truncateAt !== undefined ? `${truncateTo(text, spec.truncateAt, spec.method).trimEnd()}…` : null,
        note: spec.note,
      };
    });
    const g = measure(text, 'graphemes');
    return {
      characters: countGraphemes(text),
      utf16Length: text.length,
      words: wordList(text).length,
      lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
      emoji: g.emoji,
      hashtags,
      mentions: findMentions(text),
      urls: findUrls(text).map((u) => u.url),
      platforms: results,
      ...scoreByCategory({ length: 70, hashtags: 30 }, raw),
    };
  },
});
