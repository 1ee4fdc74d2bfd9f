import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { countInput, Dec, decimalsField, fixed, moneyField, nonZero } from './numbers.ts';

export default defineTool({
  module: 'marketing-apis',
  slug: 'cac-calculator',
  cpu: 'large-input',
  title: 'CAC calculator (customer acquisition cost)',
  description:
    'Customer acquisition cost = (marketing cost + sales cost) ÷ new customers, in decimal arithmetic, as money rounded ' +
    'half-up to 2 decimals. With customerLifetimeValue it returns the LTV:CAC ratio and a rating (below 1 loses money, ' +
    '1–3 is thin, 3 or more is the common SaaS benchmark of healthy, above 5 may mean under-investing in growth); with ' +
    'monthlyGrossMarginPerCustomer it returns the CAC payback period in months. newCustomers = 0 is refused (division by zero).',
  keywords: ['cac', 'customer acquisition cost', 'ltv cac ratio', 'cac payback', 'saas metrics', 'unit economics'],
  input: () =>
    z.object({
      marketingCost: moneyField('Marketing spend in the period (ads, tools, agency, team)'),
      salesCost: moneyField('Sales spend in the period (default 0)').optional(),
      newCustomers: countInput('Customers acquired in the period (must be more than 0)'),
      customerLifetimeValue: moneyField('Average customer lifetime value, for LTV:CAC (optional)').optional(),
      monthlyGrossMarginPerCustomer: moneyField('Gross margin one customer brings per month, for the payback period (optional)').optional(),
      decimals: decimalsField,
    }),
  output: () =>
    z.object({
      cac: z.string().describe('Cost to acquire one customer, 2 decimals'),
      totalAcquisitionCost: z.string(),
      newCustomers: z.number().int(),
      ltvToCac: z.string().nullable().describe('LTV ÷ CAC (with customerLifetimeValue)'),
      rating: z.enum(['unprofitable', 'thin', 'healthy', 'possibly under-investing']).nullable(),
      paybackMonths: z.string().nullable().describe('CAC ÷ monthly gross margin per customer (with monthlyGrossMarginPerCustomer)'),
      formula: z.string(),
    }),
  examples: [
    {
      title: 'marketing and sales cost',
      input: { marketingCost: 30000, salesCost: 20000, newCustomers: 125 },
      output: {
        cac: '400.00',
        totalAcquisitionCost: '50000.00',
        newCustomers: 125,
        ltvToCac: null,
        rating: null,
        paybackMonths: null,
        formula: 'CAC = (marketing cost + sales cost) ÷ new customers = (30000 + 20000) ÷ 125',
      },
    },
    {
      title: 'with LTV and monthly margin',
      input: { marketingCost: '12000', newCustomers: 40, customerLifetimeValue: 1200, monthlyGrossMarginPerCustomer: 45 },
      output: {
        cac: '300.00',
        totalAcquisitionCost: '12000.00',
        newCustomers: 40,
        ltvToCac: '4.00',
        rating: 'healthy',
        paybackMonths: '6.67',
        formula: 'CAC = (marketing cost + sales cost) ÷ new customers = (12000 + 0) ÷ 40',
      },
    },
  ],
  run: ({ marketingCost, salesCost, newCustomers, customerLifetimeValue, monthlyGrossMarginPerCustomer, decimals }) => {
    const sales = salesCost ?? new Dec(0);
    const total = marketingCost.plus(sales);
    const cac = total.div(nonZero('newCustomers', newCustomers, 'CAC'));
    let ltvToCac: string | null = null;
    let rating: 'unprofitable' | 'thin' | 'healthy' | 'possibly under-investing' | null = null;
    if (customerLifetimeValue !== undefined) {
      if (cac.isZero()) ltvToCac = null;
      else {
        const ratio = customerLifetimeValue.div(cac);
        ltvToCac = fixed(ratio, decimals);
        rating = ratio.lt(1) ? 'unprofitable' : ratio.lt(3) ? 'thin' : ratio.lte(5) ? 'healthy' : 'possibly under-investing';
      }
    }
    const paybackMonths =
      monthlyGrossMarginPerCustomer === undefined
        ? null
        : fixed(cac.div(nonZero('monthlyGrossMarginPerCustomer', monthlyGrossMarginPerCustomer, 'the payback period')), decimals);
    return {
      cac: fixed(cac),
      totalAcquisitionCost: fixed(total),
      newCustomers,
      ltvToCac,
      rating,
      paybackMonths,
      formula: `CAC = (marketing cost + sales cost) ÷ new customers = (${marketingCost.toString()} + ${sales.toString()}) ÷ ${newCustomers}`,
    };
  },
});
