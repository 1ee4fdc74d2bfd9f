import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'ods-to-pdf',
  title: 'OpenDocument spreadsheet (ODS) to PDF',
  description:
    'Converts an OpenDocument spreadsheet (ODS) workbook to PDF with LibreOffice. Every sheet becomes pages as LibreOffice prints it (print ranges and page setup of the workbook apply; wide sheets continue on further pages).',
  keywords: ['ods', 'pdf', 'spreadsheet', 'excel', 'ods to pdf'],
  accept: ['ods'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    { title: 'convert to PDF', input: {}, upload: { fileName: 'budget.ods' } },
    { title: 'name the output', input: { fileName: 'budget-print' }, upload: { fileName: 'budget.ods' } },
  ],
});
