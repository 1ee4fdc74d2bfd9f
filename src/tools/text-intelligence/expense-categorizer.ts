import { withThousands } from '../../lib/digits.ts';
import { code as currencyCode } from 'currency-codes';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { MAX_TEXT_CHARS } from '../../registry/fields.ts';
import { CATEGORIES, categorizeExpenses, expenseResultSchema, MAX_EXPENSE_ROWS } from './lib/expenses.ts';

const source = (what: string) =>
  z
    .string()
    .max(MAX_TEXT_CHARS, `at most ${MAX_TEXT_CHARS.toLocaleString('en')} characters`)
    .optional()
    .describe(what);

export default defineTool({
  module: 'text-intelligence',
  slug: 'expense-categorizer',
  cpu: 'large-input',
  title: 'Expense categorizer (text or CSV)',
  description:
    'Turns expense notes or a bank/card CSV export into categorised expenses with totals. Give `text` (one expense per line, e.g. ' +
    '"2024-03-05 Starbucks coffee $4.50") or `csv` (delimiter and header detected; columns found by name such as date, description, ' +
    'payee, amount, debit/credit, currency, or by content). Reads amounts with currency symbols or ISO codes and either decimal ' +
    'convention (1,234.56 and 1.234,56), dates in ISO, numeric (day/month order detected, or set `dateOrder`) and written forms, ' +
    'and the merchant. Categories come from keyword rules over merchant and description (' +
    CATEGORIES.length +
    ' categories: ' +
    'groceries, meals & dining, travel, transport, fuel, software & SaaS, utilities & telecom, …); the longest matching rule wins, ' +
    'so "Uber Eats" is dining and "Uber" transport. Negative amounts are refunds or income; bank exports that list spending as ' +
    'negative are detected. Totals per category and per currency are computed in decimal and returned as 2-decimal strings; ' +
    `no exchange rates are applied. Up to ${withThousands(MAX_EXPENSE_ROWS)} lines or rows.`,
  keywords: ['expenses', 'categorize', 'bank statement', 'transactions', 'budget', 'spending', 'csv', 'receipts', 'bookkeeping', 'expense report'],
  input: () =>
    z
      .object({
        text: source('Expenses as text, one per line (give text or csv)'),
        csv: source('Expenses as CSV, e.g. a bank export (give text or csv)'),
        currency: z
          .string()
          .length(3, 'a 3-letter ISO 4217 code such as USD, EUR or GBP')
          .transform((c) => c.toUpperCase())
          .refine((c) => currencyCode(c) !== undefined, 'a 3-letter ISO 4217 code such as USD, EUR or GBP')
          .default('USD')
          .describe('Currency of amounts written without one (ISO 4217, default USD); also decides what "$" means (CAD, AUD…)'),
        dateOrder: z
          .enum(['auto', 'DMY', 'MDY'])
          .default('auto')
          .describe('How to read numeric dates such as 03/05/2024: auto (detected from the data), DMY or MDY'),
        decimalSeparator: z.enum(['auto', '.', ',']).default('auto').describe('Decimal separator of the amounts: auto (per number), "." or ","'),
        signConvention: z
          .enum(['auto', 'expenses-positive', 'expenses-negative'])
          .default('auto')
          .describe('auto: if most amounts are negative (a bank export), negative amounts are the expenses'),
      })
      .superRefine((v, ctx) => {
        if ((v.text !== undefined) === (v.csv !== undefined)) ctx.addIssue({ code: 'custom', message: 'give exactly one of text or csv', path: ['text'] });
        else if (!/\d/.test(v.text ?? v.csv ?? ''))
          ctx.addIssue({ code: 'custom', message: 'contains no amounts', path: [v.text !== undefined ? 'text' : 'csv'] });
      }),
  output: () => expenseResultSchema,
  examples: [
    {
      title: 'notes with symbols, codes and decimal commas',
      input: {
        text: '2024-03-05 Starbucks latte $4.50\n2024-03-05 Uber Eats dinner $23.10\n06/03/2024 Uber to airport 31,20 EUR\nAWS invoice March USD 120.00\nRefund Amazon -15.99',
      },
      output: {
        format: 'text',
        expenses: [
          {
            line: 1,
            date: '2024-03-05',
            merchant: 'Starbucks',
            description: 'Starbucks latte',
            amount: '4.50',
            currency: 'USD',
            category: 'meals & dining',
            matchedRule: 'starbucks',
          },
          {
            line: 2,
            date: '2024-03-05',
            merchant: 'Uber Eats',
            description: 'Uber Eats dinner',
            amount: '23.10',
            currency: 'USD',
            category: 'meals & dining',
            matchedRule: 'uber eats',
          },
          {
            line: 3,
            date: '2024-03-06',
            merchant: 'Uber',
            description: 'Uber to airport',
            amount: '31.20',
            currency: 'EUR',
            category: 'transport',
            matchedRule: 'uber',
          },
          {
            line: 4,
            date: null,
            merchant: 'AWS',
            description: 'AWS invoice March',
            amount: '120.00',
            currency: 'USD',
            category: 'software & SaaS',
            matchedRule: 'aws',
          },
          {
            line: 5,
            date: null,
            merchant: 'Amazon',
            description: 'Refund Amazon',
            amount: '-15.99',
            currency: 'USD',
            category: 'income & refunds',
            matchedRule: null,
          },
        ],
        totalsByCategory: [
          { category: 'software & SaaS', currency: 'USD', total: '120.00', count: 1 },
          { category: 'transport', currency: 'EUR', total: '31.20', count: 1 },
          { category: 'meals & dining', currency: 'USD', total: '27.60', count: 2 },
          { category: 'income & refunds', currency: 'USD', total: '-15.99', count: 1 },
        ],
        totalsByCurrency: [
          { currency: 'EUR', expenses: '31.20', credits: '0.00', net: '31.20', count: 1 },
          { currency: 'USD', expenses: '147.60', credits: '15.99', net: '131.61', count: 4 },
        ],
        skipped: [],
        detected: { dateOrder: 'DMY', decimalSeparator: 'auto', signConvention: 'expenses-positive', delimiter: null, header: null, columns: null },
      },
    },
    {
      title: 'a bank CSV export with spending as negative numbers',
      input: {
        csv: 'Date;Payee;Amount;Currency\n03.04.2024;REWE Markt;-54,20;EUR\n04.04.2024;Deutsche Bahn;-89,90;EUR\n05.04.2024;Salary ACME;2500,00;EUR\n06.04.2024;Spotify;-10,99;EUR',
      },
      output: {
        format: 'csv',
        expenses: [
          {
            line: 2,
            date: '2024-04-03',
            merchant: 'REWE Markt',
            description: 'REWE Markt',
            amount: '54.20',
            currency: 'EUR',
            category: 'groceries',
            matchedRule: 'rewe',
          },
          {
            line: 3,
            date: '2024-04-04',
            merchant: 'Deutsche Bahn',
            description: 'Deutsche Bahn',
            amount: '89.90',
            currency: 'EUR',
            category: 'travel',
            matchedRule: 'deutsche bahn',
          },
          {
            line: 4,
            date: '2024-04-05',
            merchant: 'Salary ACME',
            description: 'Salary ACME',
            amount: '-2500.00',
            currency: 'EUR',
            category: 'income & refunds',
            matchedRule: null,
          },
          {
            line: 5,
            date: '2024-04-06',
            merchant: 'Spotify',
            description: 'Spotify',
            amount: '10.99',
            currency: 'EUR',
            category: 'entertainment & subscriptions',
            matchedRule: 'spotify',
          },
        ],
        totalsByCategory: [
          { category: 'travel', currency: 'EUR', total: '89.90', count: 1 },
          { category: 'groceries', currency: 'EUR', total: '54.20', count: 1 },
          { category: 'entertainment & subscriptions', currency: 'EUR', total: '10.99', count: 1 },
          { category: 'income & refunds', currency: 'EUR', total: '-2500.00', count: 1 },
        ],
        totalsByCurrency: [{ currency: 'EUR', expenses: '155.09', credits: '2500.00', net: '-2344.91', count: 4 }],
        skipped: [],
        detected: {
          dateOrder: 'DMY',
          decimalSeparator: 'auto',
          signConvention: 'expenses-negative',
          delimiter: ';',
          header: true,
          columns: { date: 0, merchant: 1, amount: 2, currency: 3 },
        },
      },
    },
  ],
  run: ({ text, csv, currency, dateOrder, decimalSeparator, signConvention }, ctx) => {
    const { warnings, ...result } = categorizeExpenses({ text, csv }, { currency, dateOrder, decimalSeparator, signConvention });
    for (const warning of warnings) ctx.warn(warning);
    return result;
  },
});
