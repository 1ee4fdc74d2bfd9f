import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { countInput, Dec, decimalsField, fixed, moneyField, nonZero } from './numbers.ts';

export default defineTool({
  module: 'marketing-apis',
  slug: 'cpa-calculator',
  cpu: 'large-input',
  title: 'CPA calculator (cost per acquisition)',
  description:
    'Cost per acquisition (cost per conversion, CPL for leads) = cost ÷ conversions, in decimal arithmetic, as money ' +
    'rounded half-up to 2 decimals. Give clicks to also get the conversion rate (%), and targetCpa to see how far the ' +
    'actual CPA is above or below target. conversions = 0 is refused (division by zero). Currency-agnostic.',
  keywords: [
    'cpa',
    'cost per acquisition',
    'cost per conversion',
    'cpl',
    'cost per lead',
    'cost per signup',
    'cost per customer',
    'conversion rate',
    'target cpa',
  ],
  input: () =>
    z.object({
      cost: moneyField('Total ad spend'),
      conversions: countInput('Conversions, sales, sign-ups or leads (must be more than 0)'),
      clicks: countInput('Clicks, to also get the conversion rate (optional)').optional(),
      targetCpa: moneyField('Your target CPA, to compare against (optional)').optional(),
      decimals: decimalsField,
    }),
  output: () =>
    z.object({
      cpa: z.string().describe('Cost per conversion, 2 decimals'),
      cost: z.string(),
      conversions: z.number().int(),
      conversionRate: z.string().nullable().describe('conversions ÷ clicks × 100, in percent (with clicks)'),
      targetCpa: z.string().nullable(),
      differenceFromTarget: z.string().nullable().describe('cpa − targetCpa (negative is better than target)'),
      withinTarget: z.boolean().nullable(),
      formula: z.string(),
    }),
  examples: [
    {
      title: 'lead campaign',
      input: { cost: 2000, conversions: 80 },
      output: {
        cpa: '25.00',
        cost: '2000.00',
        conversions: 80,
        conversionRate: null,
        targetCpa: null,
        differenceFromTarget: null,
        withinTarget: null,
        formula: 'CPA = cost ÷ conversions = 2000 ÷ 80',
      },
    },
    {
      title: 'with clicks and a target',
      input: { cost: '1500.00', conversions: 45, clicks: 1200, targetCpa: 30 },
      output: {
        cpa: '33.33',
        cost: '1500.00',
        conversions: 45,
        conversionRate: '3.75',
        targetCpa: '30.00',
        differenceFromTarget: '3.33',
        withinTarget: false,
        formula: 'CPA = cost ÷ conversions = 1500 ÷ 45',
      },
    },
  ],
  run: ({ cost, conversions, clicks, targetCpa, decimals }, ctx) => {
    const cpa = cost.div(nonZero('conversions', conversions, 'CPA'));
    let conversionRate: string | null = null;
    if (clicks !== undefined) {
      conversionRate = fixed(new Dec(conversions).div(nonZero('clicks', clicks, 'the conversion rate')).times(100), decimals);
      if (conversions > clicks)
        ctx.warn('conversions exceed clicks (conversion rate over 100%); view-through or multiple conversions per click may be counted');
    }
    const rounded = cpa.toDecimalPlaces(2);
    return {
      cpa: fixed(cpa),
      cost: fixed(cost),
      conversions,
      conversionRate,
      targetCpa: targetCpa === undefined ? null : fixed(targetCpa),
      differenceFromTarget: targetCpa === undefined ? null : fixed(rounded.minus(targetCpa)),
      withinTarget: targetCpa === undefined ? null : rounded.lte(targetCpa),
      formula: `CPA = cost ÷ conversions = ${cost.toString()} ÷ ${conversions}`,
    };
  },
});
