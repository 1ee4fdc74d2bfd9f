import { csvToJsonSpec } from '../web/csv-to-json.ts';

/** SERVICE-SPEC 2.4: the JSON is the response body. Upload in `file` (or `csvFile`). */
export default csvToJsonSpec('convertors', 'csv-2-json', ['csvFile']);
