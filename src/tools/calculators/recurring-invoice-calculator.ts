import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal } from '../../lib/money.ts';
import { addMonths, dateField, type Day, dayOf, inRange, toIso } from './lib/dates.ts';
import { intField } from './lib/fields.ts';
import { computeInvoice, engineLines, invoiceOptions, invoiceTotalsOutput, itemsField } from './lib/invoice.ts';
import { money, MONEY_NOTE, moneyOut } from './lib/money.ts';

const FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'semiannually', 'annually'] as const;
type Frequency = (typeof FREQUENCIES)[number];
const PER_YEAR: Record<Frequency, number> = { daily: 365, weekly: 52, biweekly: 26, monthly: 12, quarterly: 4, semiannually: 2, annually: 1 };
const MAX_OCCURRENCES = 1000;

/** Issue date of occurrence k (0-based), anchored on the start so month ends do not drift (Jan 31 → Feb 29 → Mar 31). */
function occurrence(start: Day, frequency: Frequency, interval: number, k: number): Day {
  switch (frequency) {
    case 'daily':
      return start + k * interval;
    case 'weekly':
      return start + 7 * k * interval;
    case 'biweekly':
      return start + 14 * k * interval;
    case 'monthly':
      return addMonths(start, k * interval);
    case 'quarterly':
      return addMonths(start, 3 * k * interval);
    case 'semiannually':
      return addMonths(start, 6 * k * interval);
    case 'annually':
      return addMonths(start, 12 * k * interval);
  }
}

