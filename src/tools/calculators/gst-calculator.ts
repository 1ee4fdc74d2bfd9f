import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, toNumber } from '../../lib/money.ts';
import { amountField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';
import { componentTax, splitTax, TAX_MODES, taxModeField } from './lib/tax.ts';

const SPLITS = ['none', 'cgst-sgst', 'cgst-utgst', 'igst'] as const;

export default defineTool({
  module: 'calculators',
  slug: 'gst-calculator',
  cpu: 'large-input',
  title: 'GST calculator',
  description:
    'Adds GST to a net amount (mode "exclusive") or extracts it from a GST-inclusive amount (mode "inclusive"), returning ' +
    'net, GST and gross. For India, `split` divides the tax into CGST + SGST (or CGST + UTGST) at half the rate each for ' +
    'intra-state supplies, or labels it IGST for inter-state supplies; each component is computed on the same taxable ' +
    'value and the GST total is their sum. Works for any GST/HST regime (Australia 10 %, New Zealand 15 %, Singapore 9 %, ' +
    `Canada…). ${MONEY_NOTE}`,
  keywords: ['gst', 'goods and services tax', 'cgst', 'sgst', 'igst', 'utgst', 'gst inclusive', 'gst exclusive', 'add gst', 'remove gst', 'india gst', 'hst'],
  input: () =>
    z.object({
      amount: amountField('The amount: net (exclusive mode) or GST-inclusive (inclusive mode)'),
      rate: percentField('GST rate in percent, e.g. 18 for 18 %'),
      mode: taxModeField,
      split: z
        .enum(SPLITS)
        .default('none')
        .describe('none (default): one GST figure; cgst-sgst / cgst-utgst: two halves for an intra-state supply (India); igst: inter-state supply (India)'),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      mode: z.enum(TAX_MODES),
      rate: z.number().describe('GST rate in percent'),
      netAmount: moneyOut('Taxable value, excluding GST'),
      taxAmount: moneyOut('Total GST'),
      grossAmount: moneyOut('Amount including GST'),
      components: z
        .array(z.object({ name: z.string(), rate: z.number(), amount: moneyOut('Tax of this component') }))
        .describe('GST, or CGST + SGST/UTGST, or IGST'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: 'add 18 % GST',
      input: { amount: 1000, rate: 18 },
      output: {
        mode: 'exclusive',
        rate: 18,
        netAmount: '1000.00',
        taxAmount: '180.00',
        grossAmount: '1180.00',
        components: [{ name: 'GST', rate: 18, amount: '180.00' }],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'extract GST from an inclusive price and split into CGST + SGST',
      input: { amount: '1180', rate: 18, mode: 'inclusive', split: 'cgst-sgst', currency: 'INR' },
      output: {
        mode: 'inclusive',
        rate: 18,
        netAmount: '1000.00',
        taxAmount: '180.00',
        grossAmount: '1180.00',
        components: [
          { name: 'CGST', rate: 9, amount: '90.00' },
          { name: 'SGST', rate: 9, amount: '90.00' },
        ],
        currency: 'INR',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'inter-state supply: IGST',
      input: { amount: 2599.99, rate: 12, split: 'igst' },
      output: {
        mode: 'exclusive',
        rate: 12,
        netAmount: '2599.99',
        taxAmount: '312.00',
        grossAmount: '2911.99',
        components: [{ name: 'IGST', rate: 12, amount: '312.00' }],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'Australian GST (10 %) contained in a price',
      input: { amount: 110, rate: 10, mode: 'inclusive', currency: 'AUD' },
      output: {
        mode: 'inclusive',
        rate: 10,
        netAmount: '100.00',
        taxAmount: '10.00',
        grossAmount: '110.00',
        components: [{ name: 'GST', rate: 10, amount: '10.00' }],
        currency: 'AUD',
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: ({ amount, rate, mode, split, currency, decimals, rounding }) => {
    const m = money({ currency, decimals, rounding });
    const names = split === 'cgst-sgst' ? ['CGST', 'SGST'] : split === 'cgst-utgst' ? ['CGST', 'UTGST'] : [split === 'igst' ? 'IGST' : 'GST'];
    const componentRate = rate.div(names.length);
    let components: { name: string; rate: Decimal; amount: Decimal }[];
    let net: Decimal;
    let gross: Decimal;
    if (names.length === 1) {
      const s = splitTax(amount, rate, mode, m);
      components = [{ name: names[0] ?? 'GST', rate, amount: s.tax }];
      net = s.net;
      gross = s.gross;
    } else {
      components = names.map((name) => ({ name, rate: componentRate, amount: componentTax(amount, componentRate, rate, mode, m) }));
      const tax = components.reduce((acc, c) => acc.plus(c.amount), new Decimal(0));
      const given = m.round(amount);
      net = mode === 'exclusive' ? given : given.minus(tax);
      gross = mode === 'exclusive' ? given.plus(tax) : given;
    }
    return {
      mode,
      rate: toNumber(rate, 6),
      netAmount: m.fmt(net),
      taxAmount: m.fmt(gross.minus(net)),
      grossAmount: m.fmt(gross),
      components: components.map((c) => ({ name: c.name, rate: toNumber(c.rate, 6), amount: m.fmt(c.amount) })),
      ...m.meta(),
    };
  },
});
