import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'ods', 'xlsx', {
  title: 'OpenDocument spreadsheet (ODS) to XLSX',
  description:
    'Converts an OpenDocument spreadsheet (.ods, LibreOffice Calc) to an Excel workbook (.xlsx) with LibreOffice, keeping every sheet, formulas, number formats and merged cells.',
  keywords: ['ods', 'xlsx', 'excel', 'calc', 'opendocument'],
  examples: convertAndName('convert to Excel', { fileName: 'budget.ods' }, 'budget-excel'),
});
