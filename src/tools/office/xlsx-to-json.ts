import { spreadsheetJsonTool } from '../conversions.ts';

export default spreadsheetJsonTool({
  module: 'office',
  slug: 'xlsx-to-json',
  title: 'Excel (XLSX) to JSON',
  description: 'Reads every sheet of an Excel (XLSX) workbook into JSON. The cells are read with exceljs (no LibreOffice needed).',
  keywords: ['xlsx', 'json', 'spreadsheet', 'excel', 'parse spreadsheet', 'xlsx to json'],
  accept: ['xlsx'],
  toXlsx: [],
  examples: [
    { title: 'every sheet, rows keyed by the header row', input: {}, upload: { fileName: 'sales.xlsx' } },
    { title: 'one sheet by name', input: { sheet: 'Sales' }, upload: { fileName: 'sales.xlsx' } },
    { title: 'the first sheet as arrays (no header row)', input: { sheet: '1', header: false }, upload: { fileName: 'sales.xlsx' } },
  ],
});
