import { open } from 'node:fs/promises';
import type * as FileType from 'file-type';
import { lazy } from '../lib/lazy.ts';

const fileType = lazy<typeof FileType>('file-type');

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
  webp: { title: 'WebP image', mimeType: 'image/webp' },
  gif: { title: 'GIF image', mimeType: 'image/gif' },
  tiff: { title: 'TIFF image', mimeType: 'image/tiff' },
  avif: { title: 'AVIF image', mimeType: 'image/avif' },
  heic: { title: 'HEIC/HEIF image', mimeType: 'image/heic' },
  bmp: { title: 'BMP image', mimeType: 'image/bmp' },
  svg: { title: 'SVG image', mimeType: 'image/svg+xml' },
  'utf16-text': { title: 'UTF-16 text (with byte-order mark)', mimeType: 'text/plain' },
  'latin1-text': { title: 'Latin-1 / Windows-1252 text', mimeType: 'text/plain' },
  '7z': { title: '7-Zip archive (7z)', mimeType: 'application/x-7z-compressed' },
  tar: { title: 'TAR archive', mimeType: 'application/x-tar' },
  gz: { title: 'gzip-compressed file (gz, tar.gz)', mimeType: 'application/gzip' },
  bz2: { title: 'bzip2-compressed file (bz2, tar.bz2)', mimeType: 'application/x-bzip2' },
  rar: { title: 'RAR archive', mimeType: 'application/vnd.rar' },
  mobi: { title: 'MOBI e-book (Mobipocket / Kindle)', mimeType: 'application/x-mobipocket-ebook' },
  azw: { title: 'Kindle AZW3 / KF8 e-book', mimeType: 'application/vnd.amazon.ebook' },
  fb2: { title: 'FictionBook 2 e-book (FB2)', mimeType: 'application/x-fictionbook+xml' },
} as const satisfies Record<string, { title: string; mimeType: string }>;

export type FileKind = keyof typeof FILE_KINDS;

/** OLE2 compound files hold DOC, XLS and PPT alike; LibreOffice tells them apart when it opens one. */
const COMPOUND_KINDS: FileKind[] = ['doc', 'xls', 'ppt'];
/** Text kinds cannot be told apart reliably by content (Markdown is text): any UTF-8 text matches them. */
const TEXT_KINDS: FileKind[] = ['txt', 'md', 'csv'];

/** What a file's bytes say it is: the candidate kinds, most specific first; empty when none is known. */
export async function sniff(filePath: string): Promise<FileKind[]> {
  const detected = await fileType().fileTypeFromFile(filePath);
  if (detected) {
    if (detected.ext === 'cfb') return COMPOUND_KINDS;
    // A gzip stream whose content is a TAR: the gz tools decide what to do with it.
    if (detected.ext === 'tar.gz') return ['gz'];
    if (detected.ext === 'mobi') return mobiKinds(filePath);
    if (detected.ext === 'xml' && (await isFictionBook(filePath))) return ['fb2', 'xml', ...(await textKinds(filePath)).filter((k) => k !== 'xml')];
    if (detected.ext === 'xml') {
      const text = await textKinds(filePath);
      return text.includes('svg') ? ['svg', 'xml', ...text.filter((k) => k !== 'svg')] : ['xml', ...text];
    }
    if (detected.ext === 'tif') return ['tiff'];
    return detected.ext in FILE_KINDS ? [detected.ext as FileKind] : [];
  }
  const text = await textKinds(filePath);
  return text.includes('xml') && (await isFictionBook(filePath)) ? ['fb2', ...text] : text;
}

async function readHead(filePath: string, length: number, position = 0): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** FictionBook 2 is XML whose root element is `<FictionBook` (in any encoding that keeps ASCII, e.g. windows-1251). */
async function isFictionBook(filePath: string): Promise<boolean> {
  return (await readHead(filePath, 4096)).includes('<FictionBook');
}

/**
 * MOBI and AZW3 share the Palm database container ("BOOKMOBI" at offset 60). The MOBI header of record 0
 * says which it is: format version 8 is a KF8-only book (AZW3); older versions (often with a KF8 part
 * appended) are MOBI. Both kinds are returned, the likelier first, since every reader of one reads the other.
 */
async function mobiKinds(filePath: string): Promise<FileKind[]> {
  const pdb = await readHead(filePath, 86);
  const record0 = pdb.length >= 82 ? pdb.readUInt32BE(78) : 0;
  const header = record0 > 0 ? await readHead(filePath, 40, record0) : Buffer.alloc(0);
  const version = header.length >= 40 && header.toString('latin1', 16, 20) === 'MOBI' ? header.readUInt32BE(36) : 0;
  return version >= 8 ? ['azw', 'mobi'] : ['mobi', 'azw'];
}

async function textKinds(filePath: string): Promise<FileKind[]> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    // Text in other encodings (CSV exported by Excel, old systems): its own kinds, so tools that read
    // only UTF-8 keep refusing it and the tools that decode it opt in.
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return ['utf16-text'];
    if (head.includes(0)) return [];
    // A cut in the middle of a multi-byte character at the end of the sample is not an encoding error.
    const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
    if (text.slice(0, -4).includes('\uFFFD')) return looksLikeLatin1Text(head) ? ['latin1-text'] : [];
    const start = text
      .replace(/^\uFEFF/, '')
      .trimStart()
      .slice(0, 512)
      .toLowerCase();
    if (start.startsWith('{\\rtf')) return ['rtf'];
    const kinds: FileKind[] = [];
    if (SVG_START.test(start)) kinds.push('svg');
    if (start.startsWith('<!doctype html') || start.startsWith('<html') || /<(head|body|div|p|h1|table)[\s>]/.test(start)) kinds.push('html');
    if (start.startsWith('<?xml') || (start.startsWith('<') && !kinds.includes('html'))) kinds.push('xml');
    if (start.startsWith('{') || start.startsWith('[')) kinds.push('json');
    return [...kinds, ...TEXT_KINDS];
  } finally {
    await handle.close();
  }
}

/** An SVG document: an optional XML declaration, comments and doctype, then the `<svg` root. */
const SVG_START = /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/;

/** Bytes that are not UTF-8 but read as Latin-1 text: no C0 controls other than tab, CR, LF, FF. */
function looksLikeLatin1Text(head: Buffer): boolean {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

export function describeKinds(kinds: readonly FileKind[]): string {
  return kinds.map((k) => `${FILE_KINDS[k].title}`).join(', ');
}
