import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { HUNDRED, toNumber, ZERO } from '../../lib/money.ts';
import { amountField, decimalField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';

export default defineTool({
  module: 'calculators',
  slug: 'break-even-calculator',
  cpu: 'large-input',
  title: 'Break-even calculator',
  description:
    'Break-even point from fixed costs, variable cost per unit and price per unit: contribution margin per unit and ratio, ' +
    'break-even units (exact and rounded up to whole units) and break-even revenue (fixed costs / contribution margin ' +
    'ratio). Optionally the units and revenue needed for a `targetProfit`, and for `expectedUnits` the expected profit and ' +
    'margin of safety. A price at or below the variable cost has no break-even point and is refused. Units are numbers; ' +
    `${MONEY_NOTE}`,
  keywords: [
    'break even',
    'break-even point',
    'bep',
    'contribution margin',
    'units to break even',
    'break-even revenue',
    'margin of safety',
    'target profit',
    'cvp analysis',
  ],
  input: () =>
    z.object({
      fixedCosts: amountField('Fixed costs for the period (rent, salaries…)'),
      variableCostPerUnit: amountField('Variable cost of one unit'),
      pricePerUnit: amountField('Selling price of one unit (must exceed the variable cost)'),
      targetProfit: amountField('Profit to reach: the units and revenue needed are added').optional(),
      expectedUnits: decimalField('Units you expect to sell: adds expected profit and margin of safety', { min: 0, max: 1e12 }).optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      contributionMarginPerUnit: moneyOut('price − variable cost'),
      contributionMarginRatio: z.number().describe('Contribution margin as % of the price (4 decimals)'),
      breakEvenUnits: z.number().int().describe('Whole units to sell to cover all costs (rounded up)'),
      breakEvenUnitsExact: z.number().describe('fixedCosts / contribution margin per unit (4 decimals)'),
      breakEvenRevenue: moneyOut('Revenue at the exact break-even point'),
      target: z
        .object({ profit: moneyOut('Target profit'), units: z.number().int(), unitsExact: z.number(), revenue: moneyOut('Revenue at the exact target point') })
        .nullable()
        .describe('Units and revenue for targetProfit; null when not asked'),
      forecast: z
        .object({
          expectedUnits: z.number(),
          revenue: moneyOut('Expected revenue'),
          totalCosts: moneyOut('Fixed + variable costs'),
          profit: moneyOut('Expected profit (negative = loss)'),
          marginOfSafetyUnits: z.number().describe('expectedUnits − exact break-even units (4 decimals; negative below break-even)'),
          marginOfSafetyRevenue: moneyOut('Expected revenue − break-even revenue'),
          marginOfSafetyPercent: z.number().nullable().describe('Margin of safety as % of expected revenue; null when that revenue rounds to 0'),
        })
        .nullable()
        .describe('For expectedUnits; null when not asked'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: 'classic: 10,000 fixed, 25 variable, 45 price',
      input: { fixedCosts: 10000, variableCostPerUnit: 25, pricePerUnit: 45 },
      output: {
        contributionMarginPerUnit: '20.00',
        contributionMarginRatio: 44.4444,
        breakEvenUnits: 500,
        breakEvenUnitsExact: 500,
        breakEvenRevenue: '22500.00',
        target: null,
        forecast: null,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'fractional break-even, a profit target and a forecast',
      input: { fixedCosts: 5000, variableCostPerUnit: 7.5, pricePerUnit: 12, targetProfit: 2000, expectedUnits: 1500, currency: 'EUR' },
      output: {
        contributionMarginPerUnit: '4.50',
        contributionMarginRatio: 37.5,
        breakEvenUnits: 1112,
        breakEvenUnitsExact: 1111.1111,
        breakEvenRevenue: '13333.33',
        target: { profit: '2000.00', units: 1556, unitsExact: 1555.5556, revenue: '18666.67' },
        forecast: {
          expectedUnits: 1500,
          revenue: '18000.00',
          totalCosts: '16250.00',
          profit: '1750.00',
          marginOfSafetyUnits: 388.8889,
          marginOfSafetyRevenue: '4666.67',
          marginOfSafetyPercent: 25.9259,
        },
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    const cm = input.pricePerUnit.minus(input.variableCostPerUnit);
    if (cm.lte(ZERO)) {
      throw invalidField(
        'pricePerUnit',
        `must exceed variableCostPerUnit (${input.variableCostPerUnit.toFixed()}): each sale must contribute to fixed costs for a break-even point to exist`,
      );
    }
    const ratio = cm.div(input.pricePerUnit);
    const unitsFor = (amount: typeof cm) => amount.div(cm);
    const beUnits = unitsFor(input.fixedCosts);
    const tooMany = (units: typeof cm, field: string): void => {
      if (units.ceil().gt(Number.MAX_SAFE_INTEGER))
        throw invalidField(field, 'the contribution margin per unit is too small: break-even would need more than 9e15 units');
    };
    tooMany(beUnits, 'pricePerUnit');
    const beRevenue = beUnits.times(input.pricePerUnit);
    let target = null;
    if (input.targetProfit !== undefined) {
      const units = unitsFor(input.fixedCosts.plus(input.targetProfit));
      tooMany(units, 'targetProfit');
      target = {
        profit: m.fmt(input.targetProfit),
        units: units.ceil().toNumber(),
        unitsExact: toNumber(units),
        revenue: m.fmt(units.times(input.pricePerUnit)),
      };
    }
    let forecast = null;
    if (input.expectedUnits !== undefined) {
      const q = input.expectedUnits;
      const revenue = q.times(input.pricePerUnit);
      const costs = input.fixedCosts.plus(q.times(input.variableCostPerUnit));
      const safetyRevenue = revenue.minus(beRevenue);
      forecast = {
        expectedUnits: toNumber(q, 6),
        revenue: m.fmt(revenue),
        totalCosts: m.fmt(costs),
        profit: m.fmt(revenue.minus(costs)),
        marginOfSafetyUnits: toNumber(q.minus(beUnits)),
        marginOfSafetyRevenue: m.fmt(safetyRevenue),
        marginOfSafetyPercent: m.round(revenue).isZero() ? null : toNumber(safetyRevenue.times(HUNDRED).div(revenue)),
      };
    }
    return {
      contributionMarginPerUnit: m.fmt(cm),
      contributionMarginRatio: toNumber(ratio.times(HUNDRED)),
      breakEvenUnits: beUnits.ceil().toNumber(),
      breakEvenUnitsExact: toNumber(beUnits),
      breakEvenRevenue: m.fmt(beRevenue),
      target,
      forecast,
      ...m.meta(),
    };
  },
});
