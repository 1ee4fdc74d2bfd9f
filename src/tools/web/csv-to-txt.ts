import { CSV_INPUT, dataFileTool } from './lib/data-tool.ts';
import { textTable } from './lib/render.ts';
import { csvReadFields, readCsv } from './lib/csv-options.ts';

export default dataFileTool({
  module: 'web',
  slug: 'csv-to-txt',
  title: 'CSV to text table',
  description:
    'Converts a CSV file to a fixed-width plain-text table: columns padded to their widest cell (wide CJK characters count double), ' +
    'two spaces between columns and a dashed rule under the header; line breaks inside cells are shown as ⏎. For READMEs, e-mails and terminals.',
  keywords: ['csv', 'txt', 'text', 'table', 'csv to text', 'fixed width'],
  accept: CSV_INPUT,
  fields: () => csvReadFields,
  output: { extension: 'txt', mimeType: 'text/plain' },
  examples: [
    { title: 'aligned columns', input: {}, upload: { fileName: 'people.csv', content: 'name,age\nAda Lovelace,36\nGrace,85\n' } },
    { title: 'tab-separated input', input: { delimiter: 'tab' }, upload: { fileName: 'stock.tsv', content: 'sku\tqty\nA-1\t12\n' } },
  ],
  convert: (source, input, ctx) => {
    const csv = readCsv(source, input, (m) => ctx.warn(m));
    return textTable(csv.columns, csv.rows);
  },
});
