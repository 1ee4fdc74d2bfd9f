import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { type Decimal, ONE, sum, toNumber } from '../../lib/money.ts';
import { addMonths, dateField, toIso } from './lib/dates.ts';
import { decimalField, intField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';

const MAX_MONTHS = 1200;

/**
 * (1 + r)^n − 1 for the EMI's denominator. When n·r is small, (1 + r)^n is 1 to most of its 40 digits and subtracting 1
 * leaves few right ones (a rate of 1e-24 % a year over 100 years was 0.34 off); the binomial sum Σ C(n,k)·r^k has no such
 * cancellation, and each of its terms is at most a quarter of the one before while n·r < 0.5. 0 only for r = 0.
 */
function growthLessOne(r: Decimal, n: number): Decimal {
  if (r.times(n).gte(0.5)) return ONE.plus(r).pow(n).minus(ONE);
  let term = r.times(n);
  let total = term;
  for (let k = 1; k < n && !term.isZero(); k += 1) {
    term = term
      .times(n - k)
      .div(k + 1)
      .times(r);
    const next = total.plus(term);
    if (next.eq(total)) break;
    total = next;
  }
  return total;
}

export default defineTool({
  module: 'calculators',
  slug: 'emi-calculator',
  cpu: 'large-input',
  title: 'EMI / loan repayment calculator',
  description:
    'Equated monthly instalment (EMI) of a reducing-balance loan: EMI = P·r·(1+r)^n / ((1+r)^n − 1) with r the monthly ' +
    'rate (annual rate / 12) and n the months — 100,000 at 10 % for 12 months is 8,791.59, the figure bank calculators give. ' +
    'Returns the EMI, total payment and total interest, and the full amortisation schedule: per month the payment, the ' +
    'principal and interest parts and the remaining balance (interest on the rounded balance; the last payment absorbs ' +
    'rounding so the balance ends at exactly 0). `firstPaymentDate` dates the rows (monthly, month ends clamped). ' +
    `Tenure in \`months\` or \`years\`. ${MONEY_NOTE}`,
  keywords: [
    'emi',
    'loan calculator',
    'amortization schedule',
    'amortisation',
    'mortgage payment',
    'monthly installment',
    'home loan',
    'car loan',
    'personal loan',
    'loan repayment',
  ],
  input: () =>
    z.object({
      principal: decimalField('Loan amount', { min: 0, minExclusive: true }),
      rate: percentField('Annual interest rate in percent (10 = 10 % a year), 0–100'),
      months: intField('Tenure in months; or give years', 1, MAX_MONTHS).optional(),
      years: decimalField('Tenure in years (a whole number of months, e.g. 2.5); or give months', { min: 0, minExclusive: true, max: 100 }).optional(),
      firstPaymentDate: dateField('Date of the first instalment, to date the schedule').optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      principal: moneyOut('Loan amount'),
      rate: z.number().describe('Annual rate in percent'),
      months: z.number().int(),
      monthlyRatePercent: z.number().describe('rate / 12, in percent (6 decimals)'),
      emi: moneyOut('Monthly instalment'),
      totalPayment: moneyOut('Sum of all payments'),
      totalInterest: moneyOut('totalPayment − principal'),
      schedule: z.array(
        z.object({
          period: z.number().int(),
          date: z.string().nullable(),
          payment: moneyOut('Instalment paid'),
          principal: moneyOut('Part repaying the loan'),
          interest: moneyOut('Part paying interest'),
          balance: moneyOut('Outstanding after this payment'),
        }),
      ),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: '100,000 at 10 % for 12 months (EMI 8,791.59)',
      input: { principal: 100000, rate: 10, months: 12 },
      output: {
        principal: '100000.00',
        rate: 10,
        months: 12,
        monthlyRatePercent: 0.833333,
        emi: '8791.59',
        totalPayment: '105499.05',
        totalInterest: '5499.05',
        schedule: [
          { period: 1, date: null, payment: '8791.59', principal: '7958.26', interest: '833.33', balance: '92041.74' },
          { period: 2, date: null, payment: '8791.59', principal: '8024.58', interest: '767.01', balance: '84017.16' },
          { period: 3, date: null, payment: '8791.59', principal: '8091.45', interest: '700.14', balance: '75925.71' },
          { period: 4, date: null, payment: '8791.59', principal: '8158.88', interest: '632.71', balance: '67766.83' },
          { period: 5, date: null, payment: '8791.59', principal: '8226.87', interest: '564.72', balance: '59539.96' },
          { period: 6, date: null, payment: '8791.59', principal: '8295.42', interest: '496.17', balance: '51244.54' },
          { period: 7, date: null, payment: '8791.59', principal: '8364.55', interest: '427.04', balance: '42879.99' },
          { period: 8, date: null, payment: '8791.59', principal: '8434.26', interest: '357.33', balance: '34445.73' },
          { period: 9, date: null, payment: '8791.59', principal: '8504.54', interest: '287.05', balance: '25941.19' },
          { period: 10, date: null, payment: '8791.59', principal: '8575.41', interest: '216.18', balance: '17365.78' },
          { period: 11, date: null, payment: '8791.59', principal: '8646.88', interest: '144.71', balance: '8718.90' },
          { period: 12, date: null, payment: '8791.56', principal: '8718.90', interest: '72.66', balance: '0.00' },
        ],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'dated schedule from January 31st (month ends clamp)',
      input: { principal: '5000', rate: 12, months: 3, firstPaymentDate: '2025-01-31', currency: 'EUR' },
      output: {
        principal: '5000.00',
        rate: 12,
        months: 3,
        monthlyRatePercent: 1,
        emi: '1700.11',
        totalPayment: '5100.33',
        totalInterest: '100.33',
        schedule: [
          { period: 1, date: '2025-01-31', payment: '1700.11', principal: '1650.11', interest: '50.00', balance: '3349.89' },
          { period: 2, date: '2025-02-28', payment: '1700.11', principal: '1666.61', interest: '33.50', balance: '1683.28' },
          { period: 3, date: '2025-03-31', payment: '1700.11', principal: '1683.28', interest: '16.83', balance: '0.00' },
        ],
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'interest-free instalments',
      input: { principal: 1000, rate: 0, years: 0.25 },
      output: {
        principal: '1000.00',
        rate: 0,
        months: 3,
        monthlyRatePercent: 0,
        emi: '333.33',
        totalPayment: '1000.00',
        totalInterest: '0.00',
        schedule: [
          { period: 1, date: null, payment: '333.33', principal: '333.33', interest: '0.00', balance: '666.67' },
          { period: 2, date: null, payment: '333.33', principal: '333.33', interest: '0.00', balance: '333.34' },
          { period: 3, date: null, payment: '333.34', principal: '333.34', interest: '0.00', balance: '0.00' },
        ],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input, ctx) => {
    const m = money(input);
    if (input.months !== undefined && input.years !== undefined) throw invalidField('years', 'give months or years, not both');
    if (input.months === undefined && input.years === undefined) throw invalidField('months', 'give the tenure in months or years');
    let n = input.months ?? 0;
    if (input.years !== undefined) {
      const months = input.years.times(12);
      if (!months.isInteger()) throw invalidField('years', 'must be a whole number of months (e.g. 2.5, not 2.3)');
      n = months.toNumber();
      if (n > MAX_MONTHS) throw invalidField('years', `at most ${MAX_MONTHS / 12} years`);
    }
    const r = input.rate.div(1200);
    const principal = m.round(input.principal);
    if (principal.isZero()) throw invalidField('principal', `rounds to 0 at ${m.decimals} decimals`);
    const denominator = growthLessOne(r, n);
    const growth = ONE.plus(denominator);
    const emi = m.round(denominator.isZero() ? principal.div(n) : principal.times(r).times(growth).div(denominator));
    const schedule = [];
    let balance = principal;
    for (let k = 1; k <= n; k += 1) {
      const interest = m.round(balance.times(r));
      let part = emi.minus(interest);
      const last = k === n || part.gte(balance);
      if (last) part = balance;
      balance = balance.minus(part);
      schedule.push({
        period: k,
        date: input.firstPaymentDate === undefined ? null : toIso(addMonths(input.firstPaymentDate, k - 1)),
        payment: part.plus(interest),
        principal: part,
        interest,
        balance,
      });
      if (last && k < n) {
        ctx.warn(`Rounding repaid the loan after ${k} of ${n} instalments.`);
        break;
      }
    }
    const totalPayment = sum(schedule.map((s) => s.payment));
    return {
      principal: m.fmt(principal),
      rate: toNumber(input.rate, 6),
      months: n,
      monthlyRatePercent: toNumber(r.times(100), 6),
      emi: m.fmt(emi),
      totalPayment: m.fmt(totalPayment),
      totalInterest: m.fmt(totalPayment.minus(principal)),
      schedule: schedule.map((s) => ({
        ...s,
        payment: m.fmt(s.payment),
        principal: m.fmt(s.principal),
        interest: m.fmt(s.interest),
        balance: m.fmt(s.balance),
      })),
      ...m.meta(),
    };
  },
});
