import { dataFileTool, XML_INPUT } from './lib/data-tool.ts';
import { outlineOf } from './lib/render.ts';
import { parseXml } from './lib/xml.ts';

export default dataFileTool({
  module: 'web',
  slug: 'xml-to-txt',
  title: 'XML to text',
  description:
    'Converts an XML document to a readable plain-text outline without tags: "element: text" lines, attributes as "@name: value", repeated elements as "- " items, ' +
    'nesting indented by two spaces; entities decoded. A DOCTYPE is refused (no XXE, no entity expansion).',
  keywords: ['xml', 'txt', 'text', 'xml to text', 'strip tags', 'outline'],
  accept: XML_INPUT,
  output: { extension: 'txt', mimeType: 'text/plain' },
  examples: [
    {
      title: 'a catalog',
      input: {},
      upload: { fileName: 'catalog.xml', content: '<catalog><book id="1"><title>Dune</title></book><book id="2"><title>Emma</title></book></catalog>' },
    },
    { title: 'a note', input: { fileName: 'note' }, upload: { fileName: 'note.xml', content: '<note><to>Ada</to><body>Tea at 5 &amp; cake</body></note>' } },
  ],
  convert: (source) => outlineOf(parseXml(source.text)),
});
