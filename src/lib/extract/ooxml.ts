import type { AnyNode, Element } from 'domhandler';
import { EMPTY_METADATA, type DocumentMetadata, type ExtractedDocument } from './types.ts';
import { childElements, findAll, findFirst, isElement, joinBlocks, localName, parseXml, prefixedAttr, textContent, textOfParts, tidy } from './xml.ts';
import { openDocumentZip, resolvePart, type DocumentZip } from './zip.ts';
import { spreadsheetNumber } from '../spreadsheet-number.ts';

/**
 * Office Open XML (DOCX, PPTX, XLSX) read straight from the ZIP container: the main part is found through the
 * package relationships, text is taken in document order, and the core properties give title and author.
 */

async function relationships(zip: DocumentZip, part: string): Promise<Map<string, { target: string; type: string }>> {
  const relsPath = `${part.split('/').slice(0, -1).join('/')}${part.includes('/') ? '/' : ''}_rels/${part.split('/').at(-1)}.rels`;
  const xml = await zip.text(relsPath);
  const map = new Map<string, { target: string; type: string }>();
  if (!xml) return map;
  for (const rel of findAll(parseXml(xml), 'Relationship')) {
    const id = rel.attribs.Id;
    const target = rel.attribs.Target;
    if (id && target && rel.attribs.TargetMode !== 'External') map.set(id, { target: resolvePart(part, target), type: rel.attribs.Type ?? '' });
  }
  return map;
}

async function mainPart(zip: DocumentZip, fallback: string): Promise<string> {
  const rels = await relationships(zip, '');
  for (const rel of rels.values()) if (rel.type.endsWith('/officeDocument')) return rel.target;
  return fallback;
}

async function coreProperties(zip: DocumentZip): Promise<Pick<DocumentMetadata, 'title' | 'author' | 'language'>> {
  const xml = await zip.text('docProps/core.xml');
  if (!xml) return { title: null, author: null, language: null };
  const doc = parseXml(xml);
  const value = (name: string): string | null => {
    const el = findFirst(doc, name);
    const text = el ? textContent(el).trim() : '';
    return text || null;
  };
  return { title: value('title'), author: value('creator'), language: value('language') };
}

