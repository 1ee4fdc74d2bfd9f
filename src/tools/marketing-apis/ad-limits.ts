import type { CountMethod } from '../../lib/text-measure.ts';

/**
 * Ad text limits per platform and field, as the platforms' own ad specs state them (Google Ads and Microsoft
 * Advertising responsive search ads; Meta Ads Guide; LinkedIn Sponsored Content and Text Ads; X; TikTok).
 * `hard` limits are enforced by the platform (longer text is rejected); `recommended` ones are where the
 * text gets truncated, and `hardLimit` is the platform's absolute maximum where it has one.
 * Module-internal helper (no default export).
 */
export interface FieldLimit {
  label: string;
  limit: number;
  kind: 'hard' | 'recommended';
  hardLimit?: number;
  /** A lower length where some placements already truncate. */
  soft?: { limit: number; note: string };
  note?: string;
}

export interface AdPlatformSpec {
  name: string;
  method: CountMethod;
  methodNote: string;
  fields: Record<string, FieldLimit>;
  /** Emoji are refused by the platform's editorial policy. */
  noEmoji?: boolean;
  /** Google-style punctuation rules (no "!" in headlines, at most one in descriptions). */
  editorial?: boolean;
}

const SEARCH_FIELDS: Record<string, FieldLimit> = {
  headline: { label: 'Headline (responsive search ad)', limit: 30, kind: 'hard', note: 'Up to 15 headlines; 3 are shown at a time' },
  description: { label: 'Description', limit: 90, kind: 'hard', note: 'Up to 4 descriptions; 2 are shown' },
  path: { label: 'Display URL path (path1 / path2)', limit: 15, kind: 'hard' },
  'long-headline': { label: 'Long headline (Performance Max / responsive display)', limit: 90, kind: 'hard' },
  'business-name': { label: 'Business name', limit: 25, kind: 'hard' },
  callout: { label: 'Callout asset', limit: 25, kind: 'hard' },
  'sitelink-text': { label: 'Sitelink text', limit: 25, kind: 'hard' },
  'sitelink-description': { label: 'Sitelink description line', limit: 35, kind: 'hard' },
  'structured-snippet': { label: 'Structured snippet value', limit: 25, kind: 'hard' },
};

const DOUBLE_WIDTH_NOTE = 'Double-width characters (Chinese, Japanese, Korean, full-width forms) count as 2, as the platform counts them.';

export const AD_PLATFORMS = {
  'google-ads': { name: 'Google Ads', method: 'double-width', methodNote: DOUBLE_WIDTH_NOTE, fields: SEARCH_FIELDS, noEmoji: true, editorial: true },
  'microsoft-ads': {
    name: 'Microsoft Advertising',
    method: 'double-width',
    methodNote: DOUBLE_WIDTH_NOTE,
    fields: SEARCH_FIELDS,
    noEmoji: true,
    editorial: true,
  },
  meta: {
    name: 'Meta (Facebook and Instagram) ads',
    method: 'graphemes',
    methodNote: 'User-perceived characters: an emoji or an accented letter counts once.',
    fields: {
      'primary-text': { label: 'Primary text', limit: 125, kind: 'recommended', note: 'Longer text is cut behind "See more" in most placements' },
      headline: {
        label: 'Headline',
        limit: 40,
        kind: 'recommended',
        hardLimit: 255,
        soft: { limit: 27, note: 'Stories, Reels and the right column cut headlines at about 27 characters' },
      },
      description: { label: 'Link description', limit: 30, kind: 'recommended', note: 'Not shown in every placement' },
    },
  },
  linkedin: {
    name: 'LinkedIn ads',
    method: 'graphemes',
    methodNote: 'User-perceived characters: an emoji or an accented letter counts once.',
    fields: {
      'intro-text': {
        label: 'Sponsored Content introductory text',
        limit: 150,
        kind: 'recommended',
        hardLimit: 600,
        note: 'Cut behind "…see more" after about 150 characters on desktop',
      },
      headline: { label: 'Sponsored Content headline', limit: 70, kind: 'recommended', hardLimit: 200 },
      description: {
        label: 'Sponsored Content description',
        limit: 100,
        kind: 'recommended',
        hardLimit: 300,
        note: 'Shown only on the LinkedIn Audience Network',
      },
      'text-ad-headline': { label: 'Text ad headline', limit: 25, kind: 'hard' },
      'text-ad-description': { label: 'Text ad description', limit: 75, kind: 'hard' },
    },
  },
  x: {
    name: 'X (Twitter) ads',
    method: 'x-weighted',
    methodNote: 'X weighting (twitter-text v3): Latin and most European scripts count 1, CJK and emoji 2, each URL 23.',
    fields: {
      post: { label: 'Post text', limit: 280, kind: 'hard' },
      'card-headline': { label: 'Website card headline', limit: 70, kind: 'hard' },
    },
  },
  tiktok: {
    name: 'TikTok ads',
    method: 'graphemes',
    methodNote: 'User-perceived characters; TikTok ad text does not allow emoji.',
    noEmoji: true,
    fields: {
      'ad-text': { label: 'Ad text', limit: 100, kind: 'hard', note: 'Best kept short: the video covers long text' },
      'display-name': { label: 'Display name (brand or app name)', limit: 20, kind: 'hard' },
    },
  },
} as const satisfies Record<string, AdPlatformSpec>;

export type AdPlatform = keyof typeof AD_PLATFORMS;
export const AD_PLATFORM_NAMES = Object.keys(AD_PLATFORMS) as [AdPlatform, ...AdPlatform[]];

export function platformSpec(platform: AdPlatform): AdPlatformSpec {
  return AD_PLATFORMS[platform];
}
