import { withThousands } from '../lib/digits.ts';
import path from 'node:path';
import { z } from 'zod';
import type { ToolContext } from '../core/context.ts';
import { ToolError } from '../core/errors.ts';
import { ARCHIVE_CAPS, type ZipInput } from '../engines/archive/index.ts';
import { FILE_KINDS, type FileKind } from '../files/kinds.ts';
import { safeFileName } from '../files/files.ts';
import { fileResultSchema } from '../files/result.ts';
import { defineTool, type EngineNeed, type Tool, type ToolExample } from '../registry/define-tool.ts';
import { booleanField } from '../registry/fields.ts';
import type { ModuleName } from '../registry/modules.ts';
import { stripRemoteResources } from './documents/lib/html-resources.ts';
import { textToMarkdown } from './documents/lib/text-to-markdown.ts';
import { findSheet, readWorkbook, sheetToJson, toDelimited, type CellValue, type WorkbookData } from './office/lib/spreadsheet-data.ts';

/**
 * File conversions are declared as data: what they accept, what they produce, and the steps that turn
 * one into the other (LibreOffice's warm pool, pandoc, poppler, and a few steps done here). Each tool
 * file is one `conversionTool` (or `spreadsheetJsonTool`) call.
 */
export type ConversionStep =
  /** LibreOffice: `filter` is an export filter, optionally with options after a colon ('HTML (StarWriter):EmbedImages'). */
  | { engine: 'office'; format: string; filter?: string }
  | { engine: 'pandoc'; from: string; to: string; standalone?: boolean }
  /** `layout: false` keeps reading order instead of the physical layout; `pageHeading` titles each page ('Slide' → "--- Slide 2 ---"). */
  | { engine: 'pdftotext'; layout?: boolean; pageHeading?: string }
  | { engine: 'pdftohtml' }
  /** Removes every reference to an outside resource from an HTML document before a converter opens it. */
  | { engine: 'html-sanitize' }
  /** Plain text → Markdown that renders as the same text. */
  | { engine: 'text-to-markdown' }
  /** One sheet of an .xlsx as CSV (`csv`, delimiter and BOM from the input) or tab-separated text (`tsv`). */
  | { engine: 'sheet-text'; format: 'csv' | 'tsv' }
  /** A PDF's pages as PNG images (poppler's pdftoppm), zipped. */
  | { engine: 'page-images'; resolution: number; maxPages: number }
  /** LibreOffice's HTML of a presentation: each slide's empty heading becomes "Slide N". */
  | { engine: 'slide-headings' };

/** The output of a conversion to `kind`: its extension and media type. */
export function outputOf(kind: FileKind): { extension: string; mimeType: string } {
  return { extension: kind, mimeType: FILE_KINDS[kind].mimeType };
}

/** An upload an example sends: a file name, with its text when the example can run offline. */
export type ExampleUpload = { fileName: string; content?: string };

/**
 * The two examples most conversions show: `upload` converted (the example called `title`), then converted again
 * under the name `outputName` (from `renamed`, when that example uploads another file).
 */
export function convertAndName(title: string, upload: ExampleUpload, outputName: string, renamed: ExampleUpload = upload) {
  return [
    { title, input: {}, upload },
    { title: 'name the output', input: { fileName: outputName }, upload: renamed },
  ];
}

/** Non-empty cells one spreadsheet call reads into CSV/TSV. */
export const SHEET_TEXT_MAX_CELLS = 2_000_000;
/** Non-empty cells one spreadsheet call returns as JSON. */
export const SHEET_JSON_MAX_CELLS = 250_000;
/** Bytes an .xlsx may unpack to before it is parsed (its XML; pictures are skipped). */
export const WORKBOOK_MAX_UNPACKED = ARCHIVE_CAPS.workbook.maxTotalBytes;

const baseInput = {
  fileName: z.string().max(200).optional().describe('Name for the output file (without extension); default: the uploaded name'),
};
type BaseShape = typeof baseInput;
type EmptyShape = Record<never, never>;

