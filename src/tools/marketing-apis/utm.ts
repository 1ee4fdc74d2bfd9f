import { z } from 'zod';
import { invalidField, utf8Encodable } from '../../core/errors.ts';
import { decodeOrKeep } from '../../lib/percent-decode.ts';

/** UTM parameters, click identifiers and URL assembly shared by the UTM tools. Module-internal helper. */

export const UTM_FIELDS = [
  { field: 'source', param: 'utm_source', meaning: 'Where the traffic comes from (google, newsletter, facebook)' },
  { field: 'medium', param: 'utm_medium', meaning: 'Marketing medium (cpc, email, social, paid_social)' },
  { field: 'campaign', param: 'utm_campaign', meaning: 'Campaign name (spring_sale)' },
  { field: 'term', param: 'utm_term', meaning: 'Paid keyword' },
  { field: 'content', param: 'utm_content', meaning: 'Which ad or link (banner_a, footer_link)' },
  { field: 'id', param: 'utm_id', meaning: 'Campaign id (GA4 cost-data import key)' },
  { field: 'sourcePlatform', param: 'utm_source_platform', meaning: 'Buying platform (GA4: Google Ads, DV360, Search Ads 360)' },
  { field: 'creativeFormat', param: 'utm_creative_format', meaning: 'Creative format (GA4: display, native, video, search)' },
  { field: 'marketingTactic', param: 'utm_marketing_tactic', meaning: 'Targeting tactic (GA4: remarketing, prospecting)' },
] as const;

export type UtmField = (typeof UTM_FIELDS)[number]['field'];
export const UTM_PARAMS: readonly string[] = UTM_FIELDS.map((f) => f.param);

/** Ad-platform click identifiers and other tracking parameters found on landing-page URLs. */
export const TRACKING_PARAMS: Record<string, { platform: string; meaning: string }> = {
  gclid: { platform: 'Google Ads', meaning: 'Google Click Identifier (auto-tagging)' },
  gbraid: { platform: 'Google Ads', meaning: 'Google click id for iOS app-to-web measurement' },
  wbraid: { platform: 'Google Ads', meaning: 'Google click id for iOS web-to-app measurement' },
  gclsrc: { platform: 'Google Ads', meaning: 'Source of a gclid (Search Ads 360 / Campaign Manager)' },
  dclid: { platform: 'Google Display & Video 360 / Campaign Manager 360', meaning: 'DoubleClick click identifier' },
  srsltid: { platform: 'Google Merchant Center', meaning: 'Google organic Shopping results click id' },
  _gl: { platform: 'Google Analytics', meaning: 'Cross-domain linker parameter' },
  fbclid: { platform: 'Meta (Facebook/Instagram)', meaning: 'Facebook Click Identifier' },
  igshid: { platform: 'Instagram', meaning: 'Instagram share identifier' },
  msclkid: { platform: 'Microsoft Advertising', meaning: 'Microsoft Click Identifier (auto-tagging)' },
  ttclid: { platform: 'TikTok Ads', meaning: 'TikTok Click Identifier' },
  li_fat_id: { platform: 'LinkedIn Ads', meaning: 'LinkedIn first-party ad tracking id' },
  twclid: { platform: 'X (Twitter) Ads', meaning: 'X Click Identifier' },
  ScCid: { platform: 'Snapchat Ads', meaning: 'Snapchat Click Identifier' },
  epik: { platform: 'Pinterest Ads', meaning: 'Pinterest click identifier' },
  rdt_cid: { platform: 'Reddit Ads', meaning: 'Reddit click identifier' },
  yclid: { platform: 'Yandex Direct', meaning: 'Yandex Click Identifier' },
  mc_cid: { platform: 'Mailchimp', meaning: 'Mailchimp campaign id' },
  mc_eid: { platform: 'Mailchimp', meaning: 'Mailchimp subscriber id' },
  _hsenc: { platform: 'HubSpot', meaning: 'HubSpot e-mail tracking token' },
  _hsmi: { platform: 'HubSpot', meaning: 'HubSpot e-mail message id' },
  mkt_tok: { platform: 'Marketo', meaning: 'Marketo e-mail tracking token' },
  s_kwcid: { platform: 'Adobe Advertising', meaning: 'Adobe keyword/click tracking id' },
  irclickid: { platform: 'Impact', meaning: 'Impact affiliate click id' },
  vero_id: { platform: 'Vero', meaning: 'Vero e-mail tracking id' },
};

/** A URL field: any string up to 8,192 characters; it is checked with the WHATWG URL parser in `run`. */
export function urlField(description: string) {
  return z.string().trim().min(1, 'is required').max(8192, 'at most 8,192 characters').describe(description);
}

/** Parses an absolute http(s) URL with the WHATWG URL parser, or throws a 400 naming `field`. */
export function parseHttpUrl(field: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidField(field, `"${value.slice(0, 100)}" is not an absolute URL; include the scheme, e.g. https://example.com/page`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidField(field, `only http and https URLs can carry campaign parameters (got ${url.protocol})`);
  }
  if (url.hostname === '') throw invalidField(field, 'the URL needs a host name');
  return url;
}

