import { sheetToText } from './lib/families.ts';

export default sheetToText('xls');
