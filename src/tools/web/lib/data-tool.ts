import { z } from 'zod';
import type { ToolContext } from '../../../core/context.ts';
import type { FileKind } from '../../../files/kinds.ts';
import { fileResultSchema } from '../../../files/result.ts';
import { defineTool, type AnyTool, type Tool, type ToolExample } from '../../../registry/define-tool.ts';
import { outputName, readUploadText, type DecodedText } from './text.ts';

/**
 * Data conversions (CSV, JSON, XML, HTML ↔ each other and text) are pure JavaScript: no engine, so
 * `supported-conversions` always lists them. Each tool file is one `dataFileTool` (a stored output file,
 * docs/contract.md "Envelopes") or `dataJsonTool` (the converted data as the JSON body, the catalog's `json`).
 */
export const fileNameField = z.string().max(200).optional().describe('Name for the output file (without extension); default: the uploaded name');

/** Text in any encoding the data tools decode (UTF-8, UTF-16 with BOM, Latin-1 / Windows-1252). */
export const TEXT_ENCODINGS: readonly FileKind[] = ['utf16-text', 'latin1-text'];
export const CSV_INPUT: readonly FileKind[] = ['csv', 'txt', ...TEXT_ENCODINGS];
export const JSON_INPUT: readonly FileKind[] = ['json', 'txt', ...TEXT_ENCODINGS];
export const XML_INPUT: readonly FileKind[] = ['xml', 'svg', 'html', 'txt', ...TEXT_ENCODINGS];
export const HTML_INPUT: readonly FileKind[] = ['html', 'xml', 'txt', ...TEXT_ENCODINGS];

type Module = 'web' | 'convertors';

interface CommonSpec<F extends z.ZodRawShape> {
  module: Module;
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  accept: readonly FileKind[];
  /** Options beyond the upload (and `fileName`), built with the input schema on first use; none when omitted. */
  fields?: () => F;
  /** Other multipart field names accepted for the upload (e.g. csvFile). */
  aliases?: string[];
}

type Fields<F extends z.ZodRawShape> = z.output<z.ZodObject<F>>;
/** What an example sends: any of the tool's fields (their input types). */
type ExampleInput<F extends z.ZodRawShape> = { [K in keyof F]?: z.input<F[K]> };
export type SourceText = DecodedText & { fileName: string };
type LooseObject = z.ZodObject<z.ZodRawShape>;

export interface FileOutput {
  extension: string;
  mimeType: string;
}

export interface DataFileSpec<F extends z.ZodRawShape> extends CommonSpec<F> {
  output: FileOutput;
  examples: ToolExample<ExampleInput<F> & { fileName?: string }, z.output<typeof fileResultSchema>>[];
  convert(source: SourceText, input: Fields<F>, ctx: ToolContext): string | Promise<string>;
}

export function dataFileTool<F extends z.ZodRawShape>(spec: DataFileSpec<F>): AnyTool {
  const tool: Tool<LooseObject, typeof fileResultSchema> = defineTool<LooseObject, typeof fileResultSchema>({
    module: spec.module,
    slug: spec.slug,
    title: spec.title,
    description: `${spec.description} Upload the file as multipart/form-data in field "file"${aliasNote(spec.aliases)}; the result links to the converted file (or use ?delivery=binary, deprecated).`,
    keywords: spec.keywords,
    input: () => z.object({ ...spec.fields?.(), fileName: fileNameField }) as unknown as LooseObject,
    output: () => fileResultSchema,
    response: 'file',
    upload: { field: 'file', ...(spec.aliases ? { aliases: spec.aliases } : {}), accept: spec.accept },
    conversion: { from: spec.accept, to: spec.output.extension, engines: [] },
    timeoutMs: 60_000,
    examples: spec.examples as ToolExample<z.input<LooseObject>, z.output<typeof fileResultSchema>>[],
    run: async (values, ctx) => {
      const source = await readUploadText(ctx.files);
      const text = await spec.convert(source, values as Fields<F>, ctx);
      const fileName = outputName(values.fileName as string | undefined, source.fileName, spec.output.extension);
      return ctx.files.putData(text, { fileName, mimeType: spec.output.mimeType });
    },
  });
  return tool as AnyTool;
}

export interface DataJsonSpec<F extends z.ZodRawShape, O extends z.ZodType> extends CommonSpec<F> {
  output: () => O;
  examples: ToolExample<ExampleInput<F>, z.output<O>>[];
  convert(source: SourceText, input: Fields<F>, ctx: ToolContext): z.input<O> | Promise<z.input<O>>;
}

/** The converted data is the response body itself (no envelope), as the catalog's `json` result says. */
export function dataJsonTool<F extends z.ZodRawShape, O extends z.ZodType>(spec: DataJsonSpec<F, O>): AnyTool {
  const tool: Tool<LooseObject, O> = defineTool<LooseObject, O>({
    module: spec.module,
    slug: spec.slug,
    title: spec.title,
    description: `${spec.description} Upload the file as multipart/form-data in field "file"${aliasNote(spec.aliases)}; the response body is the JSON itself (no envelope).`,
    keywords: spec.keywords,
    input: () => z.object(spec.fields?.() ?? {}) as unknown as LooseObject,
    output: spec.output,
    response: 'bare-json',
    cpu: 'large-input',
    upload: { field: 'file', ...(spec.aliases ? { aliases: spec.aliases } : {}), accept: spec.accept },
    conversion: { from: spec.accept, to: 'json', engines: [] },
    timeoutMs: 60_000,
    examples: spec.examples as ToolExample<z.input<LooseObject>, z.output<O>>[],
    run: async (values, ctx) => {
      const source = await readUploadText(ctx.files);
      return spec.convert(source, values as Fields<F>, ctx);
    },
  });
  return tool as AnyTool;
}

function aliasNote(aliases: string[] | undefined): string {
  return aliases?.length ? ` (or ${aliases.map((a) => `"${a}"`).join(', ')})` : '';
}
