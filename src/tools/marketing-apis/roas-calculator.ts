import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { Dec, decimalsField, fixed, moneyField, nonZero } from './numbers.ts';

export default defineTool({
  module: 'marketing-apis',
  slug: 'roas-calculator',
  cpu: 'large-input',
  title: 'ROAS calculator (return on ad spend)',
  description:
    'Return on ad spend = revenue ÷ ad cost, in decimal arithmetic: as a ratio ("4.00" means 4:1, $4 of revenue per $1 ' +
    'spent) and as a percentage (400%), plus the net return (revenue − cost, money rounded half-up to 2 decimals). ' +
    'With grossMarginPercent (your margin on that revenue) it also returns the break-even ROAS (100 ÷ margin), the ' +
    'profit after cost of goods and ads, and whether the campaign is profitable. cost = 0 is refused (division by zero).',
  keywords: ['roas', 'return on ad spend', 'roas calculator', 'break-even roas', 'ad profitability', 'revenue per ad dollar'],
  input: () =>
    z.object({
      revenue: moneyField('Revenue attributed to the ads'),
      cost: moneyField('Ad spend (must be more than 0)'),
      grossMarginPercent: z
        .number()
        .gt(0, 'must be more than 0')
        .max(100, 'at most 100')
        .optional()
        .describe('Gross margin on the revenue in percent (e.g. 40), for break-even ROAS and profit (optional)'),
      decimals: decimalsField,
    }),
  output: () =>
    z.object({
      roas: z.string().describe('Revenue ÷ cost as a ratio (4.00 = 4:1)'),
      roasPercent: z.string().describe('ROAS in percent (400.00 = 400%)'),
      netReturn: z.string().describe('revenue − cost, 2 decimals'),
      revenue: z.string(),
      cost: z.string(),
      breakEvenRoas: z.string().nullable().describe('100 ÷ grossMarginPercent: the ROAS needed to cover cost of goods and ads'),
      profit: z.string().nullable().describe('revenue × margin − cost (with grossMarginPercent)'),
      profitable: z.boolean().nullable(),
      formula: z.string(),
    }),
  examples: [
    {
      title: 'a 4:1 ROAS',
      input: { revenue: 20000, cost: 5000 },
      output: {
        roas: '4.00',
        roasPercent: '400.00',
        netReturn: '15000.00',
        revenue: '20000.00',
        cost: '5000.00',
        breakEvenRoas: null,
        profit: null,
        profitable: null,
        formula: 'ROAS = revenue ÷ cost = 20000 ÷ 5000',
      },
    },
    {
      title: 'with a 30% margin: revenue-positive but not profitable',
      input: { revenue: '12500.00', cost: 4000, grossMarginPercent: 30 },
      output: {
        roas: '3.13',
        roasPercent: '312.50',
        netReturn: '8500.00',
        revenue: '12500.00',
        cost: '4000.00',
        breakEvenRoas: '3.33',
        profit: '-250.00',
        profitable: false,
        formula: 'ROAS = revenue ÷ cost = 12500 ÷ 4000',
      },
    },
  ],
  run: ({ revenue, cost, grossMarginPercent, decimals }) => {
    const ratio = revenue.div(nonZero('cost', cost, 'ROAS'));
    let breakEvenRoas: string | null = null;
    let profit: string | null = null;
    let profitable: boolean | null = null;
    if (grossMarginPercent !== undefined) {
      const margin = new Dec(grossMarginPercent).div(100);
      breakEvenRoas = fixed(new Dec(1).div(margin), decimals);
      const p = revenue.times(margin).minus(cost);
      profit = fixed(p);
      profitable = p.gt(0);
    }
    return {
      roas: fixed(ratio, decimals),
      roasPercent: fixed(ratio.times(100), decimals),
      netReturn: fixed(revenue.minus(cost)),
      revenue: fixed(revenue),
      cost: fixed(cost),
      breakEvenRoas,
      profit,
      profitable,
      formula: `ROAS = revenue ÷ cost = ${revenue.toString()} ÷ ${cost.toString()}`,
    };
  },
});
