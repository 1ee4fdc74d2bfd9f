import { booleanField } from '../../registry/fields.ts';
import { z } from 'zod';
import { csvRecords } from './lib/csv.ts';
import { CSV_INPUT, dataJsonTool } from './lib/data-tool.ts';
import { csvReadFields, readCsv } from './lib/csv-options.ts';

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** Shared by web/csv-to-json and convertors/csv-2-json. */
export function csvToJsonSpec(module: 'web' | 'convertors', slug: string, aliases?: string[]) {
  return dataJsonTool({
    module,
    slug,
    title: 'CSV to JSON',
    description:
      'Converts a CSV file to a JSON array with one object per row, keyed by the header row. Handles quoted fields (embedded commas, quotes and line breaks), ' +
      'a UTF-8 byte-order mark, UTF-16 and Latin-1 files, and sniffs the delimiter (comma, semicolon, tab or pipe). Values stay text unless inferTypes is true ' +
      '(then 42 → number, true → boolean, empty → null; 007 stays text). Duplicate or blank header names get suffixes (name_2, column_3). Up to 200,000 rows.',
    keywords: ['csv', 'json', 'csv to json', 'spreadsheet', 'parse csv', 'convert'],
    accept: CSV_INPUT,
    ...(aliases ? { aliases } : {}),
    fields: () => ({
      ...csvReadFields,
      inferTypes: booleanField(
        false,
        'Turn numeric cells into numbers, true/false into booleans and empty cells into null (default false: every value is text)',
      ),
    }),
    output: () => z.array(z.record(z.string(), cell)).describe('One object per data row'),
    examples: [
      {
        title: 'rows keyed by the header',
        input: {},
        upload: { fileName: 'people.csv', content: 'name,age,city\nAda,36,London\n"Hopper, Grace",85,"New York"\n' },
        output: [
          { name: 'Ada', age: '36', city: 'London' },
          { name: 'Hopper, Grace', age: '85', city: 'New York' },
        ],
      },
      {
        title: 'semicolon-delimited with typed values',
        input: { inferTypes: true },
        upload: { fileName: 'stock.csv', content: 'sku;qty;active;zip\nA-1;12;true;007\nB-2;;false;10115\n' },
        output: [
          { sku: 'A-1', qty: 12, active: true, zip: '007' },
          { sku: 'B-2', qty: null, active: false, zip: 10115 },
        ],
      },
      {
        title: 'no header row',
        input: { header: false, delimiter: 'tab' },
        upload: { fileName: 'pairs.tsv', content: 'x\t1\ny\t2\n' },
        output: [
          { column_1: 'x', column_2: '1' },
          { column_1: 'y', column_2: '2' },
        ],
      },
    ],
    convert: (source, input, ctx) =>
      csvRecords(
        readCsv(source, input, (m) => ctx.warn(m)),
        input.inferTypes,
      ),
  });
}

export default csvToJsonSpec('web', 'csv-to-json');
