import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal as D } from '../../lib/money.ts';

const MAX_COUNT = 1e13;

const count = (what: string, min = 0) =>
  z
    .number()
    .int('a whole number')
    .min(min, min === 0 ? 'not negative' : `at least ${min}`)
    .max(MAX_COUNT, `at most ${MAX_COUNT.toExponential()}`)
    .describe(what);

/** Rule-of-thumb bands for engagement by views (interactions per 100 views); stated in the description. */
const BANDS = [
  { min: 10, label: 'excellent' },
  { min: 5, label: 'high' },
  { min: 2, label: 'average' },
  { min: 0, label: 'low' },
] as const;

/** A percentage rounded half-up to 2 decimals. */
function percent(part: number, whole: number): number {
  return new D(part).div(whole).mul(100).toDecimalPlaces(2).toNumber();
}

export default defineTool({
  module: 'youtube-tools',
  slug: 'youtube-engagement-calculator',
  title: 'YouTube engagement rate calculator',
  description:
    "Calculates a YouTube video's engagement: the engagement rate by views ((likes + comments + shares) ÷ views × 100), like, comment and share rates, " +
    'the engagement rate by subscribers and views per subscriber when subscribers are given, and likes per comment. Rates are percentages ' +
    'rounded half-up to 2 decimals, computed in decimal arithmetic. The rating uses common rule-of-thumb bands for YouTube: below 2 % low, ' +
    '2–5 % average, 5–10 % high, 10 % and above excellent.',
  keywords: ['youtube engagement rate', 'engagement calculator', 'like rate', 'comment rate', 'youtube analytics', 'views per subscriber'],
  input: () =>
    z.object({
      views: count('Views of the video (at least 1: the rates are per view)', 1),
      likes: count('Likes'),
      comments: count('Comments (default 0)').default(0),
      shares: count('Shares, from YouTube Studio (default 0)').default(0),
      subscribers: count('Channel subscribers, for the rate by subscribers (at least 1 when given)', 1).optional(),
    }),
  output: () =>
    z.object({
      interactions: z.number().int().describe('likes + comments + shares'),
      engagementRate: z.number().describe('Interactions per 100 views, % (2 decimals, half-up)'),
      likeRate: z.number().describe('Likes per 100 views, %'),
      commentRate: z.number().describe('Comments per 100 views, %'),
      shareRate: z.number().describe('Shares per 100 views, %'),
      engagementRateBySubscribers: z.number().nullable().describe('Interactions per 100 subscribers, % (null without subscribers)'),
      viewsPerSubscriber: z.number().nullable().describe('Views ÷ subscribers, 2 decimals (null without subscribers)'),
      likesPerComment: z.number().nullable().describe('Likes ÷ comments, 2 decimals (null without comments)'),
      rating: z.enum(['low', 'average', 'high', 'excellent']).describe('Band of the engagement rate: <2 % low, 2–5 % average, 5–10 % high, ≥10 % excellent'),
      formula: z.string().describe('How the main rate was computed'),
    }),
  examples: [
    {
      title: 'a video with views, likes, comments and shares',
      input: { views: 10000, likes: 420, comments: 35, shares: 20 },
      output: {
        interactions: 475,
        engagementRate: 4.75,
        likeRate: 4.2,
        commentRate: 0.35,
        shareRate: 0.2,
        engagementRateBySubscribers: null,
        viewsPerSubscriber: null,
        likesPerComment: 12,
        rating: 'average',
        formula: '(420 likes + 35 comments + 20 shares) ÷ 10000 views × 100 = 4.75 %',
      },
    },
    {
      title: 'with subscribers',
      input: { views: 3000, likes: 250, comments: 64, shares: 15, subscribers: 12000 },
      output: {
        interactions: 329,
        engagementRate: 10.97,
        likeRate: 8.33,
        commentRate: 2.13,
        shareRate: 0.5,
        engagementRateBySubscribers: 2.74,
        viewsPerSubscriber: 0.25,
        likesPerComment: 3.91,
        rating: 'excellent',
        formula: '(250 likes + 64 comments + 15 shares) ÷ 3000 views × 100 = 10.97 %',
      },
    },
  ],
  run: ({ views, likes, comments, shares, subscribers }, ctx) => {
    const interactions = likes + comments + shares;
    if (likes > views) ctx.warn('likes exceed views: check the figures (view counts can lag behind likes for fresh uploads)');
    const engagementRate = percent(interactions, views);
    const band = BANDS.find((b) => engagementRate >= b.min) ?? BANDS[3];
    return {
      interactions,
      engagementRate,
      likeRate: percent(likes, views),
      commentRate: percent(comments, views),
      shareRate: percent(shares, views),
      engagementRateBySubscribers: subscribers === undefined ? null : percent(interactions, subscribers),
      viewsPerSubscriber: subscribers === undefined ? null : new D(views).div(subscribers).toDecimalPlaces(2).toNumber(),
      likesPerComment: comments === 0 ? null : new D(likes).div(comments).toDecimalPlaces(2).toNumber(),
      rating: band.label,
      formula: `(${likes} likes + ${comments} comments + ${shares} shares) ÷ ${views} views × 100 = ${engagementRate} %`,
    };
  },
});
