import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { platformSpec } from './ad-limits.ts';
import { measure } from '../../lib/text-measure.ts';
import { titleCaseWords } from '../../lib/titlecase.ts';
import { fill, type Template } from './templates.ts';

/** Which ad field the headlines are for, per platform. */
const TARGETS = {
  'google-ads': 'headline',
  'microsoft-ads': 'headline',
  meta: 'headline',
  linkedin: 'headline',
  x: 'card-headline',
  tiktok: 'ad-text',
} as const;
type Platform = keyof typeof TARGETS;
const PLATFORMS = Object.keys(TARGETS) as [Platform, ...Platform[]];

const TEMPLATES: Template[] = [
  { id: 'product', angle: 'product', text: '{Product}' },
  { id: 'brand-product', angle: 'brand', text: '{Brand} {Product}' },
  { id: 'product-benefit', angle: 'benefit', text: '{Product}: {Benefit}' },
  { id: 'benefit', angle: 'benefit', text: '{Benefit}' },
  { id: 'benefit-with-product', angle: 'benefit', text: '{Benefit} with {Product}' },
  { id: 'offer-product', angle: 'offer', text: '{Offer} on {Product}' },
  { id: 'product-offer', angle: 'offer', text: '{Product} – {Offer}' },
  { id: 'keyword', angle: 'keyword', text: '{Keyword}' },
  { id: 'keyword-brand', angle: 'keyword', text: '{Keyword} | {Brand}' },
  { id: 'product-for-audience', angle: 'audience', text: '{Product} for {Audience}' },
  { id: 'benefit-for-audience', angle: 'audience', text: '{Benefit} for {Audience}' },
  { id: 'question-keyword', angle: 'question', text: 'Looking for {Keyword}?' },
  { id: 'question-product', angle: 'question', text: 'Need {Product}?' },
  { id: 'cta-product', angle: 'call to action', text: '{Cta} – {Product}' },
  { id: 'try-product', angle: 'call to action', text: 'Try {Product} Today' },
  { id: 'discover-product', angle: 'call to action', text: 'Discover {Product}' },
  { id: 'product-by-brand', angle: 'brand', text: '{Product} by {Brand}' },
  { id: 'official-site', angle: 'brand', text: '{Brand} Official Site' },
  { id: 'see-product', angle: 'call to action', text: 'See {Product} in Action' },
  { id: 'product-made-simple', angle: 'product', text: '{Product} Made Simple' },
  { id: 'offer-cta', angle: 'offer', text: '{Offer} – {Cta}' },
];

const value = (description: string) => z.string().max(120, 'at most 120 characters').optional().describe(description);

