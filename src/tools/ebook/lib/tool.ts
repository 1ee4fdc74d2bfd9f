import path from 'node:path';
import { z } from 'zod';
import type { ToolContext } from '../../../core/context.ts';
import { ToolError } from '../../../core/errors.ts';
import { mobiEncrypted } from '../../../engines/ebook/index.ts';
import { FILE_KINDS, sniff, type FileKind } from '../../../files/kinds.ts';
import { fileResultSchema } from '../../../files/result.ts';
import { extractEpub, extractFb2Bytes } from '../../../lib/extract/ebook.ts';
import { htmlToText } from '../../../lib/extract/html.ts';
import { extractDocument } from '../../../lib/extract/index.ts';
import { extractDocx } from '../../../lib/extract/ooxml.ts';
import { defineTool, type EngineNeed, type Tool, type ToolExample } from '../../../registry/define-tool.ts';
import { booleanField, outputNameField } from '../../../registry/fields.ts';
import { pandocBook, type PandocTarget } from './pandoc.ts';

/**
 * The e-book conversions, declared as data: each tool file is one `ebookTool({from, to})` call. Calibre's
 * ebook-convert does the conversions it is the reference for (MOBI, AZW3, FB2 and PDF output, MOBI/AZW3 input);
 * pandoc does EPUB → text/HTML/DOCX and FB2 → EPUB/text/HTML, so those answer on a server without Calibre.
 * Every output is reopened before it is handed out (EPUB/FB2/DOCX/HTML/PDF by extracting their text again,
 * MOBI/AZW3 by reading their metadata with ebook-meta).
 */
export type EbookSource = 'epub' | 'mobi' | 'azw' | 'fb2';
export type EbookTarget = 'epub' | 'mobi' | 'azw' | 'fb2' | 'txt' | 'html' | 'pdf' | 'docx';

const SOURCES: Record<EbookSource, { title: string; accept: FileKind[]; calibreExtension: string }> = {
  epub: { title: 'EPUB', accept: ['epub'], calibreExtension: 'epub' },
  // MOBI and AZW3 share one container; either tool reads both.
  mobi: { title: 'MOBI', accept: ['mobi', 'azw'], calibreExtension: 'mobi' },
  azw: { title: 'AZW3 (Kindle)', accept: ['azw', 'mobi'], calibreExtension: 'azw3' },
  fb2: { title: 'FB2 (FictionBook)', accept: ['fb2'], calibreExtension: 'fb2' },
};

const TARGETS: Record<EbookTarget, { title: string; extension: string; mimeType: string; calibre: string[] }> = {
  epub: { title: 'EPUB', extension: 'epub', mimeType: FILE_KINDS.epub.mimeType, calibre: [] },
  mobi: { title: 'MOBI', extension: 'mobi', mimeType: FILE_KINDS.mobi.mimeType, calibre: ['--mobi-file-type', 'both'] },
  azw: { title: 'AZW3 (Kindle)', extension: 'azw3', mimeType: FILE_KINDS.azw.mimeType, calibre: [] },
  fb2: { title: 'FB2 (FictionBook)', extension: 'fb2', mimeType: FILE_KINDS.fb2.mimeType, calibre: [] },
  txt: { title: 'plain text', extension: 'txt', mimeType: 'text/plain', calibre: ['--txt-output-encoding', 'utf-8', '--newline', 'unix'] },
  html: { title: 'HTML', extension: 'html', mimeType: 'text/html', calibre: [] },
  pdf: { title: 'PDF', extension: 'pdf', mimeType: 'application/pdf', calibre: [] },
  docx: { title: 'Word (DOCX)', extension: 'docx', mimeType: FILE_KINDS.docx.mimeType, calibre: [] },
};

type Route = { kind: 'calibre' } | { kind: 'pandoc'; to: PandocTarget } | { kind: 'calibre+pandoc'; to: PandocTarget };

/** Which engine converts what (see the module comment). */
function routeOf(from: EbookSource, to: EbookTarget): Route {
  const pandocTarget: Partial<Record<EbookTarget, PandocTarget>> = { txt: 'plain', html: 'html', docx: 'docx', epub: 'epub' };
  if (from === 'epub' && (to === 'txt' || to === 'html' || to === 'docx')) return { kind: 'pandoc', to: pandocTarget[to]! };
  if (from === 'fb2' && (to === 'epub' || to === 'txt' || to === 'html')) return { kind: 'pandoc', to: pandocTarget[to]! };
  if (to === 'html') return { kind: 'calibre+pandoc', to: 'html' };
  return { kind: 'calibre' };
}

