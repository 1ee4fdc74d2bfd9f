import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { writeCsv } from './lib/csv.ts';
import { dataFileTool, XML_INPUT } from './lib/data-tool.ts';
import { findRecordArray, isObject, tableOf, type JsonValue } from './lib/json.ts';
import { parseXml } from './lib/xml.ts';
import { csvWriteFields } from './lib/csv-options.ts';

export default dataFileTool({
  module: 'web',
  slug: 'xml-to-csv',
  title: 'XML to CSV',
  description:
    'Converts the repeated records of an XML document (e.g. every <book> of a <catalog>) to CSV rows: child elements and attributes (@id) become columns, ' +
    'nested elements dotted columns (author.name). The records are found automatically (the shallowest repeated element; with none, the innermost element below ' +
    'single-child wrappers is one row) or named by recordPath (e.g. "catalog.book"). A DOCTYPE is refused (no XXE, no entity expansion).',
  keywords: ['xml', 'csv', 'xml to csv', 'records', 'export', 'spreadsheet'],
  accept: XML_INPUT,
  fields: () => ({
    recordPath: z
      .string()
      .max(500)
      .regex(/^[^.]+(\.[^.]+)*$/, 'dot-separated element names, e.g. catalog.book')
      .optional()
      .describe('Dot path of the record elements from the root, e.g. "catalog.book" (default: found automatically)'),
    ...csvWriteFields,
  }),
  output: { extension: 'csv', mimeType: 'text/csv' },
  examples: [
    {
      title: 'records found automatically',
      input: {},
      upload: {
        fileName: 'catalog.xml',
        content: '<catalog><book id="1"><title>Dune</title><year>1965</year></book><book id="2"><title>Emma</title><year>1815</year></book></catalog>',
      },
    },
    {
      title: 'records by path',
      input: { recordPath: 'shop.items.item', delimiter: 'semicolon' },
      upload: { fileName: 'shop.xml', content: '<shop><name>Corner</name><items><item sku="A">Tea</item><item sku="B">Cake</item></items></shop>' },
    },
  ],
  convert: (source, input, ctx) => {
    const document = parseXml(source.text);
    let records: JsonValue[];
    if (input.recordPath) {
      let node: JsonValue | undefined = document;
      for (const key of input.recordPath.split('.')) node = isObject(node ?? null) ? (node as Record<string, JsonValue>)[key] : undefined;
      if (node === undefined) throw new ToolError('validation_failed', `recordPath: no element at "${input.recordPath}" (start from the root element).`);
      records = Array.isArray(node) ? node : [node];
    } else {
      const found = findRecordArray(document, '');
      if (found) {
        ctx.warn(`Records: the ${found.items.length} <${found.path.split('.').pop()}> elements at "${found.path}".`);
        records = found.items;
      } else {
        // One record: wrappers with a single child element are descended, so <rows><row>…</row></rows> gives the
        // same columns with one <row> as with many.
        let [name, body] = Object.entries(document)[0] ?? ['', null];
        let path = name;
        for (;;) {
          const children = isObject(body ?? null) ? Object.entries(body as Record<string, JsonValue>) : [];
          const only = children.length === 1 ? children[0] : undefined;
          if (!only || only[0].startsWith('@') || !isObject(only[1])) break;
          [name, body] = only;
          path += `.${name}`;
        }
        ctx.warn(`No repeated element found: the <${name}> element at "${path}" is one row.`);
        records = [body ?? null];
      }
    }
    const { columns, rows } = tableOf(records.map((r) => (isObject(r) ? r : { value: r })));
    return writeCsv(columns, rows, input);
  },
});