/** Options a spreadsheet → CSV/TXT conversion takes. */
export const sheetOption = {
  sheet: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Sheet to convert: its name (case-insensitive) or 1-based position, e.g. "Sales" or "2". Default: the first sheet'),
};
export const csvOptions = {
  ...sheetOption,
  delimiter: z.enum(['comma', 'semicolon', 'tab', 'pipe']).default('comma').describe('Field separator: comma (default), semicolon, tab or pipe'),
  bom: booleanField(false, 'Start the file with a UTF-8 byte-order mark, so Excel opens non-ASCII text correctly (default false)'),
};
const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' } as const;

/** What every file-conversion tool declares about itself: where it is listed and what it accepts. */
interface ConversionIdentity {
  module: ModuleName;
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  accept: readonly FileKind[];
}

export interface ConversionSpec<E extends z.ZodRawShape = EmptyShape> extends ConversionIdentity {
  /** Output extension and media type. */
  output: { extension: string; mimeType: string };
  steps: readonly ConversionStep[];
  /** Treat every accepted upload as this format (e.g. HTML that does not start with a tag). Default: what its bytes showed. */
  inputAs?: FileKind;
  /** Input fields beyond `fileName` (e.g. `sheet`); the steps read them. */
  options?: E;
  /** Said in `warnings` on every result (e.g. an approximate layout). */
  warning?: string;
  examples?: ToolExample<z.input<z.ZodObject<BaseShape & E>>, z.output<typeof fileResultSchema>>[];
}

export function conversionTool<E extends z.ZodRawShape = EmptyShape>(spec: ConversionSpec<E>): Tool<z.ZodObject<BaseShape & E>, typeof fileResultSchema> {
  const [from] = spec.accept;
  return defineTool<z.ZodObject<BaseShape & E>, typeof fileResultSchema>({
    module: spec.module,
    slug: spec.slug,
    title: spec.title,
    description: `${spec.description} Upload the file as multipart/form-data in field "file"; the result links to the converted file (or use ?delivery=binary, deprecated).`,
    keywords: spec.keywords,
    input: () => z.object({ ...baseInput, ...spec.options }) as unknown as z.ZodObject<BaseShape & E>,
    output: () => fileResultSchema,
    response: 'file',
    upload: { field: 'file', accept: spec.accept },
    conversion: { from: spec.accept, to: spec.output.extension, engines: enginesOf(spec.steps) },
    timeoutMs: 120_000,
    examples: spec.examples ?? [
      {
        title: `convert a ${from ? FILE_KINDS[from].title : 'file'}`,
        input: {} as z.input<z.ZodObject<BaseShape & E>>,
        upload: { fileName: `document.${from ?? 'bin'}` },
      },
      { title: 'name the output', input: { fileName: 'report-final' } as z.input<z.ZodObject<BaseShape & E>>, upload: { fileName: `report.${from ?? 'bin'}` } },
    ],
    run: async (parsed, ctx) => {
      const options = parsed as Record<string, unknown>;
      const upload = ctx.files.uploads[0];
      if (!upload) throw new ToolError('validation_failed', 'file: is required');
      const workDir = await ctx.files.workDir();
      // Converters decide the format by the extension: give the input the one its bytes showed. The name is the
      // upload's, made safe, since pandoc titles a standalone page after it.
      let current = await ctx.files.copy(upload.path, `${path.parse(safeFileName(upload.fileName, 'input')).name || 'input'}.${spec.inputAs ?? upload.kind}`);
      for (const [index, step] of spec.steps.entries()) {
        current = await runStep(step, current, path.join(workDir, `step-${index}`), ctx, options, index === 0 ? (spec.inputAs ?? upload.kind) : undefined);
      }
      if (spec.warning) ctx.warn(spec.warning);
      const fileName = typeof options.fileName === 'string' ? options.fileName : undefined;
      const base = (fileName ?? path.parse(upload.fileName).name).replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'converted';
      return ctx.files.put(current, { fileName: `${base}.${spec.output.extension}`, mimeType: spec.output.mimeType });
    },
  });
}

