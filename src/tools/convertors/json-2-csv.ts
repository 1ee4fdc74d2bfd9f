import { jsonToCsvSpec } from '../web/json-to-csv.ts';

/** Upload in `file` (or `jsonFile`); the result links to the CSV file. */
export default jsonToCsvSpec('convertors', 'json-2-csv', ['jsonFile']);
