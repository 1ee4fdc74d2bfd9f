import { z } from 'zod';
import { CSV_INPUT, dataFileTool } from './lib/data-tool.ts';
import { escapeHtml, htmlPage, htmlTable } from './lib/render.ts';
import { csvReadFields, readCsv } from './lib/csv-options.ts';

export default dataFileTool({
  module: 'web',
  slug: 'csv-to-html',
  title: 'CSV to HTML table',
  description:
    'Converts a CSV file to a standalone, styled HTML page with one table (header row as <thead>); every cell is HTML-escaped. ' +
    'Delimiter sniffed (comma, semicolon, tab, pipe), quoted fields, BOM, UTF-16 and Latin-1 handled.',
  keywords: ['csv', 'html', 'table', 'csv to html', 'web page'],
  accept: CSV_INPUT,
  fields: () => ({ ...csvReadFields, title: z.string().max(200).optional().describe('Page title and caption (default: the file name)') }),
  output: { extension: 'html', mimeType: 'text/html' },
  examples: [
    { title: 'a table page', input: {}, upload: { fileName: 'people.csv', content: 'name,role\nAda,<engineer>\nGrace,admiral\n' } },
    { title: 'with a title', input: { title: 'Stock' }, upload: { fileName: 'stock.csv', content: 'sku;qty\nA-1;12\n' } },
  ],
  convert: (source, input, ctx) => {
    const csv = readCsv(source, input, (m) => ctx.warn(m));
    const title = input.title ?? source.fileName.replace(/\.[^.]*$/, '');
    return htmlPage(title, `<h1>${escapeHtml(title)}</h1>\n${htmlTable(csv.columns, csv.rows)}`);
  },
});
