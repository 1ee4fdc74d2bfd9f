import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { phi, round, zQuantile } from './normal.ts';

const MAX_VISITORS = 1e12;
const count = (description: string) => z.number().int('a whole number').min(0, 'must not be negative').max(MAX_VISITORS, 'at most 1e12').describe(description);

const TEST =
  'two-proportion z-test with pooled standard error: z = (p2 − p1) ÷ √(p̄·(1−p̄)·(1/n1 + 1/n2)), p̄ = (x1 + x2) ÷ (n1 + n2); ' +
  'confidence interval of the difference with the unpooled standard error √(p1(1−p1)/n1 + p2(1−p2)/n2)';

export default defineTool({
  module: 'marketing-apis',
  slug: 'ab-test-significance-calculator',
  cpu: 'large-input',
  title: 'A/B test significance calculator',
  description:
    "Tests whether a variant's conversion rate differs from control's, from visitors and conversions per group: " +
    TEST +
    '. ' +
    'Returns both rates, the absolute difference (percentage points) and relative lift, z, the p-value (two-sided by ' +
    'default; "greater" tests variant > control, "less" variant < control), confidence (1 − p), whether it is ' +
    'significant at alpha (default 0.05), the (1 − alpha) confidence interval of the difference, and the winner. ' +
    'Example: control 1000 visitors / 100 conversions vs variant 1000 / 130 → z ≈ 2.10, p ≈ 0.036 two-sided. Warns ' +
    'when the normal approximation is weak (fewer than 5 expected conversions or non-conversions in a group; use ' +
    'an exact test then) and when the traffic split looks like a sample ratio mismatch against the expected split.',
  keywords: ['ab test significance', 'statistical significance calculator', 'p-value', 'z-test', 'conversion rate test', 'split test results', 'lift'],
  input: () =>
    z.object({
      controlVisitors: count('Visitors (or sessions, users) in control (A), at least 1'),
      controlConversions: count('Conversions in control (A), at most controlVisitors'),
      variantVisitors: count('Visitors in the variant (B), at least 1'),
      variantConversions: count('Conversions in the variant (B), at most variantVisitors'),
      alpha: z.number().min(0.000001, 'at least 0.000001').max(0.5, 'at most 0.5').default(0.05).describe('Significance level (default 0.05 = 95% confidence)'),
      alternative: z
        .enum(['two-sided', 'greater', 'less'])
        .default('two-sided')
        .describe('two-sided (default), greater (variant better) or less (variant worse)'),
      expectedSplit: z
        .number()
        .min(0.01, 'at least 0.01')
        .max(0.99, 'at most 0.99')
        .default(0.5)
        .describe('Intended share of traffic in control, for the sample-ratio-mismatch check (default 0.5)'),
    }),
  output: () =>
    z.object({
      control: z.object({ visitors: z.number().int(), conversions: z.number().int(), conversionRate: z.number().describe('Percent, 4 decimals') }),
      variant: z.object({ visitors: z.number().int(), conversions: z.number().int(), conversionRate: z.number().describe('Percent, 4 decimals') }),
      absoluteDifference: z.number().describe('Variant − control in percentage points'),
      relativeLift: z.number().nullable().describe('(variant − control) ÷ control in percent (null when control converts 0%)'),
      zScore: z.number(),
      pValue: z.number(),
      confidence: z.number().describe('(1 − p) in percent'),
      significant: z.boolean().describe('pValue < alpha'),
      alpha: z.number(),
      alternative: z.enum(['two-sided', 'greater', 'less']),
      confidenceInterval: z
        .object({ level: z.number().describe('Percent'), lower: z.number(), upper: z.number() })
        .describe('Two-sided (1 − alpha) interval of the difference, percentage points'),
      winner: z.enum(['variant', 'control', 'none']).describe('The better group when significant, else none'),
      sampleRatioPValue: z.number().describe('p-value of the observed split against expectedSplit (below 0.001 suggests a sample ratio mismatch)'),
      test: z.string(),
    }),
  examples: [
    {
      title: 'A 1000/100 vs B 1000/130',
      input: { controlVisitors: 1000, controlConversions: 100, variantVisitors: 1000, variantConversions: 130 },
      output: {
        control: { visitors: 1000, conversions: 100, conversionRate: 10 },
        variant: { visitors: 1000, conversions: 130, conversionRate: 13 },
        absoluteDifference: 3,
        relativeLift: 30,
        zScore: 2.1027,
        pValue: 0.035488,
        confidence: 96.4512,
        significant: true,
        alpha: 0.05,
        alternative: 'two-sided',
        confidenceInterval: { level: 95, lower: 0.2068, upper: 5.7932 },
        winner: 'variant',
        sampleRatioPValue: 1,
        test: 'two-proportion z-test with pooled standard error: z = (p2 − p1) ÷ √(p̄·(1−p̄)·(1/n1 + 1/n2)), p̄ = (x1 + x2) ÷ (n1 + n2); confidence interval of the difference with the unpooled standard error √(p1(1−p1)/n1 + p2(1−p2)/n2)',
      },
    },
    {
      title: 'not significant',
      input: { controlVisitors: 5000, controlConversions: 250, variantVisitors: 5000, variantConversions: 270 },
      output: {
        control: { visitors: 5000, conversions: 250, conversionRate: 5 },
        variant: { visitors: 5000, conversions: 270, conversionRate: 5.4 },
        absoluteDifference: 0.4,
        relativeLift: 8,
        zScore: 0.9008,
        pValue: 0.367699,
        confidence: 63.2301,
        significant: false,
        alpha: 0.05,
        alternative: 'two-sided',
        confidenceInterval: { level: 95, lower: -0.4703, upper: 1.2703 },
        winner: 'none',
        sampleRatioPValue: 1,
        test: 'two-proportion z-test with pooled standard error: z = (p2 − p1) ÷ √(p̄·(1−p̄)·(1/n1 + 1/n2)), p̄ = (x1 + x2) ÷ (n1 + n2); confidence interval of the difference with the unpooled standard error √(p1(1−p1)/n1 + p2(1−p2)/n2)',
      },
    },
    {
      title: 'one-sided test, 99% confidence',
      input: { controlVisitors: 24000, controlConversions: 720, variantVisitors: 24000, variantConversions: 840, alpha: 0.01, alternative: 'greater' },
      output: {
        control: { visitors: 24000, conversions: 720, conversionRate: 3 },
        variant: { visitors: 24000, conversions: 840, conversionRate: 3.5 },
        absoluteDifference: 0.5,
        relativeLift: 16.6667,
        zScore: 3.0888,
        pValue: 0.001005,
        confidence: 99.8995,
        significant: true,
        alpha: 0.01,
        alternative: 'greater',
        confidenceInterval: { level: 99, lower: 0.0831, upper: 0.9169 },
        winner: 'variant',
        sampleRatioPValue: 1,
        test: 'two-proportion z-test with pooled standard error: z = (p2 − p1) ÷ √(p̄·(1−p̄)·(1/n1 + 1/n2)), p̄ = (x1 + x2) ÷ (n1 + n2); confidence interval of the difference with the unpooled standard error √(p1(1−p1)/n1 + p2(1−p2)/n2)',
      },
    },
  ],
  run: (input, ctx) => {
    const { controlVisitors: n1, controlConversions: x1, variantVisitors: n2, variantConversions: x2, alpha, alternative } = input;
    if (n1 === 0) throw invalidField('controlVisitors', 'must be at least 1 (it is a divisor)');
    if (n2 === 0) throw invalidField('variantVisitors', 'must be at least 1 (it is a divisor)');
    if (x1 > n1) throw invalidField('controlConversions', `cannot exceed controlVisitors (${n1})`);
    if (x2 > n2) throw invalidField('variantConversions', `cannot exceed variantVisitors (${n2})`);
    const p1 = x1 / n1;
    const p2 = x2 / n2;
    const pooled = (x1 + x2) / (n1 + n2);
    const sePooled = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
    let z = 0;
    if (sePooled > 0) z = (p2 - p1) / sePooled;
    else ctx.warn('both groups converted at 0% or both at 100%: there is no variation to test');
    const pValue = sePooled === 0 ? 1 : alternative === 'two-sided' ? Math.min(1, 2 * phi(-Math.abs(z))) : alternative === 'greater' ? phi(-z) : phi(z);
    const seUnpooled = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
    const zCrit = zQuantile(1 - alpha / 2);
    const diff = p2 - p1;
    for (const [name, n, p] of [
      ['control', n1, p1],
      ['variant', n2, p2],
    ] as const) {
      if (n * pooled < 5 || n * (1 - pooled) < 5 || n * p < 5 || n * (1 - p) < 5) {
        ctx.warn(
          `${name} has fewer than 5 expected conversions or non-conversions: the z-test approximation is unreliable; collect more data or use Fisher's exact test`,
        );
        break;
      }
    }
    const total = n1 + n2;
    const srmZ = (n1 - total * input.expectedSplit) / Math.sqrt(total * input.expectedSplit * (1 - input.expectedSplit));
    const sampleRatioPValue = 2 * phi(-Math.abs(srmZ));
    if (sampleRatioPValue < 0.001)
      ctx.warn(
        `traffic split ${n1}:${n2} is unlikely under the expected ${input.expectedSplit * 100}% to control (p = ${sampleRatioPValue.toExponential(2)}): check for a sample ratio mismatch before trusting the result`,
      );
    const significant = pValue < alpha;
    const winner: 'variant' | 'control' | 'none' = !significant ? 'none' : diff > 0 ? 'variant' : diff < 0 ? 'control' : 'none';
    return {
      control: { visitors: n1, conversions: x1, conversionRate: round(p1 * 100, 4) },
      variant: { visitors: n2, conversions: x2, conversionRate: round(p2 * 100, 4) },
      absoluteDifference: round(diff * 100, 4),
      relativeLift: p1 === 0 ? null : round((diff / p1) * 100, 4),
      zScore: round(z, 4),
      pValue: round(pValue, 6),
      confidence: round((1 - pValue) * 100, 4),
      significant,
      alpha,
      alternative,
      confidenceInterval: {
        level: round((1 - alpha) * 100, 4),
        lower: round((diff - zCrit * seUnpooled) * 100, 4),
        upper: round((diff + zCrit * seUnpooled) * 100, 4),
      },
      winner,
      sampleRatioPValue: round(sampleRatioPValue, 6),
      test: TEST,
    };
  },
});
