import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { oneOfFields } from '../../registry/fields.ts';
import { Decimal, HUNDRED, sum, toNumber, ZERO } from '../../lib/money.ts';
import { amountField, decimalField, labelField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';
import { marginAndMarkup } from './lib/pricing.ts';

export default defineTool({
  module: 'calculators',
  slug: 'cost-plus-pricing-calculator',
  cpu: 'large-input',
  title: 'Cost-plus pricing calculator',
  description:
    'Prices a product or job at cost plus a markup: the unit cost is `unitCost` or the sum of `costs` (materials, labour, ' +
    'packaging…), plus `fixedCosts` spread over `quantity` units; the markup percentage is added to get the unit price, ' +
    'optionally with tax on top (`taxRate`). Returns the cost build-up, markup amount, unit price, resulting margin, and the ' +
    `totals for the quantity (cost, revenue, profit, tax). ${MONEY_NOTE}`,
  keywords: ['cost plus pricing', 'cost-plus', 'price from cost', 'markup pricing', 'job pricing', 'quote price', 'unit price', 'pricing calculator'],
  input: () =>
    z
      .object({
        unitCost: amountField('Variable cost of one unit; or give `costs`').optional(),
        costs: z
          .array(z.object({ name: labelField('Cost component, e.g. "Materials"', 100), amount: amountField('Cost per unit') }))
          .min(1, 'at least one cost')
          .max(100, 'at most 100 costs')
          .optional()
          .describe('Per-unit cost components, summed into the unit cost: [{name, amount}]'),
        fixedCosts: amountField('Fixed costs (setup, tooling, overhead) for the whole quantity, spread over the units (default 0)').optional(),
        quantity: decimalField('Units produced/sold (default 1)', { min: 0, minExclusive: true, max: 1e9 }).optional(),
        markup: percentField('Markup in percent added to the full unit cost (up to 100000)', 100_000),
        taxRate: percentField('Sales tax / VAT rate in percent added on top of the price (default 0)').optional(),
        ...moneyOptions,
      })
      .refine(...oneOfFields('unitCost', 'costs')),
  output: () =>
    z.object({
      costs: z.array(z.object({ name: z.string(), amount: moneyOut('Per unit') })),
      variableUnitCost: moneyOut('Sum of per-unit costs'),
      fixedCostPerUnit: moneyOut('fixedCosts / quantity'),
      unitCost: moneyOut('Full cost of one unit'),
      markupPercent: z.number(),
      markupAmount: moneyOut('Markup per unit'),
      unitPrice: moneyOut('Selling price of one unit, before tax'),
      marginPercent: z.number().nullable().describe('Profit as % of the price (4 decimals); null when the price is 0'),
      taxRate: z.number(),
      unitTax: moneyOut('Tax per unit'),
      unitPriceWithTax: moneyOut('Unit price including tax'),
      quantity: z.number(),
      totalCost: moneyOut('fixedCosts + the variable unit cost × quantity: what the units really cost, whatever unitCost rounds to'),
      totalRevenue: moneyOut('unitPrice × quantity, before tax'),
      totalProfit: moneyOut('totalRevenue − totalCost'),
      totalTax: moneyOut('Tax on totalRevenue'),
      totalWithTax: moneyOut('totalRevenue + totalTax'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: 'single unit cost with 30 % markup',
      input: { unitCost: 80, markup: 30 },
      output: {
        costs: [{ name: 'Unit cost', amount: '80.00' }],
        variableUnitCost: '80.00',
        fixedCostPerUnit: '0.00',
        unitCost: '80.00',
        markupPercent: 30,
        markupAmount: '24.00',
        unitPrice: '104.00',
        marginPercent: 23.0769,
        taxRate: 0,
        unitTax: '0.00',
        unitPriceWithTax: '104.00',
        quantity: 1,
        totalCost: '80.00',
        totalRevenue: '104.00',
        totalProfit: '24.00',
        totalTax: '0.00',
        totalWithTax: '104.00',
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'cost components, setup cost over 500 units, 25 % markup and 20 % VAT',
      input: {
        costs: [
          { name: 'Materials', amount: 4.2 },
          { name: 'Labour', amount: 2.75 },
          { name: 'Packaging', amount: 0.55 },
        ],
        fixedCosts: 1000,
        quantity: 500,
        markup: 25,
        taxRate: 20,
        currency: 'GBP',
      },
      output: {
        costs: [
          { name: 'Materials', amount: '4.20' },
          { name: 'Labour', amount: '2.75' },
          { name: 'Packaging', amount: '0.55' },
        ],
        variableUnitCost: '7.50',
        fixedCostPerUnit: '2.00',
        unitCost: '9.50',
        markupPercent: 25,
        markupAmount: '2.38',
        unitPrice: '11.88',
        marginPercent: 20.0337,
        taxRate: 20,
        unitTax: '2.38',
        unitPriceWithTax: '14.26',
        quantity: 500,
        totalCost: '4750.00',
        totalRevenue: '5940.00',
        totalProfit: '1190.00',
        totalTax: '1188.00',
        totalWithTax: '7128.00',
        currency: 'GBP',
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    if (input.unitCost !== undefined && input.costs !== undefined) throw invalidField('unitCost', 'give unitCost or costs, not both');
    const costs = input.costs ?? [{ name: 'Unit cost', amount: input.unitCost ?? ZERO }];
    const quantity = input.quantity ?? new Decimal(1);
    const variable = sum(costs.map((c) => c.amount));
    const fixedPerUnit = (input.fixedCosts ?? ZERO).div(quantity);
    const unitCost = m.round(variable.plus(fixedPerUnit));
    const markupAmount = m.round(unitCost.times(input.markup).div(HUNDRED));
    const unitPrice = unitCost.plus(markupAmount);
    const taxRate = input.taxRate ?? ZERO;
    const unitTax = m.round(unitPrice.times(taxRate).div(HUNDRED));
    // The real cost of the quantity, not the rounded unit cost times the quantity: 100 of fixed costs over 3 units is 100.00,
    // though each unit's share rounds to 33.33 (a price at 0 % markup then shows the cent it loses).
    const totalCost = m.round(variable.times(quantity).plus(input.fixedCosts ?? ZERO));
    const totalRevenue = m.round(unitPrice.times(quantity));
    const totalTax = m.round(totalRevenue.times(taxRate).div(HUNDRED));
    return {
      costs: costs.map((c) => ({ name: c.name, amount: m.fmt(c.amount) })),
      variableUnitCost: m.fmt(variable),
      fixedCostPerUnit: m.fmt(fixedPerUnit),
      unitCost: m.fmt(unitCost),
      markupPercent: toNumber(input.markup),
      markupAmount: m.fmt(markupAmount),
      unitPrice: m.fmt(unitPrice),
      marginPercent: marginAndMarkup(unitCost, unitPrice).margin,
      taxRate: toNumber(taxRate, 6),
      unitTax: m.fmt(unitTax),
      unitPriceWithTax: m.fmt(unitPrice.plus(unitTax)),
      quantity: toNumber(quantity, 6),
      totalCost: m.fmt(totalCost),
      totalRevenue: m.fmt(totalRevenue),
      totalProfit: m.fmt(totalRevenue.minus(totalCost)),
      totalTax: m.fmt(totalTax),
      totalWithTax: m.fmt(totalRevenue.plus(totalTax)),
      ...m.meta(),
    };
  },
});
