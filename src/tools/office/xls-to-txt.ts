import { conversionTool, outputOf, sheetOption } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'xls-to-txt',
  title: 'Excel 97-2003 (XLS) to text (TSV)',
  description:
    'Converts a sheet of an Excel 97-2003 (XLS) workbook to tab-separated plain text. LibreOffice reads the workbook. One sheet per call: the first by default, or the one named in "sheet" (its name or 1-based position); the other sheets are named in warnings. Tab-separated values, one line per row (CRLF): numbers to 15 significant digits, dates as ISO 8601, booleans as TRUE/FALSE, formulas as their computed value; tabs and line breaks inside a cell become spaces. At most 2,000,000 non-empty cells per call.',
  keywords: ['xls', 'txt', 'tsv', 'tab separated', 'spreadsheet', 'text'],
  accept: ['xls'],
  output: outputOf('txt'),
  steps: [
    { engine: 'office', format: 'xlsx' },
    { engine: 'sheet-text', format: 'tsv' },
  ],
  options: sheetOption,
  examples: [
    { title: 'the first sheet', input: {}, upload: { fileName: 'sales.xls' } },
    { title: 'a named sheet', input: { sheet: 'Summary' }, upload: { fileName: 'sales.xls' } },
  ],
});
