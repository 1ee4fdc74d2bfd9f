import type { Document } from 'domhandler';
import type * as Htmlparser2 from 'htmlparser2';
import { lazy } from './lazy.ts';

/**
 * The HTML and XML parser of the conversion and extraction tools: htmlparser2, the version cheerio is built on
 * (one copy of htmlparser2, domhandler and domutils is installed), loaded on first use (docs/architecture.md
 * "Libraries loaded on first use").
 * - HTML: forgiving, as written (no implied <html>/<head>/<body>, which the tools' outputs would otherwise
 *   gain); tag and attribute names lower-cased and entities decoded, as HTML defines. The SEO tools read pages
 *   through cheerio, which parses HTML with parse5 (the WHATWG algorithm browsers use).
 * - XML: the five XML entities and character references are decoded, DTD-declared entities never are (no entity
 *   expansion bombs, no external entities), and nothing is fetched.
 */
const htmlparser2 = lazy<typeof Htmlparser2>('htmlparser2');

/** An HTML document or fragment (a leading byte order mark is ignored). */
export function parseHtml(html: string): Document {
  return htmlparser2().parseDocument(html.replace(/^\uFEFF/, ''), { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
}

export function parseXml(xml: string): Document {
  return htmlparser2().parseDocument(xml, { xmlMode: true, decodeEntities: true });
}
