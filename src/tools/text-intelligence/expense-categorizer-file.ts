import { withThousands } from '../../lib/digits.ts';
import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { fileTwinOf } from '../../lib/extract/file-twin.ts';
import { UPLOAD_TEXT_FORMATS } from '../../lib/extract/upload.ts';
import { MAX_TEXT_CHARS } from '../../registry/fields.ts';
import expenseCategorizer from './expense-categorizer.ts';
import { MAX_EXPENSE_ROWS } from './lib/expenses.ts';

/** CSV of rows of cells (RFC 4180 quoting). */
function toCsv(rows: string[][]): string {
  return rows.map((cells) => cells.map((c) => (/[",\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');
}

/**
 * Whether plain text is really a delimited table: the first lines (up to 20) split into the same number (≥ 2)
 * of fields on one of , ; tab |. Expense notes ("Uber to airport 31,20 EUR") do not.
 */
export function looksLikeCsv(text: string): boolean {
  const lines = text
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 20);
  if (lines.length < 2) return false;
  return [',', ';', '\t', '|'].some((d) => {
    const counts = lines.map((l) => l.replace(/"[^"]*"/g, '').split(d).length - 1);
    return counts[0]! >= 1 && counts.every((c) => c === counts[0]);
  });
}

export default fileTwinOf(expenseCategorizer, {
  textFields: ['text', 'csv'],
  maxCharacters: MAX_TEXT_CHARS,
  fields: {
    format: z
      .enum(['auto', 'text', 'csv'])
      .default('auto')
      .describe('How to read the file: auto (spreadsheets and delimited text as CSV, other text line by line), text or csv'),
    sheet: z.string().max(100).optional().describe('Spreadsheets: the sheet to read, by name (default: the first sheet with data)'),
  },
  toInput: ({ text, document }, { format, sheet }, ctx) => {
    let input: { text?: string; csv?: string };
    if (sheet !== undefined && !document.sheets) ctx.warn('`sheet` was ignored: the file is not a spreadsheet.');
    if (document.sheets && format !== 'text') {
      const chosen = sheet === undefined ? document.sheets.find((s) => s.text.trim()) : document.sheets.find((s) => s.name === sheet);
      if (!chosen) {
        if (sheet !== undefined)
          throw new ToolError(
            'validation_failed',
            `sheet: no sheet named "${sheet}"; the workbook has ${document.sheets.map((s) => `"${s.name}"`).join(', ')}.`,
          );
        throw new ToolError('validation_failed', 'file: the workbook has no sheet with data.');
      }
      input = { csv: toCsv(chosen.text.split('\n').map((row) => row.split('\t'))) };
    } else if (format === 'csv' || (format === 'auto' && looksLikeCsv(text))) {
      input = { csv: text };
    } else {
      input = { text };
    }
    if (!/\d/.test(input.text ?? input.csv ?? '')) throw new ToolError('validation_failed', 'file: the extracted text contains no amounts.');
    return input;
  },
  title: 'Expense categorizer for an uploaded statement or receipt list',
  description:
    `The upload twin of expense-categorizer: upload a bank or card export (CSV, XLSX, ODS) or a document listing expenses (${UPLOAD_TEXT_FORMATS}) ` +
    'as multipart/form-data in field "file". Spreadsheets are read as CSV (their first sheet with data, or `sheet`), text that is a delimited table ' +
    'is read as CSV, anything else (PDF statements, notes) line by line — or set `format`. Each expense gets its date, merchant, amount, currency and ' +
    'a category from keyword rules; totals per category and per currency are computed in decimal and returned as 2-decimal strings, exactly like ' +
    `expense-categorizer, plus \`source\` (file name, format, characters, pages). Up to ${withThousands(MAX_EXPENSE_ROWS)} lines or rows.`,
  keywords: ['expenses', 'bank statement', 'csv upload', 'xlsx', 'categorize transactions', 'receipts', 'budget', 'bookkeeping', 'pdf statement'],
  examples: [
    {
      title: 'expense notes in a text file',
      input: {},
      upload: { fileName: 'receipts.txt', content: '2024-03-05 Starbucks latte $4.50\n2024-03-06 Shell fuel $52.10\n' },
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
            date: '2024-03-06',
            merchant: 'Shell',
            description: 'Shell fuel',
            amount: '52.10',
            currency: 'USD',
            category: 'fuel',
            matchedRule: 'shell',
          },
        ],
        totalsByCategory: [
          { category: 'fuel', currency: 'USD', total: '52.10', count: 1 },
          { category: 'meals & dining', currency: 'USD', total: '4.50', count: 1 },
        ],
        totalsByCurrency: [{ currency: 'USD', expenses: '56.60', credits: '0.00', net: '56.60', count: 2 }],
        skipped: [],
        detected: { dateOrder: 'MDY', decimalSeparator: 'auto', signConvention: 'expenses-positive', delimiter: null, header: null, columns: null },
        source: { fileName: 'receipts.txt', kind: 'txt', engine: 'text', characters: 61 },
      },
    },
    {
      title: 'a CSV bank export (detected as a table)',
      input: { currency: 'EUR' },
      upload: { fileName: 'export.csv', content: 'Date;Payee;Amount\n03.04.2024;REWE Markt;-54,20\n04.04.2024;Deutsche Bahn;-89,90\n' },
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
        ],
        totalsByCategory: [
          { category: 'travel', currency: 'EUR', total: '89.90', count: 1 },
          { category: 'groceries', currency: 'EUR', total: '54.20', count: 1 },
        ],
        totalsByCurrency: [{ currency: 'EUR', expenses: '144.10', credits: '0.00', net: '144.10', count: 2 }],
        skipped: [],
        detected: {
          dateOrder: 'DMY',
          decimalSeparator: 'auto',
          signConvention: 'expenses-negative',
          delimiter: ';',
          header: true,
          columns: { date: 0, merchant: 1, amount: 2 },
        },
        source: { fileName: 'export.csv', kind: 'txt', engine: 'text', characters: 78 },
      },
    },
    { title: 'an Excel export', input: { sheet: 'Transactions' }, upload: { fileName: 'card-statement.xlsx' } },
  ],
});
