import { sheetsToPdf } from './lib/families.ts';

export default sheetsToPdf('ods');
