import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'ods-to-xlsx',
  title: 'OpenDocument spreadsheet (ODS) to XLSX',
  description:
    'Converts an OpenDocument spreadsheet (.ods, LibreOffice Calc) to an Excel workbook (.xlsx) with LibreOffice, keeping every sheet, formulas, number formats and merged cells.',
  keywords: ['ods', 'xlsx', 'excel', 'calc', 'opendocument'],
  accept: ['ods'],
  output: outputOf('xlsx'),
  steps: [{ engine: 'office', format: 'xlsx' }],
  examples: [
    { title: 'convert to Excel', input: {}, upload: { fileName: 'budget.ods' } },
    { title: 'name the output', input: { fileName: 'budget-excel' }, upload: { fileName: 'budget.ods' } },
  ],
});
