import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, HUNDRED, toNumber, ZERO } from '../../lib/money.ts';
import { amountField, decimalField } from './lib/fields.ts';
import { DISCOUNT_TYPES, type DiscountType } from './lib/invoice.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';

const stepSchema = z.object({
  value: amountField('Percent off (type percent) or amount off (type fixed)'),
  type: z.enum(DISCOUNT_TYPES).default('percent').describe('percent (default) or fixed'),
});

export default defineTool({
  module: 'calculators',
  slug: 'discount-calculator',
  cpu: 'large-input',
  title: 'Discount calculator',
  description:
    'Applies a discount to a price (percent or fixed amount off) and returns the discount, the final price and the ' +
    'savings; `discounts` stacks several discounts one after the other (20 % then 10 % is 28 % off, not 30 %), reporting each ' +
    'step and the effective total percentage. In reverse, `salePrice` gives the discount percentage between an original ' +
    `and a sale price. \`quantity\` multiplies the totals. ${MONEY_NOTE}`,
  keywords: ['discount', 'percent off', 'sale price', 'savings', 'stacked discounts', 'double discount', 'coupon', 'price reduction', 'discount percentage'],
  input: () =>
    z.object({
      price: amountField('Original price of one unit'),
      discount: amountField('One discount: percent off (discountType percent, default) or an amount off (fixed)').optional(),
      discountType: z.enum(DISCOUNT_TYPES).default('percent').describe('How `discount` is meant: percent (default) or fixed'),
      discounts: z
        .array(stepSchema)
        .min(1, 'at least one discount')
        .max(20, 'at most 20 discounts')
        .optional()
        .describe('Several discounts applied in order, each on the price left by the one before: [{value, type?}]'),
      salePrice: amountField('Reverse mode: the discounted price; the discount percentage is worked out').optional(),
      quantity: decimalField('Number of units (default 1)', { min: 0, max: 1e9 }).optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      mode: z.enum(['apply', 'reverse']).describe('apply: discounts given; reverse: salePrice given'),
      originalPrice: moneyOut('Price before discounts'),
      steps: z.array(
        z.object({
          step: z.number().int(),
          type: z.enum(DISCOUNT_TYPES),
          value: z.number(),
          discountAmount: moneyOut('Amount taken off'),
          priceAfter: moneyOut('Price after this step'),
        }),
      ),
      totalDiscount: moneyOut('Total taken off one unit'),
      finalPrice: moneyOut('Price of one unit after all discounts'),
      effectiveDiscountPercent: z.number().describe('totalDiscount as a percentage of the original price (4 decimals)'),
      quantity: z.number(),
      totalOriginal: moneyOut('originalPrice × quantity'),
      totalFinal: moneyOut('finalPrice × quantity'),
      totalSavings: moneyOut('totalOriginal − totalFinal'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: '25 % off',
      input: { price: 80, discount: 25 },
      output: {
        mode: 'apply',
        originalPrice: '80.00',
        steps: [{ step: 1, type: 'percent', value: 25, discountAmount: '20.00', priceAfter: '60.00' }],
        totalDiscount: '20.00',
        finalPrice: '60.00',
        effectiveDiscountPercent: 25,
        quantity: 1,
        totalOriginal: '80.00',
        totalFinal: '60.00',
        totalSavings: '20.00',
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'stacked: 20 % then 10 % then 5 off, for 3 units',
      input: { price: 100, discounts: [{ value: 20 }, { value: 10 }, { value: 5, type: 'fixed' }], quantity: 3, currency: 'USD' },
      output: {
        mode: 'apply',
        originalPrice: '100.00',
        steps: [
          { step: 1, type: 'percent', value: 20, discountAmount: '20.00', priceAfter: '80.00' },
          { step: 2, type: 'percent', value: 10, discountAmount: '8.00', priceAfter: '72.00' },
          { step: 3, type: 'fixed', value: 5, discountAmount: '5.00', priceAfter: '67.00' },
        ],
        totalDiscount: '33.00',
        finalPrice: '67.00',
        effectiveDiscountPercent: 33,
        quantity: 3,
        totalOriginal: '300.00',
        totalFinal: '201.00',
        totalSavings: '99.00',
        currency: 'USD',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'reverse: what percentage is 49.99 → 34.99?',
      input: { price: '49.99', salePrice: '34.99' },
      output: {
        mode: 'reverse',
        originalPrice: '49.99',
        steps: [],
        totalDiscount: '15.00',
        finalPrice: '34.99',
        effectiveDiscountPercent: 30.006,
        quantity: 1,
        totalOriginal: '49.99',
        totalFinal: '34.99',
        totalSavings: '15.00',
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    const given = [input.discount !== undefined, input.discounts !== undefined, input.salePrice !== undefined].filter(Boolean).length;
    if (given === 0) throw invalidField('discount', 'give discount, discounts or salePrice');
    if (given > 1) throw invalidField('discount', 'give only one of discount, discounts and salePrice');
    const original = m.round(input.price);
    const quantity = input.quantity ?? new Decimal(1);
    const steps: { step: number; type: DiscountType; value: number; discountAmount: string; priceAfter: string }[] = [];
    let final: Decimal;
    if (input.salePrice !== undefined) {
      final = m.round(input.salePrice);
      if (final.gt(original)) throw invalidField('salePrice', `is higher than the price (${m.fmt(original)}): that is a markup, not a discount`);
    } else {
      const list = input.discounts ?? [{ value: input.discount ?? ZERO, type: input.discountType }];
      const field = input.discounts ? (i: number) => `discounts.${i}.value` : () => 'discount';
      final = original;
      for (const [i, d] of list.entries()) {
        let off: Decimal;
        if (d.type === 'percent') {
          if (d.value.gt(HUNDRED)) throw invalidField(field(i), 'a percentage discount must be at most 100');
          off = m.round(final.times(d.value).div(HUNDRED));
        } else {
          off = m.round(d.value);
          if (off.gt(final)) throw invalidField(field(i), `a fixed discount of ${m.fmt(off)} exceeds the price left (${m.fmt(final)})`);
        }
        final = final.minus(off);
        steps.push({ step: i + 1, type: d.type, value: toNumber(d.value, 6), discountAmount: m.fmt(off), priceAfter: m.fmt(final) });
      }
    }
    const totalDiscount = original.minus(final);
    const totalOriginal = m.round(original.times(quantity));
    const totalFinal = m.round(final.times(quantity));
    return {
      mode: input.salePrice !== undefined ? ('reverse' as const) : ('apply' as const),
      originalPrice: m.fmt(original),
      steps,
      totalDiscount: m.fmt(totalDiscount),
      finalPrice: m.fmt(final),
      effectiveDiscountPercent: original.isZero() ? 0 : toNumber(totalDiscount.times(HUNDRED).div(original)),
      quantity: toNumber(quantity, 6),
      totalOriginal: m.fmt(totalOriginal),
      totalFinal: m.fmt(totalFinal),
      totalSavings: m.fmt(totalOriginal.minus(totalFinal)),
      ...m.meta(),
    };
  },
});
