import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { amountField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';
import { solveCostPrice } from './lib/pricing.ts';

export default defineTool({
  module: 'calculators',
  slug: 'profit-margin-calculator',
  cpu: 'large-input',
  title: 'Profit margin calculator',
  description:
    'Gross profit margin (profit as a percentage of the selling price) from any two of cost, price and margin: cost + price ' +
    'give profit, margin and markup; cost + margin give the price to charge (cost / (1 − margin)); price + margin give the ' +
    'highest cost allowed. A margin alone is converted to the equivalent markup (25 % margin = 33.3333 % markup). Margin ' +
    'and markup are not the same thing: markup is profit as a percentage of cost (see markup-calculator). A sale below cost ' +
    `gives a negative profit and margin. Percentages are numbers with 4 decimals. ${MONEY_NOTE}`,
  keywords: ['profit margin', 'gross margin', 'margin calculator', 'margin vs markup', 'selling price from margin', 'profit percentage', 'gross profit'],
  input: () =>
    z.object({
      cost: amountField('Cost of the item (COGS)').optional(),
      price: amountField('Selling price (revenue)').optional(),
      margin: percentField('Gross margin in percent of the price, 0 to below 100', 100, true).optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      solvedFor: z.enum(['margin', 'price', 'cost', 'markup']).describe('What was worked out'),
      cost: moneyOut('Cost').nullable(),
      price: moneyOut('Selling price').nullable(),
      profit: moneyOut('price − cost').nullable(),
      marginPercent: z.number().nullable().describe('Profit as % of price; null when the price is 0'),
      markupPercent: z.number().nullable().describe('Profit as % of cost; null when the cost is 0'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: 'margin and markup from cost and price',
      input: { cost: 60, price: 80 },
      output: {
        solvedFor: 'margin',
        cost: '60.00',
        price: '80.00',
        profit: '20.00',
        marginPercent: 25,
        markupPercent: 33.3333,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'price needed for a 40 % margin',
      input: { cost: '45.00', margin: 40, currency: 'EUR' },
      output: {
        solvedFor: 'price',
        cost: '45.00',
        price: '75.00',
        profit: '30.00',
        marginPercent: 40,
        markupPercent: 66.6667,
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'maximum cost for a 30 % margin at a 199.99 price',
      input: { price: 199.99, margin: 30 },
      output: {
        solvedFor: 'cost',
        cost: '139.99',
        price: '199.99',
        profit: '60.00',
        marginPercent: 30.0015,
        markupPercent: 42.8602,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'margin to markup',
      input: { margin: 20 },
      output: {
        solvedFor: 'markup',
        cost: null,
        price: null,
        profit: null,
        marginPercent: 20,
        markupPercent: 25,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: ({ cost, price, margin, ...options }) => {
    const m = money(options);
    const { solvedFor, cost: c, price: p, profit, marginPercent, markupPercent } = solveCostPrice('margin', { cost, price, percent: margin }, m);
    return { solvedFor, cost: c, price: p, profit, marginPercent, markupPercent, ...m.meta() };
  },
});
