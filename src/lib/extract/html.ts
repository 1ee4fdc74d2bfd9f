import type { AnyNode, Document, Element } from 'domhandler';
import { parseHtml as parseHtmlDocument, parseXml } from '../markup.ts';
import { findAll, isElement, isText, localName, textContent, tidy } from './xml.ts';

/**
 * HTML (and EPUB XHTML) to plain text that keeps the structure a reader sees: block elements start new
 * lines, paragraphs and headings are separated by a blank line, list items get a bullet, table cells a tab
 * and rows a line; scripts, styles and hidden templates are dropped. Nothing is fetched.
 */
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'math', 'iframe', 'object', 'canvas', 'button', 'select']);
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const SECTIONS = ['section', 'article', 'aside', 'header', 'footer', 'nav', 'main'];
/** Blocks set apart by a blank line. */
const PARAGRAPH = new Set([...HEADINGS, ...SECTIONS, 'p', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl', 'figure', 'address', 'hr']);
const TABLE_ROWS = ['tr', 'tbody', 'thead', 'tfoot', 'caption'];
/** Blocks that start a new line. */
const LINE = new Set([...TABLE_ROWS, 'div', 'li', 'dt', 'dd', 'figcaption', 'br', 'details', 'summary', 'form', 'fieldset', 'legend', 'body', 'center']);

export interface HtmlText {
  title: string | null;
  author: string | null;
  language: string | null;
  text: string;
  /** The first heading (h1–h3), for chapter titles. */
  heading: string | null;
}

export function parseHtml(html: string, xml = false): Document {
  return xml ? parseXml(html) : parseHtmlDocument(html);
}

export function htmlToText(html: string, options: { xml?: boolean } = {}): HtmlText {
  const document = parseHtml(html, options.xml ?? false);
  const titleElement = findAll(document, 'title')[0];
  const meta = findAll(document, 'meta');
  const metaContent = (name: string): string | null => {
    const found = meta.find((m) => (m.attribs.name ?? m.attribs.property ?? '').toLowerCase() === name);
    const value = found?.attribs.content?.trim();
    return value ? value : null;
  };
  const htmlElement = findAll(document, 'html')[0];
  const heading = ['h1', 'h2', 'h3'].map((h) => findAll(document, h)[0]).find(Boolean);
  const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();
  return {
    title: (titleElement && collapse(textContent(titleElement))) || metaContent('og:title') || metaContent('dc.title'),
    author: metaContent('author') ?? metaContent('dc.creator') ?? metaContent('article:author'),
    language: htmlElement?.attribs.lang ?? htmlElement?.attribs['xml:lang'] ?? null,
    text: blockText(document),
    heading: heading ? collapse(textContent(heading)) || null : null,
  };
}

/** The visible text of a DOM subtree with block structure. */
export function blockText(root: AnyNode): string {
  const out: string[] = [];
  const newline = (count: 1 | 2): void => {
    let trailing = 0;
    for (let i = out.length - 1; i >= 0 && out[i] === '\n'; i -= 1) trailing += 1;
    if (out.length === 0) return;
    for (let i = trailing; i < count; i += 1) out.push('\n');
  };
  const walk = (node: AnyNode, pre: boolean, listDepth: number): void => {
    if (isText(node)) {
      const text = pre ? node.data : node.data.replace(/[ \t\r\n\f]+/g, ' ');
      if (!text) return;
      const last = out.at(-1);
      if (!pre && text === ' ' && (last === undefined || last === '\n' || last.endsWith(' ') || last.endsWith('\t'))) return;
      out.push(last === '\n' || last === undefined || last.endsWith('\t') ? (pre ? text : text.replace(/^ /, '')) : text);
      return;
    }
    if (!isElement(node)) {
      if ('children' in node && Array.isArray(node.children)) for (const child of node.children) walk(child, pre, listDepth);
      return;
    }
    const name = localName(node).toLowerCase();
    if (SKIP.has(name) || node.attribs.hidden !== undefined || /display\s*:\s*none/i.test(node.attribs.style ?? '')) return;
    if (name === 'br') {
      out.push('\n');
      return;
    }
    if (name === 'img') {
      const alt = node.attribs.alt?.trim();
      if (alt) out.push(alt);
      return;
    }
    const nestedList = (name === 'ul' || name === 'ol') && listDepth > 0;
    const paragraph = PARAGRAPH.has(name) && !nestedList;
    const line = LINE.has(name) || nestedList;
    if (paragraph) newline(2);
    else if (line) newline(1);
    if (name === 'li') out.push(`${'  '.repeat(Math.max(0, listDepth - 1))}- `);
    if ((name === 'td' || name === 'th') && out.length > 0 && out.at(-1) !== '\n' && !isFirstCell(node)) out.push('\t');
    const nextDepth = name === 'ul' || name === 'ol' ? listDepth + 1 : listDepth;
    for (const child of node.children) walk(child, pre || name === 'pre', nextDepth);
    if (paragraph) newline(2);
    else if (line) newline(1);
  };
  walk(root, false, 0);
  return tidy(out.join('').replace(/ +\t/g, '\t').replace(/\t +/g, '\t'));
}

function isFirstCell(cell: Element): boolean {
  const parent = cell.parent;
  if (!parent || !('children' in parent)) return true;
  const first = parent.children.find((c) => isElement(c) && ['td', 'th'].includes(localName(c).toLowerCase()));
  return first === cell;
}
