import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { countInput, Dec, decimalsField, fixed, moneyField, nonZero } from './numbers.ts';

export default defineTool({
  module: 'marketing-apis',
  slug: 'cpc-calculator',
  cpu: 'large-input',
  title: 'CPC calculator (cost per click)',
  description:
    'Cost per click = cost ÷ clicks, in decimal arithmetic (never binary floating point), as money rounded half-up to ' +
    '2 decimals. Give impressions too and it also returns CTR (%) and CPM (cost per 1,000 impressions). Amounts may be ' +
    'numbers or decimal strings ("1250.50"); clicks = 0 is refused (division by zero). Currency-agnostic: the result ' +
    'is in the currency of cost.',
  keywords: ['cpc', 'cost per click', 'cpc calculator', 'ppc', 'google ads cpc', 'average cpc'],
  input: () =>
    z.object({
      cost: moneyField('Total ad spend'),
      clicks: countInput('Clicks (must be more than 0)'),
      impressions: countInput('Impressions, to also get CTR and CPM (optional)').optional(),
      decimals: decimalsField,
    }),
  output: () =>
    z.object({
      cpc: z.string().describe('Cost per click, 2 decimals'),
      cost: z.string(),
      clicks: z.number().int(),
      ctr: z.string().nullable().describe('Click-through rate in percent (when impressions are given)'),
      cpm: z.string().nullable().describe('Cost per 1,000 impressions (when impressions are given)'),
      formula: z.string(),
    }),
  examples: [
    {
      title: 'search campaign',
      input: { cost: 1250, clicks: 500 },
      output: { cpc: '2.50', cost: '1250.00', clicks: 500, ctr: null, cpm: null, formula: 'CPC = cost ÷ clicks = 1250 ÷ 500' },
    },
    {
      title: 'decimal string, with impressions',
      input: { cost: '99.99', clicks: 37, impressions: 4200 },
      output: { cpc: '2.70', cost: '99.99', clicks: 37, ctr: '0.88', cpm: '23.81', formula: 'CPC = cost ÷ clicks = 99.99 ÷ 37' },
    },
    {
      title: 'half-up rounding of cents',
      input: { cost: 0.05, clicks: 2 },
      output: { cpc: '0.03', cost: '0.05', clicks: 2, ctr: null, cpm: null, formula: 'CPC = cost ÷ clicks = 0.05 ÷ 2' },
    },
  ],
  run: ({ cost, clicks, impressions, decimals }) => {
    const cpc = cost.div(nonZero('clicks', clicks, 'CPC'));
    let ctr: string | null = null;
    let cpm: string | null = null;
    if (impressions !== undefined) {
      const imp = nonZero('impressions', impressions, 'CTR and CPM');
      ctr = fixed(new Dec(clicks).div(imp).times(100), decimals);
      cpm = fixed(cost.div(imp).times(1000));
    }
    return { cpc: fixed(cpc), cost: fixed(cost), clicks, ctr, cpm, formula: `CPC = cost ÷ clicks = ${cost.toString()} ÷ ${clicks}` };
  },
});
