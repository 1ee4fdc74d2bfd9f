import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'xlsx-to-xls',
  title: 'Excel (XLSX) to XLS (97-2003)',
  description:
    'Converts an Excel workbook (.xlsx) to the legacy Excel 97-2003 format (.xls) with LibreOffice for older software; sheets beyond 65,536 rows or 256 columns are cut by the format itself.',
  keywords: ['xlsx', 'xls', 'excel', 'legacy', 'excel 97'],
  accept: ['xlsx'],
  output: outputOf('xls'),
  steps: [{ engine: 'office', format: 'xls' }],
  examples: [
    { title: 'convert for old software', input: {}, upload: { fileName: 'ledger.xlsx' } },
    { title: 'name the output', input: { fileName: 'ledger-legacy' }, upload: { fileName: 'ledger.xlsx' } },
  ],
});
