import { z } from 'zod';
import { invalidField, utf8Encodable } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { encodeKeepingMacros, parseHttpUrl, urlField, withParams } from './utm.ts';

/** Any macro syntax of the supported platforms: {valuetrack}, {{meta.macro}}, __TIKTOK__. */
const ANY_MACRO = /\{\{\s*[\w.]+\s*\}\}|\{[\w.:\-]+\}|__[A-Z0-9_]+__/g;

type Platform = 'google-ads' | 'microsoft-ads' | 'meta' | 'tiktok' | 'linkedin';
type Syntax = 'single-brace' | 'double-brace' | 'double-underscore';

interface PlatformSpec {
  name: string;
  syntax: Syntax;
  caseInsensitive: boolean;
  macros: Record<string, string>;
  defaults: { source: string; medium: string; campaign: string; term?: string; content?: string; id?: string };
  extras: Record<string, string>;
  whereToPaste: string;
  conditional?: RegExp;
}

const PLATFORMS: Record<Platform, PlatformSpec> = {
  'google-ads': {
    name: 'Google Ads (ValueTrack)',
    syntax: 'single-brace',
    caseInsensitive: false,
    macros: {
      campaignid: 'Campaign ID',
      adgroupid: 'Ad group ID',
      creative: 'Ad ID',
      keyword: 'Keyword that matched the search (Search) or best-matching keyword (Display)',
      matchtype: 'Keyword match type: e (exact), p (phrase), b (broad)',
      device: 'Device: m (mobile), t (tablet), c (computer)',
      devicemodel: 'Phone or tablet model (Display only)',
      network: 'Network: g (Google search), s (search partner), d (Display), ytv (YouTube), vp (video partners), x (Performance Max)',
      placement: 'Content site where the ad was clicked (Display)',
      targetid: 'ID of the keyword, remarketing list or dynamic ad target',
      loc_physical_ms: 'Geographical location ID of the click',
      loc_interest_ms: 'Location ID of the searched location of interest',
      feeditemid: 'ID of the clicked asset (legacy feed extension)',
      extensionid: 'ID of the clicked asset',
      gclid: 'Google click identifier',
      adtype: 'Shopping ad type (pla, pla_multichannel, pla_with_promotion…)',
      merchant_id: 'Merchant Center account ID (Shopping)',
      product_id: 'Product ID of the clicked Shopping ad',
      product_channel: 'Shopping channel: online or local',
      product_country: 'Country of sale of the product',
      product_language: 'Language of the product information',
      product_partition_id: 'Product group ID (Shopping)',
      store_code: 'Local store code (local inventory ads)',
      sourceid: 'ID of the source of the click',
      lpurl: 'The final URL (tracking templates only)',
      random: 'A random number',
      param1: 'Ad customizer parameter 1',
      param2: 'Ad customizer parameter 2',
    },
    conditional: /^(ifmobile|ifnotmobile|ifsearch|ifcontent):|^_[a-z0-9]+$/,
    defaults: { source: 'google', medium: 'cpc', campaign: '{campaignid}', term: '{keyword}', content: '{creative}' },
    extras: { adgroupid: '{adgroupid}', matchtype: '{matchtype}', device: '{device}', network: '{network}' },
    whereToPaste: 'Google Ads: Campaign (or account) settings → Campaign URL options → Final URL suffix. Keep auto-tagging (gclid) on.',
  },
  'microsoft-ads': {
    name: 'Microsoft Advertising',
    syntax: 'single-brace',
    caseInsensitive: true,
    macros: {
      campaign: 'Campaign name',
      campaignid: 'Campaign ID',
      adgroup: 'Ad group name',
      adgroupid: 'Ad group ID',
      adid: 'Ad ID',
      keyword: 'Keyword that triggered the ad',
      querystring: 'The search query the user typed',
      matchtype: 'Delivered match type: e (exact), p (phrase), b (broad)',
      bidmatchtype: 'Bid match type: be, bp, bb',
      device: 'Device: m (mobile), t (tablet), c (computer)',
      network: 'Network: o (owned and operated), s (syndicated partners), a (audience)',
      targetid: 'ID of the keyword, audience or location target',
      orderitemid: 'Keyword or product group ID',
      feeditemid: 'ID of the clicked asset',
      msclkid: 'Microsoft click identifier',
      lpurl: 'The final URL (tracking templates only)',
    },
    conditional: /^(ifmobile|ifnotmobile|ifsearch|ifnative):|^_[a-z0-9]+$/i,
    defaults: { source: 'bing', medium: 'cpc', campaign: '{Campaign}', term: '{keyword}', content: '{AdGroup}', id: '{CampaignId}' },
    extras: { matchtype: '{MatchType}', device: '{Device}', network: '{Network}' },
    whereToPaste: 'Microsoft Advertising: Campaign settings → Campaign URL options → Final URL suffix. Keep auto-tagging of msclkid on.',
  },
  meta: {
    name: 'Meta (Facebook and Instagram) dynamic URL parameters',
    syntax: 'double-brace',
    caseInsensitive: false,
    macros: {
      'campaign.id': 'Campaign ID',
      'campaign.name': 'Campaign name',
      'adset.id': 'Ad set ID',
      'adset.name': 'Ad set name',
      'ad.id': 'Ad ID',
      'ad.name': 'Ad name',
      placement: 'Placement (e.g. Facebook_Mobile_Feed, Instagram_Stories)',
      site_source_name: 'Site the ad ran on: fb, ig, msg, an',
    },
    defaults: {
      source: 'facebook',
      medium: 'paid_social',
      campaign: '{{campaign.name}}',
      term: '{{adset.name}}',
      content: '{{ad.name}}',
      id: '{{campaign.id}}',
    },
    extras: { placement: '{{placement}}', site: '{{site_source_name}}' },
    whereToPaste: 'Meta Ads Manager: Ad level → Destination → Tracking → URL parameters (paste the suffix, without "?").',
  },
  tiktok: {
    name: 'TikTok Ads macros',
    syntax: 'double-underscore',
    caseInsensitive: false,
    macros: {
      CAMPAIGN_ID: 'Campaign ID',
      CAMPAIGN_NAME: 'Campaign name',
      AID: 'Ad group ID',
      AID_NAME: 'Ad group name',
      CID: 'Ad ID',
      CID_NAME: 'Ad name',
      PLACEMENT: 'Placement',
    },
    defaults: { source: 'tiktok', medium: 'paid_social', campaign: '__CAMPAIGN_NAME__', term: '__AID_NAME__', content: '__CID_NAME__', id: '__CAMPAIGN_ID__' },
    extras: { placement: '__PLACEMENT__' },
    whereToPaste: 'TikTok Ads Manager: Ad level → Destination → URL → Build URL parameters (or append the suffix to the URL).',
  },
  linkedin: {
    name: 'LinkedIn Campaign Manager dynamic UTM values',
    syntax: 'double-brace',
    caseInsensitive: false,
    macros: {
      ACCOUNT_ID: 'Ad account ID',
      ACCOUNT_NAME: 'Ad account name',
      CAMPAIGN_GROUP_ID: 'Campaign group ID',
      CAMPAIGN_GROUP_NAME: 'Campaign group name',
      CAMPAIGN_ID: 'Campaign ID',
      CAMPAIGN_NAME: 'Campaign name',
      CREATIVE_ID: 'Ad (creative) ID',
    },
    defaults: {
      source: 'linkedin',
      medium: 'paid_social',
      campaign: '{{CAMPAIGN_NAME}}',
      term: '{{CAMPAIGN_GROUP_NAME}}',
      content: '{{CREATIVE_ID}}',
      id: '{{CAMPAIGN_ID}}',
    },
    extras: {},
    whereToPaste:
      'LinkedIn Campaign Manager: Campaign → URL parameters (dynamic values such as Campaign name are picked there and applied to every ad of the campaign).',
  },
};

