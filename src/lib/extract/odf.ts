import type { AnyNode, Element } from 'domhandler';
import type { FileKind } from '../../files/kinds.ts';
import { EMPTY_METADATA, type DocumentMetadata, type ExtractedDocument } from './types.ts';
import { attr, childElements, findAll, findFirst, isElement, isText, joinBlocks, localName, parseXml, textContent, textOfParts, tidy } from './xml.ts';
import { openDocumentZip, type DocumentZip } from './zip.ts';

/** OpenDocument (ODT, ODS, ODP) read from content.xml and meta.xml, without LibreOffice. */

async function odfMeta(zip: DocumentZip): Promise<Pick<DocumentMetadata, 'title' | 'author' | 'language' | 'pages'>> {
  const xml = await zip.text('meta.xml');
  if (!xml) return { title: null, author: null, language: null, pages: null };
  const doc = parseXml(xml);
  const value = (name: string): string | null => {
    const el = findFirst(doc, name);
    return (el && textContent(el).trim()) || null;
  };
  const stats = findFirst(doc, 'document-statistic');
  const pages = stats ? Number.parseInt(attr(stats, 'page-count') ?? '', 10) : Number.NaN;
  return {
    title: value('title'),
    author: value('creator') ?? value('initial-creator'),
    language: value('language'),
    pages: Number.isFinite(pages) ? pages : null,
  };
}

/** Inline text of a paragraph: spans, links, `text:s` (spaces), tabs and line breaks; notes and annotations are left out. */
function inline(node: AnyNode, out: string[]): void {
  if (isText(node)) {
    out.push(node.data);
    return;
  }
  if (!isElement(node)) return;
  switch (localName(node)) {
    case 's':
      out.push(' '.repeat(Math.min(1000, Number.parseInt(attr(node, 'c') ?? '1', 10) || 1)));
      return;
    case 'tab':
      out.push('\t');
      return;
    case 'line-break':
      out.push('\n');
      return;
    case 'note':
    case 'annotation':
    case 'annotation-end':
    case 'bookmark':
    case 'tracked-changes':
      return;
    default:
      for (const child of node.children) inline(child, out);
  }
}

function paragraphText(p: Element): string {
  const out: string[] = [];
  for (const child of p.children) inline(child, out);
  return out.join('');
}

function cellText(cell: Element): string {
  return childElements(cell)
    .filter((c) => ['p', 'h'].includes(localName(c)))
    .map(paragraphText)
    .join(' ')
    .replace(/[\t\n\r]+/g, ' ')
    .trim();
}

/** Block text of an ODT body (or a frame's text box): headings, paragraphs, lists, tables, sections. */
function blocks(container: Element, lines: string[], depth = 0): void {
  for (const child of container.children) {
    if (!isElement(child)) continue;
    const name = localName(child);
    if (name === 'p' || name === 'h') {
      lines.push(paragraphText(child));
      for (const frame of findAll(child, 'text-box')) blocks(frame, lines, depth);
    } else if (name === 'list') {
      for (const item of childElements(child, 'list-item')) {
        const inner: string[] = [];
        blocks(item, inner, depth + 1);
        const [first, ...rest] = inner.filter((l) => l.trim());
        if (first !== undefined) lines.push(`${'  '.repeat(depth)}- ${first.trimStart()}`, ...rest);
      }
    } else if (name === 'table') {
      const rows: string[] = [];
      for (const row of findAll(child, 'table-row')) {
        const cells = childElements(row)
          .filter((c) => localName(c) === 'table-cell')
          .map(cellText);
        rows.push(cells.join('\t'));
      }
      lines.push(rows.join('\n'));
    } else if (['section', 'index-body', 'table-of-content', 'alphabetical-index', 'illustration-index'].includes(name)) {
      blocks(child, lines, depth);
    }
  }
}

