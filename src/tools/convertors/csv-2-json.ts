import { csvToJsonSpec } from '../web/csv-to-json.ts';

/** docs/contract.md "Envelopes": the JSON is the whole response body. Upload in `file` (or `csvFile`). */
export default csvToJsonSpec('convertors', 'csv-2-json', ['csvFile']);
