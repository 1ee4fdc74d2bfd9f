import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnyNode } from 'domhandler';
import type { ToolContext } from '../../core/context.ts';
import { ToolError } from '../../core/errors.ts';
import type { PopplerEngine } from '../../engines/poppler/index.ts';
import { FILE_KINDS, type FileKind } from '../../files/kinds.ts';
import { decodeXml, extractEpub, extractFb2Bytes } from './ebook.ts';
import { htmlToText } from './html.ts';
import { extractOdf } from './odf.ts';
import { extractDocx, extractPptx, extractXlsx } from './ooxml.ts';
import { EMPTY_METADATA, type ExtractedDocument } from './types.ts';
import { isText, parseXml, tidy } from './xml.ts';

export type { ExtractedDocument } from './types.ts';

/**
 * THE text extraction of the API: `POST /api/v1/extract` and the `-file` tools of text-intelligence and
 * ai-models read uploads through `extractDocument`. The format comes from the file's bytes; each format is
 * read by the most faithful means this server has — poppler's pdftotext page by page for PDF, the XML of
 * OOXML/ODF/EPUB/FB2 containers directly (bounded against ZIP bombs), htmlparser2 for HTML, LibreOffice for
 * the binary Office formats and RTF (pandoc when LibreOffice is missing), Calibre for MOBI/AZW3.
 */
export const EXTRACT_KINDS = [
  'pdf',
  'docx',
  'odt',
  'rtf',
  'doc',
  'pptx',
  'odp',
  'ppt',
  'xlsx',
  'ods',
  'xls',
  'html',
  'epub',
  'fb2',
  'mobi',
  'azw',
  'txt',
  'md',
  'csv',
  'json',
  'xml',
  'utf16-text',
  'latin1-text',
] as const satisfies readonly FileKind[];
export type ExtractKind = (typeof EXTRACT_KINDS)[number];

export function isExtractKind(kind: FileKind): kind is ExtractKind {
  return (EXTRACT_KINDS as readonly FileKind[]).includes(kind);
}

export interface ExtractOptions {
  /** Longest text returned (the breakdown is cut at the same budget); longer text sets `truncated`. Default 1,000,000. */
  maxCharacters?: number;
  /** PDF: keep the physical layout (columns side by side) instead of reading order. */
  layout?: boolean;
}

export interface ExtractResult extends ExtractedDocument {
  truncated: boolean;
  /** Characters of the whole text, before any cut. */
  totalCharacters: number;
}

export async function extractDocument(file: { path: string; kind: FileKind }, ctx: ToolContext, options: ExtractOptions = {}): Promise<ExtractResult> {
  if (!isExtractKind(file.kind)) throw new ToolError('unsupported_media_type', `file: text cannot be extracted from ${FILE_KINDS[file.kind].title}.`);
  let document: ExtractedDocument;
  try {
    document = await read(file.path, file.kind, ctx, options);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    ctx.log.debug({ err: error }, 'extraction failed');
    throw new ToolError(
      'validation_failed',
      `file: the ${FILE_KINDS[file.kind].title} could not be read; it is damaged or not what its first bytes claim (${(error as Error).message.slice(0, 160)}).`,
    );
  }
  return truncate(document, options.maxCharacters ?? 1_000_000);
}

