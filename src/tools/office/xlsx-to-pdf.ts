import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'xlsx-to-pdf',
  title: 'Excel (XLSX) to PDF',
  description:
    'Converts an Excel (XLSX) workbook to PDF with LibreOffice. Every sheet becomes pages as LibreOffice prints it (print ranges and page setup of the workbook apply; wide sheets continue on further pages).',
  keywords: ['xlsx', 'pdf', 'spreadsheet', 'excel', 'xlsx to pdf'],
  accept: ['xlsx'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    { title: 'convert to PDF', input: {}, upload: { fileName: 'budget.xlsx' } },
    { title: 'name the output', input: { fileName: 'budget-print' }, upload: { fileName: 'budget.xlsx' } },
  ],
});
