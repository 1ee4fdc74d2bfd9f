import { booleanField } from '../../registry/fields.ts';
import { z } from 'zod';
import { dataJsonTool, XML_INPUT } from './lib/data-tool.ts';
import { parseXml } from './lib/xml.ts';
import type { JsonValue } from './lib/json.ts';

export default dataJsonTool({
  module: 'web',
  slug: 'xml-to-json',
  title: 'XML to JSON',
  description:
    'Converts an XML document to JSON: {rootName: …}; child elements become keys (repeated ones arrays), attributes "@name" keys, text beside child elements "#text" ' +
    '(mixed content: its text parts in document order, joined by the whitespace between them collapsed to one space, so <p>mixed <b>bold</b> tail</p> gives "#text": "mixed tail"). ' +
    'Values stay text; entities and character references are decoded. Secure by construction: a DOCTYPE is refused, so no external entities (XXE) and no entity expansion ' +
    '(billion laughs); at most 100 levels of nesting.',
  keywords: ['xml', 'json', 'xml to json', 'parse xml', 'convert'],
  accept: XML_INPUT,
  fields: () => ({
    alwaysArray: booleanField(false, 'Wrap every element in an array, even when it occurs once (a stable shape for code); default false'),
  }),
  output: () => z.record(z.string(), z.unknown()).describe('The document as {rootElementName: content}'),
  examples: [
    {
      title: 'elements, attributes and repeated children',
      input: {},
      upload: {
        fileName: 'catalog.xml',
        content:
          '<?xml version="1.0"?>\n<catalog>\n  <book id="b1"><title>Dune</title><price>9.99</price></book>\n  <book id="b2"><title>AT&amp;T &#x263A;</title></book>\n</catalog>\n',
      },
      output: {
        catalog: {
          book: [
            { '@id': 'b1', title: 'Dune', price: '9.99' },
            { '@id': 'b2', title: 'AT&T ☺' },
          ],
        },
      },
    },
    {
      title: 'text beside attributes',
      input: {},
      upload: { fileName: 'note.xml', content: '<note lang="en">Hello</note>' },
      output: { note: { '@lang': 'en', '#text': 'Hello' } },
    },
  ],
  convert: (source, input) => {
    const parsed = parseXml(source.text);
    if (!input.alwaysArray) return parsed;
    // The root stays an object: its descendants are the arrays.
    return Object.fromEntries(Object.entries(parsed).map(([root, body]) => [root, wrap(body)]));
  },
});

type Json = JsonValue;

/** Every element value (not attributes or #text) as an array. */
function wrap(value: Json): Json {
  if (Array.isArray(value)) return value.map(wrap);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key.startsWith('@') || key === '#text') return [key, child];
      const wrapped = wrap(child ?? null);
      return [key, Array.isArray(child) ? wrapped : [wrapped]];
    }),
  );
}
