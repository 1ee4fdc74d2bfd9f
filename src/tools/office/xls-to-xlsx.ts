import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'xls', 'xlsx', {
  title: 'Excel 97-2003 (XLS) to XLSX',
  description:
    'Converts a legacy Excel workbook (.xls) to the current Excel format (.xlsx) with LibreOffice, keeping every sheet, formulas, number formats, merged cells and charts.',
  keywords: ['xls', 'xlsx', 'excel', 'upgrade', 'convert excel'],
  examples: convertAndName('upgrade a workbook', { fileName: 'ledger.xls' }, 'ledger-2024'),
});
