import { z } from 'zod';
import { dataFileTool, JSON_INPUT } from './lib/data-tool.ts';
import { parseJsonText } from './lib/json.ts';
import { escapeHtml, htmlOfValue, htmlPage } from './lib/render.ts';

export default dataFileTool({
  module: 'web',
  slug: 'json-to-html',
  title: 'JSON to HTML',
  description:
    'Renders JSON as a standalone, styled HTML page: an array of flat objects becomes a table (one column per key), other arrays lists, objects ' +
    'key/value tables, nested to any depth (up to 100 levels). Everything is HTML-escaped.',
  keywords: ['json', 'html', 'table', 'json to html', 'render', 'viewer'],
  accept: JSON_INPUT,
  fields: () => ({ title: z.string().max(200).optional().describe('Page title and heading (default: the file name)') }),
  output: { extension: 'html', mimeType: 'text/html' },
  examples: [
    { title: 'records as a table', input: {}, upload: { fileName: 'people.json', content: '[{"name":"Ada","born":1815},{"name":"Grace","born":1906}]' } },
    {
      title: 'nested object',
      input: { title: 'Config' },
      upload: { fileName: 'config.json', content: '{"server":{"port":8080,"hosts":["a","b"]},"debug":false}' },
    },
  ],
  convert: (source, input) => {
    const title = input.title ?? source.fileName.replace(/\.[^.]*$/, '');
    return htmlPage(title, `<h1>${escapeHtml(title)}</h1>\n${htmlOfValue(parseJsonText(source.text))}`);
  },
});
