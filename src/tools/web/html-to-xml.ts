import type { AnyNode, Element } from 'domhandler';
import type * as Domutils from 'domutils';
import { lazy } from '../../lib/lazy.ts';
import { dataFileTool, HTML_INPUT } from './lib/data-tool.ts';
import { checkHtmlBounds, parseHtml } from './lib/html.ts';

const domutils = lazy<typeof Domutils>('domutils');

const XHTML = 'http://www.w3.org/1999/xhtml';
/** XML 1.0 names (no colon handling beyond keeping xmlns:/xlink: prefixes). */
const XML_NAME = /^[A-Za-z_][\w.\-]*(:[A-Za-z_][\w.\-]*)?$/;

export default dataFileTool({
  module: 'web',
  slug: 'html-to-xml',
  title: 'HTML to XML (XHTML)',
  description:
    'Converts HTML — even sloppy, unclosed tag soup — into well-formed XML (XHTML serialisation, UTF-8): every element closed, void elements self-closed, ' +
    'attributes quoted, text escaped, one <html> root in the XHTML namespace (fragments are wrapped). Attributes whose names are not valid XML ' +
    '(e.g. @click) are dropped and counted in warnings.',
  keywords: ['html', 'xml', 'xhtml', 'well-formed', 'html to xml', 'tidy'],
  accept: HTML_INPUT,
  output: { extension: 'xml', mimeType: 'application/xml' },
  examples: [
    { title: 'tag soup', input: {}, upload: { fileName: 'soup.html', content: '<p>One<br>two<p>Three &amp; <b>four' } },
    {
      title: 'a full page',
      input: {},
      upload: { fileName: 'page.html', content: '<!DOCTYPE html><html><head><title>T</title></head><body><img src="a.png" alt=x></body></html>' },
    },
  ],
  convert: (source, _input, ctx) => {
    checkHtmlBounds(source.text);
    const document = parseHtml(source.text);
    let dropped = 0;
    const fix = (nodes: AnyNode[]): void => {
      const stack = [...nodes];
      while (stack.length > 0) {
        const node = stack.pop()!;
        if (node.type === 'comment') node.data = node.data.replace(/--/g, '- -').replace(/-$/, '- ');
        if ('attribs' in node) {
          for (const name of Object.keys(node.attribs)) {
            if (!XML_NAME.test(name)) {
              delete node.attribs[name];
              dropped++;
            }
          }
        }
        if ('children' in node) stack.push(...node.children);
      }
    };
    fix(document.children);
    if (dropped > 0) ctx.warn(`${dropped} attribute${dropped === 1 ? '' : 's'} with names that are not valid XML were dropped.`);
    const content = document.children.filter((n) => n.type !== 'directive' && !(n.type === 'text' && !n.data.trim()));
    const roots = content.filter((n): n is Element => n.type === 'tag');
    const options = { xmlMode: true, encodeEntities: 'utf8' as const, decodeEntities: true };
    let body: string;
    if (roots.length === 1 && roots[0]!.name === 'html' && content.every((n) => n.type === 'tag' || n.type === 'comment')) {
      roots[0]!.attribs.xmlns ??= XHTML;
      body = content.map((n) => domutils().getOuterHTML(n, options)).join('\n');
    } else {
      body = `<html xmlns="${XHTML}"><body>${content.map((n) => domutils().getOuterHTML(n, options)).join('')}</body></html>`;
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
  },
});
