import { sheetsToJson } from './lib/families.ts';

export default sheetsToJson('xls', 'ledger');