/** Expands `number-*-repeated`, but a run of empty cells/rows stays bounded. */
function repeated(node: Element, what: 'columns' | 'rows', empty: boolean): number {
  const n = Number.parseInt(attr(node, `number-${what}-repeated`) ?? '1', 10) || 1;
  return Math.min(n, empty ? 1024 : 10_000);
}

export async function extractOdf(file: string, kind: Extract<FileKind, 'odt' | 'ods' | 'odp'>): Promise<ExtractedDocument> {
  const what = { odt: 'OpenDocument text', ods: 'OpenDocument spreadsheet', odp: 'OpenDocument presentation' }[kind];
  const zip = await openDocumentZip(file, what);
  try {
    const xml = await zip.text('content.xml');
    if (xml === null) throw new Error('no content.xml');
    const doc = parseXml(xml);
    const meta = await odfMeta(zip);
    if (kind === 'odt') {
      const body = findFirst(doc, 'text');
      const lines: string[] = [];
      if (body) blocks(body, lines);
      return { kind, engine: 'odf', text: tidy(joinBlocks(lines)), metadata: { ...EMPTY_METADATA, ...meta }, warnings: [] };
    }
    if (kind === 'ods') {
      const sheets = findAll(doc, 'table')
        .filter((t) => t.name.startsWith('table:'))
        .map((table, i) => {
          const lines: string[] = [];
          let blankRows = 0;
          for (const row of findAll(table, 'table-row')) {
            const cells: string[] = [];
            for (const cell of childElements(row).filter((c) => ['table-cell', 'covered-table-cell'].includes(localName(c)))) {
              const text = cellText(cell);
              for (let k = repeated(cell, 'columns', text === ''); k > 0; k -= 1) cells.push(text);
            }
            while (cells.length > 0 && cells.at(-1) === '') cells.pop();
            const times = repeated(row, 'rows', cells.length === 0);
            if (cells.length === 0) {
              blankRows += times;
              continue;
            }
            // Blank rows between filled ones are kept as empty lines (bounded); trailing blank rows are dropped.
            for (let k = Math.min(blankRows, 100); k > 0; k -= 1) lines.push('');
            blankRows = 0;
            for (let k = times; k > 0; k -= 1) lines.push(cells.join('\t'));
          }
          return { index: i + 1, name: attr(table, 'name') ?? `Sheet${i + 1}`, rows: lines.filter(Boolean).length, text: lines.join('\n') };
        });
      return {
        kind,
        engine: 'odf',
        text: textOfParts(sheets),
        sheets,
        metadata: { ...EMPTY_METADATA, ...meta, pages: null, sheets: sheets.length },
        warnings: [],
      };
    }
    const slides = findAll(doc, 'page')
      .filter((p) => p.name.startsWith('draw:'))
      .map((page, i) => {
        const lines: string[] = [];
        let title: string | null = null;
        // Speaker notes (presentation:notes) are not slide text.
        const walk = (node: Element, inTitle: boolean): void => {
          const name = localName(node);
          if (name === 'notes') return;
          if (name === 'table') {
            lines.push(
              findAll(node, 'table-row')
                .map((row) =>
                  childElements(row)
                    .filter((c) => localName(c) === 'table-cell')
                    .map(cellText)
                    .join('\t'),
                )
                .join('\n'),
            );
            return;
          }
          if (name === 'p' || name === 'h') {
            const text = paragraphText(node);
            if (text.trim()) {
              lines.push(text);
              if (inTitle && title === null) title = text.trim();
            }
            return;
          }
          const isTitle = inTitle || (name === 'frame' && attr(node, 'class') === 'title');
          for (const child of childElements(node)) walk(child, isTitle);
        };
        walk(page, false);
        return { index: i + 1, title, text: tidy(lines.join('\n')) };
      });
    return {
      kind,
      engine: 'odf',
      text: textOfParts(slides),
      slides,
      metadata: { ...EMPTY_METADATA, ...meta, pages: null, slides: slides.length },
      warnings: [],
    };
  } finally {
    zip.close();
  }
}