async function read(file: string, kind: ExtractKind, ctx: ToolContext, options: ExtractOptions): Promise<ExtractedDocument> {
  switch (kind) {
    case 'pdf':
      return extractPdf(file, ctx, options.layout ?? false);
    case 'docx':
      return extractDocx(file);
    case 'pptx':
      return extractPptx(file);
    case 'xlsx':
      return extractXlsx(file);
    case 'odt':
    case 'ods':
    case 'odp':
      return extractOdf(file, kind);
    case 'epub':
      return extractEpub(file);
    case 'fb2':
      return extractFb2Bytes(await readFile(file));
    case 'html': {
      const page = htmlToText(decodeText(await readFile(file), 'html'));
      return {
        kind,
        engine: 'html',
        text: page.text,
        metadata: { ...EMPTY_METADATA, title: page.title, author: page.author, language: page.language },
        warnings: [],
      };
    }
    case 'xml': {
      const bytes = await readFile(file);
      const texts: string[] = [];
      const walk = (node: AnyNode): void => {
        if (isText(node)) {
          const t = node.data.trim();
          if (t) texts.push(t);
        } else if ('children' in node && Array.isArray(node.children)) node.children.forEach(walk);
      };
      walk(parseXml(decodeXml(bytes)));
      return { kind, engine: 'xml', text: tidy(texts.join('\n')), metadata: { ...EMPTY_METADATA }, warnings: [] };
    }
    case 'txt':
    case 'md':
    case 'csv':
    case 'json':
    case 'utf16-text':
    case 'latin1-text':
      return { kind, engine: 'text', text: tidy(decodeText(await readFile(file), kind)), metadata: { ...EMPTY_METADATA }, warnings: [] };
    case 'rtf':
    case 'doc':
    case 'xls':
    case 'ppt':
      return extractViaOffice(file, kind, ctx);
    case 'mobi':
    case 'azw':
      return extractViaCalibre(file, kind, ctx);
  }
}

/** Text bytes as a string: UTF-16 by its BOM, Latin-1 as Windows-1252, everything else UTF-8. */
export function decodeText(bytes: Buffer, kind: FileKind): string {
  if (kind === 'utf16-text') return new TextDecoder(bytes[0] === 0xfe ? 'utf-16be' : 'utf-16le').decode(bytes).replace(/^\uFEFF/, '');
  if (kind === 'latin1-text') return new TextDecoder('windows-1252').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

async function scratch(ctx: ToolContext, name: string): Promise<string> {
  const dir = path.join(await ctx.files.workDir(), `extract-${randomUUID().slice(0, 8)}`);
  await mkdir(dir, { recursive: true });
  return path.join(dir, name);
}

// ---------------------------------------------------------------- PDF (poppler)

async function extractPdf(file: string, ctx: ToolContext, layout: boolean): Promise<ExtractedDocument> {
  const poppler = ctx.engines.poppler;
  if (!poppler?.available('pdftotext'))
    throw new ToolError('engine_unavailable', 'pdftotext (Debian package poppler-utils) is not installed on this server; PDF text cannot be extracted.');
  const target = await scratch(ctx, 'text.txt');
  const cwd = path.dirname(target);
  try {
    await poppler.text(file, target, { layout, signal: ctx.signal, timeoutMs: 55_000 });
  } catch (error) {
    if (error instanceof ToolError && /password/i.test(error.detail))
      throw new ToolError('validation_failed', 'file: the PDF is password-protected; upload an unprotected copy.');
    if (error instanceof ToolError && error.code === 'unprocessable')
      throw new ToolError('validation_failed', `file: the PDF could not be read (${error.detail.replace(/^file: /, '')})`);
    throw error;
  }
  // pdftotext ends every page with a form feed.
  const raw = (await readFile(target, 'utf8')).split('\f');
  if (raw.length > 1 && raw.at(-1)?.trim() === '') raw.pop();
  const pages = raw.map((text, i) => ({ index: i + 1, text: tidy(text) }));
  const meta = await pdfMeta(file, poppler, ctx.signal, cwd);
  const text = tidy(pages.map((p) => p.text).join('\n\n'));
  const warnings = text ? [] : ['The PDF has no text layer (a scan or images of text); OCR is not performed.'];
  return { kind: 'pdf', engine: 'pdftotext', text, pages, metadata: { ...EMPTY_METADATA, ...meta, pages: pages.length }, warnings };
}

/** Title and author from the PDF's info dictionary, through pdftotext's HTML header (`-htmlmeta`). */
async function pdfMeta(file: string, poppler: PopplerEngine, signal: AbortSignal, cwd: string): Promise<{ title: string | null; author: string | null }> {
  try {
    const html = await poppler.metaHtml(file, { cwd, signal, timeoutMs: 20_000 });
    const end = html.indexOf('</head>');
    const head = end >= 0 ? html.slice(0, end) : html.slice(0, 8192);
    const page = htmlToText(head);
    const author = /<meta\s+name="Author"\s+content="([^"]*)"/i.exec(head)?.[1];
    const decode = (s: string | undefined | null): string | null => (s ? htmlToText(`<p>${s}</p>`).text || null : null);
    return { title: page.title || null, author: decode(author) };
  } catch {
    return { title: null, author: null };
  }
}