function enginesOf(route: Route): EngineNeed[] {
  return route.kind === 'calibre' ? ['calibre'] : route.kind === 'pandoc' ? ['pandoc'] : ['calibre', 'pandoc'];
}

const PAPER = ['a4', 'letter', 'a5', 'a6', 'b5', 'legal'] as const;

const nameField = outputNameField();

const plainInput = z.object({ fileName: nameField });
const pdfInput = z.object({
  fileName: nameField,
  paperSize: z.enum(PAPER).default('a4').describe('Page size of the PDF: a4 (default), letter, a5, a6, b5, legal'),
  pageNumbers: booleanField(true, 'Print page numbers in the footer (default true)'),
});

function describe(from: EbookSource, to: EbookTarget, route: Route): string {
  const source = SOURCES[from];
  const target = TARGETS[to];
  const by =
    route.kind === 'pandoc'
      ? 'with pandoc (so it also works where Calibre is not installed)'
      : route.kind === 'calibre'
        ? "with Calibre's ebook-convert"
        : 'with Calibre (to EPUB) and pandoc (to one self-contained HTML file)';
  const notes: Record<EbookTarget, string> = {
    epub:
      route.kind === 'pandoc'
        ? "The EPUB 3 keeps chapters, the table of contents, metadata and the book's own images."
        : 'The EPUB keeps chapters, the table of contents, metadata and the cover.',
    mobi: 'The MOBI holds both the classic MOBI and the KF8 format (`--mobi-file-type both`), so old and new Kindles read it.',
    azw: 'The result is an AZW3 (KF8) file, the format of current Kindles (file extension .azw3).',
    fb2: 'The FictionBook 2 file keeps the text, sections, metadata and images.',
    txt: 'The text is UTF-8, paragraph by paragraph, without markup.',
    html: "The HTML is one self-contained file: the book's images are embedded as data URIs, nothing outside the book is referenced.",
    pdf: 'The PDF is typeset by Calibre (Qt WebEngine, headless) on `paperSize` pages, with page numbers unless `pageNumbers` is false.',
    docx: "The Word document keeps headings, lists, tables, links and the book's images (embedded).",
  };
  return (
    `Converts a ${source.title} e-book to ${target.title} ${by}. ${notes[to]} ` +
    'External resources are never fetched. DRM-protected books are refused (422). The output is reopened and its text read back before it is returned; ' +
    'a book without text (scans, comics) converts with a warning.'
  );
}

/**
 * Reopens the output; returns the characters of text it holds (null when the format's check reads metadata
 * only). A file that does not open is our failure (500), never handed out.
 */
async function verify(file: string, to: EbookTarget, ctx: ToolContext, workDir: string): Promise<number | null> {
  try {
    switch (to) {
      case 'epub':
        return (await extractEpub(file)).text.length;
      case 'fb2':
        return extractFb2Bytes(await ctx.files.read(file)).text.length;
      case 'docx':
        return (await extractDocx(file)).text.length;
      case 'html':
        return htmlToText((await ctx.files.read(file)).toString('utf8')).text.length;
      case 'txt':
        return new TextDecoder('utf-8', { fatal: true }).decode(await ctx.files.read(file)).trim().length;
      case 'pdf': {
        const head = (await ctx.files.read(file)).subarray(0, 5).toString('latin1');
        if (head !== '%PDF-') throw new Error('no PDF header');
        if (!ctx.engines.poppler?.available('pdftotext')) return null;
        return (await extractDocument({ path: file, kind: 'pdf' }, ctx)).text.length;
      }
      case 'mobi':
      case 'azw': {
        const kinds = await sniff(file);
        if (!kinds.includes('mobi')) throw new Error('not a MOBI/KF8 container');
        const ebook = ctx.engines.ebook;
        if (!ebook) throw new Error('no Calibre to reopen the book');
        await ebook.metadata(file, { workDir, signal: ctx.signal });
        return null;
      }
    }
  } catch (error) {
    if (error instanceof ToolError && error.code === 'timeout') throw error;
    ctx.log.error({ err: error, to }, 'e-book output failed its check');
    throw new ToolError('internal_error', `The ${TARGETS[to].title} output did not open again after the conversion; quote the X-Request-Id when reporting it.`);
  }
}

