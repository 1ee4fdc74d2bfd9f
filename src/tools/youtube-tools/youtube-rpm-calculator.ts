import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal as D, fixed } from '../../lib/money.ts';

type Dec = D;

const MONEY_TEXT = /^\d{1,13}(?:\.\d{1,10})?$/;
const MAX_MONEY = 1e12;
/** YouTube Partner Program: creators keep 55 % of ad revenue on long-form videos (45 % on Shorts). */
const DEFAULT_CREATOR_SHARE = 55;

const moneyField = (what: string) =>
  z
    .union([z.number().min(0, 'not negative').max(MAX_MONEY, 'at most 1e12'), z.string().trim().regex(MONEY_TEXT, 'a decimal amount such as "1234.56"')], {
      error: 'a non-negative amount: a number or a decimal string such as "1234.56"',
    })
    .optional()
    .describe(`${what} — a number or, for exact cents, a decimal string`);

const percentField = (what: string) => z.number().min(0, 'at least 0').max(100, 'at most 100').describe(what);

const EXPLANATION =
  'CPM (cost per mille) is what advertisers pay per 1,000 ad impressions, before YouTube takes its share. ' +
  "RPM (revenue per mille) is what the creator earns per 1,000 views — all views, monetized or not — after YouTube's share, " +
  'and it includes every revenue source (ads, memberships, Super Chat, Premium). So RPM is almost always well below CPM: ' +
  "roughly CPM × share of views that showed ads × the creator's share (55 % for long-form).";

function parseMoney(field: string, value: number | string | undefined): Dec | undefined {
  if (value === undefined) return undefined;
  const d = new D(value);
  if (d.gt(MAX_MONEY)) throw invalidField(field, 'at most 1e12');
  return d;
}

