import { z } from 'zod';
import type { FileKind } from '../../files/kinds.ts';

/** What an extractor returns: the text, its natural parts (pages, sheets, slides, chapters) and metadata. */
export interface ExtractedDocument {
  kind: FileKind;
  /** What read it: pdftotext, ooxml, odf, epub, fb2, html, text, libreoffice, pandoc, calibre. */
  engine: string;
  text: string;
  pages?: { index: number; text: string }[];
  sheets?: { index: number; name: string; rows: number; text: string }[];
  slides?: { index: number; title: string | null; text: string }[];
  chapters?: { index: number; title: string | null; text: string }[];
  metadata: DocumentMetadata;
  warnings: string[];
}

export interface DocumentMetadata {
  title: string | null;
  author: string | null;
  language: string | null;
  /** Pages of a PDF (counted), or as the document says it had when last saved (DOCX, ODT). */
  pages: number | null;
  sheets: number | null;
  slides: number | null;
  chapters: number | null;
}

export const EMPTY_METADATA: DocumentMetadata = { title: null, author: null, language: null, pages: null, sheets: null, slides: null, chapters: null };

export const metadataSchema = z.object({
  title: z.string().nullable().describe('Document title from its metadata (PDF info, DOCX core properties, EPUB/FB2 title, HTML <title>)'),
  author: z.string().nullable().describe('Author(s) from the metadata'),
  language: z.string().nullable().describe('Language tag the document declares (e.g. en, de-DE)'),
  pages: z.number().int().nonnegative().nullable().describe('Pages: counted for PDF; as stored by the editor for DOCX/ODT'),
  sheets: z.number().int().nonnegative().nullable().describe('Worksheets of a spreadsheet'),
  slides: z.number().int().nonnegative().nullable().describe('Slides of a presentation'),
  chapters: z.number().int().nonnegative().nullable().describe('Spine documents (chapters) of an EPUB, sections of an FB2'),
});

export const pagesSchema = z
  .array(z.object({ index: z.number().int().positive().describe('1-based page number'), text: z.string() }))
  .describe('PDF: the text of each page');
export const sheetsSchema = z
  .array(
    z.object({
      index: z.number().int().positive(),
      name: z.string(),
      rows: z.number().int().nonnegative(),
      text: z.string().describe('Rows as lines, cells separated by tabs'),
    }),
  )
  .describe('Spreadsheets: each sheet as tab-separated rows');
export const slidesSchema = z
  .array(z.object({ index: z.number().int().positive(), title: z.string().nullable(), text: z.string() }))
  .describe('Presentations: the text of each slide');
export const chaptersSchema = z
  .array(z.object({ index: z.number().int().positive(), title: z.string().nullable(), text: z.string() }))
  .describe('E-books: the text of each chapter / section');
