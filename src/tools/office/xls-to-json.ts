import { spreadsheetJsonTool } from '../conversions.ts';

export default spreadsheetJsonTool({
  module: 'office',
  slug: 'xls-to-json',
  title: 'Excel 97-2003 (XLS) to JSON',
  description:
    "Reads every sheet of an Excel 97-2003 (XLS) workbook into JSON. LibreOffice's warm pool converts it to .xlsx first, then the cells are read with exceljs.",
  keywords: ['xls', 'json', 'spreadsheet', 'excel', 'parse spreadsheet', 'xls to json'],
  accept: ['xls'],
  toXlsx: [{ engine: 'office', format: 'xlsx' }],
  examples: [
    { title: 'every sheet, rows keyed by the header row', input: {}, upload: { fileName: 'ledger.xls' } },
    { title: 'one sheet by name', input: { sheet: 'Sales' }, upload: { fileName: 'ledger.xls' } },
    { title: 'the first sheet as arrays (no header row)', input: { sheet: '1', header: false }, upload: { fileName: 'ledger.xls' } },
  ],
});
