import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, HUNDRED, ONE, toNumber } from '../../lib/money.ts';
import { amountField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';
import { marginAndMarkup, markupFromMargin } from './lib/pricing.ts';

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
    const count = [cost, price, margin].filter((v) => v !== undefined).length;
    if (count === 3) throw invalidField('margin', 'give two of cost, price and margin, not all three');
    if (margin !== undefined && count === 1) {
      return {
        solvedFor: 'markup' as const,
        cost: null,
        price: null,
        profit: null,
        marginPercent: toNumber(margin),
        markupPercent: toNumber(markupFromMargin(margin)),
        ...m.meta(),
      };
    }
    if (count < 2) throw invalidField(cost === undefined ? 'cost' : 'price', 'give two of cost, price and margin (or margin alone to convert it to markup)');
    let c: Decimal;
    let p: Decimal;
    let solvedFor: 'margin' | 'price' | 'cost';
    if (cost !== undefined && price !== undefined) {
      if (price.isZero()) throw invalidField('price', 'must be greater than 0 to have a margin');
      [c, p, solvedFor] = [m.round(cost), m.round(price), 'margin'];
    } else if (cost !== undefined && margin !== undefined) {
      c = m.round(cost);
      p = m.round(c.div(ONE.minus(margin.div(HUNDRED))));
      solvedFor = 'price';
    } else {
      p = m.round(price ?? new Decimal(0));
      c = m.round(p.times(ONE.minus((margin ?? new Decimal(0)).div(HUNDRED))));
      solvedFor = 'cost';
    }
    const r = marginAndMarkup(c, p);
    return { solvedFor, cost: m.fmt(c), price: m.fmt(p), profit: m.fmt(r.profit), marginPercent: r.margin, markupPercent: r.markup, ...m.meta() };
  },
});