export default defineTool({
  module: 'marketing-apis',
  slug: 'ai-ad-headline-variants',
  cpu: 'large-input',
  title: 'Ad headline variants (deterministic templates, not an LLM)',
  description:
    'Generates ad headline variants from proven copy templates — NOT a language model: the same input always gives the ' +
    `same headlines, in template order. ${TEMPLATES.length} templates cover product, benefit, offer, keyword, audience, question, ` +
    'brand and call-to-action angles; a template is used only when you gave the fields it needs (e.g. {Offer} on ' +
    '{Product}). Every headline is measured as the platform counts it and kept only if it fits the limit: Google Ads and ' +
    'Microsoft headline 30 (double-width CJK count 2), Meta headline 40, LinkedIn headline 70, X card headline 70, TikTok ' +
    'ad text 100, or your maxLength. Title Case by default (acronyms and brand capitals kept); duplicates and, for ' +
    'Google/Microsoft, headlines with "!" are dropped. Use them as a starting set for RSA headlines or A/B tests.',
  keywords: ['ad headline generator', 'headline variants', 'rsa headlines', 'ad copy templates', 'google ads headlines', 'facebook ad headlines'],
  input: () =>
    z.object({
      product: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(120, 'at most 120 characters')
        .describe('Product or service name, e.g. "Running Shoes" or "Acme CRM"'),
      benefit: value('Main benefit as a short phrase starting with a verb, e.g. "Save 5 Hours a Week"'),
      offer: value('Offer, e.g. "20% Off" or "Free Shipping"'),
      keyword: value('Main keyword you bid on, e.g. "trail running shoes"'),
      audience: value('Who it is for, e.g. "Small Teams"'),
      brand: value('Brand name, e.g. "Acme"'),
      cta: value('Call to action (default "Get Started")'),
      platform: z.enum(PLATFORMS).default('google-ads').describe('Platform whose headline limit applies (default google-ads, 30)'),
      maxLength: z
        .number()
        .int('a whole number')
        .min(10, 'at least 10')
        .max(300, 'at most 300')
        .optional()
        .describe("Override the limit (counted the platform's way)"),
      count: z.number().int('a whole number').min(1, 'at least 1').max(50, 'at most 50').default(10).describe('How many headlines at most (1–50, default 10)'),
      titleCase: z.boolean().default(true).describe('Title Case the headlines (default true)'),
    }),
  output: () =>
    z.object({
      variants: z.array(z.object({ text: z.string(), length: z.number().int(), remaining: z.number().int(), template: z.string(), angle: z.string() })),
      platform: z.enum(PLATFORMS),
      limit: z.number().int(),
      skippedTooLong: z.number().int().describe('Filled templates dropped for being over the limit'),
      generator: z.literal('deterministic-templates').describe('Always "deterministic-templates": no language model is involved'),
    }),
  examples: [
    {
      title: 'Google Ads headlines for a shoe shop',
      input: { product: 'trail running shoes', benefit: 'grip on any terrain', offer: '20% off', brand: 'Acme', count: 8 },
      output: {
        variants: [
          { text: 'Trail Running Shoes', length: 19, remaining: 11, template: 'product', angle: 'product' },
          { text: 'Acme Trail Running Shoes', length: 24, remaining: 6, template: 'brand-product', angle: 'brand' },
          { text: 'Grip on Any Terrain', length: 19, remaining: 11, template: 'benefit', angle: 'benefit' },
          { text: '20% Off on Trail Running Shoes', length: 30, remaining: 0, template: 'offer-product', angle: 'offer' },
          { text: 'Trail Running Shoes – 20% Off', length: 29, remaining: 1, template: 'product-offer', angle: 'offer' },
          { text: 'Need Trail Running Shoes?', length: 25, remaining: 5, template: 'question-product', angle: 'question' },
          { text: 'Try Trail Running Shoes Today', length: 29, remaining: 1, template: 'try-product', angle: 'call to action' },
          { text: 'Discover Trail Running Shoes', length: 28, remaining: 2, template: 'discover-product', angle: 'call to action' },
        ],
        platform: 'google-ads',
        limit: 30,
        skippedTooLong: 3,
        generator: 'deterministic-templates',
      },
    },
    {
      title: 'LinkedIn headlines for a SaaS product',
      input: { product: 'Acme CRM', benefit: 'close deals faster', audience: 'small sales teams', cta: 'start a free trial', platform: 'linkedin', count: 5 },
      output: {
        variants: [
          { text: 'Acme CRM', length: 8, remaining: 62, template: 'product', angle: 'product' },
          { text: 'Acme CRM: Close Deals Faster', length: 28, remaining: 42, template: 'product-benefit', angle: 'benefit' },
          { text: 'Close Deals Faster', length: 18, remaining: 52, template: 'benefit', angle: 'benefit' },
          { text: 'Close Deals Faster with Acme CRM', length: 32, remaining: 38, template: 'benefit-with-product', angle: 'benefit' },
          { text: 'Acme CRM for Small Sales Teams', length: 30, remaining: 40, template: 'product-for-audience', angle: 'audience' },
        ],
        platform: 'linkedin',
        limit: 70,
        skippedTooLong: 0,
        generator: 'deterministic-templates',
      },
    },
  ],
  run: (input, ctx) => {
    const spec = platformSpec(input.platform);
    const field = spec.fields[TARGETS[input.platform]];
    const limit = input.maxLength ?? field?.limit ?? 30;
    const values = {
      product: input.product,
      benefit: input.benefit,
      offer: input.offer,
      keyword: input.keyword,
      audience: input.audience,
      brand: input.brand,
      cta: input.cta ?? 'Get Started',
    };
    const seen = new Set<string>();
    const variants: { text: string; length: number; remaining: number; template: string; angle: string }[] = [];
    let skippedTooLong = 0;
    for (const t of TEMPLATES) {
      if (variants.length >= input.count) break;
      const filled = fill(t.text, values);
      if (filled === null) continue;
      const text = input.titleCase ? titleCaseWords(filled) : filled;
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      if (spec.editorial && text.includes('!')) continue;
      const length = measure(text, spec.method, spec.method === 'x-weighted' ? 23 : undefined).counted;
      if (length > limit) {
        skippedTooLong++;
        continue;
      }
      seen.add(key);
      variants.push({ text, length, remaining: limit - length, template: t.id, angle: t.angle });
    }
    if (variants.length < input.count)
      ctx.warn(
        `only ${variants.length} headline${variants.length === 1 ? '' : 's'} fit: give more fields (benefit, offer, keyword, audience, brand) or shorter values`,
      );
    return { variants, platform: input.platform, limit, skippedTooLong, generator: 'deterministic-templates' as const };
  },
});
