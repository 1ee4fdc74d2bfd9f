import { conversionTool, csvOptions, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'xlsx-to-csv',
  title: 'Excel (XLSX) to CSV',
  description:
    'Converts a sheet of an Excel (XLSX) workbook to CSV. One sheet per call: the first by default, or the one named in "sheet" (its name or 1-based position); the other sheets are named in warnings. Cells are written as their values: numbers to 15 significant digits (no thousands separators or currency symbols), dates as ISO 8601 (2024-01-15, 2024-01-15T09:30:00), booleans as TRUE/FALSE, formulas as their computed value. RFC 4180 CSV (fields quoted when needed, CRLF line ends) with a comma, semicolon, tab or pipe delimiter and an optional UTF-8 byte-order mark. At most 2,000,000 non-empty cells per call.',
  keywords: ['xlsx', 'csv', 'spreadsheet', 'excel', 'xlsx to csv'],
  accept: ['xlsx'],
  output: outputOf('csv'),
  steps: [{ engine: 'sheet-text', format: 'csv' }],
  options: csvOptions,
  examples: [
    { title: 'the first sheet', input: {}, upload: { fileName: 'sales.xlsx' } },
    { title: 'a named sheet, semicolon-separated', input: { sheet: 'Summary', delimiter: 'semicolon' }, upload: { fileName: 'sales.xlsx' } },
    { title: 'the second sheet, with a BOM for Excel', input: { sheet: '2', bom: true }, upload: { fileName: 'sales.xlsx' } },
  ],
});
