import { conversionTool, csvOptions, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'xls-to-csv',
  title: 'Excel 97-2003 (XLS) to CSV',
  description:
    'Converts a sheet of an Excel 97-2003 (XLS) workbook to CSV. LibreOffice reads the workbook. One sheet per call: the first by default, or the one named in "sheet" (its name or 1-based position); the other sheets are named in warnings. Cells are written as their values: numbers to 15 significant digits (no thousands separators or currency symbols), dates as ISO 8601 (2024-01-15, 2024-01-15T09:30:00), booleans as TRUE/FALSE, formulas as their computed value. RFC 4180 CSV (fields quoted when needed, CRLF line ends) with a comma, semicolon, tab or pipe delimiter and an optional UTF-8 byte-order mark. At most 2,000,000 non-empty cells per call.',
  keywords: ['xls', 'csv', 'spreadsheet', 'excel', 'xls to csv'],
  accept: ['xls'],
  output: outputOf('csv'),
  steps: [
    { engine: 'office', format: 'xlsx' },
    { engine: 'sheet-text', format: 'csv' },
  ],
  options: csvOptions,
  examples: [
    { title: 'the first sheet', input: {}, upload: { fileName: 'sales.xls' } },
    { title: 'a named sheet, semicolon-separated', input: { sheet: 'Summary', delimiter: 'semicolon' }, upload: { fileName: 'sales.xls' } },
    { title: 'the second sheet, with a BOM for Excel', input: { sheet: '2', bom: true }, upload: { fileName: 'sales.xls' } },
  ],
});
