import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, toNumber, ZERO } from '../../lib/money.ts';
import { amountField, decimalField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';

const PERIODS = ['annual', 'monthly', 'semimonthly', 'biweekly', 'weekly', 'daily', 'hourly'] as const;
type Period = (typeof PERIODS)[number];

export default defineTool({
  module: 'calculators',
  slug: 'salary-to-hourly-converter',
  cpu: 'large-input',
  title: 'Salary to hourly converter',
  description:
    'Converts pay between annual salary, monthly, semi-monthly (24 a year), bi-weekly (26 on 52 weeks), weekly, daily and ' +
    'hourly, from `hoursPerWeek` (default 40), `weeksPerYear` (default 52) and `daysPerWeek` (default 5): 52,000 a year at ' +
    '40 h × 52 weeks is 25.00 an hour. With paid holidays and paid vacation days it also gives the effective rate per hour ' +
    `actually worked (paid time off is paid but not worked). Figures are gross, before tax. ${MONEY_NOTE}`,
  keywords: [
    'salary to hourly',
    'hourly to salary',
    'annual salary',
    'hourly wage',
    'pay converter',
    'wage calculator',
    'monthly salary',
    'paycheck',
    'effective hourly rate',
    'per hour',
    'per year',
    'yearly pay',
    'annual to hourly',
  ],
  input: () =>
    z.object({
      amount: amountField('The pay, per `period`'),
      period: z.enum(PERIODS).default('annual').describe('What `amount` is: annual (default), monthly, semimonthly, biweekly, weekly, daily or hourly'),
      hoursPerWeek: decimalField('Paid hours per week (default 40)', { min: 0, minExclusive: true, max: 168 }).optional(),
      weeksPerYear: decimalField('Paid weeks per year (default 52)', { min: 0, minExclusive: true, max: 53 }).optional(),
      daysPerWeek: decimalField('Working days per week (default 5)', { min: 0, minExclusive: true, max: 7 }).optional(),
      paidHolidays: decimalField('Paid public holidays per year, in days (default 0)', { min: 0, max: 366 }).optional(),
      paidVacationDays: decimalField('Paid vacation / leave days per year (default 0)', { min: 0, max: 366 }).optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      annual: moneyOut('Per year'),
      monthly: moneyOut('Per month (annual / 12)'),
      semimonthly: moneyOut('Twice a month (annual / 24)'),
      biweekly: moneyOut('Every two weeks (annual / (weeksPerYear / 2))'),
      weekly: moneyOut('Per week'),
      daily: moneyOut('Per working day'),
      hourly: moneyOut('Per paid hour'),
      paidHoursPerYear: z.number().describe('hoursPerWeek × weeksPerYear'),
      paidTimeOffHours: z.number().describe('(paidHolidays + paidVacationDays) × hours per day'),
      workedHoursPerYear: z.number().describe('Paid hours minus paid time off'),
      effectiveHourlyRate: moneyOut('annual / workedHoursPerYear: pay per hour actually worked'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: '52,000 a year at 40 hours a week',
      input: { amount: 52000 },
      output: {
        annual: '52000.00',
        monthly: '4333.33',
        semimonthly: '2166.67',
        biweekly: '2000.00',
        weekly: '1000.00',
        daily: '200.00',
        hourly: '25.00',
        paidHoursPerYear: 2080,
        paidTimeOffHours: 0,
        workedHoursPerYear: 2080,
        effectiveHourlyRate: '25.00',
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: '25 an hour with 10 paid holidays and 15 vacation days',
      input: { amount: 25, period: 'hourly', paidHolidays: 10, paidVacationDays: 15, currency: 'USD' },
      output: {
        annual: '52000.00',
        monthly: '4333.33',
        semimonthly: '2166.67',
        biweekly: '2000.00',
        weekly: '1000.00',
        daily: '200.00',
        hourly: '25.00',
        paidHoursPerYear: 2080,
        paidTimeOffHours: 200,
        workedHoursPerYear: 1880,
        effectiveHourlyRate: '27.66',
        currency: 'USD',
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'monthly salary on a 37.5-hour week',
      input: { amount: '3500', period: 'monthly', hoursPerWeek: 37.5, currency: 'GBP' },
      output: {
        annual: '42000.00',
        monthly: '3500.00',
        semimonthly: '1750.00',
        biweekly: '1615.38',
        weekly: '807.69',
        daily: '161.54',
        hourly: '21.54',
        paidHoursPerYear: 1950,
        paidTimeOffHours: 0,
        workedHoursPerYear: 1950,
        effectiveHourlyRate: '21.54',
        currency: 'GBP',
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    const hoursPerWeek = input.hoursPerWeek ?? new Decimal(40);
    const weeks = input.weeksPerYear ?? new Decimal(52);
    const days = input.daysPerWeek ?? new Decimal(5);
    const perYear: Record<Period, Decimal> = {
      annual: new Decimal(1),
      monthly: new Decimal(12),
      semimonthly: new Decimal(24),
      biweekly: weeks.div(2),
      weekly: weeks,
      daily: weeks.times(days),
      hourly: weeks.times(hoursPerWeek),
    };
    const annual = input.amount.times(perYear[input.period]);
    const per = (p: Period): string => m.fmt(annual.div(perYear[p]));
    const paidHours = weeks.times(hoursPerWeek);
    const ptoDays = (input.paidHolidays ?? ZERO).plus(input.paidVacationDays ?? ZERO);
    const ptoHours = ptoDays.times(hoursPerWeek.div(days));
    const worked = paidHours.minus(ptoHours);
    if (worked.lte(ZERO))
      throw invalidField('paidVacationDays', `paid time off (${toNumber(ptoHours)} h) leaves no working hours out of ${toNumber(paidHours)} paid hours`);
    return {
      annual: per('annual'),
      monthly: per('monthly'),
      semimonthly: per('semimonthly'),
      biweekly: per('biweekly'),
      weekly: per('weekly'),
      daily: per('daily'),
      hourly: per('hourly'),
      paidHoursPerYear: toNumber(paidHours),
      paidTimeOffHours: toNumber(ptoHours),
      workedHoursPerYear: toNumber(worked),
      effectiveHourlyRate: m.fmt(annual.div(worked)),
      ...m.meta(),
    };
  },
});
