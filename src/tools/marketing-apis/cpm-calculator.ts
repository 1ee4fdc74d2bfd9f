import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { countInput, Dec, fixed, moneyField, nonZero } from './numbers.ts';

export default defineTool({
  module: 'marketing-apis',
  slug: 'cpm-calculator',
  cpu: 'large-input',
  title: 'CPM calculator (cost per mille)',
  description:
    'Cost per thousand impressions: CPM = cost ÷ impressions × 1,000, in decimal arithmetic, as money rounded half-up ' +
    'to 2 decimals, plus the cost of a single impression (6 decimals). Give reach too and it returns frequency ' +
    '(impressions ÷ reach) and the cost per 1,000 people reached. impressions = 0 is refused (division by zero). ' +
    'Currency-agnostic.',
  keywords: ['cpm', 'cost per mille', 'cost per thousand impressions', 'cpm calculator', 'display advertising cost', 'frequency'],
  input: () =>
    z.object({
      cost: moneyField('Total ad spend'),
      impressions: countInput('Impressions (must be more than 0)'),
      reach: countInput('Unique people reached, for frequency and cost per 1,000 reached (optional)').optional(),
    }),
  output: () =>
    z.object({
      cpm: z.string().describe('Cost per 1,000 impressions, 2 decimals'),
      costPerImpression: z.string().describe('Cost of one impression, 6 decimals'),
      cost: z.string(),
      impressions: z.number().int(),
      frequency: z.string().nullable().describe('Average impressions per person reached, 2 decimals (with reach)'),
      costPerThousandReached: z.string().nullable().describe('Cost per 1,000 people reached (with reach)'),
      formula: z.string(),
    }),
  examples: [
    {
      title: 'display campaign',
      input: { cost: 500, impressions: 125000 },
      output: {
        cpm: '4.00',
        costPerImpression: '0.004000',
        cost: '500.00',
        impressions: 125000,
        frequency: null,
        costPerThousandReached: null,
        formula: 'CPM = cost ÷ impressions × 1000 = 500 ÷ 125000 × 1000',
      },
    },
    {
      title: 'social campaign with reach',
      input: { cost: '1234.56', impressions: 300000, reach: 120000 },
      output: {
        cpm: '4.12',
        costPerImpression: '0.004115',
        cost: '1234.56',
        impressions: 300000,
        frequency: '2.50',
        costPerThousandReached: '10.29',
        formula: 'CPM = cost ÷ impressions × 1000 = 1234.56 ÷ 300000 × 1000',
      },
    },
  ],
  run: ({ cost, impressions, reach }, ctx) => {
    const imp = nonZero('impressions', impressions, 'CPM');
    let frequency: string | null = null;
    let costPerThousandReached: string | null = null;
    if (reach !== undefined) {
      const r = nonZero('reach', reach, 'frequency');
      if (reach > impressions) ctx.warn('reach exceeds impressions; every person reached needs at least one impression');
      frequency = fixed(new Dec(impressions).div(r), 2);
      costPerThousandReached = fixed(cost.div(r).times(1000));
    }
    return {
      cpm: fixed(cost.div(imp).times(1000)),
      costPerImpression: fixed(cost.div(imp), 6),
      cost: fixed(cost),
      impressions,
      frequency,
      costPerThousandReached,
      formula: `CPM = cost ÷ impressions × 1000 = ${cost.toString()} ÷ ${impressions} × 1000`,
    };
  },
});
