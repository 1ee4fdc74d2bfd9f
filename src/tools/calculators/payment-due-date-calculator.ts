import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, HUNDRED, toNumber } from '../../lib/money.ts';
import { addMonths, dateField, type Day, dayOf, daysInMonth, endOfMonth, fromParts, inRange, isWeekend, parts, toIso, weekdayName } from './lib/dates.ts';
import { amountField } from './lib/fields.ts';
import { money, moneyOptions, moneyOut } from './lib/money.ts';

const KINDS = ['receipt', 'net', 'eom', 'net-eom', 'mfi', 'months'] as const;
type Kind = (typeof KINDS)[number];

interface Terms {
  kind: Kind;
  /** Days (net, net-eom), day of month (mfi) or months (months). */
  n: number;
  discount: { percent: Decimal; days: number } | null;
  label: string;
}

const TERMS_HELP =
  'payment terms such as "net 30", "30", "due on receipt", "EOM", "net 15 EOM", "10 MFI" (10th of the next month), ' +
  '"1 month", or with an early-payment discount "2/10 net 30"';

/** Parses common trade terms. Returns null when the text is not understood. */
export function parseTerms(raw: string | number): Terms | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 0 && raw <= 3650 ? { kind: 'net', n: raw, discount: null, label: `Net ${raw}` } : null;
  let text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  let discount: Terms['discount'] = null;
  const early = /^(\d{1,2}(?:\.\d{1,4})?)\s*%?\s*\/\s*(\d{1,3})(?:\s*days?)?\s*,?\s*(.+)$/.exec(text);
  if (early) {
    const percent = new Decimal(early[1] ?? '0');
    if (percent.gt(HUNDRED)) return null;
    discount = { percent, days: Number(early[2]) };
    text = early[3] ?? '';
  }
  const base = parseBase(text);
  if (!base) return null;
  if (discount && base.kind === 'receipt') return null;
  const label = discount ? `${toNumber(discount.percent, 4)}/${discount.days} ${base.label}` : base.label;
  return { ...base, discount, label };
}

function parseBase(text: string): Omit<Terms, 'discount'> | null {
  if (/^(due )?(up)?on receipt$|^receipt$|^immediate(ly)?$|^cod$|^cash on delivery$|^due immediately$/.test(text))
    return { kind: 'receipt', n: 0, label: 'Due on receipt' };
  if (/^(eom|end of (the )?month)$/.test(text)) return { kind: 'eom', n: 0, label: 'EOM' };
  let match =
    /^(?:net\s*|n\s*\/?\s*)?(\d{1,4})(?:\s*days?)?\s*(?:eom|end of (?:the )?month)$/.exec(text) ?? /^eom\s*(?:\+|net)?\s*(\d{1,4})(?:\s*days?)?$/.exec(text);
  if (match) return { kind: 'net-eom', n: Number(match[1]), label: `Net ${Number(match[1])} EOM` };
  match = /^(\d{1,2})(?:st|nd|rd|th)?\s*(?:mfi|prox(?:imo)?|of (?:the )?(?:following|next) month)$/.exec(text);
  if (match) {
    const n = Number(match[1]);
    return n >= 1 && n <= 31 ? { kind: 'mfi', n, label: `${n} MFI` } : null;
  }
  match = /^(?:net\s*)?(\d{1,3})\s*months?$/.exec(text);
  if (match) return { kind: 'months', n: Number(match[1]), label: `${Number(match[1])} month${match[1] === '1' ? '' : 's'}` };
  match = /^(?:net\s*\/?\s*|n\s*\/?\s*)?(\d{1,4})(?:\s*days?)?$/.exec(text);
  if (match) {
    const n = Number(match[1]);
    return n <= 3650 ? { kind: 'net', n, label: n === 0 ? 'Due on receipt' : `Net ${n}` } : null;
  }
  return null;
}

function baseDueDate(invoice: Day, terms: Terms): Day {
  switch (terms.kind) {
    case 'receipt':
      return invoice;
    case 'net':
      return invoice + terms.n;
    case 'eom':
      return endOfMonth(invoice);
    case 'net-eom':
      return endOfMonth(invoice) + terms.n;
    case 'months':
      return addMonths(invoice, terms.n);
    case 'mfi': {
      const next = addMonths(fromParts(parts(invoice).year, parts(invoice).month, 1), 1);
      const p = parts(next);
      return fromParts(p.year, p.month, Math.min(terms.n, daysInMonth(p.year, p.month)));
    }
  }
}

