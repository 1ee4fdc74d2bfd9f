import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { buildCampaignUrl, urlField } from './utm.ts';

const value = (description: string) => z.string().max(500, 'at most 500 characters').describe(description);

export default defineTool({
  module: 'marketing-apis',
  slug: 'utm-builder',
  title: 'UTM campaign URL builder',
  description:
    'Builds a campaign-tagged URL for Google Analytics 4 and other analytics tools: adds utm_source, utm_medium, ' +
    'utm_campaign and optionally utm_term, utm_content, utm_id and the GA4 parameters utm_source_platform, ' +
    'utm_creative_format and utm_marketing_tactic. The landing URL is validated with the WHATWG URL parser (http/https ' +
    'only); its existing query parameters and #fragment are kept exactly, and utm_* parameters it already had are ' +
    "replaced (listed in replacedParameters). Values are trimmed and percent-encoded (spaces as %20, like Google's " +
    'Campaign URL Builder); lowercase: true lower-cases them. Spaces and capital letters produce warnings because GA4 ' +
    'reports are case-sensitive. For ad-platform macros ({keyword}, {{ad.name}}) use ads-utm-builder; for many URLs, ' +
    'utm-bulk-builder.',
  keywords: ['utm builder', 'campaign url builder', 'utm parameters', 'google analytics', 'ga4', 'tracking link', 'utm_source'],
  input: () =>
    z.object({
      url: urlField('Landing page URL, absolute http(s), e.g. https://example.com/pricing'),
      source: value('utm_source: where the traffic comes from (google, newsletter, facebook)'),
      medium: value('utm_medium: the marketing medium (cpc, email, social, paid_social, referral)'),
      campaign: value('utm_campaign: campaign name (spring_sale)'),
      term: value('utm_term: paid search keyword (optional)').optional(),
      content: value('utm_content: which ad or link was clicked, to tell variants apart (optional)').optional(),
      id: value('utm_id: campaign id, used by GA4 cost-data import (optional)').optional(),
      sourcePlatform: value('utm_source_platform: the buying platform, e.g. "Google Ads", "DV360" (optional, GA4)').optional(),
      creativeFormat: value('utm_creative_format: creative format, e.g. display, video, native (optional, GA4)').optional(),
      marketingTactic: value('utm_marketing_tactic: targeting, e.g. remarketing, prospecting (optional, GA4)').optional(),
      lowercase: z
        .boolean()
        .default(false)
        .describe('Lower-case every value (recommended: GA4 treats "Email" and "email" as different mediums). Default false'),
    }),
  output: () =>
    z.object({
      url: z.string().describe('The campaign URL'),
      parameters: z.record(z.string(), z.string()).describe('The utm_* parameters set, with their (unencoded) values, in URL order'),
      replacedParameters: z.array(z.string()).describe('utm_* parameters the URL already had and that were replaced'),
      length: z.number().int().describe('Length of the URL in characters'),
    }),
  examples: [
    {
      title: 'basic newsletter link',
      input: { url: 'https://example.com/pricing', source: 'newsletter', medium: 'email', campaign: 'spring_sale' },
      output: {
        url: 'https://example.com/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale',
        parameters: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring_sale' },
        replacedParameters: [],
        length: 91,
      },
    },
    {
      title: 'keeps existing parameters and the fragment, lower-cases values',
      input: {
        url: 'https://shop.example.com/p?id=42#reviews',
        source: 'Facebook',
        medium: 'paid_social',
        campaign: 'Summer Sale 2025',
        content: 'carousel_a',
        lowercase: true,
      },
      output: {
        url: 'https://shop.example.com/p?id=42&utm_source=facebook&utm_medium=paid_social&utm_campaign=summer%20sale%202025&utm_content=carousel_a#reviews',
        parameters: { utm_source: 'facebook', utm_medium: 'paid_social', utm_campaign: 'summer sale 2025', utm_content: 'carousel_a' },
        replacedParameters: [],
        length: 140,
      },
    },
    {
      title: 'replaces a utm parameter the URL already had',
      input: { url: 'https://example.com/?utm_source=old&ref=x', source: 'google', medium: 'cpc', campaign: 'brand', term: 'running shoes', id: 'cmp-123' },
      output: {
        url: 'https://example.com/?ref=x&utm_source=google&utm_medium=cpc&utm_campaign=brand&utm_term=running%20shoes&utm_id=cmp-123',
        parameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'brand', utm_term: 'running shoes', utm_id: 'cmp-123' },
        replacedParameters: ['utm_source'],
        length: 118,
      },
    },
  ],
  run: (input, ctx) => {
    const built = buildCampaignUrl(input.url, input, input.lowercase);
    for (const warning of built.warnings) ctx.warn(warning);
    return { url: built.url, parameters: built.parameters, replacedParameters: built.replacedParameters, length: built.url.length };
  },
});