/** Decodes a query component as browsers and analytics tools do (`+` is a space); malformed escapes stay as they are. */
export function decodeComponent(value: string): string {
  return decodeOrKeep(value.replace(/\+/g, ' '));
}

export interface QueryPair {
  key: string;
  value: string;
  raw: string;
}

export function queryPairs(search: string): QueryPair[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return [];
  return query
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const eq = raw.indexOf('=');
      const key = decodeComponent(eq === -1 ? raw : raw.slice(0, eq));
      const value = eq === -1 ? '' : decodeComponent(raw.slice(eq + 1));
      return { key, value, raw };
    });
}

/**
 * Appends `params` (already encoded) to a URL, keeping its other query parameters exactly as written
 * and its #fragment; existing parameters whose key is in `replace` are removed first.
 */
export function withParams(url: URL, params: readonly [string, string][], replace: ReadonlySet<string>): { url: string; replaced: string[] } {
  const href = url.href;
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const existing = queryAt === -1 ? [] : queryPairs(beforeHash.slice(queryAt));
  const replaced: string[] = [];
  const kept: string[] = [];
  for (const pair of existing) {
    if (replace.has(pair.key)) replaced.push(pair.key);
    else kept.push(pair.raw);
  }
  const query = [...kept, ...params.map(([k, v]) => `${k}=${v}`)].join('&');
  return { url: `${base}${query === '' ? '' : `?${query}`}${hash}`, replaced: [...new Set(replaced)] };
}

/** Percent-encodes a parameter value (spaces become %20, as Google's Campaign URL Builder writes them). */
export function encodeValue(value: string): string {
  return encodeURIComponent(value);
}

/** Encodes a value but leaves platform macros (`{keyword}`, `{{ad.name}}`, `__CAMPAIGN_NAME__`) as they are. */
export function encodeKeepingMacros(value: string, macro: RegExp): string {
  let out = '';
  let cursor = 0;
  for (const m of value.matchAll(macro)) {
    const start = m.index ?? 0;
    out += encodeURIComponent(value.slice(cursor, start)) + m[0];
    cursor = start + m[0].length;
  }
  return out + encodeURIComponent(value.slice(cursor));
}

/** Notes about a UTM value that analytics tools treat badly: spaces and capitals split reports. */
export function valueWarnings(param: string, value: string): string[] {
  const notes: string[] = [];
  if (/\s/.test(value)) notes.push(`${param} "${value}" contains spaces; use _ or - instead (spaces become %20 and are easy to mistype)`);
  if (value !== value.toLowerCase())
    notes.push(`${param} "${value}" has capital letters; GA4 is case-sensitive, so "Facebook" and "facebook" are reported apart (set lowercase: true)`);
  return notes;
}

export type UtmValues = Partial<Record<UtmField, string | undefined>>;

export interface BuiltUrl {
  url: string;
  parameters: Record<string, string>;
  replacedParameters: string[];
  warnings: string[];
}

/**
 * Builds a campaign URL: validates `url` (WHATWG), trims the values, lower-cases them on request, replaces
 * any utm_* the URL already had with the same names, and keeps other parameters and the #fragment.
 * Errors name `${prefix}field`, so the bulk builder can report `rows.3.source`.
 */
export function buildCampaignUrl(rawUrl: string, values: UtmValues, lowercase: boolean, prefix = ''): BuiltUrl {
  const url = parseHttpUrl(`${prefix}url`, rawUrl);
  const parameters: Record<string, string> = {};
  const encoded: [string, string][] = [];
  const warnings: string[] = [];
  for (const { field, param } of UTM_FIELDS) {
    const raw = values[field];
    if (raw === undefined) continue;
    let value = utf8Encodable(`${prefix}${field}`, raw.trim());
    if (value === '') continue;
    if (lowercase) value = value.toLowerCase();
    warnings.push(...valueWarnings(param, value));
    parameters[param] = value;
    encoded.push([param, encodeValue(value)]);
  }
  for (const field of ['source', 'medium', 'campaign'] as const) {
    if (parameters[`utm_${field}`] === undefined) throw invalidField(`${prefix}${field}`, 'is required (a non-blank value)');
  }
  const upperUtm = queryPairs(url.search).filter((p) => p.key !== p.key.toLowerCase() && UTM_PARAMS.includes(p.key.toLowerCase()));
  for (const p of upperUtm) warnings.push(`the URL already has "${p.key}", which analytics ignores (parameter names are case-sensitive); remove it`);
  const built = withParams(url, encoded, new Set(Object.keys(parameters)));
  if (built.replaced.length > 0) warnings.push(`replaced the URL's existing ${built.replaced.join(', ')}`);
  if (built.url.length > 2048) warnings.push(`the URL is ${built.url.length} characters; some e-mail clients and ad platforms cut URLs over 2,048`);
  return { url: built.url, parameters, replacedParameters: built.replaced, warnings };
}