export interface EbookToolSpec {
  from: EbookSource;
  to: EbookTarget;
  keywords?: string[];
  /** Runnable examples (FB2 is XML text); binary formats name a file only. */
  examples?: ToolExample<z.input<typeof pdfInput>, z.output<typeof fileResultSchema>>[];
}

export function ebookTool(spec: EbookToolSpec): Tool<typeof pdfInput, typeof fileResultSchema> {
  const { from, to } = spec;
  const source = SOURCES[from];
  const target = TARGETS[to];
  const route = routeOf(from, to);
  const sampleName = { epub: 'novel.epub', mobi: 'novel.mobi', azw: 'novel.azw3', fb2: 'novel.fb2' }[from];
  const examples = spec.examples ?? [
    { title: `convert a ${source.title} book`, input: {}, upload: { fileName: sampleName } },
    to === 'pdf'
      ? {
          title: 'US letter pages, no page numbers, named output',
          input: { fileName: 'reading-copy', paperSize: 'letter' as const, pageNumbers: false },
          upload: { fileName: sampleName },
        }
      : { title: 'name the output', input: { fileName: 'reading-copy' }, upload: { fileName: sampleName } },
  ];
  return defineTool({
    module: 'ebook',
    slug: `${from}-to-${to}`,
    title: `${source.title} to ${target.title}`,
    description: `${describe(from, to, route)} Upload the book as multipart/form-data in field "file"; the result links to the converted file (or use ?delivery=binary, deprecated).`,
    keywords: [from, to, `${from} to ${to}`, 'ebook', 'e-book', 'convert ebook', ...(spec.keywords ?? [])],
    // Non-PDF tools take only fileName; the shared schema type keeps one signature for all twenty.
    input: () => (to === 'pdf' ? pdfInput : plainInput) as typeof pdfInput,
    output: () => fileResultSchema,
    response: 'file',
    upload: { field: 'file', accept: source.accept },
    conversion: { from: source.accept, to: target.extension, engines: enginesOf(route) },
    timeoutMs: 120_000,
    examples,
    run: async (input, ctx) => {
      const upload = ctx.files.uploads[0];
      if (!upload) throw new ToolError('validation_failed', 'file: is required');
      if ((upload.kind === 'mobi' || upload.kind === 'azw') && (await mobiEncrypted(upload.path))) {
        throw new ToolError('unprocessable', 'file: the book is DRM-protected (encrypted); only DRM-free books can be converted.');
      }
      const workDir = await ctx.files.workDir();
      const dir = await ctx.files.folder('book');
      // Converters choose the reader by the extension: the one the bytes showed.
      const extension = upload.kind === 'azw' ? 'azw3' : upload.kind;
      const inputFile = await ctx.files.copy(upload.path, `book/input.${extension}`);
      let output: string;
      if (route.kind === 'pandoc') {
        output = await pandocBook(ctx, { from: from === 'fb2' ? 'fb2' : 'epub', to: route.to, input: inputFile, outputDir: dir });
      } else {
        const ebook = ctx.engines.ebook;
        if (!ebook?.available())
          throw new ToolError('engine_unavailable', 'Calibre (ebook-convert) is not installed on this server; this conversion is unavailable.');
        const options = [...target.calibre];
        if (to === 'pdf') {
          options.push('--paper-size', input.paperSize, '--pdf-default-font-size', '16');
          if (input.pageNumbers) options.push('--pdf-page-numbers');
        }
        const calibreTarget = route.kind === 'calibre' ? target.extension : 'epub';
        output = await ebook.convert({ input: inputFile, output: path.join(dir, `converted.${calibreTarget}`), options, workDir, signal: ctx.signal });
        if (route.kind === 'calibre+pandoc') {
          const htmlDir = await ctx.files.folder('html');
          output = await pandocBook(ctx, { from: 'epub', to: route.to, input: output, outputDir: htmlDir });
        }
      }
      const characters = await verify(output, to, ctx, workDir);
      if (characters === 0) ctx.warn('The converted book holds no text: the source may be made of images only (scans, comics).');
      const base = (input.fileName ?? path.parse(upload.fileName).name).replace(/\.(epub|mobi|azw3?|fb2)$/i, '') || 'book';
      return ctx.files.put(output, { fileName: `${base}.${target.extension}`, mimeType: target.mimeType });
    },
  });
}
