import { spreadsheetJsonTool } from '../conversions.ts';

export default spreadsheetJsonTool({
  module: 'office',
  slug: 'ods-to-json',
  title: 'OpenDocument spreadsheet (ODS) to JSON',
  description:
    "Reads every sheet of an OpenDocument spreadsheet (ODS) workbook into JSON. LibreOffice's warm pool converts it to .xlsx first, then the cells are read with exceljs.",
  keywords: ['ods', 'json', 'spreadsheet', 'excel', 'parse spreadsheet', 'ods to json'],
  accept: ['ods'],
  toXlsx: [{ engine: 'office', format: 'xlsx' }],
  examples: [
    { title: 'every sheet, rows keyed by the header row', input: {}, upload: { fileName: 'budget.ods' } },
    { title: 'one sheet by name', input: { sheet: 'Sales' }, upload: { fileName: 'budget.ods' } },
    { title: 'the first sheet as arrays (no header row)', input: { sheet: '1', header: false }, upload: { fileName: 'budget.ods' } },
  ],
});