/** What a conversion named `<from>-to-<to>` declares when its slug, upload and output follow from the two formats. */
type NamedConversionSpec<E extends z.ZodRawShape> = Omit<ConversionSpec<E>, 'module' | 'slug' | 'accept' | 'output' | 'steps'> & {
  /** The formats taken. Default: `from` and what TAKEN_AS reads as it. */
  accept?: readonly FileKind[];
};

/** Uploads a `<from>-to-…` conversion takes besides `from` itself: legacy Word with DOCX, XHTML and bare text as HTML, text as Markdown. */
const TAKEN_AS: Partial<Record<FileKind, readonly FileKind[]>> = { docx: ['docx', 'doc'], html: ['html', 'xml', 'txt'], md: ['md', 'txt'] };

function namedConversion<E extends z.ZodRawShape>(module: ModuleName, from: FileKind, to: FileKind, steps: ConversionStep[], spec: NamedConversionSpec<E>) {
  return conversionTool<E>({ ...spec, module, slug: `${from}-to-${to}`, accept: spec.accept ?? TAKEN_AS[from] ?? [from], output: outputOf(to), steps });
}

/** LibreOffice opens `from` and saves it as `to`, through the export `filter` when the format needs one. */
export function officeConversion<E extends z.ZodRawShape = EmptyShape>(
  module: ModuleName,
  from: FileKind,
  to: FileKind,
  spec: NamedConversionSpec<E> & { filter?: string },
) {
  const { filter, ...rest } = spec;
  return namedConversion(module, from, to, [{ engine: 'office', format: to, ...(filter ? { filter } : {}) }], rest);
}

/** pandoc reads the upload as `reader` and writes `writer` (a standalone page when asked): always as an untrusted document. */
export function pandocConversion(
  module: ModuleName,
  from: FileKind,
  to: FileKind,
  spec: NamedConversionSpec<EmptyShape> & { reader: string; writer: string; standalone?: boolean },
) {
  const { reader, writer, standalone, ...rest } = spec;
  return namedConversion(module, from, to, [{ engine: 'pandoc', from: reader, to: writer, ...(standalone ? { standalone: true } : {}) }], rest);
}

/** What a step gets: the file so far, a fresh folder for its output, the call, and the tool's parsed options. */
interface StepCall {
  source: string;
  outputDir: string;
  ctx: ToolContext;
  options: Record<string, unknown>;
  /** The format of `source` when it is the upload itself (the first step). */
  kind: FileKind | undefined;
}

type StepName = ConversionStep['engine'];

interface StepKind<S> {
  /** The engine the step needs, for supported-conversions; none when it is done here, in-process. */
  needs?: EngineNeed;
  run(step: S, call: StepCall): Promise<string>;
}

/**
 * Import filters for the OLE2 compound formats: without one, LibreOffice falls back to importing a damaged
 * .xls/.doc/.ppt as plain text and "succeeds" with binary garbage; with one, it refuses to load it (422).
 */
const IMPORT_FILTERS: Partial<Record<FileKind, string>> = { doc: 'MS Word 97', xls: 'MS Excel 97', ppt: 'MS PowerPoint 97' };

function need<E>(engine: E | undefined, what: string): E {
  if (!engine) throw new ToolError('engine_unavailable', `${what} is not available on this server; this conversion is unavailable.`);
  return engine;
}

/** An in-process step from the text of `source` to the text of a file named by `name` (UTF-8 both ways). */
function textStep(name: (source: string) => string, transform: (text: string, ctx: ToolContext) => string): StepKind<ConversionStep> {
  return {
    run: async (_step, { source, outputDir, ctx }) =>
      ctx.files.write(path.join(outputDir, name(source)), transform((await ctx.files.read(source)).toString('utf8'), ctx)),
  };
}