export default defineTool({
  module: 'calculators',
  slug: 'payment-due-date-calculator',
  cpu: 'large-input',
  title: 'Payment due date calculator',
  description:
    'Works out when an invoice is due from the invoice date and payment terms: "net 30" (or just 30), "due on receipt", ' +
    '"EOM" (end of the invoice month), "net 15 EOM" (15 days after the end of the month), "10 MFI"/"10th prox" (10th of the ' +
    'next month), "1 month" (same day next month, clamped: Jan 31 → Feb 29), and early-payment discounts such as "2/10 net 30" ' +
    '(2 % off if paid within 10 days; give `amount` to get the figures). A due date on a weekend (with `skipWeekends`) or on a ' +
    'listed holiday moves to the next business day (or the previous one with `adjust: "previous"`, unless that is before the ' +
    'invoice date). With `asOf` it says ' +
    'whether the invoice is due or overdue and by how many days. Dates are ISO 8601 YYYY-MM-DD; without invoiceDate ' +
    "today's UTC date is used. Amounts are decimal strings rounded half-up.",
  keywords: [
    'due date',
    'payment terms',
    'net 30',
    'eom',
    'invoice due date',
    '2/10 net 30',
    'early payment discount',
    'days overdue',
    'business days',
    'payment deadline',
  ],
  input: () =>
    z.object({
      invoiceDate: dateField('Invoice date; default today (UTC)').optional(),
      terms: z
        .union([z.string().max(60, 'at most 60 characters'), z.number()], { error: (i) => (i.input === undefined ? 'is required' : `expected ${TERMS_HELP}`) })
        .default('net 30')
        .describe(`Payment terms (default "net 30"): ${TERMS_HELP}; a number means net days`),
      skipWeekends: z.boolean().default(false).describe('Move a due date on Saturday/Sunday to a business day (default false)'),
      holidays: z.array(dateField('Holiday')).max(500, 'at most 500 holidays').optional().describe('Non-business days (ISO dates) a due date must not fall on'),
      adjust: z.enum(['next', 'previous']).default('next').describe('Where a due date on a non-business day moves: next (default) or previous business day'),
      amount: amountField('Invoice amount, for the early-payment discount figures').optional(),
      asOf: dateField('Date to check the invoice status against (due, overdue)').optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      invoiceDate: z.string(),
      terms: z.string().describe('The terms as understood, e.g. "Net 15 EOM"'),
      termsType: z.enum(KINDS),
      unadjustedDueDate: z.string().describe('Due date before business-day adjustment'),
      dueDate: z.string(),
      dueWeekday: z.string(),
      adjusted: z.boolean().describe('True when the due date moved off a weekend or holiday'),
      adjustmentReason: z.string().nullable(),
      daysFromInvoice: z.number().int().describe('Calendar days from invoice date to due date'),
      earlyPayment: z
        .object({
          discountPercent: z.number(),
          deadline: z.string().describe('Last day to pay with the discount'),
          discountAmount: moneyOut('Discount when paid by the deadline').nullable(),
          discountedAmount: moneyOut('Amount to pay by the deadline').nullable(),
        })
        .nullable(),
      status: z
        .object({ asOf: z.string(), state: z.enum(['not-due', 'due-today', 'overdue']), daysUntilDue: z.number().int(), daysOverdue: z.number().int() })
        .nullable()
        .describe('Only with asOf'),
    }),
  examples: [
    {
      title: 'net 30 from January 31st in a leap year',
      input: { invoiceDate: '2024-01-31', terms: 'net 30' },
      output: {
        invoiceDate: '2024-01-31',
        terms: 'Net 30',
        termsType: 'net',
        unadjustedDueDate: '2024-03-01',
        dueDate: '2024-03-01',
        dueWeekday: 'Friday',
        adjusted: false,
        adjustmentReason: null,
        daysFromInvoice: 30,
        earlyPayment: null,
        status: null,
      },
    },
    {
      title: 'one month from January 31st ends on February 29th',
      input: { invoiceDate: '2024-01-31', terms: '1 month' },
      output: {
        invoiceDate: '2024-01-31',
        terms: '1 month',
        termsType: 'months',
        unadjustedDueDate: '2024-02-29',
        dueDate: '2024-02-29',
        dueWeekday: 'Thursday',
        adjusted: false,
        adjustmentReason: null,
        daysFromInvoice: 29,
        earlyPayment: null,
        status: null,
      },
    },
    {
      title: 'net 15 EOM',
      input: { invoiceDate: '2024-03-15', terms: 'Net 15 EOM' },
      output: {
        invoiceDate: '2024-03-15',
        terms: 'Net 15 EOM',
        termsType: 'net-eom',
        unadjustedDueDate: '2024-04-15',
        dueDate: '2024-04-15',
        dueWeekday: 'Monday',
        adjusted: false,
        adjustmentReason: null,
        daysFromInvoice: 31,
        earlyPayment: null,
        status: null,
      },
    },
    {
      title: 'skipping Christmas holidays and the weekend',
      input: { invoiceDate: '2024-12-02', terms: 21, skipWeekends: true, holidays: ['2024-12-23', '2024-12-24', '2024-12-25', '2024-12-26'] },
      output: {
        invoiceDate: '2024-12-02',
        terms: 'Net 21',
        termsType: 'net',
        unadjustedDueDate: '2024-12-23',
        dueDate: '2024-12-27',
        dueWeekday: 'Friday',
        adjusted: true,
        adjustmentReason: '2024-12-23 is a holiday',
        daysFromInvoice: 25,
        earlyPayment: null,
        status: null,
      },
    },
    {
      title: '2/10 net 30 with an amount, checked after the due date',
      input: { invoiceDate: '2024-06-01', terms: '2/10 net 30', amount: 1000, asOf: '2024-07-05' },
      output: {
        invoiceDate: '2024-06-01',
        terms: '2/10 Net 30',
        termsType: 'net',
        unadjustedDueDate: '2024-07-01',
        dueDate: '2024-07-01',
        dueWeekday: 'Monday',
        adjusted: false,
        adjustmentReason: null,
        daysFromInvoice: 30,
        earlyPayment: { discountPercent: 2, deadline: '2024-06-11', discountAmount: '20.00', discountedAmount: '980.00' },
        status: { asOf: '2024-07-05', state: 'overdue', daysUntilDue: 0, daysOverdue: 4 },
      },
    },
  ],
  run: (input, ctx) => {
    const terms = parseTerms(input.terms);
    if (!terms) throw invalidField('terms', `not understood: expected ${TERMS_HELP}`);
    const invoice = input.invoiceDate ?? dayOf(ctx.now());
    const holidays = new Set(input.holidays ?? []);
    const step = input.adjust === 'next' ? 1 : -1;
    const closed = (d: Day): string | null => (holidays.has(d) ? 'a holiday' : input.skipWeekends && isWeekend(d) ? `a ${weekdayName(d)}` : null);
    const move = (d: Day, by: number): Day => {
      let day = d;
      for (let i = 0; closed(day) !== null; i += 1) {
        if (i > 1000) throw invalidField('holidays', 'leave no business day near the due date');
        day += by;
      }
      return day;
    };
    // A date is never moved to before the invoice: "net 0" on a Saturday with adjust "previous" is due on the Monday after
    // (as the "modified preceding" business-day convention moves forward when going back would leave the period).
    const adjust = (d: Day): { day: Day; reason: string | null } => {
      const reason = closed(d);
      const back = step < 0 ? move(d, -1) : undefined;
      const day = back !== undefined && back >= invoice ? back : move(d, 1);
      const note = back !== undefined && back < invoice ? '; the business day before it is before the invoice date' : '';
      return { day, reason: reason === null ? null : `${toIso(d)} is ${reason}${note}` };
    };
    const unadjusted = baseDueDate(invoice, terms);
    if (!inRange(unadjusted)) throw invalidField('terms', 'the due date falls outside the years 1900–2200');
    const due = adjust(unadjusted);
    let earlyPayment = null;
    if (terms.discount) {
      const base = terms.kind === 'net-eom' || terms.kind === 'eom' ? endOfMonth(invoice) : invoice;
      const m = money(input);
      const discountAmount = input.amount === undefined ? null : m.round(input.amount.times(terms.discount.percent).div(HUNDRED));
      earlyPayment = {
        discountPercent: toNumber(terms.discount.percent),
        deadline: toIso(adjust(base + terms.discount.days).day),
        discountAmount: discountAmount === null ? null : m.fmt(discountAmount),
        discountedAmount: discountAmount === null || input.amount === undefined ? null : m.fmt(m.round(input.amount).minus(discountAmount)),
      };
    } else if (input.amount !== undefined) {
      ctx.warn('amount is only used for early-payment discount terms such as "2/10 net 30"; these terms have none.');
    }
    let status = null;
    if (input.asOf !== undefined) {
      const diff = due.day - input.asOf;
      status = {
        asOf: toIso(input.asOf),
        state: diff > 0 ? ('not-due' as const) : diff === 0 ? ('due-today' as const) : ('overdue' as const),
        daysUntilDue: Math.max(0, diff),
        daysOverdue: Math.max(0, -diff),
      };
    }
    return {
      invoiceDate: toIso(invoice),
      terms: terms.label,
      termsType: terms.kind,
      unadjustedDueDate: toIso(unadjusted),
      dueDate: toIso(due.day),
      dueWeekday: weekdayName(due.day),
      adjusted: due.day !== unadjusted,
      adjustmentReason: due.reason,
      daysFromInvoice: due.day - invoice,
      earlyPayment,
      status,
    };
  },
});
