import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { HUNDRED, toNumber } from '../../lib/money.ts';
import { amountField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';
import { splitTax, TAX_MODES, taxModeField } from './lib/tax.ts';

export default defineTool({
  module: 'calculators',
  slug: 'vat-calculator',
  cpu: 'large-input',
  title: 'VAT calculator',
  description:
    'Adds VAT to a net amount (mode "exclusive", the default) or extracts the VAT contained in a gross amount (mode ' +
    '"inclusive", using gross × rate / (100 + rate), e.g. the 1/6 "VAT fraction" at 20 %). Returns net, VAT and gross, which ' +
    'always add up (net + VAT = gross), plus the VAT as a share of the gross amount. Any rate works: 20 % UK standard, ' +
    `19 % Germany, 5 % reduced, 0 % zero-rated. ${MONEY_NOTE}`,
  keywords: [
    'vat',
    'value added tax',
    'add vat',
    'remove vat',
    'reverse vat',
    'vat inclusive',
    'vat exclusive',
    'net to gross',
    'gross to net',
    'sales tax',
    'mwst',
    'tva',
    'iva',
  ],
  input: () =>
    z.object({
      amount: amountField('The amount: net (exclusive mode) or VAT-inclusive (inclusive mode)'),
      rate: percentField('VAT rate in percent, e.g. 20 for 20 %'),
      mode: taxModeField,
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      mode: z.enum(TAX_MODES),
      rate: z.number().describe('VAT rate in percent'),
      netAmount: moneyOut('Amount excluding VAT'),
      taxAmount: moneyOut('VAT'),
      grossAmount: moneyOut('Amount including VAT'),
      taxShareOfGross: z.number().describe('VAT as a percentage of the gross amount (rate / (100 + rate) × 100), 4 decimals'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: 'add 20 % VAT',
      input: { amount: 100, rate: 20 },
      output: {
        mode: 'exclusive',
        rate: 20,
        netAmount: '100.00',
        taxAmount: '20.00',
        grossAmount: '120.00',
        taxShareOfGross: 16.6667,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'decimal-exact: 0.1 plus 20 % is 0.12',
      input: { amount: 0.1, rate: 20 },
      output: {
        mode: 'exclusive',
        rate: 20,
        netAmount: '0.10',
        taxAmount: '0.02',
        grossAmount: '0.12',
        taxShareOfGross: 16.6667,
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'extract 19 % VAT from a gross price in euro',
      input: { amount: '59.50', rate: 19, mode: 'inclusive', currency: 'EUR' },
      output: {
        mode: 'inclusive',
        rate: 19,
        netAmount: '50.00',
        taxAmount: '9.50',
        grossAmount: '59.50',
        taxShareOfGross: 15.9664,
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'Kuwaiti dinar has 3 decimals',
      input: { amount: 12.3456, rate: 5, currency: 'KWD' },
      output: {
        mode: 'exclusive',
        rate: 5,
        netAmount: '12.346',
        taxAmount: '0.617',
        grossAmount: '12.963',
        taxShareOfGross: 4.7619,
        currency: 'KWD',
        decimals: 3,
        rounding: 'half-up',
      },
    },
  ],
  run: ({ amount, rate, mode, currency, decimals, rounding }) => {
    const m = money({ currency, decimals, rounding });
    const s = splitTax(amount, rate, mode, m);
    return {
      mode,
      rate: toNumber(rate, 6),
      netAmount: m.fmt(s.net),
      taxAmount: m.fmt(s.tax),
      grossAmount: m.fmt(s.gross),
      taxShareOfGross: toNumber(rate.times(HUNDRED).div(HUNDRED.plus(rate))),
      ...m.meta(),
    };
  },
});
