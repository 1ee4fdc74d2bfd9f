import { z } from 'zod';
import { dataFileTool, JSON_INPUT } from './lib/data-tool.ts';
import { parseJsonText } from './lib/json.ts';
import { writeXml } from './lib/xml.ts';

export default dataFileTool({
  module: 'web',
  slug: 'json-to-xml',
  title: 'JSON to XML',
  description:
    'Converts JSON to an indented XML document (UTF-8). Object keys become elements (made valid XML names), arrays repeated elements, keys starting with @ ' +
    'attributes and #text element text — the shape xml-to-json produces, so the two round-trip. A single top-level key holding an object is the root element; ' +
    'otherwise the root is rootElement and top-level array items are <item> elements.',
  keywords: ['json', 'xml', 'json to xml', 'convert'],
  accept: JSON_INPUT,
  fields: () => ({ rootElement: z.string().min(1).max(100).default('root').describe('Root element name when the JSON does not name one (default root)') }),
  output: { extension: 'xml', mimeType: 'application/xml' },
  examples: [
    {
      title: 'named root with attributes',
      input: {},
      upload: { fileName: 'catalog.json', content: '{"catalog":{"book":[{"@id":"b1","title":"Dune"},{"@id":"b2","title":"Emma"}]}}' },
    },
    { title: 'top-level array', input: { rootElement: 'people' }, upload: { fileName: 'people.json', content: '[{"name":"Ada"},{"name":"Grace"}]' } },
  ],
  convert: (source, input) => writeXml(parseJsonText(source.text), input.rootElement),
});
