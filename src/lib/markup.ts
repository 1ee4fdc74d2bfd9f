import type { Document } from 'domhandler';
import type * as Htmlparser2 from 'htmlparser2';
import type * as Parse5 from 'parse5';
import type * as TreeAdapter from 'parse5-htmlparser2-tree-adapter';
import { lazy } from './lazy.ts';

/**
 * The service's one HTML and XML parser stack, the one cheerio is built on, so a page parses the same in the
 * SEO tools (cheerio) and in the conversion and extraction tools (domhandler nodes walked directly):
 * - HTML: parse5, the WHATWG parsing algorithm browsers use (implied <html>/<head>/<body>, tag soup repaired
 *   as a browser repairs it), into domhandler nodes through parse5's htmlparser2 tree adapter; names are
 *   lower-cased and entities decoded, as HTML defines.
 * - XML: htmlparser2 in XML mode; the five XML entities and character references are decoded, DTD-declared
 *   entities never are (no entity expansion bombs, no external entities), and nothing is fetched.
 * Both load on first use (docs/architecture.md "Libraries loaded on first use").
 */
const parse5 = lazy<typeof Parse5>('parse5');
const treeAdapter = lazy<typeof TreeAdapter>('parse5-htmlparser2-tree-adapter');
const htmlparser2 = lazy<typeof Htmlparser2>('htmlparser2');

/** An HTML document or fragment as a browser parses it (a leading byte order mark is ignored). */
export function parseHtml(html: string): Document {
  return parse5().parse(html.replace(/^\uFEFF/, ''), { treeAdapter: treeAdapter().adapter });
}

export function parseXml(xml: string): Document {
  return htmlparser2().parseDocument(xml, { xmlMode: true, decodeEntities: true });
}