// ---------------------------------------------------------------- LibreOffice / pandoc

async function extractViaOffice(file: string, kind: 'rtf' | 'doc' | 'xls' | 'ppt', ctx: ToolContext): Promise<ExtractedDocument> {
  const office = ctx.engines.office;
  const source = await scratch(ctx, `source.${kind}`);
  await copyFile(file, source);
  const outputDir = path.dirname(source);
  if (!office?.available()) {
    const pandoc = ctx.engines.pandoc;
    if (kind === 'rtf' && pandoc?.available()) {
      const { output: target } = await pandoc.convert({
        from: 'rtf',
        to: 'plain',
        input: source,
        outputDir: path.join(outputDir, 'pandoc'),
        untrusted: true,
        noWrap: true,
        signal: ctx.signal,
        timeoutMs: 55_000,
      });
      return { kind, engine: 'pandoc', text: tidy(await readFile(target, 'utf8')), metadata: { ...EMPTY_METADATA }, warnings: [] };
    }
    throw new ToolError('engine_unavailable', `LibreOffice is not installed on this server; text cannot be extracted from ${FILE_KINDS[kind].title}.`);
  }
  if (kind === 'xls' || kind === 'ppt') {
    // The binary formats become their OOXML twins, then the OOXML reader keeps sheets and slides apart.
    const converted = await office.convert({
      input: source,
      outputDir: path.join(outputDir, 'ooxml'),
      format: kind === 'xls' ? 'xlsx' : 'pptx',
      signal: ctx.signal,
      timeoutMs: 55_000,
    });
    const document = kind === 'xls' ? await extractXlsx(converted, 'xls') : await extractPptx(converted);
    return { ...document, kind, engine: 'libreoffice' };
  }
  const target = await office.convert({
    input: source,
    outputDir: path.join(outputDir, 'txt'),
    format: 'txt',
    filter: 'Text (encoded):UTF8',
    signal: ctx.signal,
    timeoutMs: 55_000,
  });
  return { kind, engine: 'libreoffice', text: tidy(decodeText(await readFile(target), 'txt')), metadata: { ...EMPTY_METADATA }, warnings: [] };
}

// ---------------------------------------------------------------- Calibre (MOBI, AZW3)

async function extractViaCalibre(file: string, kind: 'mobi' | 'azw', ctx: ToolContext): Promise<ExtractedDocument> {
  const ebook = ctx.engines.ebook;
  if (!ebook?.available())
    throw new ToolError('engine_unavailable', `Calibre is not installed on this server; text cannot be extracted from ${FILE_KINDS[kind].title}.`);
  const source = await scratch(ctx, `source.${kind === 'azw' ? 'azw3' : 'mobi'}`);
  await copyFile(file, source);
  const epub = await ebook.convert({
    input: source,
    output: path.join(path.dirname(source), 'book.epub'),
    workDir: path.dirname(source),
    signal: ctx.signal,
    timeoutMs: 55_000,
  });
  const document = await extractEpub(epub);
  return { ...document, kind, engine: 'calibre' };
}

// ---------------------------------------------------------------- limits

/** Cuts the text and the breakdown at `max` characters each; `truncated` says whether anything was cut. */
export function truncate(document: ExtractedDocument, max: number): ExtractResult {
  let truncated = document.text.length > max;
  const cut = <T extends { text: string }>(items: T[] | undefined): T[] | undefined => {
    if (!items) return undefined;
    let budget = max;
    const kept: T[] = [];
    for (const item of items) {
      if (budget <= 0) {
        truncated = true;
        break;
      }
      if (item.text.length > budget) truncated = true;
      kept.push({ ...item, text: item.text.slice(0, budget) });
      budget -= item.text.length;
    }
    return kept;
  };
  const result: ExtractResult = { ...document, text: document.text.slice(0, max), truncated: false, totalCharacters: document.text.length };
  if (document.pages) result.pages = cut(document.pages)!;
  if (document.sheets) result.sheets = cut(document.sheets)!;
  if (document.slides) result.slides = cut(document.slides)!;
  if (document.chapters) result.chapters = cut(document.chapters)!;
  result.truncated = truncated;
  return result;
}
