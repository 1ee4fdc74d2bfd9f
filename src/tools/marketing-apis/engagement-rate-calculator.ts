import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { countInput, decimalsField, Dec, fixed } from './numbers.ts';

const BASES = ['followers', 'reach', 'impressions'] as const;
type Basis = (typeof BASES)[number];

export default defineTool({
  module: 'marketing-apis',
  slug: 'engagement-rate-calculator',
  cpu: 'large-input',
  title: 'Social media engagement rate calculator',
  description:
    'Engagement rate = engagements ÷ audience × 100, in decimal arithmetic, as a percentage string. Engagements are the ' +
    'sum of likes, comments, shares, saves, clicks and other interactions you give (or one `engagements` total). The ' +
    'audience is the basis you choose: followers (engagement rate by followers, the usual public benchmark), reach ' +
    '(ERR, engagement rate by reach) or impressions (engagement rate by impressions); without `basis` the first one ' +
    'given of followers, reach, impressions is used. With posts > 1 the figures are per-post averages (engagements ÷ ' +
    'posts ÷ audience). The basis that is given must be more than 0.',
  keywords: ['engagement rate', 'instagram engagement rate', 'err', 'engagement rate by reach', 'social media metrics', 'tiktok engagement'],
  input: () =>
    z.object({
      likes: countInput('Likes / reactions (default 0)').default(0),
      comments: countInput('Comments (default 0)').default(0),
      shares: countInput('Shares / reposts (default 0)').default(0),
      saves: countInput('Saves / bookmarks (default 0)').default(0),
      clicks: countInput('Link or profile clicks, if you count them as engagement (default 0)').default(0),
      otherEngagements: countInput('Any other interactions (default 0)').default(0),
      engagements: countInput('Total engagements, instead of the breakdown (optional)').optional(),
      followers: countInput('Followers (audience for engagement rate by followers)').optional(),
      reach: countInput('Unique accounts reached (audience for engagement rate by reach)').optional(),
      impressions: countInput('Impressions / views (audience for engagement rate by impressions)').optional(),
      basis: z.enum(BASES).optional().describe('Which audience to divide by: followers, reach or impressions (default: the first one given, in that order)'),
      posts: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(100_000, 'at most 100,000')
        .default(1)
        .describe('Number of posts the engagements are summed over (default 1); the result is the per-post average'),
      decimals: decimalsField,
    }),
  output: () =>
    z.object({
      engagementRate: z.string().describe('Engagement rate in percent (per post when posts > 1)'),
      basis: z.enum(BASES),
      audience: z.number().int(),
      engagements: z.number().int().describe('Total engagements'),
      engagementsPerPost: z.string(),
      breakdown: z.record(z.string(), z.number().int()).describe('Engagements by type (when given as a breakdown)'),
      otherRates: z.record(z.string(), z.string()).describe('The rate by the other audiences that were given, in percent'),
      formula: z.string(),
    }),
  examples: [
    {
      title: 'one Instagram post by followers',
      input: { likes: 420, comments: 35, shares: 12, saves: 33, followers: 10000 },
      output: {
        engagementRate: '5.00',
        basis: 'followers',
        audience: 10000,
        engagements: 500,
        engagementsPerPost: '500.00',
        breakdown: { likes: 420, comments: 35, shares: 12, saves: 33 },
        otherRates: {},
        formula: 'engagement rate = engagements ÷ posts ÷ followers × 100 = 500 ÷ 1 ÷ 10000 × 100',
      },
    },
    {
      title: 'ten posts by reach, with followers for comparison',
      input: { engagements: 3600, followers: 25000, reach: 48000, basis: 'reach', posts: 10 },
      output: {
        engagementRate: '0.75',
        basis: 'reach',
        audience: 48000,
        engagements: 3600,
        engagementsPerPost: '360.00',
        breakdown: {},
        otherRates: { followers: '1.44' },
        formula: 'engagement rate = engagements ÷ posts ÷ reach × 100 = 3600 ÷ 10 ÷ 48000 × 100',
      },
    },
  ],
  run: (input) => {
    const parts = {
      likes: input.likes,
      comments: input.comments,
      shares: input.shares,
      saves: input.saves,
      clicks: input.clicks,
      otherEngagements: input.otherEngagements,
    };
    const breakdown: Record<string, number> = {};
    for (const [k, v] of Object.entries(parts)) if (v > 0) breakdown[k] = v;
    const partsTotal = Object.values(parts).reduce((s, v) => s + v, 0);
    if (input.engagements !== undefined && partsTotal > 0)
      throw invalidField('engagements', 'give either the engagements total or the breakdown (likes, comments…), not both');
    const engagements = input.engagements ?? partsTotal;
    const basis: Basis | undefined = input.basis ?? BASES.find((b) => input[b] !== undefined);
    if (basis === undefined) throw invalidField('followers', 'give followers, reach or impressions to divide by');
    const audience = input[basis];
    if (audience === undefined) throw invalidField(basis, `is required when basis is "${basis}"`);
    if (audience === 0) throw invalidField(basis, 'must be greater than 0 to compute the engagement rate (it is the divisor)');
    const perPost = new Dec(engagements).div(input.posts);
    const rate = (aud: number): string => fixed(perPost.div(aud).times(100), input.decimals);
    const otherRates: Record<string, string> = {};
    for (const b of BASES) {
      const v = input[b];
      if (b !== basis && v !== undefined && v > 0) otherRates[b] = rate(v);
    }
    return {
      engagementRate: rate(audience),
      basis,
      audience,
      engagements,
      engagementsPerPost: fixed(perPost, 2),
      breakdown,
      otherRates,
      formula: `engagement rate = engagements ÷ posts ÷ ${basis} × 100 = ${engagements} ÷ ${input.posts} ÷ ${audience} × 100`,
    };
  },
});
