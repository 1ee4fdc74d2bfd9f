import { sheetToCsv } from './lib/families.ts';

export default sheetToCsv('xlsx');