async function appPages(zip: DocumentZip): Promise<number | null> {
  const xml = await zip.text('docProps/app.xml');
  if (!xml) return null;
  const pages = findFirst(parseXml(xml), 'Pages');
  const n = pages ? Number.parseInt(textContent(pages), 10) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

// ---------------------------------------------------------------- DOCX

/** The text of a run container (paragraph, hyperlink, field…) in order; nested paragraphs (text boxes) start lines. */
function wordInline(node: AnyNode, out: string[]): void {
  if (!isElement(node)) return;
  const name = localName(node);
  switch (name) {
    case 't':
      out.push(textContent(node));
      return;
    case 'tab':
      out.push('\t');
      return;
    case 'br':
    case 'cr':
      out.push('\n');
      return;
    case 'noBreakHyphen':
      out.push('-');
      return;
    case 'sym':
      return;
    // Deleted text of tracked changes, field codes, the legacy copy of alternate content, comments: not text.
    case 'delText':
    case 'instrText':
    case 'Fallback':
    case 'commentReference':
    case 'footnoteReference':
    case 'endnoteReference':
    case 'rPr':
    case 'pPr':
      return;
    case 'p':
      if (out.length > 0 && out.at(-1) !== '\n') out.push('\n');
      for (const child of node.children) wordInline(child, out);
      out.push('\n');
      return;
    default:
      for (const child of node.children) wordInline(child, out);
  }
}

function wordParagraph(p: Element): string {
  const out: string[] = [];
  for (const child of p.children) wordInline(child, out);
  const text = out.join('').replace(/\n+$/, '');
  const numbered = findFirst(childElements(p, 'pPr')[0] ?? p, 'numPr') !== undefined;
  return numbered && text.trim() ? `- ${text}` : text;
}

function wordBlocks(container: Element, lines: string[]): void {
  for (const child of container.children) {
    if (!isElement(child)) continue;
    const name = localName(child);
    if (name === 'p') lines.push(wordParagraph(child));
    else if (name === 'tbl') {
      const rows = childElements(child, 'tr').map((tr) =>
        childElements(tr, 'tc')
          .map((tc) => childElements(tc, 'p').map(wordParagraph).join(' ').replace(/\s+/g, ' ').trim())
          .join('\t'),
      );
      lines.push(rows.join('\n'));
    } else if (name === 'sdt') {
      for (const content of childElements(child, 'sdtContent')) wordBlocks(content, lines);
    } else if (name === 'customXml' || name === 'smartTag' || name === 'ins') wordBlocks(child, lines);
  }
}

export async function extractDocx(file: string): Promise<ExtractedDocument> {
  const zip = await openDocumentZip(file, 'Word document');
  try {
    const part = await mainPart(zip, 'word/document.xml');
    const xml = await zip.text(part);
    if (xml === null) throw new Error('no main document part');
    const body = findFirst(parseXml(xml), 'body');
    const lines: string[] = [];
    if (body) wordBlocks(body, lines);
    const core = await coreProperties(zip);
    return {
      kind: 'docx',
      engine: 'ooxml',
      text: tidy(joinBlocks(lines)),
      metadata: { ...EMPTY_METADATA, ...core, pages: await appPages(zip) },
      warnings: [],
    };
  } finally {
    zip.close();
  }
}

// ---------------------------------------------------------------- PPTX

function drawingParagraphs(node: AnyNode): string[] {
  const lines: string[] = [];
  for (const p of findAll(node, 'p')) {
    if (!isElement(p) || !p.name.startsWith('a:')) continue;
    const out: string[] = [];
    const walk = (n: AnyNode): void => {
      if (!isElement(n)) return;
      const name = localName(n);
      if (name === 't') out.push(textContent(n));
      else if (name === 'br') out.push('\n');
      else if (name !== 'rPr' && name !== 'pPr') for (const c of n.children) walk(c);
    };
    for (const c of p.children) walk(c);
    lines.push(out.join(''));
  }
  return lines;
}

export async function extractPptx(file: string): Promise<ExtractedDocument> {
  const zip = await openDocumentZip(file, 'PowerPoint presentation');
  try {
    const presentation = await mainPart(zip, 'ppt/presentation.xml');
    const xml = await zip.text(presentation);
    if (xml === null) throw new Error('no presentation part');
    const rels = await relationships(zip, presentation);
    const slideParts = findAll(parseXml(xml), 'sldId')
      .map((s) => rels.get(prefixedAttr(s, 'id') ?? '')?.target)
      .filter((t): t is string => Boolean(t));
    const slides: { index: number; title: string | null; text: string }[] = [];
    for (const [i, part] of slideParts.entries()) {
      const slideXml = await zip.text(part);
      if (slideXml === null) continue;
      const doc = parseXml(slideXml);
      let title: string | null = null;
      for (const sp of findAll(doc, 'sp')) {
        const ph = findFirst(sp, 'ph');
        if (ph && ['title', 'ctrTitle'].includes(ph.attribs.type ?? '')) {
          title = drawingParagraphs(sp).join(' ').replace(/\s+/g, ' ').trim() || null;
          break;
        }
      }
      const tableCells = new Set(findAll(doc, 'tc'));
      const lines: string[] = [];
      // Tables as rows of tab-separated cells; other shapes paragraph by paragraph.
      const walk = (node: AnyNode): void => {
        if (!isElement(node)) return;
        const name = localName(node);
        if (name === 'tbl') {
          lines.push(
            childElements(node, 'tr')
              .map((tr) =>
                childElements(tr, 'tc')
                  .map((tc) => drawingParagraphs(tc).join(' ').trim())
                  .join('\t'),
              )
              .join('\n'),
          );
          return;
        }
        if (name === 'txBody' && !tableCells.has(node.parent as Element)) {
          lines.push(drawingParagraphs(node).join('\n'));
          return;
        }
        for (const c of node.children) walk(c);
      };
      walk(doc.children.find(isElement) ?? doc.children[0]!);
      slides.push({ index: i + 1, title, text: tidy(lines.filter((l) => l.trim()).join('\n')) });
    }
    const core = await coreProperties(zip);
    return {
      kind: 'pptx',
      engine: 'ooxml',
      text: textOfParts(slides),
      slides,
      metadata: { ...EMPTY_METADATA, ...core, slides: slides.length },
      warnings: [],
    };
  } finally {
    zip.close();
  }
}

// ---------------------------------------------------------------- XLSX

/** Built-in number formats that are dates or times (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0]?.toUpperCase() ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** An Excel serial date as ISO 8601 (date, or date and time). */
export function excelDate(serial: number, date1904: boolean): string {
  const ms = Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

export async function extractXlsx(file: string, kind: 'xlsx' | 'xls' = 'xlsx'): Promise<ExtractedDocument> {
  const zip = await openDocumentZip(file, 'Excel workbook');
  try {
    const workbookPart = await mainPart(zip, 'xl/workbook.xml');
    const workbookXml = await zip.text(workbookPart);
    if (workbookXml === null) throw new Error('no workbook part');
    const workbook = parseXml(workbookXml);
    const date1904 = ['1', 'true'].includes(findFirst(workbook, 'workbookPr')?.attribs.date1904 ?? '');
    const rels = await relationships(zip, workbookPart);
    const sharedPart = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
    const stylesPart = [...rels.values()].find((r) => r.type.endsWith('/styles'))?.target ?? 'xl/styles.xml';
    const sharedXml = await zip.text(sharedPart);
    const shared = sharedXml
      ? findAll(parseXml(sharedXml), 'si').map((si) =>
          findAll(si, 't')
            .filter((t) => !hasAncestor(t, 'rPh', si))
            .map(textContent)
            .join(''),
        )
      : [];
    const dateStyles = await dateStyleIndexes(zip, stylesPart);
    const sheets: { index: number; name: string; rows: number; text: string }[] = [];
    for (const [i, sheet] of findAll(workbook, 'sheet').entries()) {
      const name = sheet.attribs.name ?? `Sheet${i + 1}`;
      const target = rels.get(prefixedAttr(sheet, 'id') ?? '')?.target;
      const xml = target ? await zip.text(target) : null;
      if (xml === null) {
        sheets.push({ index: i + 1, name, rows: 0, text: '' });
        continue;
      }
      const lines: string[] = [];
      for (const row of findAll(parseXml(xml), 'row')) {
        const cells: string[] = [];
        let next = 0;
        for (const c of childElements(row, 'c')) {
          const at = c.attribs.r ? columnIndex(c.attribs.r) : next;
          // Gaps keep their columns (bounded: a stray cell far to the right does not explode the line).
          while (cells.length < at && cells.length < 1024) cells.push('');
          cells.push(cellText(c, shared, dateStyles, date1904));
          next = at + 1;
        }
        while (cells.length > 0 && cells.at(-1) === '') cells.pop();
        if (cells.length > 0) lines.push(cells.join('\t'));
      }
      sheets.push({ index: i + 1, name, rows: lines.length, text: lines.join('\n') });
    }
    const core = await coreProperties(zip);
    return {
      kind,
      engine: 'ooxml',
      text: textOfParts(sheets),
      sheets,
      metadata: { ...EMPTY_METADATA, ...core, sheets: sheets.length },
      warnings: [],
    };
  } finally {
    zip.close();
  }
}

function hasAncestor(node: AnyNode, name: string, stop: AnyNode): boolean {
  for (let p = node.parent; p && p !== stop; p = p.parent) if (isElement(p) && localName(p) === name) return true;
  return false;
}

async function dateStyleIndexes(zip: DocumentZip, part: string): Promise<Set<number>> {
  const xml = await zip.text(part);
  const dates = new Set<number>();
  if (!xml) return dates;
  const doc = parseXml(xml);
  const custom = new Map<number, string>();
  for (const f of findAll(doc, 'numFmt')) custom.set(Number(f.attribs.numFmtId), f.attribs.formatCode ?? '');
  const cellXfs = findFirst(doc, 'cellXfs');
  for (const [i, xf] of (cellXfs ? childElements(cellXfs, 'xf') : []).entries()) {
    const id = Number(xf.attribs.numFmtId ?? 0);
    const code = (custom.get(id) ?? '').replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
    if (DATE_FORMAT_IDS.has(id) || (custom.has(id) && /[dmyhs]/i.test(code) && !/0[.,]0|#/.test(code))) dates.add(i);
  }
  return dates;
}

function cellText(c: Element, shared: string[], dateStyles: Set<number>, date1904: boolean): string {
  const type = c.attribs.t ?? 'n';
  const v = childElements(c, 'v')[0];
  const raw = v ? textContent(v) : '';
  switch (type) {
    case 's':
      return (shared[Number(raw)] ?? '').replace(/[\t\n\r]+/g, ' ');
    case 'inlineStr':
      return findAll(c, 't')
        .map(textContent)
        .join('')
        .replace(/[\t\n\r]+/g, ' ');
    case 'b':
      return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw;
    case 'str':
    case 'e':
      return raw.replace(/[\t\n\r]+/g, ' ');
    default: {
      if (raw === '') return '';
      const n = Number(raw);
      if (dateStyles.has(Number(c.attribs.s ?? -1)) && Number.isFinite(n)) return excelDate(n, date1904);
      return Number.isFinite(n) ? String(spreadsheetNumber(n)) : raw;
    }
  }
}
