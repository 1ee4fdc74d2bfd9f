import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, HUNDRED, toNumber } from '../../lib/money.ts';
import { dateField, toIso } from './lib/dates.ts';
import { amountField, decimalField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';

const UNITS = ['years', 'months', 'days'] as const;
const TIME_LIMIT: Record<(typeof UNITS)[number], number> = { years: 100, months: 1200, days: 36_600 };

export default defineTool({
  module: 'calculators',
  slug: 'simple-interest-calculator',
  cpu: 'large-input',
  title: 'Simple interest calculator',
  description:
    'Simple (non-compounding) interest I = P × r × t: interest and total amount for a time in years, months or days, or ' +
    'between two dates (`startDate`, `endDate`: actual days). Days are converted with a 365-day year by default or 360 ' +
    "(`dayCountBasis`, banker's year). Also returns the interest per year, month and day and a year-by-year table of the " +
    `balance. ${MONEY_NOTE}`,
  keywords: ['simple interest', 'interest calculator', 'flat interest', 'interest per day', 'accrued interest', 'i = prt', 'loan interest', 'deposit interest'],
  input: () =>
    z.object({
      principal: amountField('Principal (amount lent or deposited)'),
      rate: percentField('Annual interest rate in percent (0–1000)', 1000),
      time: decimalField('Duration in `timeUnit`; or give startDate and endDate', { min: 0, minExclusive: true, max: 36_600 }).optional(),
      timeUnit: z.enum(UNITS).default('years').describe('Unit of `time`: years (default), months or days'),
      startDate: dateField('Start of the interest period').optional(),
      endDate: dateField('End of the interest period (exclusive: the actual days between the dates count)').optional(),
      dayCountBasis: z
        .union([z.literal(365), z.literal(360)], { error: 'expected 365 or 360' })
        .default(365)
        .describe('Days in a year when time is in days: 365 (default) or 360'),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      principal: moneyOut('Principal'),
      rate: z.number(),
      years: z.number().describe('Duration in years (6 decimals)'),
      days: z.number().int().nullable().describe('Days, when given in days or by dates'),
      interest: moneyOut('P × r × t'),
      totalAmount: moneyOut('Principal + interest'),
      interestPerYear: moneyOut('P × r'),
      interestPerMonth: moneyOut('P × r / 12'),
      interestPerDay: moneyOut('P × r / dayCountBasis'),
      schedule: z
        .array(
          z.object({
            year: z.number().describe('Years elapsed at the end of the row'),
            interest: moneyOut('Interest in this row'),
            balance: moneyOut('Principal + interest to date'),
          }),
        )
        .describe('Year by year (the last row may be a part year); at most 100 rows'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: '10,000 at 5 % for 3 years',
      input: { principal: 10000, rate: 5, time: 3 },
      output: {
        principal: '10000.00',
        rate: 5,
        years: 3,
        days: null,
        interest: '1500.00',
        totalAmount: '11500.00',
        interestPerYear: '500.00',
        interestPerMonth: '41.67',
        interestPerDay: '1.37',
        schedule: [
          { year: 1, interest: '500.00', balance: '10500.00' },
          { year: 2, interest: '500.00', balance: '11000.00' },
          { year: 3, interest: '500.00', balance: '11500.00' },
        ],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: '5,000 at 6 % for 90 days',
      input: { principal: 5000, rate: 6, time: 90, timeUnit: 'days' },
      output: {
        principal: '5000.00',
        rate: 6,
        years: 0.246575,
        days: 90,
        interest: '73.97',
        totalAmount: '5073.97',
        interestPerYear: '300.00',
        interestPerMonth: '25.00',
        interestPerDay: '0.82',
        schedule: [{ year: 0.246575, interest: '73.97', balance: '5073.97' }],
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'between two dates on a 360-day year',
      input: { principal: '10000', rate: 8, startDate: '2024-01-01', endDate: '2024-07-01', dayCountBasis: 360, currency: 'USD' },
      output: {
        principal: '10000.00',
        rate: 8,
        years: 0.505556,
        days: 182,
        interest: '404.44',
        totalAmount: '10404.44',
        interestPerYear: '800.00',
        interestPerMonth: '66.67',
        interestPerDay: '2.22',
        schedule: [{ year: 0.505556, interest: '404.44', balance: '10404.44' }],
        currency: 'USD',
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    const byDates = input.startDate !== undefined || input.endDate !== undefined;
    if (byDates && input.time !== undefined) throw invalidField('time', 'give time or startDate and endDate, not both');
    let years: Decimal;
    let days: number | null = null;
    if (byDates) {
      if (input.startDate === undefined) throw invalidField('startDate', 'is required with endDate');
      if (input.endDate === undefined) throw invalidField('endDate', 'is required with startDate');
      days = input.endDate - input.startDate;
      if (days <= 0) throw invalidField('endDate', `must be after startDate (${toIso(input.startDate)})`);
      years = new Decimal(days).div(input.dayCountBasis);
    } else {
      if (input.time === undefined) throw invalidField('time', 'give time (with timeUnit) or startDate and endDate');
      if (input.time.gt(TIME_LIMIT[input.timeUnit])) throw invalidField('time', `at most ${TIME_LIMIT[input.timeUnit]} ${input.timeUnit}`);
      if (input.timeUnit === 'days') {
        if (!input.time.isInteger()) throw invalidField('time', 'a whole number of days');
        days = input.time.toNumber();
        years = input.time.div(input.dayCountBasis);
      } else {
        years = input.timeUnit === 'months' ? input.time.div(12) : input.time;
      }
    }
    const principal = m.round(input.principal);
    const perYear = principal.times(input.rate).div(HUNDRED);
    const interestAt = (t: Decimal): Decimal => m.round(perYear.times(t));
    const schedule = [];
    let previous = new Decimal(0);
    for (let year = 1; ; year += 1) {
      const t = Decimal.min(new Decimal(year), years);
      const accrued = interestAt(t);
      schedule.push({ year: toNumber(t, 6), interest: m.fmt(accrued.minus(previous)), balance: m.fmt(principal.plus(accrued)) });
      previous = accrued;
      if (t.gte(years)) break;
    }
    const interest = interestAt(years);
    return {
      principal: m.fmt(principal),
      rate: toNumber(input.rate, 6),
      years: toNumber(years, 6),
      days,
      interest: m.fmt(interest),
      totalAmount: m.fmt(principal.plus(interest)),
      interestPerYear: m.fmt(perYear),
      interestPerMonth: m.fmt(perYear.div(12)),
      interestPerDay: m.fmt(perYear.div(input.dayCountBasis)),
      schedule,
      ...m.meta(),
    };
  },
});
