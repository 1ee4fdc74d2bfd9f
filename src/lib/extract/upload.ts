import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { ToolError } from '../../core/errors.ts';
import { describeKinds } from '../../files/kinds.ts';
import type { UploadedFile } from '../../files/result.ts';
import { EXTRACT_KINDS, extractDocument, type ExtractResult } from './index.ts';

/**
 * The upload side of the `-file` tools (pii-scrub-file, ats-gap-file, expense-categorizer-file,
 * ai-models/file-insights): the uploaded document's text through `extractDocument`, bounded to what the
 * analysis takes, and `source` — what was read — for the result.
 */
export const sourceSchema = z
  .object({
    fileName: z.string().describe('The uploaded file name'),
    kind: z.string().describe("The format read from the file's bytes (pdf, docx, txt…)"),
    engine: z.string().describe('What extracted the text (pdftotext, ooxml, odf, html, text, libreoffice…)'),
    characters: z.number().int().nonnegative().describe('Characters of text extracted (and analysed)'),
    pages: z.number().int().nonnegative().optional().describe('Pages of the document, when it has them (PDF counted; DOCX/ODT as saved)'),
  })
  .describe('The uploaded document the text came from');

export type Source = z.infer<typeof sourceSchema>;

/** Upload formats the `-file` tools read (the same as /api/v1/extract). */
export const UPLOAD_TEXT_KINDS = EXTRACT_KINDS;
export const UPLOAD_TEXT_FORMATS = 'PDF, DOCX, DOC, ODT, RTF, TXT, Markdown, HTML, EPUB, FB2, PPTX, XLSX, ODS, CSV';

export interface UploadText {
  text: string;
  source: Source;
  document: ExtractResult;
  upload: UploadedFile;
}

export interface UploadTextOptions {
  /** Longest text the analysis takes. */
  maxCharacters: number;
  /** `refuse` (default): a longer text is a 400 naming `file`; `truncate`: analyse the beginning and warn. */
  overflow?: 'refuse' | 'truncate';
}

export async function textFromUpload(ctx: ToolContext, options: UploadTextOptions): Promise<UploadText> {
  const upload = ctx.files.uploads[0];
  if (!upload)
    throw new ToolError(
      'validation_failed',
      `file: is required; upload a ${describeKinds(['pdf', 'docx', 'txt'])} (or another text document) as multipart/form-data.`,
    );
  // One character more than allowed tells a too-long text from one that fits.
  const document = await extractDocument(upload, ctx, { maxCharacters: options.maxCharacters + 1 });
  for (const warning of document.warnings) ctx.warn(warning);
  let text = document.text;
  if (!/[\p{L}\p{N}]/u.test(text)) {
    throw new ToolError(
      'validation_failed',
      `file: no text could be extracted from "${upload.fileName}"${upload.kind === 'pdf' ? ' (a scanned PDF? OCR is not performed)' : ''}.`,
    );
  }
  if (text.length > options.maxCharacters || document.truncated) {
    if (options.overflow !== 'truncate') {
      throw new ToolError(
        'validation_failed',
        `file: "${upload.fileName}" holds more than ${options.maxCharacters.toLocaleString('en-US')} characters of text, the most this tool analyses; split the document or send the relevant part.`,
      );
    }
    text = text.slice(0, options.maxCharacters);
    ctx.warn(
      `The document holds more than ${options.maxCharacters.toLocaleString('en-US')} characters of text; its first ${options.maxCharacters.toLocaleString('en-US')} were analysed.`,
    );
  }
  const pages = document.metadata.pages ?? undefined;
  return {
    text,
    document,
    upload,
    source: { fileName: upload.fileName, kind: upload.kind, engine: document.engine, characters: text.length, ...(pages !== undefined ? { pages } : {}) },
  };
}

/** Re-points a refusal about a JSON twin's text field (`text: …`, `csv: …`) at the upload. */
export function asFileError(error: unknown, fields: readonly string[]): unknown {
  if (error instanceof ToolError) {
    for (const field of fields) {
      if (error.detail.startsWith(`${field}: `)) return new ToolError(error.code, `file: the extracted text ${error.detail.slice(field.length + 2)}`);
    }
  }
  return error;
}

export const UPLOAD_TEXT_SPEC = { field: 'file', accept: UPLOAD_TEXT_KINDS } as const;