/** Each kind of step: what it needs and how it runs. The engines (src/engines) do the work. */
const STEPS: { [K in StepName]: StepKind<Extract<ConversionStep, { engine: K }>> } = {
  office: {
    needs: 'office',
    run: async (step, { source, outputDir, ctx, kind }) => {
      const office = ctx.engines.office;
      if (!office?.available()) throw new ToolError('engine_unavailable', 'LibreOffice is not installed on this server; this conversion is unavailable.');
      const inputFilter = kind && IMPORT_FILTERS[kind];
      return office.convert({
        input: source,
        outputDir,
        format: step.format,
        ...(step.filter ? { filter: step.filter } : {}),
        ...(inputFilter ? { inputFilter } : {}),
        signal: ctx.signal,
      });
    },
  },
  pandoc: {
    needs: 'pandoc',
    run: async (step, { source, outputDir, ctx }) => {
      const pandoc = need(ctx.engines.pandoc, 'pandoc');
      const { output } = await pandoc.convert({
        from: step.from,
        to: step.to,
        input: source,
        outputDir,
        untrusted: true,
        standalone: step.standalone ?? false,
        signal: ctx.signal,
      });
      return output;
    },
  },
  pdftotext: {
    needs: 'pdftotext',
    run: async (step, { source, outputDir, ctx }) => {
      const target = await need(ctx.engines.poppler, 'poppler-utils').text(source, path.join(outputDir, 'output.txt'), {
        layout: step.layout !== false,
        signal: ctx.signal,
      });
      if (step.pageHeading) await ctx.files.write(target, withPageHeadings((await ctx.files.read(target)).toString('utf8'), step.pageHeading));
      return target;
    },
  },
  pdftohtml: {
    needs: 'pdftohtml',
    run: (_step, { source, outputDir, ctx }) => need(ctx.engines.poppler, 'poppler-utils').html(source, outputDir, { signal: ctx.signal }),
  },
  'html-sanitize': textStep(
    (source) => `clean${path.extname(source) || '.html'}`,
    (text, ctx) => {
      const { html, removed } = stripRemoteResources(text);
      if (removed > 0) {
        ctx.warn(
          `${removed} reference${removed === 1 ? '' : 's'} to outside resources (remote or local images, stylesheets, scripts, frames) ${removed === 1 ? 'was' : 'were'} removed before conversion; embed images as data: URIs to keep them.`,
        );
      }
      return withUtf8Declaration(html);
    },
  ),
  'text-to-markdown': textStep(() => 'output.md', textToMarkdown),
  'sheet-text': {
    run: async (step, { source, outputDir, ctx, options }) => {
      const wanted = typeof options.sheet === 'string' ? options.sheet : undefined;
      const workbook = await readSheets(source, outputDir, ctx, SHEET_TEXT_MAX_CELLS, wanted ?? 1);
      const sheet = workbook.sheets[0];
      if (!sheet) throw new ToolError('unprocessable', 'file: the workbook has no sheets.');
      const delimiter = step.format === 'tsv' ? '\t' : DELIMITERS[(options.delimiter as keyof typeof DELIMITERS | undefined) ?? 'comma'];
      const text = toDelimited(sheet, delimiter);
      if (workbook.sheetNames.length > 1) {
        ctx.warn(
          `Sheet "${sheet.name}" (${sheet.index} of ${workbook.sheetNames.length}) was converted; the workbook also has ${workbook.sheetNames
            .filter((n) => n !== sheet.name)
            .map((n) => `"${n}"`)
            .join(', ')} — pass "sheet" to pick another.`,
        );
      }
      sheetNotes(workbook, SHEET_TEXT_MAX_CELLS, ctx);
      const target = path.join(outputDir, `output.${step.format === 'tsv' ? 'txt' : 'csv'}`);
      await ctx.files.write(target, (options.bom === true ? '\uFEFF' : '') + text);
      return target;
    },
  },
  'page-images': {
    needs: 'pdftoppm',
    run: async (step, { source, outputDir, ctx }) => {
      const poppler = need(ctx.engines.poppler, 'poppler-utils');
      const archive = need(ctx.engines.archive, 'ZIP writing');
      // One page past the cap tells whether there are more.
      const pages = await poppler.renderPages(source, path.join(outputDir, 'pages'), {
        format: 'png',
        resolution: step.resolution,
        lastPage: step.maxPages + 1,
        signal: ctx.signal,
      });
      if (pages.length === 0) throw new ToolError('unprocessable', 'file: the document has no pages to render.');
      if (pages.length > step.maxPages) {
        pages.length = step.maxPages;
        ctx.warn(`Only the first ${step.maxPages} slides were rendered (the cap per call); split the presentation to render the rest.`);
      }
      const digits = Math.max(3, String(pages.length).length);
      const entries: ZipInput[] = pages.map((p, i) => ({ path: `slide-${String(i + 1).padStart(digits, '0')}.png`, file: p.file }));
      const target = path.join(outputDir, 'slides.zip');
      // PNG is already compressed: stored entries zip fast and as small.
      await archive.write(entries, target, { compress: false, signal: ctx.signal });
      return target;
    },
  },
  'slide-headings': textStep(() => 'slides.html', withSlideHeadings),
};

