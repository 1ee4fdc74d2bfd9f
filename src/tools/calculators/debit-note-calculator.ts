import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { HUNDRED, toNumber } from '../../lib/money.ts';
import { amountField } from './lib/fields.ts';
import { invoiceOptions } from './lib/invoice.ts';
import { MONEY_NOTE, moneyOut } from './lib/money.ts';
import { adjustmentInputs, adjustmentTotalsShape, computeAdjustment } from './lib/notes.ts';

export default defineTool({
  module: 'calculators',
  slug: 'debit-note-calculator',
  cpu: 'large-input',
  title: 'Debit note calculator',
  description:
    'Works out a debit note (a supplementary charge raising an issued invoice: undercharged price, extra quantity, freight, ' +
    'late fee) from `originalAmount` (the original invoice total) and either the additional line items (description, ' +
    'quantity, unitPrice, taxRate, discount) or one `amount` with a tax `rate` and `mode` (exclusive adds the tax, ' +
    "inclusive extracts it). Returns the debit's lines, net, tax per rate and total, the revised invoice total and the " +
    `increase in percent. ${MONEY_NOTE}`,
  keywords: ['debit note', 'debit memo', 'supplementary invoice', 'additional charge', 'invoice adjustment', 'undercharge', 'price revision', 'gst debit note'],
  input: () =>
    z.object({
      originalAmount: amountField('Total (including tax) of the original invoice'),
      ...adjustmentInputs,
      ...invoiceOptions,
    }),
  output: () =>
    z.object({
      ...adjustmentTotalsShape,
      originalAmount: moneyOut('Original invoice total'),
      debitTotal: moneyOut('Amount of the debit note including tax (same as total)'),
      revisedAmount: moneyOut('originalAmount + debitTotal: what the invoice now comes to'),
      increasePercent: z.number().nullable().describe('debitTotal as a percentage of originalAmount (4 decimals); null when originalAmount is 0'),
    }),
  examples: [
    {
      title: 'price undercharged by 50 (net) at 18 % GST',
      input: { originalAmount: 1180, amount: 50, rate: 18, originalInvoiceNumber: 'INV-1001', reason: 'Price revision', currency: 'INR' },
      output: {
        lines: [
          {
            line: 1,
            description: 'Price revision',
            quantity: 1,
            unitPrice: '50.00',
            amount: '50.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '50.00',
            taxRate: 18,
            taxAmount: '9.00',
            total: '59.00',
          },
        ],
        subtotal: '50.00',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '50.00',
        taxes: [{ rate: 18, taxableAmount: '50.00', taxAmount: '9.00' }],
        taxTotal: '9.00',
        total: '59.00',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'INR',
        decimals: 2,
        rounding: 'half-up',
        originalInvoiceNumber: 'INV-1001',
        reason: 'Price revision',
        originalAmount: '1180.00',
        debitTotal: '59.00',
        revisedAmount: '1239.00',
        increasePercent: 5,
      },
    },
    {
      title: 'extra items and freight at 20 % VAT',
      input: {
        originalAmount: '600.00',
        items: [
          { description: 'Extra units', quantity: 3, unitPrice: 25 },
          { description: 'Freight', unitPrice: 12.5 },
        ],
        taxRate: 20,
        currency: 'GBP',
      },
      output: {
        lines: [
          {
            line: 1,
            description: 'Extra units',
            quantity: 3,
            unitPrice: '25.00',
            amount: '75.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '75.00',
            taxRate: 20,
            taxAmount: '15.00',
            total: '90.00',
          },
          {
            line: 2,
            description: 'Freight',
            quantity: 1,
            unitPrice: '12.50',
            amount: '12.50',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '12.50',
            taxRate: 20,
            taxAmount: '2.50',
            total: '15.00',
          },
        ],
        subtotal: '87.50',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '87.50',
        taxes: [{ rate: 20, taxableAmount: '87.50', taxAmount: '17.50' }],
        taxTotal: '17.50',
        total: '105.00',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'GBP',
        decimals: 2,
        rounding: 'half-up',
        originalInvoiceNumber: null,
        reason: null,
        originalAmount: '600.00',
        debitTotal: '105.00',
        revisedAmount: '705.00',
        increasePercent: 17.5,
      },
    },
    {
      title: 'late fee with no tax',
      input: { originalAmount: 2500, amount: 37.5, reason: 'Late payment fee (1.5 %)' },
      output: {
        lines: [
          {
            line: 1,
            description: 'Late payment fee (1.5 %)',
            quantity: 1,
            unitPrice: '37.50',
            amount: '37.50',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '37.50',
            taxRate: 0,
            taxAmount: '0.00',
            total: '37.50',
          },
        ],
        subtotal: '37.50',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '37.50',
        taxes: [{ rate: 0, taxableAmount: '37.50', taxAmount: '0.00' }],
        taxTotal: '0.00',
        total: '37.50',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: null,
        decimals: 2,
        rounding: 'half-up',
        originalInvoiceNumber: null,
        reason: 'Late payment fee (1.5 %)',
        originalAmount: '2500.00',
        debitTotal: '37.50',
        revisedAmount: '2537.50',
        increasePercent: 1.5,
      },
    },
  ],
  run: (input) => {
    const { m, amount: debit, totals } = computeAdjustment(input, 'Debit');
    const original = m.round(input.originalAmount);
    return {
      ...totals,
      originalAmount: m.fmt(original),
      debitTotal: m.fmt(debit),
      revisedAmount: m.fmt(original.plus(debit)),
      increasePercent: original.isZero() ? null : toNumber(debit.times(HUNDRED).div(original)),
    };
  },
});
