import { writeCsv } from './lib/csv.ts';
import { dataFileTool, JSON_INPUT } from './lib/data-tool.ts';
import { parseJsonText, recordsOf, tableOf } from './lib/json.ts';
import { csvWriteFields } from './lib/csv-options.ts';
import { ToolError } from '../../core/errors.ts';

/** Shared by web/json-to-csv and convertors/json-2-csv. */
export function jsonToCsvSpec(module: 'web' | 'convertors', slug: string, aliases?: string[]) {
  return dataFileTool({
    module,
    slug,
    title: 'JSON to CSV',
    description:
      'Converts JSON to a CSV file (RFC 4180, UTF-8, CRLF). An array of objects becomes one row per object; for an object, the first array of objects inside it ' +
      '(e.g. {"data": [...]}) is used, or else the object is one row. Nested objects become dotted columns (address.city), arrays are written as JSON text, ' +
      'null as an empty cell; the columns are the union of all keys in first-seen order. Options: delimiter, an Excel byte-order mark, and CSV-injection escaping.',
    keywords: ['json', 'csv', 'json to csv', 'export', 'spreadsheet', 'flatten'],
    accept: JSON_INPUT,
    ...(aliases ? { aliases } : {}),
    fields: () => csvWriteFields,
    output: { extension: 'csv', mimeType: 'text/csv' },
    examples: [
      {
        title: 'array of objects',
        input: {},
        upload: { fileName: 'people.json', content: '[{"name":"Ada","address":{"city":"London"}},{"name":"Grace","tags":["navy","cobol"]}]' },
      },
      {
        title: 'semicolons for European Excel, with a BOM',
        input: { delimiter: 'semicolon', bom: true },
        upload: { fileName: 'export.json', content: '{"data":[{"sku":"A-1","price":9.5},{"sku":"B-2","price":12}]}' },
      },
    ],
    convert: (source, input, ctx) => {
      const value = parseJsonText(source.text);
      const records = recordsOf(value, (m) => ctx.warn(m));
      if (records.length === 0) throw new ToolError('validation_failed', 'file: the JSON array is empty; there are no rows to write.');
      const { columns, rows } = tableOf(records);
      return writeCsv(columns, rows, input);
    },
  });
}

export default jsonToCsvSpec('web', 'json-to-csv');
