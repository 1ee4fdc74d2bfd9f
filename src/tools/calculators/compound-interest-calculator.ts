import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, HUNDRED, ONE, toNumber, ZERO } from '../../lib/money.ts';
import { amountField, decimalField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';

const COMPOUNDING = ['annually', 'semiannually', 'quarterly', 'monthly', 'weekly', 'daily', 'continuously'] as const;
type Compounding = (typeof COMPOUNDING)[number];
const PER_YEAR: Record<Exclude<Compounding, 'continuously'>, number> = { annually: 1, semiannually: 2, quarterly: 4, monthly: 12, weekly: 52, daily: 365 };
const MAX_PERIOD_ROWS = 1200;
const MAX_RESULT = new Decimal('1e30');

interface Point {
  /** Time in periods (years for continuous compounding) at the end of the step. */
  at: Decimal;
  /** Exact balance after the step. */
  balance: Decimal;
  contribution: Decimal;
}

export default defineTool({
  module: 'calculators',
  slug: 'compound-interest-calculator',
  cpu: 'large-input',
  title: 'Compound interest calculator',
  description:
    'Future value with compound interest, A = P(1 + r/n)^(nt) — 1,000 at 5 % compounded annually for 10 years is 1,628.89, ' +
    'monthly 1,647.01 — compounding annually, semiannually, quarterly, monthly, weekly, daily (365) or continuously ' +
    '(P·e^(rt)). Optional regular `contribution` added every compounding period, at its end (default) or beginning. Returns ' +
    'the future value, total contributions and interest, the effective annual rate (APY) and a table per period (or per ' +
    'year with `tableBy: "year"`, automatic beyond 1,200 periods): opening balance, contribution, interest, closing ' +
    'balance. Balances compound exactly and are rounded only for display, so the final figure matches the formula. ' +
    `A fractional last period compounds for the fraction (textbook formula). ${MONEY_NOTE}`,
  keywords: [
    'compound interest',
    'future value',
    'interest calculator',
    'apy',
    'effective annual rate',
    'savings growth',
    'investment calculator',
    'continuous compounding',
    'monthly contributions',
  ],
  input: () =>
    z.object({
      principal: amountField('Starting amount'),
      rate: percentField('Nominal annual interest rate in percent (0–1000)', 1000),
      years: decimalField('Duration in years (fractions allowed)', { min: 0, minExclusive: true, max: 100 }),
      compounding: z
        .enum(COMPOUNDING)
        .default('annually')
        .describe('How often interest is added: annually (default), semiannually, quarterly, monthly, weekly, daily, continuously'),
      contribution: amountField('Amount added every compounding period (default 0; not with continuous compounding)').optional(),
      contributionTiming: z
        .enum(['end', 'beginning'])
        .default('end')
        .describe('Contributions at the end (default, ordinary annuity) or beginning of each period'),
      tableBy: z.enum(['period', 'year']).optional().describe('Rows of the table: per compounding period (default up to 1,200 periods) or per year'),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      principal: moneyOut('Starting amount'),
      rate: z.number(),
      years: z.number(),
      compounding: z.enum(COMPOUNDING),
      periodsPerYear: z.number().int().nullable().describe('null for continuous compounding'),
      periods: z.number().describe('Compounding periods (years × periodsPerYear)'),
      futureValue: moneyOut('Balance at the end'),
      totalContributions: moneyOut('Sum of the contributions (principal excluded)'),
      totalInterest: moneyOut('futureValue − principal − totalContributions'),
      effectiveAnnualRate: z.number().describe('APY in percent: (1 + r/n)^n − 1, or e^r − 1 (4 decimals)'),
      tableBy: z.enum(['period', 'year']),
      table: z.array(
        z.object({
          period: z.number().describe('Period (or year) number at the end of the row; fractional for a part period'),
          opening: moneyOut('Balance at the start'),
          contribution: moneyOut('Contributions in the row'),
          interest: moneyOut('Interest earned in the row'),
          closing: moneyOut('Balance at the end'),
        }),
      ),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: '1,000 at 5 % compounded annually for 3 years',
      input: { principal: 1000, rate: 5, years: 3 },
      output: {
        principal: '1000.00',
        rate: 5,
        years: 3,
        compounding: 'annually',
        periodsPerYear: 1,
        periods: 3,
        futureValue: '1157.63',
        totalContributions: '0.00',
        totalInterest: '157.63',
        effectiveAnnualRate: 5,
        tableBy: 'period',
        table: [
          { period: 1, opening: '1000.00', contribution: '0.00', interest: '50.00', closing: '1050.00' },
          { period: 2, opening: '1050.00', contribution: '0.00', interest: '52.50', closing: '1102.50' },
          { period: 3, opening: '1102.50', contribution: '0.00', interest: '55.13', closing: '1157.63' },
        ],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'quarterly compounding with a contribution each quarter, one year',
      input: { principal: 5000, rate: 4, years: 1, compounding: 'quarterly', contribution: 250, currency: 'USD' },
      output: {
        principal: '5000.00',
        rate: 4,
        years: 1,
        compounding: 'quarterly',
        periodsPerYear: 4,
        periods: 4,
        futureValue: '6218.12',
        totalContributions: '1000.00',
        totalInterest: '218.12',
        effectiveAnnualRate: 4.0604,
        tableBy: 'period',
        table: [
          { period: 1, opening: '5000.00', contribution: '250.00', interest: '50.00', closing: '5300.00' },
          { period: 2, opening: '5300.00', contribution: '250.00', interest: '53.00', closing: '5603.00' },
          { period: 3, opening: '5603.00', contribution: '250.00', interest: '56.03', closing: '5909.03' },
          { period: 4, opening: '5909.03', contribution: '250.00', interest: '59.09', closing: '6218.12' },
        ],
        currency: 'USD',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'continuous compounding, yearly table',
      input: { principal: 1000, rate: 5, years: 2, compounding: 'continuously' },
      output: {
        principal: '1000.00',
        rate: 5,
        years: 2,
        compounding: 'continuously',
        periodsPerYear: null,
        periods: 2,
        futureValue: '1105.17',
        totalContributions: '0.00',
        totalInterest: '105.17',
        effectiveAnnualRate: 5.1271,
        tableBy: 'year',
        table: [
          { period: 1, opening: '1000.00', contribution: '0.00', interest: '51.27', closing: '1051.27' },
          { period: 2, opening: '1051.27', contribution: '0.00', interest: '53.90', closing: '1105.17' },
        ],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input, ctx) => {
    const m = money(input);
    const principal = m.round(input.principal);
    const contribution = m.round(input.contribution ?? ZERO);
    const r = input.rate.div(HUNDRED);
    const continuous = input.compounding === 'continuously';
    if (continuous && !contribution.isZero())
      throw invalidField('contribution', 'not supported with continuous compounding; choose a discrete compounding frequency');
    const perYear = input.compounding === 'continuously' ? null : PER_YEAR[input.compounding];
    const periods = input.years.times(perYear ?? 1);
    const whole = periods.floor().toNumber();
    const fraction = periods.minus(whole);

    // Exact balances after each period (each year for continuous compounding).
    const points: Point[] = [];
    let balance = principal;
    if (continuous) {
      for (let y = 1; y <= whole; y += 1) points.push({ at: new Decimal(y), balance: principal.times(r.times(y).exp()), contribution: ZERO });
      if (!fraction.isZero()) points.push({ at: periods, balance: principal.times(r.times(periods).exp()), contribution: ZERO });
    } else {
      const growth = ONE.plus(r.div(perYear ?? 1));
      for (let k = 1; k <= whole; k += 1) {
        if (k % 1000 === 0 && ctx.signal.aborted) break;
        balance = input.contributionTiming === 'beginning' ? balance.plus(contribution).times(growth) : balance.times(growth).plus(contribution);
        points.push({ at: new Decimal(k), balance, contribution });
      }
      if (!fraction.isZero()) points.push({ at: periods, balance: balance.times(growth.pow(fraction)), contribution: ZERO });
    }
    const final = points[points.length - 1]?.balance ?? principal;
    if (final.gt(MAX_RESULT)) throw invalidField('rate', 'the balance would exceed 1e30: lower the rate or shorten the years');
    const totalContributions = contribution.times(whole);

    // Table rows: each period, or grouped by year.
    let tableBy = input.tableBy ?? (continuous || whole > MAX_PERIOD_ROWS ? 'year' : 'period');
    if (tableBy === 'period' && whole > MAX_PERIOD_ROWS) {
      tableBy = 'year';
      ctx.warn(`${whole} periods are too many rows; the table is per year.`);
    }
    const groupSize = tableBy === 'year' && !continuous ? (perYear ?? 1) : 1;
    const table = [];
    let opening = principal;
    for (let i = 0; i < points.length; i += groupSize) {
      const group = points.slice(i, i + groupSize);
      const last = group[group.length - 1];
      if (!last) break;
      const closing = m.round(last.balance);
      const added = group.reduce<Decimal>((acc, p) => acc.plus(p.contribution), ZERO);
      table.push({
        period: toNumber(last.at.div(groupSize), 6),
        opening: m.fmt(opening),
        contribution: m.fmt(added),
        interest: m.fmt(closing.minus(opening).minus(added)),
        closing: m.fmt(closing),
      });
      opening = closing;
    }
    const futureValue = m.round(final);
    const ear = continuous
      ? r.exp().minus(ONE)
      : ONE.plus(r.div(perYear ?? 1))
          .pow(perYear ?? 1)
          .minus(ONE);
    return {
      principal: m.fmt(principal),
      rate: toNumber(input.rate, 6),
      years: toNumber(input.years, 6),
      compounding: input.compounding,
      periodsPerYear: perYear,
      periods: toNumber(periods, 6),
      futureValue: m.fmt(futureValue),
      totalContributions: m.fmt(totalContributions),
      totalInterest: m.fmt(futureValue.minus(principal).minus(totalContributions)),
      effectiveAnnualRate: toNumber(ear.times(HUNDRED)),
      tableBy,
      table,
      ...m.meta(),
    };
  },
});
