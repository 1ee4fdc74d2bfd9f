import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { queryPairs, TRACKING_PARAMS, UTM_FIELDS, UTM_PARAMS, withParams } from './utm.ts';

const TRACKING_BY_LOWER = new Map(Object.keys(TRACKING_PARAMS).map((k) => [k.toLowerCase(), k]));

export default defineTool({
  module: 'marketing-apis',
  slug: 'utm-parser',
  title: 'UTM and click-ID parser',
  description:
    'Parses a tagged URL: every utm_* parameter (source, medium, campaign, term, content, id and the GA4 ' +
    'source_platform, creative_format, marketing_tactic), ad click identifiers with their platform (gclid, gbraid, ' +
    'wbraid, dclid for Google; fbclid for Meta; msclkid for Microsoft; ttclid for TikTok; li_fat_id for LinkedIn; ' +
    'twclid for X; ScCid, epik, rdt_cid, yclid) and e-mail tracking tokens (mc_cid, _hsenc, mkt_tok…), plus the other ' +
    'query parameters. It returns a cleanUrl with all tracking removed (other parameters and the #fragment kept), ' +
    'flags missing source/medium/campaign, duplicated parameters and wrongly-cased names (UTM_Source is ignored by GA4). ' +
    'Accepts a full URL or just a query string ("?utm_source=x&…"). Values are decoded (+ and %20 are spaces).',
  keywords: ['utm parser', 'parse utm', 'gclid', 'fbclid', 'msclkid', 'click id', 'campaign parameters', 'clean url', 'strip tracking'],
  input: () =>
    z.object({
      url: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(8192, 'at most 8,192 characters')
        .describe('A tagged URL (https://example.com/?utm_source=…) or a query string (?utm_source=…)'),
    }),
  output: () =>
    z.object({
      utm: z
        .object({
          source: z.string().nullable(),
          medium: z.string().nullable(),
          campaign: z.string().nullable(),
          term: z.string().nullable(),
          content: z.string().nullable(),
          id: z.string().nullable(),
          sourcePlatform: z.string().nullable(),
          creativeFormat: z.string().nullable(),
          marketingTactic: z.string().nullable(),
        })
        .describe('Decoded utm_* values (null when absent; the first one when repeated)'),
      hasUtm: z.boolean().describe('At least one utm_* parameter is present'),
      missingRequired: z.array(z.string()).describe('Which of utm_source, utm_medium, utm_campaign are missing (only when some utm_* is present)'),
      clickIds: z
        .array(z.object({ parameter: z.string(), value: z.string(), platform: z.string(), meaning: z.string() }))
        .describe('Ad click identifiers and e-mail/analytics tracking tokens found'),
      otherParameters: z.record(z.string(), z.string()).describe('Every other query parameter, decoded'),
      issues: z.array(z.string()).describe('Problems: duplicated or wrongly-cased parameters, missing required UTMs'),
      cleanUrl: z.string().nullable().describe('The URL without utm_* and tracking parameters (null for a bare query string)'),
      host: z.string().nullable().describe('Host name of the URL (null for a bare query string)'),
    }),
  examples: [
    {
      title: 'a Google Ads landing URL',
      input: {
        url: 'https://example.com/shoes?color=red&utm_source=google&utm_medium=cpc&utm_campaign=spring%20sale&utm_term=running+shoes&gclid=EAIaIQobChMI#top',
      },
      output: {
        utm: {
          source: 'google',
          medium: 'cpc',
          campaign: 'spring sale',
          term: 'running shoes',
          content: null,
          id: null,
          sourcePlatform: null,
          creativeFormat: null,
          marketingTactic: null,
        },
        hasUtm: true,
        missingRequired: [],
        clickIds: [{ parameter: 'gclid', value: 'EAIaIQobChMI', platform: 'Google Ads', meaning: 'Google Click Identifier (auto-tagging)' }],
        otherParameters: { color: 'red' },
        issues: [],
        cleanUrl: 'https://example.com/shoes?color=red#top',
        host: 'example.com',
      },
    },
    {
      title: 'a query string with a Meta click id and problems',
      input: { url: '?UTM_Source=fb&utm_medium=social&utm_medium=paid&fbclid=IwAR0abc' },
      output: {
        utm: {
          source: null,
          medium: 'social',
          campaign: null,
          term: null,
          content: null,
          id: null,
          sourcePlatform: null,
          creativeFormat: null,
          marketingTactic: null,
        },
        hasUtm: true,
        missingRequired: ['utm_source', 'utm_campaign'],
        clickIds: [{ parameter: 'fbclid', value: 'IwAR0abc', platform: 'Meta (Facebook/Instagram)', meaning: 'Facebook Click Identifier' }],
        otherParameters: {},
        issues: [
          '"UTM_Source" is not lower-case; GA4 only reads utm_source',
          'utm_medium appears 2 times (social, paid); analytics tools use the first',
          'utm_source is missing',
          'utm_campaign is missing',
        ],
        cleanUrl: null,
        host: null,
      },
    },
    {
      title: 'a URL without tracking',
      input: { url: 'https://example.com/a?b=1' },
      output: {
        utm: {
          source: null,
          medium: null,
          campaign: null,
          term: null,
          content: null,
          id: null,
          sourcePlatform: null,
          creativeFormat: null,
          marketingTactic: null,
        },
        hasUtm: false,
        missingRequired: [],
        clickIds: [],
        otherParameters: { b: '1' },
        issues: [],
        cleanUrl: 'https://example.com/a?b=1',
        host: 'example.com',
      },
    },
  ],
  run: ({ url: raw }) => {
    let url: URL | null = null;
    let search: string;
    if (raw.startsWith('?') || (!raw.includes('://') && raw.includes('='))) {
      search = raw.startsWith('?') ? raw : `?${raw}`;
      const hash = search.indexOf('#');
      if (hash !== -1) search = search.slice(0, hash);
    } else {
      try {
        url = new URL(raw);
      } catch {
        throw invalidField('url', 'not an absolute URL or a query string; send e.g. https://example.com/?utm_source=x or ?utm_source=x');
      }
      search = url.search;
    }
    const pairs = queryPairs(search);
    const issues: string[] = [];
    const utm: Record<string, string | null> = {};
    for (const f of UTM_FIELDS) utm[f.field] = null;
    const clickIds: { parameter: string; value: string; platform: string; meaning: string }[] = [];
    const otherParameters: Record<string, string> = {};
    const seen = new Map<string, string[]>();
    const removeKeys = new Set<string>();
    for (const { key, value } of pairs) {
      seen.set(key, [...(seen.get(key) ?? []), value]);
      const lower = key.toLowerCase();
      const field = UTM_FIELDS.find((f) => f.param === key);
      if (field) {
        removeKeys.add(key);
        if (utm[field.field] === null) utm[field.field] = value;
        continue;
      }
      if (UTM_PARAMS.includes(lower) || lower.startsWith('utm_')) {
        removeKeys.add(key);
        if (key !== lower) issues.push(`"${key}" is not lower-case; GA4 only reads ${lower}`);
        else issues.push(`"${key}" is not a standard UTM parameter; GA4 ignores it`);
        continue;
      }
      const tracking = TRACKING_PARAMS[key] ? key : TRACKING_BY_LOWER.get(lower);
      const info = tracking === undefined ? undefined : TRACKING_PARAMS[tracking];
      if (info && tracking !== undefined) {
        removeKeys.add(key);
        if (!clickIds.some((c) => c.parameter === key)) clickIds.push({ parameter: key, value, platform: info.platform, meaning: info.meaning });
        continue;
      }
      if (!(key in otherParameters)) otherParameters[key] = value;
    }
    for (const [key, values] of seen) {
      if (values.length > 1 && UTM_PARAMS.includes(key))
        issues.push(`${key} appears ${values.length} times (${values.join(', ')}); analytics tools use the first`);
    }
    const hasUtm = pairs.some((p) => p.key.toLowerCase().startsWith('utm_'));
    const missingRequired = hasUtm ? ['source', 'medium', 'campaign'].filter((f) => utm[f] === null).map((f) => `utm_${f}`) : [];
    for (const m of missingRequired) issues.push(`${m} is missing`);
    const cleanUrl = url ? withParams(url, [], removeKeys).url : null;
    return {
      utm: {
        source: utm.source ?? null,
        medium: utm.medium ?? null,
        campaign: utm.campaign ?? null,
        term: utm.term ?? null,
        content: utm.content ?? null,
        id: utm.id ?? null,
        sourcePlatform: utm.sourcePlatform ?? null,
        creativeFormat: utm.creativeFormat ?? null,
        marketingTactic: utm.marketingTactic ?? null,
      },
      hasUtm,
      missingRequired,
      clickIds,
      otherParameters,
      issues,
      cleanUrl,
      host: url ? url.hostname : null,
    };
  },
});