export default defineTool({
  module: 'youtube-tools',
  slug: 'youtube-rpm-calculator',
  cpu: 'large-input',
  title: 'YouTube RPM calculator',
  description:
    'YouTube RPM (revenue per 1,000 views): give any two of revenue, views and rpm to get the third — RPM = revenue ÷ views × 1000, ' +
    'revenue = RPM × views ÷ 1000. Give cpm with monetizedPlaybackPercent (and optionally creatorSharePercent, default 55 % for long-form) ' +
    'to estimate the RPM an advertiser CPM implies. Money is computed in decimal and returned as strings rounded half-up to 2 places. ' +
    'The result explains how CPM and RPM differ.',
  keywords: ['youtube rpm', 'rpm calculator', 'youtube earnings', 'cpm vs rpm', 'revenue per mille', 'youtube revenue calculator'],
  input: () =>
    z.object({
      revenue: moneyField('Revenue earned for the period (same period as views)'),
      views: z.number().int('a whole number').min(1, 'at least 1').max(1e13, 'at most 1e13').optional().describe('Views in the period'),
      rpm: moneyField('Revenue per 1,000 views'),
      cpm: moneyField("Advertiser CPM: cost per 1,000 ad impressions, before YouTube's share"),
      monetizedPlaybackPercent: percentField('Share of views that showed at least one ad, % (needed with cpm)').optional(),
      creatorSharePercent: percentField(`The creator's share of ad revenue, % (default ${DEFAULT_CREATOR_SHARE}; 45 for Shorts)`).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'a 3-letter ISO 4217 code such as USD')
        .default('USD')
        .describe('Currency code of the amounts (default USD)'),
    }),
  output: () =>
    z.object({
      mode: z.enum(['rpm-from-revenue', 'revenue-from-rpm', 'views-from-rpm', 'rpm-from-cpm']).describe('Which figure was computed from which'),
      currency: z.string().describe('The currency code given (default USD); amounts are in it'),
      views: z.number().int().nullable().describe('Views (given or computed, rounded to whole views)'),
      revenue: z.string().nullable().describe('Revenue, decimal string rounded half-up to 2 places'),
      rpm: z.string().nullable().describe('Revenue per 1,000 views, decimal string rounded half-up to 2 places'),
      cpmEstimate: z
        .object({
          cpm: z.string(),
          monetizedPlaybackPercent: z.number(),
          creatorSharePercent: z.number(),
          estimatedRpm: z.string().describe('cpm × monetized playbacks % × creator share %'),
          estimatedRevenue: z.string().nullable().describe('estimatedRpm × views ÷ 1000 (null without views)'),
        })
        .nullable()
        .describe('When cpm is given: the RPM it implies'),
      formula: z.string().describe('The calculation, with the figures'),
      explanation: z.string().describe('CPM versus RPM'),
    }),
  examples: [
    {
      title: 'RPM from revenue and views',
      input: { revenue: '1234.56', views: 250000 },
      output: {
        mode: 'rpm-from-revenue',
        currency: 'USD',
        views: 250000,
        revenue: '1234.56',
        rpm: '4.94',
        cpmEstimate: null,
        formula: 'RPM = 1234.56 ÷ 250000 views × 1000 = 4.94',
        explanation: EXPLANATION,
      },
    },
    {
      title: 'revenue from RPM and views',
      input: { rpm: 3.5, views: 1200000, currency: 'EUR' },
      output: {
        mode: 'revenue-from-rpm',
        currency: 'EUR',
        views: 1200000,
        revenue: '4200.00',
        rpm: '3.50',
        cpmEstimate: null,
        formula: 'revenue = 3.5 RPM × 1200000 views ÷ 1000 = 4200.00',
        explanation: EXPLANATION,
      },
    },
    {
      title: 'RPM implied by a CPM',
      input: { cpm: 12, monetizedPlaybackPercent: 60, views: 100000 },
      output: {
        mode: 'rpm-from-cpm',
        currency: 'USD',
        views: 100000,
        revenue: '396.00',
        rpm: '3.96',
        cpmEstimate: { cpm: '12.00', monetizedPlaybackPercent: 60, creatorSharePercent: 55, estimatedRpm: '3.96', estimatedRevenue: '396.00' },
        formula: 'RPM ≈ 12 CPM × 60 % monetized × 55 % creator share = 3.96',
        explanation: EXPLANATION,
      },
    },
  ],
  run: (input) => {
    const revenue = parseMoney('revenue', input.revenue);
    const rpm = parseMoney('rpm', input.rpm);
    const cpm = parseMoney('cpm', input.cpm);
    const { views, currency } = input;
    const base = { currency, explanation: EXPLANATION };

    if (cpm !== undefined) {
      if (input.monetizedPlaybackPercent === undefined)
        throw invalidField('monetizedPlaybackPercent', 'required with cpm: the share of views that showed ads, 0–100 (often 40–70)');
      if (revenue !== undefined || rpm !== undefined) throw invalidField('cpm', 'give cpm on its own (with views), not together with revenue or rpm');
      const share = input.creatorSharePercent ?? DEFAULT_CREATOR_SHARE;
      const estimatedRpm = cpm.mul(input.monetizedPlaybackPercent).div(100).mul(share).div(100);
      const estimatedRevenue = views === undefined ? null : fixed(estimatedRpm.mul(views).div(1000));
      return {
        ...base,
        mode: 'rpm-from-cpm' as const,
        views: views ?? null,
        revenue: estimatedRevenue,
        rpm: fixed(estimatedRpm),
        cpmEstimate: {
          cpm: fixed(cpm),
          monetizedPlaybackPercent: input.monetizedPlaybackPercent,
          creatorSharePercent: share,
          estimatedRpm: fixed(estimatedRpm),
          estimatedRevenue,
        },
        formula: `RPM ≈ ${cpm.toString()} CPM × ${input.monetizedPlaybackPercent} % monetized × ${share} % creator share = ${fixed(estimatedRpm)}`,
      };
    }
    const given = [revenue, views, rpm].filter((v) => v !== undefined).length;
    if (given !== 2) {
      throw invalidField(given < 2 ? 'body' : 'rpm', 'give exactly two of revenue, views and rpm (or cpm with monetizedPlaybackPercent)');
    }
    if (revenue !== undefined && views !== undefined) {
      const r = revenue.div(views).mul(1000);
      return {
        ...base,
        mode: 'rpm-from-revenue' as const,
        views,
        revenue: fixed(revenue),
        rpm: fixed(r),
        cpmEstimate: null,
        formula: `RPM = ${revenue.toString()} ÷ ${views} views × 1000 = ${fixed(r)}`,
      };
    }
    if (rpm !== undefined && views !== undefined) {
      const total = rpm.mul(views).div(1000);
      return {
        ...base,
        mode: 'revenue-from-rpm' as const,
        views,
        revenue: fixed(total),
        rpm: fixed(rpm),
        cpmEstimate: null,
        formula: `revenue = ${rpm.toString()} RPM × ${views} views ÷ 1000 = ${fixed(total)}`,
      };
    }
    if (rpm === undefined || revenue === undefined) throw invalidField('body', 'give exactly two of revenue, views and rpm');
    if (rpm.isZero()) throw invalidField('rpm', 'greater than 0 to compute views');
    const computed = revenue.div(rpm).mul(1000).toDecimalPlaces(0);
    if (computed.gt(1e13)) throw invalidField('rpm', 'too small for this revenue: the views would exceed 1e13');
    return {
      ...base,
      mode: 'views-from-rpm' as const,
      views: computed.toNumber(),
      revenue: fixed(revenue),
      rpm: fixed(rpm),
      cpmEstimate: null,
      formula: `views = ${revenue.toString()} ÷ ${rpm.toString()} RPM × 1000 = ${computed.toString()}`,
    };
  },
});
