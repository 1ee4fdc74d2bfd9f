import { booleanField } from '../../registry/fields.ts';
import { z } from 'zod';
import { dataJsonTool, HTML_INPUT } from './lib/data-tool.ts';
import { htmlToTree } from './lib/html.ts';

export default dataJsonTool({
  module: 'web',
  slug: 'html-to-json',
  title: 'HTML to JSON (DOM tree)',
  description:
    'Parses an HTML document (as browsers do, with htmlparser2) and returns its DOM tree as JSON: {type: "document", doctype, children}, elements as ' +
    '{type: "element", tag, attributes, children}, text as {type: "text", text} with entities decoded. Whitespace-only text and comments are left out unless asked. ' +
    'Up to 256 levels and 500,000 nodes.',
  keywords: ['html', 'json', 'dom', 'parse html', 'tree', 'html to json'],
  accept: HTML_INPUT,
  fields: () => ({
    includeComments: booleanField(false, 'Include comments as {type: "comment"} nodes (default false)'),
    keepWhitespace: booleanField(false, 'Keep text nodes that are only whitespace (default false)'),
  }),
  output: () =>
    z
      .object({
        type: z.literal('document'),
        doctype: z.string().nullable().describe('The DOCTYPE (e.g. "html"), null when absent'),
        children: z.array(z.unknown()).describe('Top-level nodes: element, text and comment objects, nested through children'),
      })
      .describe('The DOM tree'),
  examples: [
    {
      title: 'a fragment',
      input: {},
      upload: { fileName: 'card.html', content: '<div class="card"><h2>Ada &amp; Grace</h2>\n<a href="/x">More</a></div>' },
      output: {
        type: 'document',
        doctype: null,
        children: [
          {
            type: 'element',
            tag: 'div',
            attributes: { class: 'card' },
            children: [
              { type: 'element', tag: 'h2', attributes: {}, children: [{ type: 'text', text: 'Ada & Grace' }] },
              { type: 'element', tag: 'a', attributes: { href: '/x' }, children: [{ type: 'text', text: 'More' }] },
            ],
          },
        ],
      },
    },
    {
      title: 'a document with a comment',
      input: { includeComments: true },
      upload: { fileName: 'page.html', content: '<!DOCTYPE html><html><body><!-- nav --><p>Hi</p></body></html>' },
      output: {
        type: 'document',
        doctype: 'html',
        children: [
          {
            type: 'element',
            tag: 'html',
            attributes: {},
            children: [
              {
                type: 'element',
                tag: 'body',
                attributes: {},
                children: [
                  { type: 'comment', text: ' nav ' },
                  { type: 'element', tag: 'p', attributes: {}, children: [{ type: 'text', text: 'Hi' }] },
                ],
              },
            ],
          },
        ],
      },
    },
  ],
  convert: (source, input) => htmlToTree(source.text, input),
});
