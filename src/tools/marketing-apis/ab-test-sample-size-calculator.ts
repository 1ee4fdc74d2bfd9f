import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { round, zQuantile } from './normal.ts';

const FORMULA =
  'n per variant = ceil( [ z(1−α/2)·√(2·p̄·(1−p̄)) + z(1−β)·√(p1·(1−p1) + p2·(1−p2)) ]² ÷ (p2 − p1)² ), p̄ = (p1 + p2) ÷ 2 ' +
  '(two-proportion z-test, pooled variance under H0 and unpooled under H1, no continuity correction; one-sided uses z(1−α))';

export default defineTool({
  module: 'marketing-apis',
  slug: 'ab-test-sample-size-calculator',
  cpu: 'large-input',
  title: 'A/B test sample size calculator',
  description:
    'Visitors needed per variant to detect a change in conversion rate with a two-proportion z-test. Formula: ' +
    FORMULA +
    '. ' +
    'p1 is the baseline rate and p2 = baseline + effect (absolute, in percentage points) or baseline × (1 + effect%) ' +
    '(relative). Defaults: alpha 0.05 two-sided, power 0.8, absolute effect. Example: baseline 10%, +2 points, α 0.05 ' +
    "two-sided, power 0.8 → 3,841 per variant. Other calculators can differ slightly: Evan Miller's uses the baseline " +
    'variance under H0 instead of the pooled p̄ and gives 3,623 for the same inputs. With more than two variants the ' +
    'total is per-variant × variants, and bonferroni: true divides alpha by the number of comparisons with control. ' +
    'dailyTraffic (visitors per day over all variants) gives an estimated duration. Normal quantiles come from stdlib.',
  keywords: [
    'ab test sample size',
    'a/b test calculator',
    'sample size calculator',
    'statistical power',
    'minimum detectable effect',
    'conversion rate test',
    'split test',
  ],
  input: () =>
    z.object({
      baselineRate: z
        .number()
        .min(0.0001, 'at least 0.0001 (percent)')
        .lt(100, 'must be less than 100')
        .describe('Current conversion rate in percent (10 = 10%), from 0.0001 to under 100'),
      minimumDetectableEffect: z
        .number()
        .gt(0, 'must be more than 0')
        .max(10_000, 'at most 10,000')
        .describe(
          'Smallest change worth detecting: percentage points when mdeType is absolute (2 = 10% → 12%), percent of the baseline when relative (20 = 10% → 12%)',
        ),
      mdeType: z.enum(['absolute', 'relative']).default('absolute').describe('absolute (percentage points, default) or relative (percent of the baseline)'),
      alpha: z
        .number()
        .min(0.000001, 'at least 0.000001')
        .max(0.5, 'at most 0.5')
        .default(0.05)
        .describe('Significance level α, the false-positive rate (default 0.05)'),
      power: z
        .number()
        .min(0.5, 'at least 0.5')
        .max(0.9999, 'at most 0.9999')
        .default(0.8)
        .describe('Statistical power 1−β, the chance of detecting a real effect of that size (default 0.8)'),
      alternative: z.enum(['two-sided', 'one-sided']).default('two-sided').describe('two-sided (default: detects a rise or a fall) or one-sided'),
      variants: z
        .number()
        .int('a whole number')
        .min(2, 'at least 2')
        .max(20, 'at most 20')
        .default(2)
        .describe('Number of variants including control (default 2)'),
      bonferroni: z.boolean().default(false).describe('Divide alpha by the number of comparisons with control (variants − 1); default false'),
      dailyTraffic: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(1e12, 'at most 1e12')
        .optional()
        .describe('Visitors per day entering the test over all variants, for an estimated duration (optional)'),
    }),
  output: () =>
    z.object({
      sampleSizePerVariant: z.number().int(),
      totalSampleSize: z.number().int(),
      estimatedDays: z.number().int().nullable().describe('ceil(total ÷ dailyTraffic), when dailyTraffic is given'),
      baselineRate: z.number().describe('p1 in percent'),
      targetRate: z.number().describe('p2 in percent'),
      absoluteEffect: z.number().describe('p2 − p1 in percentage points'),
      relativeEffect: z.number().describe('(p2 − p1) ÷ p1 in percent'),
      alpha: z.number().describe('The significance level used (after Bonferroni when asked)'),
      power: z.number(),
      alternative: z.enum(['two-sided', 'one-sided']),
      zAlpha: z.number().describe('z(1−α/2), or z(1−α) one-sided'),
      zBeta: z.number().describe('z(power)'),
      variants: z.number().int(),
      test: z.string(),
      formula: z.string(),
    }),
  examples: [
    {
      title: '10% baseline, +2 points, α 0.05 two-sided, power 0.8',
      input: { baselineRate: 10, minimumDetectableEffect: 2 },
      output: {
        sampleSizePerVariant: 3841,
        totalSampleSize: 7682,
        estimatedDays: null,
        baselineRate: 10,
        targetRate: 12,
        absoluteEffect: 2,
        relativeEffect: 20,
        alpha: 0.05,
        power: 0.8,
        alternative: 'two-sided',
        zAlpha: 1.959964,
        zBeta: 0.841621,
        variants: 2,
        test: 'two-proportion z-test',
        formula:
          'n per variant = ceil( [ z(1−α/2)·√(2·p̄·(1−p̄)) + z(1−β)·√(p1·(1−p1) + p2·(1−p2)) ]² ÷ (p2 − p1)² ), p̄ = (p1 + p2) ÷ 2 (two-proportion z-test, pooled variance under H0 and unpooled under H1, no continuity correction; one-sided uses z(1−α))',
      },
    },
    {
      title: 'relative 10% lift on a 3% rate, 90% power, 5,000 visitors a day',
      input: { baselineRate: 3, minimumDetectableEffect: 10, mdeType: 'relative', power: 0.9, dailyTraffic: 5000 },
      output: {
        sampleSizePerVariant: 71233,
        totalSampleSize: 142466,
        estimatedDays: 29,
        baselineRate: 3,
        targetRate: 3.3,
        absoluteEffect: 0.3,
        relativeEffect: 10,
        alpha: 0.05,
        power: 0.9,
        alternative: 'two-sided',
        zAlpha: 1.959964,
        zBeta: 1.281552,
        variants: 2,
        test: 'two-proportion z-test',
        formula:
          'n per variant = ceil( [ z(1−α/2)·√(2·p̄·(1−p̄)) + z(1−β)·√(p1·(1−p1) + p2·(1−p2)) ]² ÷ (p2 − p1)² ), p̄ = (p1 + p2) ÷ 2 (two-proportion z-test, pooled variance under H0 and unpooled under H1, no continuity correction; one-sided uses z(1−α))',
      },
    },
    {
      title: 'three variants, one-sided, Bonferroni',
      input: { baselineRate: 20, minimumDetectableEffect: 3, alternative: 'one-sided', variants: 3, bonferroni: true },
      output: {
        sampleSizePerVariant: 2943,
        totalSampleSize: 8829,
        estimatedDays: null,
        baselineRate: 20,
        targetRate: 23,
        absoluteEffect: 3,
        relativeEffect: 15,
        alpha: 0.025,
        power: 0.8,
        alternative: 'one-sided',
        zAlpha: 1.959964,
        zBeta: 0.841621,
        variants: 3,
        test: 'two-proportion z-test',
        formula:
          'n per variant = ceil( [ z(1−α/2)·√(2·p̄·(1−p̄)) + z(1−β)·√(p1·(1−p1) + p2·(1−p2)) ]² ÷ (p2 − p1)² ), p̄ = (p1 + p2) ÷ 2 (two-proportion z-test, pooled variance under H0 and unpooled under H1, no continuity correction; one-sided uses z(1−α))',
      },
    },
  ],
  run: (input, ctx) => {
    const p1 = input.baselineRate / 100;
    const p2 = input.mdeType === 'absolute' ? p1 + input.minimumDetectableEffect / 100 : p1 * (1 + input.minimumDetectableEffect / 100);
    if (!(p2 < 1)) {
      throw invalidField('minimumDetectableEffect', `takes the rate to ${round(p2 * 100, 4)}%, which is not below 100%; use a smaller effect`);
    }
    const comparisons = input.variants - 1;
    const alpha = input.bonferroni ? input.alpha / comparisons : input.alpha;
    const zAlpha = zQuantile(input.alternative === 'two-sided' ? 1 - alpha / 2 : 1 - alpha);
    const zBeta = zQuantile(input.power);
    const pBar = (p1 + p2) / 2;
    const delta = p2 - p1;
    const numerator = zAlpha * Math.sqrt(2 * pBar * (1 - pBar)) + zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
    // A tiny epsilon keeps an exact integer (e.g. 3841.000000000001 from rounding noise) from rounding up one visitor too many.
    const n = Math.ceil((numerator * numerator) / (delta * delta) - 1e-9);
    if (!Number.isSafeInteger(n * input.variants)) throw invalidField('minimumDetectableEffect', 'is too small: the sample size would exceed 2^53 visitors');
    if (input.variants > 2 && !input.bonferroni)
      ctx.warn(
        `${comparisons} comparisons with control at α ${input.alpha} each: the chance of at least one false positive is higher; set bonferroni: true to correct for it`,
      );
    const total = n * input.variants;
    return {
      sampleSizePerVariant: n,
      totalSampleSize: total,
      estimatedDays: input.dailyTraffic === undefined ? null : Math.ceil(total / input.dailyTraffic),
      baselineRate: round(p1 * 100, 6),
      targetRate: round(p2 * 100, 6),
      absoluteEffect: round(delta * 100, 6),
      relativeEffect: round((delta / p1) * 100, 4),
      alpha: round(alpha, 8),
      power: input.power,
      alternative: input.alternative,
      zAlpha: round(zAlpha, 6),
      zBeta: round(zBeta, 6),
      variants: input.variants,
      test: 'two-proportion z-test',
      formula: FORMULA,
    };
  },
});