function enginesOf(steps: readonly ConversionStep[]): EngineNeed[] {
  return [...new Set(steps.map((step) => STEPS[step.engine].needs).filter((needs): needs is EngineNeed => needs !== undefined))];
}

/** Runs one step into its own folder; `kind` is the format of `source` when it is the upload itself (the first step). */
async function runStep(
  step: ConversionStep,
  source: string,
  outputDir: string,
  ctx: ToolContext,
  options: Record<string, unknown>,
  kind?: FileKind,
): Promise<string> {
  await ctx.files.folder(outputDir);
  const kindOf = STEPS[step.engine] as StepKind<ConversionStep>;
  return kindOf.run(step, { source, outputDir, ctx, options, kind });
}

/** Makes sure LibreOffice reads the (UTF-8, as the upload check established) HTML as UTF-8. */
function withUtf8Declaration(html: string): string {
  const cleaned = html.replace(/<meta\b[^>]*\bcharset\s*=[^>]*>/gi, '');
  const meta = '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">';
  if (/<head\b[^>]*>/i.test(cleaned)) return cleaned.replace(/<head\b[^>]*>/i, (head) => `${head}${meta}`);
  return `${meta}${cleaned}`;
}

/** pdftotext separates pages with form feeds; each page gets a heading instead. */
export function withPageHeadings(text: string, heading: string): string {
  const pages = text.split('\f');
  if (pages.length > 1 && pages[pages.length - 1]?.trim() === '') pages.pop();
  return `${pages.map((page, i) => `--- ${heading} ${i + 1} ---\n\n${page.replace(/^\n+|\s+$/g, '')}`).join('\n\n')}\n`;
}

/** LibreOffice marks each slide of its presentation HTML with an empty <h1>; they are numbered. */
export function withSlideHeadings(html: string): string {
  let slide = 0;
  return html.replace(/<h1(\s[^>]*)?>\s*<\/h1>/gi, (_match, attributes: string | undefined) => `<h1${attributes ?? ''}>Slide ${++slide}</h1>`);
}

/** The entries of an .xlsx that its parser reads, in the order that lets it stream (no temporary files). */
const WORKBOOK_PARTS = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const isWorkbookPart = (entry: string): boolean => WORKBOOK_PARTS.includes(entry) || /^xl\/worksheets\/(?:_rels\/)?sheet\d+\.xml(?:\.rels)?$/.test(entry);
const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

/**
 * Unpacks an untrusted .xlsx (bounded: real bytes counted, pictures and other parts skipped), repacks the
 * parts the reader needs in streaming order, and reads the sheet(s) asked for: `wanted` is what the user
 * typed (a name or a 1-based position), a position, or undefined for every sheet.
 */
