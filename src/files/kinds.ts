import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/**
 * The file formats tools accept, recognised by their content (magic bytes), never by the name the
 * client sent. Binary formats are detected by `file-type`; text formats by a UTF-8 check and a look at
 * the first bytes.
 */
export const FILE_KINDS = {
  pdf: { title: 'PDF document', mimeType: 'application/pdf' },
  docx: { title: 'Word document (DOCX)', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { title: 'Excel workbook (XLSX)', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { title: 'PowerPoint presentation (PPTX)', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { title: 'Word 97-2003 document (DOC)', mimeType: 'application/msword' },
  xls: { title: 'Excel 97-2003 workbook (XLS)', mimeType: 'application/vnd.ms-excel' },
  ppt: { title: 'PowerPoint 97-2003 presentation (PPT)', mimeType: 'application/vnd.ms-powerpoint' },
  odt: { title: 'OpenDocument text (ODT)', mimeType: 'application/vnd.oasis.opendocument.text' },
  ods: { title: 'OpenDocument spreadsheet (ODS)', mimeType: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { title: 'OpenDocument presentation (ODP)', mimeType: 'application/vnd.oasis.opendocument.presentation' },
  rtf: { title: 'Rich Text Format (RTF)', mimeType: 'application/rtf' },
  txt: { title: 'plain text (UTF-8)', mimeType: 'text/plain' },
  md: { title: 'Markdown (UTF-8 text)', mimeType: 'text/markdown' },
  html: { title: 'HTML document', mimeType: 'text/html' },
  xml: { title: 'XML document', mimeType: 'application/xml' },
  json: { title: 'JSON document', mimeType: 'application/json' },
  csv: { title: 'CSV (UTF-8 text)', mimeType: 'text/csv' },
  zip: { title: 'ZIP archive', mimeType: 'application/zip' },
  epub: { title: 'EPUB e-book', mimeType: 'application/epub+zip' },
  png: { title: 'PNG image', mimeType: 'image/png' },
  jpg: { title: 'JPEG image', mimeType: 'image/jpeg' },
} as const satisfies Record<string, { title: string; mimeType: string }>;

export type FileKind = keyof typeof FILE_KINDS;

/** OLE2 compound files hold DOC, XLS and PPT alike; LibreOffice tells them apart when it opens one. */
const COMPOUND_KINDS: FileKind[] = ['doc', 'xls', 'ppt'];
/** Text kinds cannot be told apart reliably by content (Markdown is text): any UTF-8 text matches them. */
const TEXT_KINDS: FileKind[] = ['txt', 'md', 'csv'];

/** What a file's bytes say it is: the candidate kinds, most specific first; empty when none is known. */
export async function sniff(filePath: string): Promise<FileKind[]> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    if (detected.ext === 'cfb') return COMPOUND_KINDS;
    if (detected.ext === 'xml') return ['xml', ...(await textKinds(filePath))];
    return detected.ext in FILE_KINDS ? [detected.ext as FileKind] : [];
  }
  return textKinds(filePath);
}

async function textKinds(filePath: string): Promise<FileKind[]> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return [];
    // A cut in the middle of a multi-byte character at the end of the sample is not an encoding error.
    const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
    if (text.slice(0, -4).includes('\uFFFD')) return [];
    const start = text.replace(/^\uFEFF/, '').trimStart().slice(0, 512).toLowerCase();
    if (start.startsWith('{\\rtf')) return ['rtf'];
    const kinds: FileKind[] = [];
    if (start.startsWith('<!doctype html') || start.startsWith('<html') || /<(head|body|div|p|h1|table)[\s>]/.test(start)) kinds.push('html');
    if (start.startsWith('<?xml') || (start.startsWith('<') && !kinds.includes('html'))) kinds.push('xml');
    if (start.startsWith('{') || start.startsWith('[')) kinds.push('json');
    return [...kinds, ...TEXT_KINDS];
  } finally {
    await handle.close();
  }
}

export function describeKinds(kinds: readonly FileKind[]): string {
  return kinds.map((k) => `${FILE_KINDS[k].title}`).join(', ');
}
