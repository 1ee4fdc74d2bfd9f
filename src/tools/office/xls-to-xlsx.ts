import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'xls-to-xlsx',
  title: 'Excel 97-2003 (XLS) to XLSX',
  description:
    'Converts a legacy Excel workbook (.xls) to the current Excel format (.xlsx) with LibreOffice, keeping every sheet, formulas, number formats, merged cells and charts.',
  keywords: ['xls', 'xlsx', 'excel', 'upgrade', 'convert excel'],
  accept: ['xls'],
  output: outputOf('xlsx'),
  steps: [{ engine: 'office', format: 'xlsx' }],
  examples: [
    { title: 'upgrade a workbook', input: {}, upload: { fileName: 'ledger.xls' } },
    { title: 'name the output', input: { fileName: 'ledger-2024' }, upload: { fileName: 'ledger.xls' } },
  ],
});
