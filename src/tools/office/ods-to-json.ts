import { sheetsToJson } from './lib/families.ts';

export default sheetsToJson('ods', 'budget');