function syntaxOf(token: string): Syntax {
  if (token.startsWith('{{')) return 'double-brace';
  if (token.startsWith('{')) return 'single-brace';
  return 'double-underscore';
}

function nameOf(token: string): string {
  if (token.startsWith('{{')) return token.slice(2, -2).trim();
  if (token.startsWith('{')) return token.slice(1, -1).trim();
  return token.slice(2, -2);
}

const SYNTAX_PLATFORM: Record<Syntax, string> = {
  'single-brace': 'Google Ads / Microsoft Advertising',
  'double-brace': 'Meta / LinkedIn',
  'double-underscore': 'TikTok',
};

const value = (description: string) => z.string().max(500, 'at most 500 characters').optional().describe(description);

export default defineTool({
  module: 'marketing-apis',
  slug: 'ads-utm-builder',
  cpu: 'large-input',
  title: 'Ads UTM builder with platform macros',
  description:
    "Builds UTM tracking for paid ads with each platform's dynamic macros, which the ad platform fills in at click " +
    'time: Google Ads ValueTrack ({campaignid}, {adgroupid}, {creative}, {keyword}, {matchtype}, {device}, {network}), ' +
    'Microsoft Advertising ({Campaign}, {AdGroup}, {CampaignId}, {keyword}, {MatchType}, {Device}), Meta ' +
    '({{campaign.name}}, {{adset.name}}, {{ad.name}}, {{placement}}), TikTok (__CAMPAIGN_NAME__, __AID_NAME__, ' +
    "__CID_NAME__) and LinkedIn ({{CAMPAIGN_NAME}}, {{CREATIVE_ID}}). Every utm_* field defaults to the platform's " +
    'usual macro or value and may be overridden with text or macros; includeExtras adds diagnostic parameters ' +
    '(match type, device, network, placement). Macros are never percent-encoded (the platform must see {keyword}, not ' +
    "%7Bkeyword%7D); literal text is. Unknown macros and macros of another platform's syntax produce warnings. Returns " +
    'the full landing URL, the parameter suffix to paste into the platform (Final URL suffix / URL parameters), each ' +
    'macro used with its meaning, and where to paste it.',
  keywords: [
    'ads utm builder',
    'valuetrack',
    'final url suffix',
    'google ads tracking',
    'facebook url parameters',
    'meta dynamic parameters',
    'tiktok macros',
    'microsoft ads tracking',
    'linkedin utm',
  ],
  input: () =>
    z.object({
      url: urlField('Landing page (final) URL, absolute http(s)'),
      platform: z.enum(['google-ads', 'microsoft-ads', 'meta', 'tiktok', 'linkedin']).describe('Ad platform whose macros to use'),
      source: value('utm_source (default: google, bing, facebook, tiktok or linkedin)'),
      medium: value('utm_medium (default: cpc for search platforms, paid_social for social ones)'),
      campaign: value("utm_campaign: text and/or macros (default: the platform's campaign name or ID macro)"),
      term: value('utm_term (default: keyword macro on search platforms, ad set / ad group name on social; "" to leave out)'),
      content: value('utm_content (default: the ad name or ID macro; "" to leave out)'),
      id: value('utm_id (default: the campaign ID macro where the platform has one; "" to leave out)'),
      includeExtras: z
        .boolean()
        .default(true)
        .describe("Also add the platform's diagnostic parameters (e.g. matchtype={matchtype}&device={device}); default true"),
      extraParameters: z
        .record(z.string().min(1, 'a parameter name').max(100, 'at most 100 characters'), z.string().max(500, 'at most 500 characters'))
        .default({})
        .describe('More parameters to add, name → value (macros allowed), e.g. {"kw": "{keyword}"}'),
      lowercase: z.boolean().default(false).describe('Lower-case the literal text of the values (macros are left as they are); default false'),
    }),
  output: () =>
    z.object({
      platform: z.string(),
      url: z.string().describe('The landing URL with the tracking parameters (macros unencoded)'),
      urlSuffix: z.string().describe('Only the added parameters, to paste into the Final URL suffix / URL parameters field'),
      parameters: z.record(z.string(), z.string()).describe('Every parameter added, name → value'),
      macros: z
        .array(z.object({ macro: z.string(), parameter: z.string(), meaning: z.string() }))
        .describe('Macros used, with the parameter that carries each and what the platform fills in'),
      whereToPaste: z.string(),
    }),
  examples: [
    {
      title: 'Google Ads defaults with a named campaign',
      input: { url: 'https://example.com/shoes', platform: 'google-ads', campaign: 'spring_sale' },
      output: {
        platform: 'google-ads',
        url: 'https://example.com/shoes?utm_source=google&utm_medium=cpc&utm_campaign=spring_sale&utm_term={keyword}&utm_content={creative}&adgroupid={adgroupid}&matchtype={matchtype}&device={device}&network={network}',
        urlSuffix:
          'utm_source=google&utm_medium=cpc&utm_campaign=spring_sale&utm_term={keyword}&utm_content={creative}&adgroupid={adgroupid}&matchtype={matchtype}&device={device}&network={network}',
        parameters: {
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'spring_sale',
          utm_term: '{keyword}',
          utm_content: '{creative}',
          adgroupid: '{adgroupid}',
          matchtype: '{matchtype}',
          device: '{device}',
          network: '{network}',
        },
        macros: [
          { macro: '{keyword}', parameter: 'utm_term', meaning: 'Keyword that matched the search (Search) or best-matching keyword (Display)' },
          { macro: '{creative}', parameter: 'utm_content', meaning: 'Ad ID' },
          { macro: '{adgroupid}', parameter: 'adgroupid', meaning: 'Ad group ID' },
          { macro: '{matchtype}', parameter: 'matchtype', meaning: 'Keyword match type: e (exact), p (phrase), b (broad)' },
          { macro: '{device}', parameter: 'device', meaning: 'Device: m (mobile), t (tablet), c (computer)' },
          {
            macro: '{network}',
            parameter: 'network',
            meaning: 'Network: g (Google search), s (search partner), d (Display), ytv (YouTube), vp (video partners), x (Performance Max)',
          },
        ],
        whereToPaste: 'Google Ads: Campaign (or account) settings → Campaign URL options → Final URL suffix. Keep auto-tagging (gclid) on.',
      },
    },
    {
      title: 'Meta with the defaults and no extras, keeping an existing parameter',
      input: { url: 'https://example.com/offer?ref=ig#form', platform: 'meta', includeExtras: false },
      output: {
        platform: 'meta',
        url: 'https://example.com/offer?ref=ig&utm_source=facebook&utm_medium=paid_social&utm_campaign={{campaign.name}}&utm_term={{adset.name}}&utm_content={{ad.name}}&utm_id={{campaign.id}}#form',
        urlSuffix:
          'utm_source=facebook&utm_medium=paid_social&utm_campaign={{campaign.name}}&utm_term={{adset.name}}&utm_content={{ad.name}}&utm_id={{campaign.id}}',
        parameters: {
          utm_source: 'facebook',
          utm_medium: 'paid_social',
          utm_campaign: '{{campaign.name}}',
          utm_term: '{{adset.name}}',
          utm_content: '{{ad.name}}',
          utm_id: '{{campaign.id}}',
        },
        macros: [
          { macro: '{{campaign.name}}', parameter: 'utm_campaign', meaning: 'Campaign name' },
          { macro: '{{adset.name}}', parameter: 'utm_term', meaning: 'Ad set name' },
          { macro: '{{ad.name}}', parameter: 'utm_content', meaning: 'Ad name' },
          { macro: '{{campaign.id}}', parameter: 'utm_id', meaning: 'Campaign ID' },
        ],
        whereToPaste: 'Meta Ads Manager: Ad level → Destination → Tracking → URL parameters (paste the suffix, without "?").',
      },
    },
    {
      title: 'TikTok with text around a macro (text encoded, macro kept)',
      input: {
        url: 'https://example.com/',
        platform: 'tiktok',
        campaign: 'Q3 launch __CAMPAIGN_ID__',
        term: '',
        id: '',
        includeExtras: false,
        lowercase: true,
      },
      output: {
        platform: 'tiktok',
        url: 'https://example.com/?utm_source=tiktok&utm_medium=paid_social&utm_campaign=q3%20launch%20__CAMPAIGN_ID__&utm_content=__CID_NAME__',
        urlSuffix: 'utm_source=tiktok&utm_medium=paid_social&utm_campaign=q3%20launch%20__CAMPAIGN_ID__&utm_content=__CID_NAME__',
        parameters: { utm_source: 'tiktok', utm_medium: 'paid_social', utm_campaign: 'q3 launch __CAMPAIGN_ID__', utm_content: '__CID_NAME__' },
        macros: [
          { macro: '__CAMPAIGN_ID__', parameter: 'utm_campaign', meaning: 'Campaign ID' },
          { macro: '__CID_NAME__', parameter: 'utm_content', meaning: 'Ad name' },
        ],
        whereToPaste: 'TikTok Ads Manager: Ad level → Destination → URL → Build URL parameters (or append the suffix to the URL).',
      },
    },
  ],
  run: (input, ctx) => {
    const spec = PLATFORMS[input.platform];
    const url = parseHttpUrl('url', input.url);
    const entries: [string, string, string][] = [];
    const utm: [string, 'source' | 'medium' | 'campaign' | 'term' | 'content' | 'id'][] = [
      ['utm_source', 'source'],
      ['utm_medium', 'medium'],
      ['utm_campaign', 'campaign'],
      ['utm_term', 'term'],
      ['utm_content', 'content'],
      ['utm_id', 'id'],
    ];
    for (const [param, field] of utm) {
      const given = input[field];
      const chosen = (given ?? spec.defaults[field] ?? '').trim();
      if (chosen === '') {
        if (field === 'source' || field === 'medium' || field === 'campaign')
          throw invalidField(field, 'must not be blank (leave it out to use the platform default)');
        continue;
      }
      entries.push([param, chosen, field]);
    }
    if (input.includeExtras) for (const [k, v] of Object.entries(spec.extras)) entries.push([k, v, `extras.${k}`]);
    for (const [k, v] of Object.entries(input.extraParameters)) {
      if (!/^[A-Za-z0-9_.\-~]+$/.test(k)) throw invalidField(`extraParameters.${k}`, 'parameter names may use letters, digits and _ . - ~ only');
      if (v.trim() !== '') entries.push([k, v.trim(), `extraParameters.${k}`]);
    }

    const parameters: Record<string, string> = {};
    const encoded: [string, string][] = [];
    const macros: { macro: string; parameter: string; meaning: string }[] = [];
    for (const [param, raw, field] of entries) {
      const finalValue = utf8Encodable(field, input.lowercase ? lowerOutsideMacros(raw) : raw);
      parameters[param] = finalValue;
      encoded.push([param, encodeKeepingMacros(finalValue, ANY_MACRO)]);
      for (const m of finalValue.matchAll(ANY_MACRO)) {
        const token = m[0];
        const syntax = syntaxOf(token);
        const name = nameOf(token);
        if (syntax !== spec.syntax) {
          ctx.warn(`${param}: ${token} is ${SYNTAX_PLATFORM[syntax]} syntax; ${spec.name} will not replace it`);
          continue;
        }
        const key = Object.keys(spec.macros).find((k) => (spec.caseInsensitive ? k.toLowerCase() === name.toLowerCase() : k === name));
        if (key !== undefined) {
          macros.push({ macro: token, parameter: param, meaning: spec.macros[key] ?? '' });
        } else if (spec.conditional?.test(name)) {
          macros.push({
            macro: token,
            parameter: param,
            meaning: name.startsWith('_') ? 'Custom parameter defined in the account' : 'Conditional ValueTrack value',
          });
        } else {
          ctx.warn(`${param}: ${token} is not a known ${spec.name} macro; check the spelling${spec.caseInsensitive ? '' : ' and case'}`);
        }
      }
      if (param.startsWith('utm_') && /\s/.test(finalValue.replace(ANY_MACRO, ''))) ctx.warn(`${param} "${finalValue}" contains spaces; use _ or - instead`);
    }
    if (input.platform === 'google-ads' && Object.values(parameters).some((v) => v.includes('{lpurl}'))) {
      ctx.warn('{lpurl} belongs in a tracking template, not in the final URL suffix');
    }
    const built = withParams(url, encoded, new Set(Object.keys(parameters)));
    if (built.replaced.length > 0) ctx.warn(`replaced the URL's existing ${built.replaced.join(', ')}`);
    return {
      platform: input.platform,
      url: built.url,
      urlSuffix: encoded.map(([k, v]) => `${k}=${v}`).join('&'),
      parameters,
      macros,
      whereToPaste: spec.whereToPaste,
    };
  },
});

function lowerOutsideMacros(value: string): string {
  let out = '';
  let cursor = 0;
  for (const m of value.matchAll(ANY_MACRO)) {
    const start = m.index ?? 0;
    out += value.slice(cursor, start).toLowerCase() + m[0];
    cursor = start + m[0].length;
  }
  return out + value.slice(cursor).toLowerCase();
}
