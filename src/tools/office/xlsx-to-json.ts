import { sheetsToJson } from './lib/families.ts';

export default sheetsToJson('xlsx', 'sales');
