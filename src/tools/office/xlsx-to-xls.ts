import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'xlsx', 'xls', {
  title: 'Excel (XLSX) to XLS (97-2003)',
  description:
    'Converts an Excel workbook (.xlsx) to the legacy Excel 97-2003 format (.xls) with LibreOffice for older software; sheets beyond 65,536 rows or 256 columns are cut by the format itself.',
  keywords: ['xlsx', 'xls', 'excel', 'legacy', 'excel 97'],
  examples: convertAndName('convert for old software', { fileName: 'ledger.xlsx' }, 'ledger-legacy'),
});
