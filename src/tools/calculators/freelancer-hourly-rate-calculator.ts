import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, HUNDRED, ONE, toNumber, ZERO } from '../../lib/money.ts';
import { amountField, decimalField, percentField } from './lib/fields.ts';
import { money, MONEY_NOTE, moneyMetaOutput, moneyOptions, moneyOut } from './lib/money.ts';

export default defineTool({
  module: 'calculators',
  slug: 'freelancer-hourly-rate-calculator',
  cpu: 'large-input',
  title: 'Freelancer hourly rate calculator',
  description:
    'The hourly rate a freelancer must charge to take home `targetIncome` a year after tax: revenue = (targetIncome / ' +
    '(1 − taxRate) + expenses) / (1 − profitMargin), where taxRate is the effective tax on profit (expenses are ' +
    'deductible) and profitMargin is a buffer kept in the business as a share of revenue. Billable hours = ' +
    '(weeksPerYear − vacationWeeks − (holidayDays + sickDays) / daysPerWeek) × billableHoursPerWeek (defaults: 52 weeks, 4 ' +
    'weeks vacation, 0 holidays/sick days, 5 days, 30 billable hours — about 75 % of a 40-hour week, as admin and sales ' +
    'are not billable). Returns the hourly and day rate, the revenue needed per year/month/week and where the money goes ' +
    `(tax, expenses, profit, take-home). ${MONEY_NOTE}`,
  keywords: ['freelance rate', 'hourly rate calculator', 'freelancer', 'consultant rate', 'day rate', 'billable hours', 'contractor rate', 'what to charge'],
  input: () =>
    z.object({
      targetIncome: amountField('Take-home income wanted per year, after tax'),
      expenses: amountField('Business expenses per year: software, equipment, insurance, office, pension (default 0)').optional(),
      taxRate: percentField('Effective tax rate on profit in percent (income tax + social contributions), below 100 (default 0)', 100, true).optional(),
      profitMargin: percentField('Extra margin kept in the business, in percent of revenue, below 100 (default 0)', 100, true).optional(),
      billableHoursPerWeek: decimalField('Hours per working week you can bill (default 30)', { min: 0, minExclusive: true, max: 168 }).optional(),
      weeksPerYear: decimalField('Weeks per year (default 52)', { min: 0, minExclusive: true, max: 53 }).optional(),
      vacationWeeks: decimalField('Weeks of vacation per year (default 4)', { min: 0, max: 52 }).optional(),
      holidayDays: decimalField('Public holidays per year, in days (default 0)', { min: 0, max: 366 }).optional(),
      sickDays: decimalField('Sick days budgeted per year (default 0)', { min: 0, max: 366 }).optional(),
      daysPerWeek: decimalField('Working days per week (default 5)', { min: 0, minExclusive: true, max: 7 }).optional(),
      hoursPerDay: decimalField('Hours in a billed day, for the day rate (default 8)', { min: 0, minExclusive: true, max: 24 }).optional(),
      ...moneyOptions,
    }),
  output: () =>
    z.object({
      hourlyRate: moneyOut('Rate to charge per billable hour'),
      dayRate: moneyOut('hourlyRate × hoursPerDay'),
      annualRevenue: moneyOut('Revenue needed per year'),
      monthlyRevenue: moneyOut('annualRevenue / 12'),
      weeklyRevenue: moneyOut('annualRevenue / working weeks'),
      workingWeeks: z.number().describe('Weeks actually worked per year (4 decimals)'),
      billableHoursPerYear: z.number().describe('Billable hours per year (4 decimals)'),
      breakdown: z
        .object({
          takeHome: moneyOut('targetIncome'),
          tax: moneyOut('Tax on profit'),
          expenses: moneyOut('Business expenses'),
          profit: moneyOut('Margin kept in the business'),
        })
        .describe('Where the annual revenue goes; adds up to annualRevenue'),
      ...moneyMetaOutput,
    }),
  examples: [
    {
      title: '60,000 take-home, 12,000 expenses, 30 % tax',
      input: { targetIncome: 60000, expenses: 12000, taxRate: 30 },
      output: {
        hourlyRate: '67.86',
        dayRate: '542.88',
        annualRevenue: '97714.29',
        monthlyRevenue: '8142.86',
        weeklyRevenue: '2035.71',
        workingWeeks: 48,
        billableHoursPerYear: 1440,
        breakdown: { takeHome: '60000.00', tax: '25714.29', expenses: '12000.00', profit: '0.00' },
        currency: null,
        decimals: 2,
        rounding: 'half-up',
      },
    },
    {
      title: 'with holidays, sick days and a 10 % profit margin',
      input: {
        targetIncome: 50000,
        expenses: 8000,
        taxRate: 25,
        profitMargin: 10,
        billableHoursPerWeek: 25,
        vacationWeeks: 5,
        holidayDays: 10,
        sickDays: 5,
        currency: 'EUR',
      },
      output: {
        hourlyRate: '75.42',
        dayRate: '603.36',
        annualRevenue: '82962.96',
        monthlyRevenue: '6913.58',
        weeklyRevenue: '1885.52',
        workingWeeks: 44,
        billableHoursPerYear: 1100,
        breakdown: { takeHome: '50000.00', tax: '16666.67', expenses: '8000.00', profit: '8296.29' },
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    const weeksPerYear = input.weeksPerYear ?? new Decimal(52);
    const daysPerWeek = input.daysPerWeek ?? new Decimal(5);
    const offDays = (input.holidayDays ?? ZERO).plus(input.sickDays ?? ZERO);
    const workingWeeks = weeksPerYear.minus(input.vacationWeeks ?? new Decimal(4)).minus(offDays.div(daysPerWeek));
    if (workingWeeks.lte(ZERO)) throw invalidField('vacationWeeks', 'vacation, holidays and sick days leave no working weeks');
    const billableHours = workingWeeks.times(input.billableHoursPerWeek ?? new Decimal(30));
    const expenses = input.expenses ?? ZERO;
    const taxFraction = (input.taxRate ?? ZERO).div(HUNDRED);
    const marginFraction = (input.profitMargin ?? ZERO).div(HUNDRED);
    const preTax = input.targetIncome.div(ONE.minus(taxFraction));
    const revenue = preTax.plus(expenses).div(ONE.minus(marginFraction));
    const hourly = revenue.div(billableHours);
    const annualRevenue = m.round(revenue);
    const takeHome = m.round(input.targetIncome);
    const tax = m.round(preTax.minus(input.targetIncome));
    const exp = m.round(expenses);
    return {
      hourlyRate: m.fmt(hourly),
      dayRate: m.fmt(m.round(hourly).times(input.hoursPerDay ?? new Decimal(8))),
      annualRevenue: m.fmt(annualRevenue),
      monthlyRevenue: m.fmt(revenue.div(12)),
      weeklyRevenue: m.fmt(revenue.div(workingWeeks)),
      workingWeeks: toNumber(workingWeeks),
      billableHoursPerYear: toNumber(billableHours),
      breakdown: { takeHome: m.fmt(takeHome), tax: m.fmt(tax), expenses: m.fmt(exp), profit: m.fmt(annualRevenue.minus(takeHome).minus(tax).minus(exp)) },
      ...m.meta(),
    };
  },
});
