import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, sum, toNumber, ZERO } from '../../lib/money.ts';
import { dateField, toIso } from './lib/dates.ts';
import { amountField, decimalField, intField, labelField, percentField } from './lib/fields.ts';
import { computeInvoice, type EngineLine, engineLines, invoiceOptions, invoiceTotalsOutput, lineItemSchema, MAX_ITEMS } from './lib/invoice.ts';
import { fmtPrice, money, MONEY_NOTE, moneyOut } from './lib/money.ts';

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const ROUNDINGS = ['up', 'nearest', 'down'] as const;
type TimeRounding = (typeof ROUNDINGS)[number];

const entrySchema = z.object({
  description: labelField('What the time was spent on').optional(),
  date: dateField('Day the work was done').optional(),
  hours: decimalField('Time worked in hours (1.5 = 1 h 30 min); or give minutes, or start and end', { min: 0, max: 10_000 }).optional(),
  minutes: decimalField('Time worked in minutes', { min: 0, max: 600_000 }).optional(),
  start: z.string().regex(CLOCK, 'a 24-hour time HH:MM').optional().describe('Start time HH:MM (24-hour)'),
  end: z.string().regex(CLOCK, 'a 24-hour time HH:MM').optional().describe('End time HH:MM (24-hour); earlier than start means past midnight'),
  breakMinutes: decimalField('Unpaid break subtracted from start–end, in minutes (default 0)', { min: 0, max: 1440 }).optional(),
  rate: amountField('Hourly rate of this entry; default the top-level hourlyRate').optional(),
  taxRate: percentField('Tax rate of this entry in percent; default the top-level taxRate, else 0').optional(),
  billable: z.boolean().default(true).describe('false to record the time without billing it (default true)'),
});
type Entry = z.output<typeof entrySchema>;

