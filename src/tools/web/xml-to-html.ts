import { z } from 'zod';
import { dataFileTool, XML_INPUT } from './lib/data-tool.ts';
import { escapeHtml, htmlOfValue, htmlPage } from './lib/render.ts';
import { parseXml } from './lib/xml.ts';

export default dataFileTool({
  module: 'web',
  slug: 'xml-to-html',
  title: 'XML to HTML',
  description:
    'Renders an XML document as a standalone, styled HTML page: repeated records (e.g. <book> elements of a catalog) become a table, other elements ' +
    'nested key/value tables, attributes shown as @name. Everything is escaped. A DOCTYPE is refused (no XXE, no entity expansion).',
  keywords: ['xml', 'html', 'xml to html', 'table', 'viewer'],
  accept: XML_INPUT,
  fields: () => ({ title: z.string().max(200).optional().describe('Page title and heading (default: the root element name)') }),
  output: { extension: 'html', mimeType: 'text/html' },
  examples: [
    {
      title: 'records as a table',
      input: {},
      upload: { fileName: 'catalog.xml', content: '<catalog><book id="1"><title>Dune</title></book><book id="2"><title>Emma</title></book></catalog>' },
    },
    {
      title: 'nested document',
      input: { title: 'Settings' },
      upload: { fileName: 'settings.xml', content: '<settings><server port="8080"><host>a</host><host>b</host></server></settings>' },
    },
  ],
  convert: (source, input) => {
    const document = parseXml(source.text);
    const [root, body] = Object.entries(document)[0] ?? ['document', null];
    const title = input.title ?? root;
    return htmlPage(title, `<h1>${escapeHtml(title)}</h1>\n${htmlOfValue(body ?? null)}`);
  },
});
