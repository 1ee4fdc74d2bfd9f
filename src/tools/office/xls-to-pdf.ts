import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'xls-to-pdf',
  title: 'Excel 97-2003 (XLS) to PDF',
  description:
    'Converts an Excel 97-2003 (XLS) workbook to PDF with LibreOffice. Every sheet becomes pages as LibreOffice prints it (print ranges and page setup of the workbook apply; wide sheets continue on further pages).',
  keywords: ['xls', 'pdf', 'spreadsheet', 'excel', 'xls to pdf'],
  accept: ['xls'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    { title: 'convert to PDF', input: {}, upload: { fileName: 'budget.xls' } },
    { title: 'name the output', input: { fileName: 'budget-print' }, upload: { fileName: 'budget.xls' } },
  ],
});