async function readSheets(source: string, outputDir: string, ctx: ToolContext, maxCells: number, wanted: string | number | undefined): Promise<WorkbookData> {
  const archive = ctx.engines.archive;
  if (!archive) throw new ToolError('engine_unavailable', 'ZIP reading is not available on this server.');
  const parts = path.join(outputDir, 'parts');
  const extracted = await archive.extract(source, parts, {
    label: 'the workbook',
    caps: 'workbook',
    include: isWorkbookPart,
    signal: ctx.signal,
  });
  const byPath = new Map(extracted.files.map((f) => [f.path, f.file]));
  if (!byPath.has('xl/workbook.xml')) throw new ToolError('unprocessable', 'file: not an Excel workbook (no xl/workbook.xml inside).');
  if (!byPath.has('xl/sharedStrings.xml')) {
    const empty = path.join(outputDir, 'shared-strings.xml');
    await ctx.files.write(empty, EMPTY_SHARED_STRINGS);
    byPath.set('xl/sharedStrings.xml', empty);
  }
  const ordered: ZipInput[] = [
    ...WORKBOOK_PARTS.flatMap((part) => (byPath.has(part) ? [{ path: part, file: byPath.get(part) ?? '' }] : [])),
    ...[...byPath].filter(([part]) => !WORKBOOK_PARTS.includes(part)).map(([part, file]) => ({ path: part, file })),
  ];
  const repacked = path.join(outputDir, 'workbook.xlsx');
  await archive.write(ordered, repacked, { compress: false, signal: ctx.signal });
  let names: string[] | undefined;
  const workbook = await readWorkbook(repacked, {
    maxCells,
    signal: ctx.signal,
    ...(wanted === undefined
      ? {}
      : {
          select: ({ index, names: all }) => {
            names = all;
            return (typeof wanted === 'number' ? wanted : findSheet(all, wanted)?.index) === index;
          },
        }),
  });
  if (wanted !== undefined && workbook.sheets.length === 0) {
    const all = names ?? workbook.sheetNames;
    if (all.length === 0) throw new ToolError('unprocessable', 'file: the workbook has no sheets.');
    throw new ToolError('validation_failed', `sheet: no sheet "${wanted}"; this workbook has ${all.map((n, i) => `${i + 1}: "${n}"`).join(', ')}.`);
  }
  return workbook;
}

function sheetNotes(workbook: WorkbookData, maxCells: number, ctx: ToolContext): void {
  if (workbook.truncated) {
    ctx.warn(`The output stops at ${maxCells.toLocaleString('en-US')} non-empty cells (the cap per call); the rows after it were left out.`);
  }
  if (workbook.formulasWithoutValue > 0) {
    ctx.warn(
      `${workbook.formulasWithoutValue} formula cell${workbook.formulasWithoutValue === 1 ? ' has' : 's have'} no stored value (never calculated, or an error value) and ${workbook.formulasWithoutValue === 1 ? 'is' : 'are'} left empty.`,
    );
  }
}

/* ---------------------------------------------------------------- spreadsheet → JSON (docs/contract.md "Envelopes") */

const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const sheetJsonSchema = z.object({
  sheets: z
    .record(z.string(), z.union([z.array(z.record(z.string(), cellSchema)), z.array(z.array(cellSchema))]))
    .describe('Rows of each sheet by sheet name: objects keyed by the header row (or arrays with header=false)'),
  meta: z.object({
    fileName: z.string().describe('The uploaded file name'),
    sheetNames: z.array(z.string()).describe('Every sheet of the workbook, in tab order'),
    sheets: z
      .array(
        z.object({
          name: z.string(),
          index: z.number().int().describe('1-based tab position'),
          hidden: z.boolean(),
          columns: z.array(z.string()).describe('Keys of the row objects, in column order'),
          headerRow: z.number().int().nullable().describe('Row number of the header row (null without one)'),
          rowCount: z.number().int().describe('Data rows returned'),
          truncated: z.boolean().describe('Rows were left out at the cell cap'),
        }),
      )
      .describe('The sheets returned'),
    truncated: z.boolean().describe('The cell cap was reached; some rows are missing'),
    maxCells: z.number().int().describe('Non-empty cells one call returns at most'),
    formulasWithoutValue: z.number().int().describe('Formula cells with no stored value (given as null)'),
  }),
});

