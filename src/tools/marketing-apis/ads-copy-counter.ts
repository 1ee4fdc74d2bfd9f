import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { AD_PLATFORM_NAMES, AD_PLATFORMS, platformSpec } from './ad-limits.ts';
import { categoryAuditShape, categoryIdPart, type RawFinding, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';
import { measure, truncateTo } from '../../lib/text-measure.ts';

const fieldList = Object.entries(AD_PLATFORMS)
  .map(
    ([p, spec]) =>
      `${p}: ${Object.entries(spec.fields)
        .map(([f, l]) => `${f} ${l.limit}${l.kind === 'recommended' ? ' (recommended)' : ''}`)
        .join(', ')}`,
  )
  .join('; ');

export default defineTool({
  module: 'marketing-apis',
  slug: 'ads-copy-counter',
  cpu: 'large-input',
  title: 'Ad copy character counter (platform limits)',
  description:
    'Counts ad texts against the real limits of each platform and field, the way that platform counts: Google Ads and ' +
    'Microsoft Advertising count double-width characters (Chinese, Japanese, Korean, full-width) as 2; Meta, LinkedIn ' +
    'and TikTok count user-perceived characters (an emoji or é is 1, using grapheme segmentation); X uses its weighted ' +
    'count (CJK and emoji 2, every URL 23). Limits — ' +
    fieldList +
    '. Hard limits are rejected by the platform; ' +
    'recommended ones are where text is cut off. Each item gets its count, remaining characters and the text cut to ' +
    'the limit; findings flag over-limit texts and editorial problems (emoji where not allowed, "!" in Google/Microsoft ' +
    'headlines, more than one "!" in a description, ALL-CAPS words). ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: length 70, policy 30.',
  keywords: [
    'ad copy counter',
    'character counter',
    'google ads character limit',
    'rsa headline length',
    'facebook ad text length',
    'linkedin ad limits',
    'tweet length',
    'tiktok ad text',
  ],
  input: () =>
    z.object({
      platform: z.enum(AD_PLATFORM_NAMES).describe('Ad platform: google-ads, microsoft-ads, meta, linkedin, x or tiktok'),
      items: z
        .array(
          z.object({
            field: z
              .string()
              .min(1, 'is required')
              .max(50, 'at most 50 characters')
              .describe('Which field the text is for, e.g. headline, description, path, primary-text, intro-text, post, ad-text'),
            text: z.string().max(10_000, 'at most 10,000 characters').describe('The ad text'),
          }),
        )
        .min(1, 'at least 1 item')
        .max(100, 'at most 100 items')
        .describe('Ad texts to count (1–100), each with its field'),
    }),
  output: () =>
    z.object({
      platform: z.string(),
      countMethod: z.string().describe('How characters are counted on this platform'),
      items: z.array(
        z.object({
          field: z.string(),
          text: z.string(),
          length: z.number().int().describe('Length as the platform counts it'),
          characters: z.number().int().describe('User-perceived characters (graphemes)'),
          limit: z.number().int(),
          limitType: z.enum(['hard', 'recommended']),
          hardLimit: z.number().int().nullable().describe('Absolute maximum when the limit is only a recommendation'),
          remaining: z.number().int().describe('limit − length (negative when over)'),
          withinLimit: z.boolean(),
          doubleWidthCharacters: z.number().int(),
          emoji: z.number().int(),
          fitted: z.string().describe('The text cut to the limit at a character boundary (equal to text when it fits)'),
        }),
      ),
      allWithinLimits: z.boolean(),
      ...categoryAuditShape,
    }),
  examples: [
    {
      title: 'Google Ads RSA assets',
      input: {
        platform: 'google-ads',
        items: [
          { field: 'headline', text: 'Running Shoes Sale' },
          { field: 'headline', text: 'Free Shipping On Every Order Today!' },
          { field: 'description', text: 'Lightweight trainers for road and trail. Order by 3pm for next-day delivery.' },
          { field: 'path', text: 'running-shoes' },
        ],
      },
      output: {
        platform: 'google-ads',
        countMethod: 'Double-width characters (Chinese, Japanese, Korean, full-width forms) count as 2, as the platform counts them.',
        items: [
          {
            field: 'headline',
            text: 'Running Shoes Sale',
            length: 18,
            characters: 18,
            limit: 30,
            limitType: 'hard',
            hardLimit: null,
            remaining: 12,
            withinLimit: true,
            doubleWidthCharacters: 0,
            emoji: 0,
            fitted: 'Running Shoes Sale',
          },
          {
            field: 'headline',
            text: 'Free Shipping On Every Order Today!',
            length: 35,
            characters: 35,
            limit: 30,
            limitType: 'hard',
            hardLimit: null,
            remaining: -5,
            withinLimit: false,
            doubleWidthCharacters: 0,
            emoji: 0,
            fitted: 'Free Shipping On Every Order T',
          },
          {
            field: 'description',
            text: 'Lightweight trainers for road and trail. Order by 3pm for next-day delivery.',
            length: 76,
            characters: 76,
            limit: 90,
            limitType: 'hard',
            hardLimit: null,
            remaining: 14,
            withinLimit: true,
            doubleWidthCharacters: 0,
            emoji: 0,
            fitted: 'Lightweight trainers for road and trail. Order by 3pm for next-day delivery.',
          },
          {
            field: 'path',
            text: 'running-shoes',
            length: 13,
            characters: 13,
            limit: 15,
            limitType: 'hard',
            hardLimit: null,
            remaining: 2,
            withinLimit: true,
            doubleWidthCharacters: 0,
            emoji: 0,
            fitted: 'running-shoes',
          },
        ],
        allWithinLimits: false,
        score: 40,
        scoreBreakdown: { length: 28, policy: 12 },
        findings: [
          {
            id: 'exclamation-headline-free-shipping-on-every-order-today',
            severity: 'high',
            title: '"!" in a Google Ads headline',
            evidence: '"Free Shipping On Every Order Today!"',
            fix: 'Remove the exclamation mark; it is not allowed in headlines',
          },
          {
            id: 'over-limit-headline-free-shipping-on-every-order-today',
            severity: 'high',
            title: 'Headline (responsive search ad) is over the 30 limit (the platform rejects it)',
            evidence: '"Free Shipping On Every Order Today!" is 35 against 30',
            fix: 'Shorten it by 5 (cut at the limit it would read "Free Shipping On Every Order T")',
          },
        ],
      },
    },
    {
      title: 'Japanese headline: double-width characters count 2',
      input: { platform: 'google-ads', items: [{ field: 'headline', text: '東京の格安ホテル予約' }] },
      output: {
        platform: 'google-ads',
        countMethod: 'Double-width characters (Chinese, Japanese, Korean, full-width forms) count as 2, as the platform counts them.',
        items: [
          {
            field: 'headline',
            text: '東京の格安ホテル予約',
            length: 20,
            characters: 10,
            limit: 30,
            limitType: 'hard',
            hardLimit: null,
            remaining: 10,
            withinLimit: true,
            doubleWidthCharacters: 10,
            emoji: 0,
            fitted: '東京の格安ホテル予約',
          },
        ],
        allWithinLimits: true,
        score: 100,
        scoreBreakdown: { length: 70, policy: 30 },
        findings: [],
      },
    },
    {
      title: 'Meta primary text and headline with emoji',
      input: {
        platform: 'meta',
        items: [
          { field: 'primary-text', text: 'Our summer collection is here ☀️ Light fabrics, bold colours and free returns for 30 days.' },
          { field: 'headline', text: 'Shop the Summer Collection Now 🌴' },
        ],
      },
      output: {
        platform: 'meta',
        countMethod: 'User-perceived characters: an emoji or an accented letter counts once.',
        items: [
          {
            field: 'primary-text',
            text: 'Our summer collection is here ☀️ Light fabrics, bold colours and free returns for 30 days.',
            length: 89,
            characters: 89,
            limit: 125,
            limitType: 'recommended',
            hardLimit: null,
            remaining: 36,
            withinLimit: true,
            doubleWidthCharacters: 1,
            emoji: 1,
            fitted: 'Our summer collection is here ☀️ Light fabrics, bold colours and free returns for 30 days.',
          },
          {
            field: 'headline',
            text: 'Shop the Summer Collection Now 🌴',
            length: 32,
            characters: 32,
            limit: 40,
            limitType: 'recommended',
            hardLimit: 255,
            remaining: 8,
            withinLimit: true,
            doubleWidthCharacters: 1,
            emoji: 1,
            fitted: 'Shop the Summer Collection Now 🌴',
          },
        ],
        allWithinLimits: true,
        score: 93,
        scoreBreakdown: { length: 63, policy: 30 },
        findings: [
          {
            id: 'over-soft-limit-headline-shop-the-summer-collection-now',
            severity: 'low',
            title: 'Headline is over 27',
            evidence: '"Shop the Summer Collection Now 🌴" is 32; Stories, Reels and the right column cut headlines at about 27 characters',
            fix: 'Keep it within 27 if those placements matter',
          },
        ],
      },
    },
  ],
  run: ({ platform, items }) => {
    const spec = platformSpec(platform);
    const raw: RawFinding[] = [];
    const out = items.map((item, i) => {
      // Own fields only: a name such as `valueOf` or `constructor` is not a field, whatever Object.prototype holds.
      const limits = Object.hasOwn(spec.fields, item.field) ? spec.fields[item.field] : undefined;
      if (!limits) throw invalidField(`items.${i}.field`, `"${item.field}" is not a ${spec.name} field; use one of ${Object.keys(spec.fields).join(', ')}`);
      const m = measure(item.text, spec.method, spec.method === 'x-weighted' ? 23 : undefined);
      const key = `${item.field}-${categoryIdPart(item.text)}`;
      const evidence = `"${item.text.slice(0, 120)}" is ${m.counted} against ${limits.limit}`;
      if (m.counted > limits.limit) {
        const severity = limits.kind === 'hard' || (limits.hardLimit !== undefined && m.counted > limits.hardLimit) ? 'high' : 'medium';
        raw.push({
          id: `over-limit-${key}`,
          category: 'length',
          severity,
          title:
            severity === 'high'
              ? `${limits.label} is over the ${limits.kind === 'hard' ? limits.limit : limits.hardLimit} limit (the platform rejects it)`
              : `${limits.label} is over the recommended ${limits.limit} (it will be cut off)`,
          evidence,
          fix: `Shorten it by ${m.counted - limits.limit} (cut at the limit it would read "${truncateTo(item.text, limits.limit, spec.method).trim()}")`,
        });
      } else if (limits.soft && m.counted > limits.soft.limit) {
        raw.push({
          id: `over-soft-limit-${key}`,
          category: 'length',
          severity: 'low',
          title: `${limits.label} is over ${limits.soft.limit}`,
          evidence: `"${item.text.slice(0, 120)}" is ${m.counted}; ${limits.soft.note}`,
          fix: `Keep it within ${limits.soft.limit} if those placements matter`,
        });
      }
      if (spec.noEmoji && m.emoji > 0) {
        raw.push({
          id: `emoji-${key}`,
          category: 'policy',
          severity: 'medium',
          title: `Emoji in ${spec.name} ad text`,
          evidence: `"${item.text.slice(0, 120)}" has ${m.emoji} emoji`,
          fix: `Remove the emoji; ${spec.name} disapproves ad text with emoji`,
        });
      }
      if (spec.editorial) {
        const bangs = (item.text.match(/!/g) ?? []).length;
        if (bangs > 0 && (item.field === 'headline' || item.field === 'long-headline' || item.field === 'path')) {
          raw.push({
            id: `exclamation-${key}`,
            category: 'policy',
            severity: 'high',
            title: `"!" in a ${spec.name} ${item.field}`,
            evidence: `"${item.text.slice(0, 120)}"`,
            fix: 'Remove the exclamation mark; it is not allowed in headlines',
          });
        } else if (bangs > 1) {
          raw.push({
            id: `exclamation-${key}`,
            category: 'policy',
            severity: 'high',
            title: `More than one "!" in a ${spec.name} ${item.field}`,
            evidence: `"${item.text.slice(0, 120)}" has ${bangs}`,
            fix: 'Keep at most one exclamation mark',
          });
        }
        const caps = (item.text.match(/\b[A-Z]{4,}\b/g) ?? []).filter((w) => !/^(HTTP|HTTPS|HTML|USA|NASA|FAQ|ASAP|SUV|LED|GPS|USB)$/.test(w));
        if (caps.length > 0) {
          raw.push({
            id: `all-caps-${key}`,
            category: 'policy',
            severity: 'medium',
            title: 'Words in ALL CAPS',
            evidence: caps.join(', '),
            fix: `Write them in normal case; ${spec.name} disapproves excessive capitalisation (acronyms are fine)`,
          });
        }
      }
      return {
        field: item.field,
        text: item.text,
        length: m.counted,
        characters: m.graphemes,
        limit: limits.limit,
        limitType: limits.kind,
        hardLimit: limits.hardLimit ?? null,
        remaining: limits.limit - m.counted,
        withinLimit: m.counted <= limits.limit,
        doubleWidthCharacters: m.doubleWidth,
        emoji: m.emoji,
        fitted: m.counted <= limits.limit ? item.text : truncateTo(item.text, limits.limit, spec.method),
      };
    });
    return {
      platform,
      countMethod: spec.methodNote,
      items: out,
      allWithinLimits: out.every((o) => o.withinLimit),
      ...scoreByCategory({ length: 70, policy: 30 }, raw),
    };
  },
});