export default defineTool({
  module: 'calculators',
  slug: 'recurring-invoice-calculator',
  cpu: 'large-input',
  title: 'Recurring invoice calculator',
  description:
    'Plans a recurring invoice (subscription, retainer, rent): totals one invoice from line items (description, quantity, ' +
    'unitPrice, taxRate, discount; invoice discount, shipping, tax per rate) and lists every issue date with its due date ' +
    '(`netDays` after issue) from `startDate` at the chosen frequency (daily … annually, every `interval` periods) for ' +
    '`occurrences` invoices or until `endDate` (default 12 invoices). Monthly dates are anchored on the start day and ' +
    "clamped to short months (Jan 31 → Feb 29 → Mar 31). Also returns the schedule's grand totals and the annual and " +
    `monthly equivalent value. Dates are ISO 8601; without startDate today's UTC date is used. ${MONEY_NOTE}`,
  keywords: [
    'recurring invoice',
    'subscription billing',
    'billing schedule',
    'retainer',
    'monthly invoice',
    'mrr',
    'arr',
    'invoice schedule',
    'repeat invoice',
  ],
  input: () =>
    z.object({
      items: itemsField('Lines of each invoice: {description?, quantity? (default 1), unitPrice, taxRate?, discount?, discountType?}'),
      ...invoiceOptions,
      frequency: z.enum(FREQUENCIES).default('monthly').describe('How often an invoice is issued (default monthly)'),
      interval: intField('Every how many periods (2 with monthly = every other month); default 1', 1, 100).optional(),
      startDate: dateField('Issue date of the first invoice; default today (UTC)').optional(),
      occurrences: intField(`How many invoices; default 12 unless endDate is given`, 1, MAX_OCCURRENCES).optional(),
      endDate: dateField('Last possible issue date (inclusive)').optional(),
      netDays: intField('Payment terms: days from issue to due date (default 0 = due on issue)', 0, 365).optional(),
    }),
  output: () =>
    z.object({
      invoice: invoiceTotalsOutput.describe('One invoice of the series'),
      frequency: z.enum(FREQUENCIES),
      interval: z.number().int(),
      occurrences: z.number().int().describe('Invoices in the schedule'),
      schedule: z.array(z.object({ number: z.number().int(), issueDate: z.string(), dueDate: z.string(), total: moneyOut('Invoice total') })),
      firstIssueDate: z.string(),
      lastIssueDate: z.string(),
      grandNetTotal: moneyOut('Net total of all invoices in the schedule'),
      grandTaxTotal: moneyOut('Tax of all invoices in the schedule'),
      grandTotal: moneyOut('Total of all invoices in the schedule'),
      invoicesPerYear: z.number().describe('Invoices issued per year at this frequency'),
      annualValue: moneyOut('Total invoiced per year at this frequency (e.g. ARR)'),
      monthlyValue: moneyOut('annualValue / 12 (e.g. MRR)'),
    }),
  examples: [
    {
      title: 'monthly subscription from January 31st: month ends clamp',
      input: { items: [{ description: 'Pro plan', unitPrice: 49, taxRate: 20 }], startDate: '2024-01-31', occurrences: 4, netDays: 14, currency: 'GBP' },
      output: {
        invoice: {
          lines: [
            {
              line: 1,
              description: 'Pro plan',
              quantity: 1,
              unitPrice: '49.00',
              amount: '49.00',
              discount: '0.00',
              invoiceDiscount: '0.00',
              netAmount: '49.00',
              taxRate: 20,
              taxAmount: '9.80',
              total: '58.80',
            },
          ],
          subtotal: '49.00',
          lineDiscountTotal: '0.00',
          invoiceDiscount: '0.00',
          discountTotal: '0.00',
          shipping: '0.00',
          shippingTaxAmount: '0.00',
          netTotal: '49.00',
          taxes: [{ rate: 20, taxableAmount: '49.00', taxAmount: '9.80' }],
          taxTotal: '9.80',
          total: '58.80',
          pricesIncludeTax: false,
          taxCalculation: 'per-rate',
          currency: 'GBP',
          decimals: 2,
          rounding: 'half-up',
        },
        frequency: 'monthly',
        interval: 1,
        occurrences: 4,
        schedule: [
          { number: 1, issueDate: '2024-01-31', dueDate: '2024-02-14', total: '58.80' },
          { number: 2, issueDate: '2024-02-29', dueDate: '2024-03-14', total: '58.80' },
          { number: 3, issueDate: '2024-03-31', dueDate: '2024-04-14', total: '58.80' },
          { number: 4, issueDate: '2024-04-30', dueDate: '2024-05-14', total: '58.80' },
        ],
        firstIssueDate: '2024-01-31',
        lastIssueDate: '2024-04-30',
        grandNetTotal: '196.00',
        grandTaxTotal: '39.20',
        grandTotal: '235.20',
        invoicesPerYear: 12,
        annualValue: '705.60',
        monthlyValue: '58.80',
      },
    },
    {
      title: 'quarterly retainer until the end of the year',
      input: { items: [{ description: 'Retainer', unitPrice: 1500 }], frequency: 'quarterly', startDate: '2024-01-15', endDate: '2024-12-31', netDays: 30 },
      output: {
        invoice: {
          lines: [
            {
              line: 1,
              description: 'Retainer',
              quantity: 1,
              unitPrice: '1500.00',
              amount: '1500.00',
              discount: '0.00',
              invoiceDiscount: '0.00',
              netAmount: '1500.00',
              taxRate: 0,
              taxAmount: '0.00',
              total: '1500.00',
            },
          ],
          subtotal: '1500.00',
          lineDiscountTotal: '0.00',
          invoiceDiscount: '0.00',
          discountTotal: '0.00',
          shipping: '0.00',
          shippingTaxAmount: '0.00',
          netTotal: '1500.00',
          taxes: [{ rate: 0, taxableAmount: '1500.00', taxAmount: '0.00' }],
          taxTotal: '0.00',
          total: '1500.00',
          pricesIncludeTax: false,
          taxCalculation: 'per-rate',
          currency: null,
          decimals: 2,
          rounding: 'half-up',
        },
        frequency: 'quarterly',
        interval: 1,
        occurrences: 4,
        schedule: [
          { number: 1, issueDate: '2024-01-15', dueDate: '2024-02-14', total: '1500.00' },
          { number: 2, issueDate: '2024-04-15', dueDate: '2024-05-15', total: '1500.00' },
          { number: 3, issueDate: '2024-07-15', dueDate: '2024-08-14', total: '1500.00' },
          { number: 4, issueDate: '2024-10-15', dueDate: '2024-11-14', total: '1500.00' },
        ],
        firstIssueDate: '2024-01-15',
        lastIssueDate: '2024-10-15',
        grandNetTotal: '6000.00',
        grandTaxTotal: '0.00',
        grandTotal: '6000.00',
        invoicesPerYear: 4,
        annualValue: '6000.00',
        monthlyValue: '500.00',
      },
    },
    {
      title: 'every two weeks, three invoices, yen (no decimals)',
      input: {
        items: [{ description: 'Cleaning', quantity: 2, unitPrice: 4500, taxRate: 10 }],
        frequency: 'weekly',
        interval: 2,
        startDate: '2024-12-20',
        occurrences: 3,
        currency: 'JPY',
      },
      output: {
        invoice: {
          lines: [
            {
              line: 1,
              description: 'Cleaning',
              quantity: 2,
              unitPrice: '4500',
              amount: '9000',
              discount: '0',
              invoiceDiscount: '0',
              netAmount: '9000',
              taxRate: 10,
              taxAmount: '900',
              total: '9900',
            },
          ],
          subtotal: '9000',
          lineDiscountTotal: '0',
          invoiceDiscount: '0',
          discountTotal: '0',
          shipping: '0',
          shippingTaxAmount: '0',
          netTotal: '9000',
          taxes: [{ rate: 10, taxableAmount: '9000', taxAmount: '900' }],
          taxTotal: '900',
          total: '9900',
          pricesIncludeTax: false,
          taxCalculation: 'per-rate',
          currency: 'JPY',
          decimals: 0,
          rounding: 'half-up',
        },
        frequency: 'weekly',
        interval: 2,
        occurrences: 3,
        schedule: [
          { number: 1, issueDate: '2024-12-20', dueDate: '2024-12-20', total: '9900' },
          { number: 2, issueDate: '2025-01-03', dueDate: '2025-01-03', total: '9900' },
          { number: 3, issueDate: '2025-01-17', dueDate: '2025-01-17', total: '9900' },
        ],
        firstIssueDate: '2024-12-20',
        lastIssueDate: '2025-01-17',
        grandNetTotal: '27000',
        grandTaxTotal: '2700',
        grandTotal: '29700',
        invoicesPerYear: 26,
        annualValue: '257400',
        monthlyValue: '21450',
      },
    },
  ],
  run: (input, ctx) => {
    const m = money(input);
    const invoice = computeInvoice(engineLines(input.items, input.taxRate), input, m);
    const interval = input.interval ?? 1;
    const start = input.startDate ?? dayOf(ctx.now());
    const end = input.endDate;
    if (end !== undefined && end < start) throw invalidField('endDate', `must not be before startDate (${toIso(start)})`);
    const limit = input.occurrences ?? (end === undefined ? 12 : MAX_OCCURRENCES);
    const netDays = input.netDays ?? 0;
    const dates: Day[] = [];
    for (let k = 0; k < limit; k += 1) {
      const issue = occurrence(start, input.frequency, interval, k);
      if (end !== undefined && issue > end) break;
      if (!inRange(issue + netDays)) throw invalidField(input.occurrences ? 'occurrences' : 'startDate', 'the schedule runs past the year 2200');
      dates.push(issue);
    }
    if (end !== undefined && input.occurrences === undefined && occurrence(start, input.frequency, interval, dates.length) <= end) {
      throw invalidField('endDate', `the schedule would have more than ${MAX_OCCURRENCES} invoices; choose an earlier endDate or give occurrences`);
    }
    const total = new Decimal(invoice.total);
    const count = new Decimal(dates.length);
    const perYear = new Decimal(PER_YEAR[input.frequency]).div(interval);
    const annual = m.round(total.times(perYear));
    return {
      invoice,
      frequency: input.frequency,
      interval,
      occurrences: dates.length,
      schedule: dates.map((d, i) => ({ number: i + 1, issueDate: toIso(d), dueDate: toIso(d + netDays), total: invoice.total })),
      firstIssueDate: toIso(dates[0] ?? start),
      lastIssueDate: toIso(dates[dates.length - 1] ?? start),
      grandNetTotal: m.fmt(new Decimal(invoice.netTotal).times(count)),
      grandTaxTotal: m.fmt(new Decimal(invoice.taxTotal).times(count)),
      grandTotal: m.fmt(total.times(count)),
      invoicesPerYear: perYear.toDecimalPlaces(4).toNumber(),
      annualValue: m.fmt(annual),
      monthlyValue: m.fmt(annual.div(12)),
    };
  },
});