function clockMinutes(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Minutes worked by an entry, or a 400 naming the entry's field. */
function workedMinutes(entry: Entry, field: string): Decimal {
  const given = [entry.hours !== undefined, entry.minutes !== undefined, entry.start !== undefined || entry.end !== undefined].filter(Boolean).length;
  if (given === 0) throw invalidField(`${field}.hours`, 'give hours, minutes, or start and end');
  if (given > 1) throw invalidField(`${field}.hours`, 'give only one of hours, minutes, or start and end');
  if (entry.hours !== undefined) return entry.hours.times(60);
  if (entry.minutes !== undefined) return entry.minutes;
  if (entry.start === undefined || entry.end === undefined)
    throw invalidField(`${field}.${entry.start === undefined ? 'start' : 'end'}`, 'start and end go together');
  let span = clockMinutes(entry.end) - clockMinutes(entry.start);
  if (span < 0) span += 24 * 60; // past midnight
  // (After the wrap: 24:00 to 00:00 is no time at all, ISO 8601's 24:00 being the next day's 00:00.)
  if (span === 0) throw invalidField(`${field}.end`, 'must differ from start');
  const pause = entry.breakMinutes ?? ZERO;
  if (pause.gt(span)) throw invalidField(`${field}.breakMinutes`, `the break is longer than the ${span} minutes between start and end`);
  return new Decimal(span).minus(pause);
}

function roundToIncrement(minutes: Decimal, increment: number, mode: TimeRounding): Decimal {
  if (increment === 0) return minutes;
  const units = minutes.div(increment);
  const whole = mode === 'up' ? units.ceil() : mode === 'down' ? units.floor() : units.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return whole.times(increment);
}

export default defineTool({
  module: 'calculators',
  slug: 'timesheet-invoice-calculator',
  cpu: 'large-input',
  title: 'Timesheet invoice calculator',
  description:
    'Turns timesheet entries into an invoice: each entry gives hours, minutes, or start and end times (HH:MM, past midnight ' +
    'allowed, minus breakMinutes), an optional own rate and tax rate, and whether it is billable. Time can be billed in ' +
    'increments (`timeIncrement` 6 or 15 minutes, rounded up by default, or to the nearest/down). Billable entries become ' +
    'invoice lines (quantity = billed hours, unitPrice = hourly rate); extra `items` (expenses, materials: description, ' +
    'quantity, unitPrice, taxRate, discount) are added; discounts, shipping and tax per rate work as in ' +
    `invoice-total-calculator. Returns per-entry worked and billed hours, the hour totals and the invoice. ${MONEY_NOTE}`,
  keywords: [
    'timesheet',
    'time tracking invoice',
    'hourly billing',
    'billable hours',
    'hours to invoice',
    'consulting invoice',
    'time and materials',
    'freelance invoice',
  ],
  input: () =>
    z.object({
      entries: z
        .array(entrySchema)
        .min(1, 'at least one entry')
        .max(MAX_ITEMS, `at most ${MAX_ITEMS} entries`)
        .describe('Time entries: {description?, date?, hours | minutes | start+end, breakMinutes?, rate?, taxRate?, billable?}'),
      hourlyRate: amountField('Hourly rate for entries without their own rate').optional(),
      timeIncrement: intField('Bill time in blocks of this many minutes (6 = tenths of an hour, 15 = quarter hours); 0 = exact (default)', 0, 60).optional(),
      timeRounding: z.enum(ROUNDINGS).default('up').describe('How time is rounded to the increment: up (default), nearest, down'),
      items: z
        .array(lineItemSchema)
        .max(MAX_ITEMS, `at most ${MAX_ITEMS} items`)
        .optional()
        .describe('Other charges (expenses, materials) as invoice lines: {description?, quantity?, unitPrice, taxRate?, discount?, discountType?}'),
      ...invoiceOptions,
    }),
  output: () =>
    z.object({
      entries: z.array(
        z.object({
          entry: z.number().int(),
          description: z.string().nullable(),
          date: z.string().nullable(),
          workedHours: z.number().describe('Hours worked (4 decimals)'),
          billedHours: z.number().describe('Hours billed after increment rounding (0 when not billable; 4 decimals)'),
          rate: moneyOut('Hourly rate').nullable(),
          amount: moneyOut('billedHours × rate, before discounts and tax'),
          billable: z.boolean(),
        }),
      ),
      totalHours: z.number(),
      billableHours: z.number().describe('Hours worked on billable entries'),
      nonBillableHours: z.number(),
      billedHours: z.number().describe('Hours billed after rounding'),
      invoice: invoiceTotalsOutput.describe('The invoice: billable entries first, then items'),
    }),
  examples: [
    {
      title: 'quarter-hour billing with a per-entry rate and a non-billable meeting',
      input: {
        entries: [
          { description: 'Design', date: '2024-05-06', start: '09:00', end: '12:10' },
          { description: 'Development', date: '2024-05-07', hours: 2.25, rate: 120 },
          { description: 'Internal meeting', hours: 1, billable: false },
        ],
        hourlyRate: 95,
        timeIncrement: 15,
        taxRate: 20,
      },
      output: {
        entries: [
          { entry: 1, description: 'Design', date: '2024-05-06', workedHours: 3.1667, billedHours: 3.25, rate: '95.00', amount: '308.75', billable: true },
          { entry: 2, description: 'Development', date: '2024-05-07', workedHours: 2.25, billedHours: 2.25, rate: '120.00', amount: '270.00', billable: true },
          { entry: 3, description: 'Internal meeting', date: null, workedHours: 1, billedHours: 0, rate: '95.00', amount: '0.00', billable: false },
        ],
        totalHours: 6.4167,
        billableHours: 5.4167,
        nonBillableHours: 1,
        billedHours: 5.5,
        invoice: {
          lines: [
            {
              line: 1,
              description: 'Design',
              quantity: 3.25,
              unitPrice: '95.00',
              amount: '308.75',
              discount: '0.00',
              invoiceDiscount: '0.00',
              netAmount: '308.75',
              taxRate: 20,
              taxAmount: '61.75',
              total: '370.50',
            },
            {
              line: 2,
              description: 'Development',
              quantity: 2.25,
              unitPrice: '120.00',
              amount: '270.00',
              discount: '0.00',
              invoiceDiscount: '0.00',
              netAmount: '270.00',
              taxRate: 20,
              taxAmount: '54.00',
              total: '324.00',
            },
          ],
          subtotal: '578.75',
          lineDiscountTotal: '0.00',
          invoiceDiscount: '0.00',
          discountTotal: '0.00',
          shipping: '0.00',
          shippingTaxAmount: '0.00',
          netTotal: '578.75',
          taxes: [{ rate: 20, taxableAmount: '578.75', taxAmount: '115.75' }],
          taxTotal: '115.75',
          total: '694.50',
          pricesIncludeTax: false,
          taxCalculation: 'per-rate',
          currency: null,
          decimals: 2,
          rounding: 'half-up',
        },
      },
    },
    {
      title: 'tenths of an hour to the nearest, a night shift with a break, and an expense',
      input: {
        entries: [
          { description: 'Support', hours: 1.33 },
          { description: 'Migration', start: '22:30', end: '01:15', breakMinutes: 15 },
        ],
        hourlyRate: 60,
        timeIncrement: 6,
        timeRounding: 'nearest',
        items: [{ description: 'Travel', unitPrice: 25 }],
        currency: 'USD',
      },
      output: {
        entries: [
          { entry: 1, description: 'Support', date: null, workedHours: 1.33, billedHours: 1.3, rate: '60.00', amount: '78.00', billable: true },
          { entry: 2, description: 'Migration', date: null, workedHours: 2.5, billedHours: 2.5, rate: '60.00', amount: '150.00', billable: true },
        ],
        totalHours: 3.83,
        billableHours: 3.83,
        nonBillableHours: 0,
        billedHours: 3.8,
        invoice: {
          lines: [
            {
              line: 1,
              description: 'Support',
              quantity: 1.3,
              unitPrice: '60.00',
              amount: '78.00',
              discount: '0.00',
              invoiceDiscount: '0.00',
              netAmount: '78.00',
              taxRate: 0,
              taxAmount: '0.00',
              total: '78.00',
            },
            {
              line: 2,
              description: 'Migration',
              quantity: 2.5,
              unitPrice: '60.00',
              amount: '150.00',
              discount: '0.00',
              invoiceDiscount: '0.00',
              netAmount: '150.00',
              taxRate: 0,
              taxAmount: '0.00',
              total: '150.00',
            },
            {
              line: 3,
              description: 'Travel',
              quantity: 1,
              unitPrice: '25.00',
              amount: '25.00',
              discount: '0.00',
              invoiceDiscount: '0.00',
              netAmount: '25.00',
              taxRate: 0,
              taxAmount: '0.00',
              total: '25.00',
            },
          ],
          subtotal: '253.00',
          lineDiscountTotal: '0.00',
          invoiceDiscount: '0.00',
          discountTotal: '0.00',
          shipping: '0.00',
          shippingTaxAmount: '0.00',
          netTotal: '253.00',
          taxes: [{ rate: 0, taxableAmount: '253.00', taxAmount: '0.00' }],
          taxTotal: '0.00',
          total: '253.00',
          pricesIncludeTax: false,
          taxCalculation: 'per-rate',
          currency: 'USD',
          decimals: 2,
          rounding: 'half-up',
        },
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    const increment = input.timeIncrement ?? 0;
    const rows = input.entries.map((entry, i) => {
      const field = `entries.${i}`;
      const worked = workedMinutes(entry, field);
      const rate = entry.rate ?? input.hourlyRate;
      if (entry.billable && rate === undefined) throw invalidField('hourlyRate', `is required: ${field} has no rate of its own`);
      const billed = entry.billable ? roundToIncrement(worked, increment, input.timeRounding) : ZERO;
      const hours = billed.div(60);
      return { entry, i, worked, billed, hours, rate, amount: rate === undefined ? ZERO : m.round(hours.times(rate)) };
    });
    const billable = rows.filter((r) => r.entry.billable);
    const entryLines: EngineLine[] = billable.map((r) => ({
      description: r.entry.description ?? null,
      quantity: r.hours,
      unitPrice: r.rate ?? ZERO,
      taxRate: r.entry.taxRate ?? input.taxRate ?? ZERO,
      discount: undefined,
      discountType: 'percent',
      field: `entries.${r.i}`,
    }));
    const lines = [...entryLines, ...engineLines(input.items ?? [], input.taxRate)];
    const invoice = computeInvoice(lines, input, m);
    const hoursOf = (minutes: Decimal): number => toNumber(minutes.div(60));
    return {
      entries: rows.map((r) => ({
        entry: r.i + 1,
        description: r.entry.description ?? null,
        date: r.entry.date === undefined ? null : toIso(r.entry.date),
        workedHours: hoursOf(r.worked),
        billedHours: hoursOf(r.billed),
        rate: r.rate === undefined ? null : fmtPrice(r.rate, m),
        amount: m.fmt(r.amount),
        billable: r.entry.billable,
      })),
      totalHours: hoursOf(sum(rows.map((r) => r.worked))),
      billableHours: hoursOf(sum(billable.map((r) => r.worked))),
      nonBillableHours: hoursOf(sum(rows.filter((r) => !r.entry.billable).map((r) => r.worked))),
      billedHours: hoursOf(sum(rows.map((r) => r.billed))),
      invoice,
    };
  },
});
