import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, ZERO } from '../../lib/money.ts';
import { amountField } from './lib/fields.ts';
import { invoiceOptions } from './lib/invoice.ts';
import { MONEY_NOTE, moneyOut } from './lib/money.ts';
import { adjustmentField, adjustmentInputs, adjustmentTotalsShape, computeAdjustment } from './lib/notes.ts';

export default defineTool({
  module: 'calculators',
  slug: 'credit-note-calculator',
  cpu: 'large-input',
  title: 'Credit note calculator',
  description:
    'Works out a credit note (a refund or reduction against an issued invoice) from the credited line items (description, ' +
    'quantity, unitPrice, taxRate, discount) or from one `amount` with a tax `rate` and `mode` (exclusive adds the tax, ' +
    "inclusive extracts it). Returns the credit's lines, net, tax per rate and total, the signed ledger amount, and, when " +
    'the original invoice total is given, what remains payable and whether the invoice is fully credited; a credit larger ' +
    `than what remains of the invoice is refused. Amounts are positive; \`signedTotal\` is negative. ${MONEY_NOTE}`,
  keywords: ['credit note', 'credit memo', 'refund', 'return', 'invoice correction', 'reduce invoice', 'vat credit note', 'gst credit note'],
  input: () =>
    z.object({
      ...adjustmentInputs,
      originalAmount: amountField('Total (including tax) of the original invoice; enables the remaining balance and the over-credit check').optional(),
      previouslyCredited: amountField('Total of earlier credit notes against the same invoice (default 0)').optional(),
      ...invoiceOptions,
    }),
  output: () =>
    z.object({
      ...adjustmentTotalsShape,
      creditTotal: moneyOut('Amount credited, including tax (same as total)'),
      signedTotal: moneyOut('The credit as it posts against the invoice: negative'),
      originalAmount: moneyOut('Original invoice total').nullable(),
      previouslyCredited: moneyOut('Earlier credits'),
      remainingBalance: moneyOut('originalAmount − previouslyCredited − creditTotal').nullable(),
      fullyCredited: z.boolean().nullable().describe('True when nothing of the original invoice remains; null without originalAmount'),
    }),
  examples: [
    {
      title: 'two returned chairs from a 10-chair invoice with 18 % GST',
      input: {
        originalInvoiceNumber: 'INV-1001',
        originalAmount: 1180,
        reason: 'Returned goods',
        items: [{ description: 'Chair', quantity: 2, unitPrice: 100, taxRate: 18 }],
      },
      output: {
        lines: [
          {
            line: 1,
            description: 'Chair',
            quantity: 2,
            unitPrice: '100.00',
            amount: '200.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '200.00',
            taxRate: 18,
            taxAmount: '36.00',
            total: '236.00',
          },
        ],
        subtotal: '200.00',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '200.00',
        taxes: [{ rate: 18, taxableAmount: '200.00', taxAmount: '36.00' }],
        taxTotal: '36.00',
        total: '236.00',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: null,
        decimals: 2,
        rounding: 'half-up',
        originalInvoiceNumber: 'INV-1001',
        reason: 'Returned goods',
        creditTotal: '236.00',
        signedTotal: '-236.00',
        originalAmount: '1180.00',
        previouslyCredited: '0.00',
        remainingBalance: '944.00',
        fullyCredited: false,
      },
    },
    {
      title: 'goodwill refund of 24.00 including 20 % VAT',
      input: { originalAmount: '120.00', amount: 24, rate: 20, mode: 'inclusive', reason: 'Goodwill refund', currency: 'GBP' },
      output: {
        lines: [
          {
            line: 1,
            description: 'Goodwill refund',
            quantity: 1,
            unitPrice: '24.00',
            amount: '24.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '20.00',
            taxRate: 20,
            taxAmount: '4.00',
            total: '24.00',
          },
        ],
        subtotal: '24.00',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '20.00',
        taxes: [{ rate: 20, taxableAmount: '20.00', taxAmount: '4.00' }],
        taxTotal: '4.00',
        total: '24.00',
        pricesIncludeTax: true,
        taxCalculation: 'per-rate',
        currency: 'GBP',
        decimals: 2,
        rounding: 'half-up',
        originalInvoiceNumber: null,
        reason: 'Goodwill refund',
        creditTotal: '24.00',
        signedTotal: '-24.00',
        originalAmount: '120.00',
        previouslyCredited: '0.00',
        remainingBalance: '96.00',
        fullyCredited: false,
      },
    },
    {
      title: 'crediting what is left after an earlier credit note',
      input: { originalAmount: 119, previouslyCredited: 59.5, amount: 50, rate: 19, currency: 'EUR' },
      output: {
        lines: [
          {
            line: 1,
            description: 'Credit',
            quantity: 1,
            unitPrice: '50.00',
            amount: '50.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '50.00',
            taxRate: 19,
            taxAmount: '9.50',
            total: '59.50',
          },
        ],
        subtotal: '50.00',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '50.00',
        taxes: [{ rate: 19, taxableAmount: '50.00', taxAmount: '9.50' }],
        taxTotal: '9.50',
        total: '59.50',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
        originalInvoiceNumber: null,
        reason: null,
        creditTotal: '59.50',
        signedTotal: '-59.50',
        originalAmount: '119.00',
        previouslyCredited: '59.50',
        remainingBalance: '0.00',
        fullyCredited: true,
      },
    },
  ],
  run: (input) => {
    const { m, amount: credit, totals } = computeAdjustment(input, 'Credit');
    const previous = m.round(input.previouslyCredited ?? ZERO);
    let original: Decimal | null = null;
    let remaining: Decimal | null = null;
    if (input.originalAmount !== undefined) {
      original = m.round(input.originalAmount);
      if (previous.gt(original)) throw invalidField('previouslyCredited', `earlier credits (${m.fmt(previous)}) exceed originalAmount (${m.fmt(original)})`);
      remaining = original.minus(previous).minus(credit);
      if (remaining.isNegative()) {
        throw invalidField(
          adjustmentField(input),
          `the credit total ${m.fmt(credit)} exceeds what remains of the invoice (${m.fmt(original.minus(previous))})`,
        );
      }
    } else if (input.previouslyCredited !== undefined) {
      throw invalidField('originalAmount', 'is required when previouslyCredited is given');
    }
    return {
      ...totals,
      creditTotal: m.fmt(credit),
      signedTotal: m.fmt(credit.neg()),
      originalAmount: original === null ? null : m.fmt(original),
      previouslyCredited: m.fmt(previous),
      remainingBalance: remaining === null ? null : m.fmt(remaining),
      fullyCredited: remaining === null ? null : remaining.isZero(),
    };
  },
});
