import { z } from 'zod';
import { CSV_INPUT, dataFileTool } from './lib/data-tool.ts';
import { writeXml, xmlName } from './lib/xml.ts';
import { csvReadFields, readCsv } from './lib/csv-options.ts';
import { uniqueNames } from './lib/csv.ts';

export default dataFileTool({
  module: 'web',
  slug: 'csv-to-xml',
  title: 'CSV to XML',
  description:
    'Converts a CSV file to XML: one <row> element per data row, one child element per column named after the header (made a valid XML name: ' +
    '"unit price" → unit_price, "2024" → _2024). Text is escaped; the root and row element names can be chosen.',
  keywords: ['csv', 'xml', 'csv to xml', 'convert'],
  accept: CSV_INPUT,
  fields: () => ({
    ...csvReadFields,
    rootElement: z.string().min(1).max(100).default('rows').describe('Name of the root element (default rows)'),
    rowElement: z.string().min(1).max(100).default('row').describe('Name of each row element (default row)'),
  }),
  output: { extension: 'xml', mimeType: 'application/xml' },
  examples: [
    { title: 'rows as elements', input: {}, upload: { fileName: 'people.csv', content: 'name,unit price\nAda,3 & 4\n' } },
    {
      title: 'custom element names',
      input: { rootElement: 'catalog', rowElement: 'book' },
      upload: { fileName: 'books.csv', content: 'title;year\nDune;1965\n' },
    },
  ],
  convert: (source, input, ctx) => {
    const csv = readCsv(source, input, (m) => ctx.warn(m));
    const names = uniqueNames(
      csv.columns.map((c) => xmlName(c, 'column')),
      (i) => `column_${i + 1}`,
    );
    const rows = csv.rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i] ?? ''])));
    return writeXml({ [xmlName(input.rootElement, 'rows')]: { [xmlName(input.rowElement, 'row')]: rows } }, 'rows');
  },
});
