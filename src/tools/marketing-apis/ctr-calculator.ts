import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { countInput, decimalsField, Dec, fixed, nonZero } from './numbers.ts';

export default defineTool({
  module: 'marketing-apis',
  slug: 'ctr-calculator',
  title: 'CTR calculator (click-through rate)',
  description:
    'Click-through rate = clicks ÷ impressions × 100, in decimal arithmetic, as a percentage string rounded half-up ' +
    '(2 decimals by default; set decimals for tiny display CTRs such as 0.035%). Also returns the rate as a fraction ' +
    'and clicks per 1,000 impressions. impressions = 0 is refused (division by zero); clicks above impressions are ' +
    'allowed (some platforms count several clicks per impression) but produce a warning.',
  keywords: ['ctr', 'click-through rate', 'click through rate calculator', 'ad ctr', 'email ctr', 'clicks impressions'],
  input: () =>
    z.object({
      clicks: countInput('Clicks'),
      impressions: countInput('Impressions (must be more than 0)'),
      decimals: decimalsField,
    }),
  output: () =>
    z.object({
      ctr: z.string().describe('Click-through rate in percent, e.g. "2.50" means 2.50%'),
      ctrFraction: z.string().describe('The same rate as a fraction (8 decimals), e.g. "0.02500000"'),
      clicksPerThousandImpressions: z.string().describe('Clicks per 1,000 impressions'),
      clicks: z.number().int(),
      impressions: z.number().int(),
      formula: z.string(),
    }),
  examples: [
    {
      title: 'search ad',
      input: { clicks: 250, impressions: 10000 },
      output: {
        ctr: '2.50',
        ctrFraction: '0.02500000',
        clicksPerThousandImpressions: '25.00',
        clicks: 250,
        impressions: 10000,
        formula: 'CTR = clicks ÷ impressions × 100 = 250 ÷ 10000 × 100',
      },
    },
    {
      title: 'display ad with more decimals',
      input: { clicks: 7, impressions: 20000, decimals: 3 },
      output: {
        ctr: '0.035',
        ctrFraction: '0.00035000',
        clicksPerThousandImpressions: '0.350',
        clicks: 7,
        impressions: 20000,
        formula: 'CTR = clicks ÷ impressions × 100 = 7 ÷ 20000 × 100',
      },
    },
    {
      title: 'rounds half up',
      input: { clicks: 1, impressions: 3 },
      output: {
        ctr: '33.33',
        ctrFraction: '0.33333333',
        clicksPerThousandImpressions: '333.33',
        clicks: 1,
        impressions: 3,
        formula: 'CTR = clicks ÷ impressions × 100 = 1 ÷ 3 × 100',
      },
    },
  ],
  run: ({ clicks, impressions, decimals }, ctx) => {
    const divisor = nonZero('impressions', impressions, 'CTR');
    if (clicks > impressions) ctx.warn('clicks exceed impressions, so CTR is over 100%; check that both figures cover the same ads and dates');
    const fraction = new Dec(clicks).div(divisor);
    return {
      ctr: fixed(fraction.times(100), decimals),
      ctrFraction: fixed(fraction, 8),
      clicksPerThousandImpressions: fixed(fraction.times(1000), decimals),
      clicks,
      impressions,
      formula: `CTR = clicks ÷ impressions × 100 = ${clicks} ÷ ${impressions} × 100`,
    };
  },
});