export type SheetJsonResult = z.infer<typeof sheetJsonSchema>;

const jsonInput = z.object({
  ...sheetOption,
  sheet: sheetOption.sheet.describe('Only this sheet: its name (case-insensitive) or 1-based position. Default: every sheet'),
  header: booleanField(
    true,
    'The first non-empty row of each sheet names the keys of the row objects (default true); false returns rows as arrays from column A',
  ),
});

export interface SpreadsheetJsonSpec extends ConversionIdentity {
  /** Steps that turn the upload into .xlsx first (the warm LibreOffice pool for .xls and .ods). */
  toXlsx: readonly ConversionStep[];
  examples: ToolExample<z.input<typeof jsonInput>, SheetJsonResult>[];
}

/** An .xls/.xlsx/.ods upload returned as a plain JSON object (`response: 'bare-json'`, docs/contract.md "Envelopes"). */
export function spreadsheetJsonTool(spec: SpreadsheetJsonSpec): Tool<typeof jsonInput, typeof sheetJsonSchema> {
  return defineTool({
    module: spec.module,
    slug: spec.slug,
    title: spec.title,
    description: `${spec.description} The response body is the JSON object itself (no envelope): "sheets" maps each sheet name to its rows — objects keyed by the header row (the first non-empty row; blank headers take the column letter, repeated ones a _2 suffix), every key present, null for an empty cell — and "meta" lists the sheets, their columns and row counts. Cells are typed: numbers (15 significant digits, as Excel shows them), booleans, text, and dates as ISO 8601 text (2024-01-15, 2024-01-15T09:30:00, or 09:30:00 for a time); formulas give their computed value; empty rows are skipped. At most ${withThousands(SHEET_JSON_MAX_CELLS)} non-empty cells per call (meta.truncated says when rows were left out) and ${WORKBOOK_MAX_UNPACKED / 1024 / 1024} MB of unpacked workbook XML. Upload the file as multipart/form-data in field "file".`,
    keywords: spec.keywords,
    input: () => jsonInput,
    output: () => sheetJsonSchema,
    response: 'bare-json',
    upload: { field: 'file', accept: spec.accept },
    conversion: { from: spec.accept, to: 'json', engines: enginesOf(spec.toXlsx) },
    timeoutMs: 120_000,
    examples: spec.examples,
    run: async ({ sheet, header }, ctx) => {
      const upload = ctx.files.uploads[0];
      if (!upload) throw new ToolError('validation_failed', 'file: is required');
      const workDir = await ctx.files.workDir();
      let current = await ctx.files.copy(upload.path, `input.${upload.kind}`);
      for (const [index, step] of spec.toXlsx.entries()) {
        current = await runStep(step, current, path.join(workDir, `step-${index}`), ctx, {}, index === 0 ? upload.kind : undefined);
      }
      const readDir = await ctx.files.folder('read');
      const workbook = await readSheets(current, readDir, ctx, SHEET_JSON_MAX_CELLS, sheet);
      sheetNotes(workbook, SHEET_JSON_MAX_CELLS, ctx);
      const sheets: Record<string, Array<Record<string, CellValue>> | CellValue[][]> = {};
      const described: SheetJsonResult['meta']['sheets'] = [];
      for (const data of workbook.sheets) {
        const json = sheetToJson(data, header);
        // Object.defineProperty: a sheet may be called "__proto__".
        Object.defineProperty(sheets, data.name, { value: json.rows, enumerable: true, writable: true, configurable: true });
        described.push({
          name: data.name,
          index: data.index,
          hidden: data.hidden,
          columns: json.columns,
          headerRow: json.headerRow,
          rowCount: json.rows.length,
          truncated: data.truncated,
        });
      }
      return {
        sheets,
        meta: {
          fileName: upload.fileName,
          sheetNames: workbook.sheetNames,
          sheets: described,
          truncated: workbook.truncated,
          maxCells: SHEET_JSON_MAX_CELLS,
          formulasWithoutValue: workbook.formulasWithoutValue,
        },
      };
    },
  });
}
