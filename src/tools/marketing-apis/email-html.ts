import { type ChildNode, type Document, type Element, isTag, isText } from 'domhandler';
import type * as Domutils from 'domutils';
import { lazy } from '../../lib/lazy.ts';

/** E-mail HTML, parsed by the service's one HTML parser (src/lib/markup.ts). Module-internal helper (no default export). */
export { parseHtml } from '../../lib/markup.ts';

const domutils = lazy<typeof Domutils>('domutils');

const INVISIBLE = new Set(['script', 'style', 'head', 'title', 'noscript', 'template']);
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'tr',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'td',
  'th',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'hr',
]);

/** The text a reader sees: scripts, styles and the head left out, block elements on their own lines. */
export function visibleText(nodes: readonly ChildNode[]): string {
  let out = '';
  const walk = (list: readonly ChildNode[]): void => {
    for (const node of list) {
      if (isText(node)) out += node.data;
      else if (isTag(node)) {
        if (INVISIBLE.has(node.name)) continue;
        if (node.name === 'img') {
          const alt = domutils().getAttributeValue(node, 'alt');
          if (alt) out += ` ${alt} `;
        }
        walk(node.children);
        if (BLOCK.has(node.name)) out += '\n';
      } else if ('children' in node) walk((node as Document).children);
    }
  };
  walk(nodes);
  return out
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

export interface RawLink {
  tag: 'a' | 'area';
  href: string;
  text: string;
  title: string | null;
  imageAlt: string | null;
  isImageLink: boolean;
}

function findElements(nodes: readonly ChildNode[], test: (e: Element) => boolean, out: Element[] = []): Element[] {
  for (const node of nodes) {
    if (isTag(node)) {
      if (test(node)) out.push(node);
      findElements(node.children, test, out);
    } else if ('children' in node) findElements((node as Document).children, test, out);
  }
  return out;
}

export function elements(doc: Document, names: readonly string[]): Element[] {
  return findElements(doc.children, (e) => names.includes(e.name));
}

/** Every <a href> and <area href> in document order, with its visible text (or the alt of an image inside it). */
export function rawLinks(doc: Document): RawLink[] {
  return findElements(doc.children, (e) => (e.name === 'a' || e.name === 'area') && e.attribs.href !== undefined).map((e) => {
    const images = findElements(e.children, (c) => c.name === 'img');
    const text = domutils().textContent(e).replace(/\s+/g, ' ').trim();
    const alt = e.name === 'area' ? (e.attribs.alt ?? null) : (images.map((img) => img.attribs.alt ?? '').find((a) => a.trim() !== '') ?? null);
    return {
      tag: e.name === 'area' ? 'area' : 'a',
      href: (e.attribs.href ?? '').trim(),
      text,
      title: e.attribs.title ?? null,
      imageAlt: alt === null ? null : alt.trim(),
      isImageLink: images.length > 0 && text === '',
    };
  });
}

/** 1×1 or hidden images: open-tracking pixels. */
export function trackingPixels(doc: Document): string[] {
  return findElements(doc.children, (e) => {
    if (e.name !== 'img' || !e.attribs.src) return false;
    const w = e.attribs.width?.replace(/px$/, '');
    const h = e.attribs.height?.replace(/px$/, '');
    const style = (e.attribs.style ?? '').replace(/\s+/g, '').toLowerCase();
    return (
      ((w === '1' || w === '0') && (h === '1' || h === '0')) || style.includes('display:none') || (/width:[01]px/.test(style) && /height:[01]px/.test(style))
    );
  }).map((e) => e.attribs.src ?? '');
}
