import { z } from 'zod';
import { countWords } from '../../lib/nlp/tokens.ts';
import { FILE_KINDS } from '../../files/kinds.ts';
import { EXTRACT_KINDS } from '../../lib/extract/index.ts';
import { chaptersSchema, metadataSchema, pagesSchema, sheetsSchema, slidesSchema } from '../../lib/extract/types.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { booleanField } from '../../registry/fields.ts';
import { extractFromInput, MAX_EXTRACT_CHARACTERS } from '../../lib/extract/content.ts';

export default defineTool({
  module: 'extract',
  slug: 'extract',
  path: '/api/v1/extract',
  title: 'Extract text from a document',
  description:
    'Returns the text of a document and its basic metadata. Send the file as base64 in a JSON body (`{"content": "<base64>", "fileName": "report.pdf"}`, ' +
    'a data: URL prefix is accepted) or upload it as multipart/form-data in field "file". The format is read from the bytes: PDF (poppler\'s pdftotext, ' +
    'page by page, reading order or `layout: true`), DOCX, PPTX and XLSX (their XML, in document order: paragraphs, lists, tables as tab-separated rows), ' +
    'ODT, ODS and ODP, RTF, DOC, XLS and PPT (through LibreOffice), HTML (scripts and styles dropped, blocks as lines), EPUB and FB2 (chapter by chapter), ' +
    'MOBI/AZW3 (through Calibre), and UTF-8, UTF-16 or Latin-1 text, Markdown, CSV, JSON and XML. The boundaries are kept: `pages` for PDF, `sheets` ' +
    'for spreadsheets, `slides` for presentations, `chapters` for e-books; `metadata` has title, author, language and page/sheet/slide counts where ' +
    'the document records them. Scanned PDFs have no text layer and come back empty with a warning (no OCR). Text past `maxCharacters` is cut and ' +
    '`truncated` says so. Base64 bodies are bounded by the JSON body limit (TOOLAPI_MAX_JSON_MB); larger files go as uploads.',
  keywords: [
    'extract text',
    'text extraction',
    'pdf to text',
    'docx to text',
    'document parser',
    'ocr-free',
    'parse document',
    'read pdf',
    'xlsx',
    'pptx',
    'epub',
    'html to text',
    'metadata',
  ],
  input: () =>
    z.object({
      content: z
        .string()
        .optional()
        .describe(
          'The file\'s bytes as base64 (standard or URL-safe alphabet; a "data:…;base64," prefix is accepted). Omit it when you upload the file in field "file".',
        ),
      fileName: z
        .string()
        .max(255, 'at most 255 characters')
        .optional()
        .describe("The file's name, echoed in the result (the format is read from the bytes, never from the name)"),
      maxCharacters: z.coerce
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(MAX_EXTRACT_CHARACTERS, `at most ${MAX_EXTRACT_CHARACTERS.toLocaleString('en-US')}`)
        .default(1_000_000)
        .describe(
          `Longest text returned, in characters (default 1,000,000, at most ${MAX_EXTRACT_CHARACTERS.toLocaleString('en-US')}); pages/sheets/slides/chapters are cut at the same budget`,
        ),
      layout: booleanField(false, 'PDF only: keep the physical layout (columns side by side, table alignment) instead of reading order'),
    }),
  output: () =>
    z.object({
      fileName: z.string().nullable().describe('The name given with the content or upload'),
      kind: z.enum(EXTRACT_KINDS).describe('The format read from the bytes'),
      mimeType: z.string(),
      sizeBytes: z.number().int().nonnegative(),
      engine: z.string().describe('What read it: pdftotext, ooxml, odf, epub, fb2, html, text, xml, libreoffice, pandoc, calibre'),
      text: z.string().describe('The whole text (blocks separated by blank lines)'),
      characters: z.number().int().nonnegative().describe('Characters of the whole text, before any cut'),
      words: z.number().int().nonnegative().describe('Words of the returned text'),
      truncated: z.boolean().describe('True when the text (or a part list) was cut at maxCharacters'),
      pages: pagesSchema.optional(),
      sheets: sheetsSchema.optional(),
      slides: slidesSchema.optional(),
      chapters: chaptersSchema.optional(),
      metadata: metadataSchema,
    }),
  upload: { field: 'file', accept: EXTRACT_KINDS, optional: true },
  timeoutMs: 60_000,
  examples: [
    {
      title: 'plain text as base64',
      input: { content: Buffer.from('Invoice 2024-031\nTotal due: 1,250.00 EUR\n').toString('base64'), fileName: 'invoice.txt' },
      output: {
        fileName: 'invoice.txt',
        kind: 'txt',
        mimeType: 'text/plain',
        sizeBytes: 41,
        engine: 'text',
        text: 'Invoice 2024-031\nTotal due: 1,250.00 EUR',
        characters: 40,
        words: 7,
        truncated: false,
        metadata: { title: null, author: null, language: null, pages: null, sheets: null, slides: null, chapters: null },
      },
    },
    {
      title: 'HTML: title, author and language from the head; scripts dropped, lists and tables kept',
      input: {
        content: Buffer.from(
          '<!doctype html><html lang="en"><head><title>Lunch menu</title><meta name="author" content="Cafe Rosa"><script>track()</script></head>' +
            '<body><h1>Today</h1><p>Soup &amp; bread</p><ul><li>Tea</li><li>Coffee</li></ul><table><tr><th>Dish</th><th>Price</th></tr><tr><td>Soup</td><td>4.50</td></tr></table></body></html>',
        ).toString('base64'),
        fileName: 'menu.html',
      },
      output: {
        fileName: 'menu.html',
        kind: 'html',
        mimeType: 'text/html',
        sizeBytes: 312,
        engine: 'html',
        text: 'Today\n\nSoup & bread\n\n- Tea\n- Coffee\n\nDish\tPrice\nSoup\t4.50',
        characters: 57,
        words: 9,
        truncated: false,
        metadata: { title: 'Lunch menu', author: 'Cafe Rosa', language: 'en', pages: null, sheets: null, slides: null, chapters: null },
      },
    },
    {
      title: 'an uploaded text file, cut at maxCharacters',
      input: { maxCharacters: 12 },
      upload: { fileName: 'notes.txt', content: 'Meeting notes: budget approved.\n' },
      output: {
        fileName: 'notes.txt',
        kind: 'txt',
        mimeType: 'text/plain',
        sizeBytes: 32,
        engine: 'text',
        text: 'Meeting note',
        characters: 31,
        words: 2,
        truncated: true,
        metadata: { title: null, author: null, language: null, pages: null, sheets: null, slides: null, chapters: null },
      },
    },
    { title: 'a PDF upload: text page by page', input: {}, upload: { fileName: 'report.pdf' } },
  ],
  run: async (input, ctx) => {
    const { document, fileName, sizeBytes } = await extractFromInput(input, ctx);
    const characters = document.totalCharacters;
    for (const warning of document.warnings) ctx.warn(warning);
    if (document.truncated)
      ctx.warn(
        `The text was cut at ${input.maxCharacters.toLocaleString('en-US')} characters (maxCharacters); the document holds ${characters.toLocaleString('en-US')}.`,
      );
    if (!document.text && document.warnings.length === 0) ctx.warn('No text was found in the document.');
    return {
      fileName,
      kind: document.kind as (typeof EXTRACT_KINDS)[number],
      mimeType: FILE_KINDS[document.kind].mimeType,
      sizeBytes,
      engine: document.engine,
      text: document.text,
      characters,
      words: countWords(document.text),
      truncated: document.truncated,
      ...(document.pages ? { pages: document.pages } : {}),
      ...(document.sheets ? { sheets: document.sheets } : {}),
      ...(document.slides ? { slides: document.slides } : {}),
      ...(document.chapters ? { chapters: document.chapters } : {}),
      metadata: document.metadata,
    };
  },
});
