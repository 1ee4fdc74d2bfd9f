import type { AnyNode, Element } from 'domhandler';
import { htmlToText } from './html.ts';
import { EMPTY_METADATA, type ExtractedDocument } from './types.ts';
import { attr, childElements, findAll, findFirst, isElement, isText, localName, parseXml, textContent, tidy } from './xml.ts';
import { openDocumentZip, resolvePart } from './zip.ts';

/**
 * E-books read directly: EPUB (container.xml → OPF package → spine of XHTML documents, one chapter each) and
 * FictionBook 2 (XML in the encoding its declaration names, sections as chapters). MOBI/AZW3 go through
 * Calibre (see ./index.ts).
 */

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

export async function extractEpub(file: string): Promise<ExtractedDocument> {
  const zip = await openDocumentZip(file, 'EPUB e-book');
  try {
    const container = await zip.text('META-INF/container.xml');
    const rootfile = container ? findFirst(parseXml(container), 'rootfile') : undefined;
    const opfPath = rootfile?.attribs['full-path'] ?? zip.names().find((n) => n.endsWith('.opf'));
    const opfXml = opfPath ? await zip.text(opfPath) : null;
    if (!opfPath || opfXml === null) throw new Error('no OPF package document');
    const opf = parseXml(opfXml);
    const metadata = findFirst(opf, 'metadata');
    const dc = (name: string): string[] =>
      metadata
        ? findAll(metadata, name)
            .map((e) => collapse(textContent(e)))
            .filter(Boolean)
        : [];
    const manifest = new Map<string, { href: string; type: string }>();
    for (const item of findAll(opf, 'item')) {
      if (item.attribs.id && item.attribs.href)
        manifest.set(item.attribs.id, { href: resolvePart(opfPath, item.attribs.href), type: item.attribs['media-type'] ?? '' });
    }
    const chapters: { index: number; title: string | null; text: string }[] = [];
    const seen = new Set<string>();
    for (const ref of findAll(opf, 'itemref')) {
      const item = manifest.get(ref.attribs.idref ?? '');
      if (!item || seen.has(item.href) || !/html|xml/i.test(item.type)) continue;
      seen.add(item.href);
      const xhtml = await zip.text(item.href);
      if (xhtml === null) continue;
      const page = htmlToText(xhtml);
      if (!page.text) continue;
      chapters.push({ index: chapters.length + 1, title: page.heading ?? page.title, text: page.text });
    }
    const [title] = dc('title');
    const authors = dc('creator');
    const [language] = dc('language');
    return {
      kind: 'epub',
      engine: 'epub',
      text: tidy(chapters.map((c) => c.text).join('\n\n')),
      chapters,
      metadata: {
        ...EMPTY_METADATA,
        title: title ?? null,
        author: authors.length ? authors.join(', ') : null,
        language: language ?? null,
        chapters: chapters.length,
      },
      warnings: [],
    };
  } finally {
    zip.close();
  }
}

/** The encoding an XML declaration names (FB2 files are often windows-1251 or koi8-r). */
export function xmlEncoding(head: Buffer): string {
  const declaration = /^\uFEFF?\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.subarray(0, 200).toString('latin1'));
  return declaration?.[1]?.toLowerCase() ?? 'utf-8';
}

/** Decodes an XML file by its declared encoding; an unknown label falls back to UTF-8. */
export function decodeXml(bytes: Buffer): string {
  const encoding = xmlEncoding(bytes);
  let label = 'utf-8';
  try {
    label = new TextDecoder(encoding).encoding;
  } catch {
    // an encoding label TextDecoder does not know: read as UTF-8
  }
  return new TextDecoder(label).decode(bytes).replace(/^\uFEFF/, '');
}

/** The text of an FB2 block: paragraphs, verse lines, subtitles and titles on their own lines. */
function fb2Block(node: AnyNode, lines: string[]): void {
  if (!isElement(node)) return;
  const name = localName(node);
  if (name === 'p' || name === 'v' || name === 'subtitle' || name === 'text-author') {
    lines.push(fb2Inline(node));
    return;
  }
  if (name === 'empty-line') {
    lines.push('');
    return;
  }
  if (name === 'binary' || name === 'image') return;
  if (name === 'title' || name === 'epigraph' || name === 'poem' || name === 'stanza' || name === 'cite' || name === 'section' || name === 'annotation') {
    lines.push('');
    for (const child of node.children) fb2Block(child, lines);
    lines.push('');
    return;
  }
  if (name === 'table') {
    for (const tr of childElements(node, 'tr'))
      lines.push(
        childElements(tr)
          .map((c) => collapse(fb2Inline(c)))
          .join('\t'),
      );
    return;
  }
  for (const child of node.children) fb2Block(child, lines);
}

function fb2Inline(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isElement(node)) return '';
  return node.children.map(fb2Inline).join('');
}

function fb2Text(node: Element): string {
  const lines: string[] = [];
  fb2Block(node, lines);
  return tidy(lines.join('\n'));
}

export function extractFb2Bytes(bytes: Buffer): ExtractedDocument {
  const doc = parseXml(decodeXml(bytes));
  if (!findFirst(doc, 'FictionBook')) throw new Error('no FictionBook root element');
  const info = findFirst(doc, 'title-info');
  const bookTitle = info ? findFirst(info, 'book-title') : undefined;
  const authors = info
    ? childElements(info, 'author').map((a) => {
        const part = (n: string): string => {
          const el = childElements(a, n)[0];
          return el ? collapse(textContent(el)) : '';
        };
        return [part('first-name'), part('middle-name'), part('last-name')].filter(Boolean).join(' ') || part('nickname');
      })
    : [];
  const lang = info ? childElements(info, 'lang')[0] : undefined;
  const chapters: { index: number; title: string | null; text: string }[] = [];
  for (const body of findAll(doc, 'body')) {
    const notes = attr(body, 'name') === 'notes';
    const sections = childElements(body, 'section');
    const parts: Element[] = sections.length > 0 ? sections : [body];
    for (const section of parts) {
      const titleEl = childElements(section, 'title')[0];
      const text = fb2Text(section);
      if (!text) continue;
      const title = titleEl ? collapse(childElements(titleEl).map(fb2Inline).join(' ')) || null : notes ? 'Notes' : null;
      chapters.push({ index: chapters.length + 1, title, text });
    }
  }
  return {
    kind: 'fb2',
    engine: 'fb2',
    text: tidy(chapters.map((c) => c.text).join('\n\n')),
    chapters,
    metadata: {
      ...EMPTY_METADATA,
      title: bookTitle ? collapse(textContent(bookTitle)) || null : null,
      author: authors.filter(Boolean).join(', ') || null,
      language: lang ? collapse(textContent(lang)) || null : null,
      chapters: chapters.length,
    },
    warnings: [],
  };
}
