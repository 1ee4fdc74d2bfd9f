import { conversionTool, outputOf, sheetOption } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'ods-to-txt',
  title: 'OpenDocument spreadsheet (ODS) to text (TSV)',
  description:
    'Converts a sheet of an OpenDocument spreadsheet (ODS) workbook to tab-separated plain text. LibreOffice reads the workbook. One sheet per call: the first by default, or the one named in "sheet" (its name or 1-based position); the other sheets are named in warnings. Tab-separated values, one line per row (CRLF): numbers to 15 significant digits, dates as ISO 8601, booleans as TRUE/FALSE, formulas as their computed value; tabs and line breaks inside a cell become spaces. At most 2,000,000 non-empty cells per call.',
  keywords: ['ods', 'txt', 'tsv', 'tab separated', 'spreadsheet', 'text'],
  accept: ['ods'],
  output: outputOf('txt'),
  steps: [
    { engine: 'office', format: 'xlsx' },
    { engine: 'sheet-text', format: 'tsv' },
  ],
  options: sheetOption,
  examples: [
    { title: 'the first sheet', input: {}, upload: { fileName: 'sales.ods' } },
    { title: 'a named sheet', input: { sheet: 'Summary' }, upload: { fileName: 'sales.ods' } },
  ],
});
