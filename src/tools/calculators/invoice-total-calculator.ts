import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal } from '../../lib/money.ts';
import { amountField } from './lib/fields.ts';
import { computeInvoice, engineLines, invoiceOptions, invoiceTotalsShape, itemsField } from './lib/invoice.ts';
import { money, MONEY_NOTE, moneyOut } from './lib/money.ts';

export default defineTool({
  module: 'calculators',
  slug: 'invoice-total-calculator',
  cpu: 'large-input',
  title: 'Invoice total calculator',
  description:
    'Totals an invoice from line items (description, quantity, unitPrice, taxRate, discount): per line the amount, discount, ' +
    'net, tax and total; then the subtotal, line and invoice-level discounts (percent or fixed, spread over the lines so every ' +
    'tax rate gets its share), shipping, tax per rate, total tax, grand total and, with `amountPaid`, the balance due. Prices ' +
    'may exclude tax (default) or include it (`pricesIncludeTax`). Tax is computed per rate on the summed net amounts by ' +
    `default (EU/UK VAT practice) or per line (\`taxCalculation: "per-line"\`). ${MONEY_NOTE}`,
  keywords: ['invoice', 'invoice total', 'invoice calculator', 'line items', 'subtotal', 'tax', 'vat', 'discount', 'bill total', 'quote total', 'balance due'],
  input: () =>
    z.object({
      items: itemsField('Invoice lines: {description?, quantity? (default 1), unitPrice, taxRate?, discount?, discountType?}, up to 500'),
      ...invoiceOptions,
      amountPaid: amountField('Amount already paid (deposit); the result then shows the balance due. Default 0').optional(),
    }),
  output: () =>
    z.object({
      ...invoiceTotalsShape,
      amountPaid: moneyOut('Amount already paid'),
      amountDue: moneyOut('total − amountPaid; negative when overpaid'),
    }),
  examples: [
    {
      title: 'two lines with 20 % VAT and a deposit',
      input: {
        items: [
          { description: 'Website design', quantity: 1, unitPrice: 1200, taxRate: 20 },
          { description: 'Hosting (months)', quantity: 12, unitPrice: '9.99', taxRate: 20 },
        ],
        amountPaid: 500,
        currency: 'GBP',
      },
      output: {
        lines: [
          {
            line: 1,
            description: 'Website design',
            quantity: 1,
            unitPrice: '1200.00',
            amount: '1200.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '1200.00',
            taxRate: 20,
            taxAmount: '240.00',
            total: '1440.00',
          },
          {
            line: 2,
            description: 'Hosting (months)',
            quantity: 12,
            unitPrice: '9.99',
            amount: '119.88',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '119.88',
            taxRate: 20,
            taxAmount: '23.98',
            total: '143.86',
          },
        ],
        subtotal: '1319.88',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '1319.88',
        taxes: [{ rate: 20, taxableAmount: '1319.88', taxAmount: '263.98' }],
        taxTotal: '263.98',
        total: '1583.86',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'GBP',
        decimals: 2,
        rounding: 'half-up',
        amountPaid: '500.00',
        amountDue: '1083.86',
      },
    },
    {
      title: 'mixed rates, a line discount, a 10 % invoice discount and taxed shipping',
      input: {
        items: [
          { description: 'Book', quantity: 2, unitPrice: 15, taxRate: 7 },
          { description: 'Lamp', quantity: 1, unitPrice: 80, taxRate: 19, discount: 5, discountType: 'fixed' },
        ],
        discount: 10,
        shipping: 4.9,
        shippingTaxRate: 19,
        currency: 'EUR',
      },
      output: {
        lines: [
          {
            line: 1,
            description: 'Book',
            quantity: 2,
            unitPrice: '15.00',
            amount: '30.00',
            discount: '0.00',
            invoiceDiscount: '3.00',
            netAmount: '27.00',
            taxRate: 7,
            taxAmount: '1.89',
            total: '28.89',
          },
          {
            line: 2,
            description: 'Lamp',
            quantity: 1,
            unitPrice: '80.00',
            amount: '80.00',
            discount: '5.00',
            invoiceDiscount: '7.50',
            netAmount: '67.50',
            taxRate: 19,
            taxAmount: '12.83',
            total: '80.33',
          },
        ],
        subtotal: '110.00',
        lineDiscountTotal: '5.00',
        invoiceDiscount: '10.50',
        discountTotal: '15.50',
        shipping: '4.90',
        shippingTaxAmount: '0.93',
        netTotal: '99.40',
        taxes: [
          { rate: 7, taxableAmount: '27.00', taxAmount: '1.89' },
          { rate: 19, taxableAmount: '72.40', taxAmount: '13.76' },
        ],
        taxTotal: '15.65',
        total: '115.05',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
        amountPaid: '0.00',
        amountDue: '115.05',
      },
    },
    {
      title: 'gross (tax-inclusive) prices',
      input: { items: [{ description: 'Coffee', quantity: 3, unitPrice: 2.5 }], taxRate: 19, pricesIncludeTax: true },
      output: {
        lines: [
          {
            line: 1,
            description: 'Coffee',
            quantity: 3,
            unitPrice: '2.50',
            amount: '7.50',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '6.30',
            taxRate: 19,
            taxAmount: '1.20',
            total: '7.50',
          },
        ],
        subtotal: '7.50',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '6.30',
        taxes: [{ rate: 19, taxableAmount: '6.30', taxAmount: '1.20' }],
        taxTotal: '1.20',
        total: '7.50',
        pricesIncludeTax: true,
        taxCalculation: 'per-rate',
        currency: null,
        decimals: 2,
        rounding: 'half-up',
        amountPaid: '0.00',
        amountDue: '7.50',
      },
    },
  ],
  run: (input, ctx) => {
    const m = money(input);
    const totals = computeInvoice(engineLines(input.items, input.taxRate), input, m);
    const paid = m.round(input.amountPaid ?? new Decimal(0));
    const due = new Decimal(totals.total).minus(paid);
    if (due.isNegative()) ctx.warn(`amountPaid exceeds the invoice total by ${m.fmt(due.neg())}: the invoice is overpaid.`);
    return { ...totals, amountPaid: m.fmt(paid), amountDue: m.fmt(due) };
  },
});
