import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { amountField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';
import { solveCostPrice } from './lib/pricing.ts';

export default defineTool({
  module: 'calculators',
  slug: 'markup-calculator',
  cpu: 'large-input',
  title: 'Markup calculator',
  description:
    'Markup (profit as a percentage of cost) from any two of cost, price and markup: cost + price give profit, markup and ' +
    'margin; cost + markup give the selling price (cost × (1 + markup)); price + markup give the cost it implies. A markup ' +
    'alone is converted to the equivalent gross margin (50 % markup = 33.3333 % margin). Markup is not margin: margin is ' +
    `profit as a percentage of the price (see profit-margin-calculator). Percentages are numbers with 4 decimals. ${MONEY_NOTE}`,
  keywords: ['markup', 'mark up', 'markup percentage', 'markup vs margin', 'selling price from cost', 'keystone pricing', 'retail markup'],
  input: () =>
    z.object({
      cost: amountField('Cost of the item').optional(),
      price: amountField('Selling price').optional(),
      markup: percentField('Markup in percent of cost (100 = price is twice the cost; up to 100000)', 100_000).optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      solvedFor: z.enum(['markup', 'price', 'cost', 'margin']).describe('What was worked out'),
      cost: moneyOut('Cost').nullable(),
      price: moneyOut('Selling price').nullable(),
      profit: moneyOut('price − cost').nullable(),
      markupPercent: z.number().nullable().describe('Profit as % of cost; null when the cost is 0'),
      marginPercent: z.number().nullable().describe('Profit as % of price; null when the price is 0'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: 'selling price with a 50 % markup',
      input: { cost: 40, markup: 50 },
      output: {
        solvedFor: 'price',
        cost: '40.00',
        price: '60.00',
        profit: '20.00',
        markupPercent: 50,
        marginPercent: 33.3333,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'markup from cost and price',
      input: { cost: '12.50', price: '19.99', currency: 'USD' },
      output: {
        solvedFor: 'markup',
        cost: '12.50',
        price: '19.99',
        profit: '7.49',
        markupPercent: 59.92,
        marginPercent: 37.4687,
        currency: 'USD',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'cost behind a price with keystone (100 %) markup',
      input: { price: 250, markup: 100 },
      output: {
        solvedFor: 'cost',
        cost: '125.00',
        price: '250.00',
        profit: '125.00',
        markupPercent: 100,
        marginPercent: 50,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'markup to margin',
      input: { markup: 25 },
      output: {
        solvedFor: 'margin',
        cost: null,
        price: null,
        profit: null,
        markupPercent: 25,
        marginPercent: 20,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: ({ cost, price, markup, ...options }) => {
    const m = money(options);
    const { solvedFor, cost: c, price: p, profit, markupPercent, marginPercent } = solveCostPrice('markup', { cost, price, percent: markup }, m);
    return { solvedFor, cost: c, price: p, profit, markupPercent, marginPercent, ...m.meta() };
  },
});
