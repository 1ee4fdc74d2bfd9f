import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ToolContext } from '../core/context.ts';
import { ToolError } from '../core/errors.ts';
import { FILE_KINDS, type FileKind } from '../files/kinds.ts';
import { fileResultSchema } from '../files/result.ts';
import { defineTool, type EngineNeed, type Tool, type ToolExample } from '../registry/define-tool.ts';
import type { ModuleName } from '../registry/modules.ts';

/**
 * File conversions are declared as data: what they accept, what they produce, and the steps that turn
 * one into the other (LibreOffice's warm pool, pandoc, poppler). Each tool file is one `conversionTool` call.
 */
export type ConversionStep =
  | { engine: 'office'; format: string; filter?: string }
  | { engine: 'pandoc'; from: string; to: string; standalone?: boolean }
  | { engine: 'pdftotext' }
  | { engine: 'pdftohtml' };

const input = z.object({
  fileName: z.string().max(200).optional().describe('Name for the output file (without extension); default: the uploaded name'),
});

export interface ConversionSpec {
  module: ModuleName;
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  accept: readonly FileKind[];
  /** Output extension and media type. */
  output: { extension: string; mimeType: string };
  steps: readonly ConversionStep[];
  /** Said in `warnings` on every result (e.g. an approximate layout). */
  warning?: string;
  examples?: ToolExample<z.input<typeof input>, z.output<typeof fileResultSchema>>[];
}

export function conversionTool(spec: ConversionSpec): Tool<typeof input, typeof fileResultSchema> {
  const [from] = spec.accept;
  return defineTool({
    module: spec.module,
    slug: spec.slug,
    title: spec.title,
    description: `${spec.description} Upload the file as multipart/form-data in field "file"; the result links to the converted file (or use ?delivery=binary, deprecated).`,
    keywords: spec.keywords,
    input,
    output: fileResultSchema,
    response: 'file',
    upload: { field: 'file', accept: spec.accept },
    conversion: { from: spec.accept, to: spec.output.extension, engines: [...new Set(spec.steps.map(engineOf))] },
    timeoutMs: 120_000,
    examples: spec.examples ?? [
      { title: `convert a ${from ? FILE_KINDS[from].title : 'file'}`, input: {}, upload: { fileName: `document.${from ?? 'bin'}` } },
      { title: 'name the output', input: { fileName: 'report-final' }, upload: { fileName: `report.${from ?? 'bin'}` } },
    ],
    run: async ({ fileName }, ctx) => {
      const upload = ctx.files.uploads[0];
      if (!upload) throw new ToolError('validation_failed', 'file: is required');
      const workDir = await ctx.files.workDir();
      // Converters decide the format by the extension: give the input the one its bytes showed.
      let current = path.join(workDir, `input.${upload.kind}`);
      await copyFile(upload.path, current);
      for (const [index, step] of spec.steps.entries()) {
        current = await runStep(step, current, path.join(workDir, `step-${index}`), ctx);
      }
      if (spec.warning) ctx.warn(spec.warning);
      const base = (fileName ?? path.parse(upload.fileName).name).replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'converted';
      return ctx.files.put(current, { fileName: `${base}.${spec.output.extension}`, mimeType: spec.output.mimeType });
    },
  });
}

function engineOf(step: ConversionStep): EngineNeed {
  return step.engine;
}

async function runStep(step: ConversionStep, source: string, outputDir: string, ctx: ToolContext): Promise<string> {
  await mkdir(outputDir, { recursive: true });
  const commands = ctx.engines.commands;
  switch (step.engine) {
    case 'office': {
      const office = ctx.engines.office;
      if (!office?.available()) throw new ToolError('engine_unavailable', 'LibreOffice is not installed on this server; this conversion is unavailable.');
      return office.convert({ input: source, outputDir, format: step.format, ...(step.filter ? { filter: step.filter } : {}), signal: ctx.signal });
    }
    case 'pandoc': {
      if (!commands) throw new ToolError('engine_unavailable', 'pandoc is not available on this server.');
      const target = path.join(outputDir, `output.${extensionOf(step.to)}`);
      const standalone = step.standalone ? ['--standalone'] : [];
      if (!NEEDS_DATA_FILES.has(step.to)) {
        // --sandbox: pandoc reads and writes nothing but these files (no remote images, no includes).
        await commands.run('pandoc', ['--sandbox', ...standalone, '-f', step.from, '-t', step.to, '-o', target, source], { cwd: outputDir, signal: ctx.signal });
        return target;
      }
      // Writers such as docx need pandoc's own data files, which --sandbox (pandoc 2.17) also blocks. So the
      // document is read in the sandbox, every image that is not inline data is replaced by its alt text
      // (an untrusted document must not make us fetch a URL or read a local file), and only then written.
      const ast = path.join(outputDir, 'document.json');
      await commands.run('pandoc', ['--sandbox', '-f', step.from, '-t', 'json', '-o', ast, source], { cwd: outputDir, signal: ctx.signal });
      await writeFile(ast, JSON.stringify(withoutExternalImages(JSON.parse(await readFile(ast, 'utf8')) as unknown)));
      await commands.run('pandoc', [...standalone, '-f', 'json', '-t', step.to, '-o', target, ast], { cwd: outputDir, signal: ctx.signal });
      return target;
    }
    case 'pdftotext': {
      if (!commands) throw new ToolError('engine_unavailable', 'poppler-utils is not available on this server.');
      const target = path.join(outputDir, 'output.txt');
      await commands.run('pdftotext', ['-enc', 'UTF-8', '-layout', source, target], { cwd: outputDir, signal: ctx.signal });
      return target;
    }
    case 'pdftohtml': {
      if (!commands) throw new ToolError('engine_unavailable', 'poppler-utils is not available on this server.');
      // -s -noframes: one self-contained HTML file; -i: no image files beside it.
      await commands.run('pdftohtml', ['-s', '-noframes', '-i', '-enc', 'UTF-8', source, path.join(outputDir, 'output')], { cwd: outputDir, signal: ctx.signal });
      const produced = (await readdir(outputDir)).find((f) => f.endsWith('.html'));
      if (!produced) throw new ToolError('unprocessable', 'file: the PDF produced no HTML.');
      return path.join(outputDir, produced);
    }
  }
}

/** pandoc writers that read pandoc's data files (reference documents), which its sandbox blocks. */
const NEEDS_DATA_FILES = new Set(['docx', 'odt', 'pptx', 'epub', 'epub3']);

/** Replaces pandoc AST `Image` nodes whose target is not a `data:` URI with their alt text. */
export function withoutExternalImages(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutExternalImages);
  if (typeof node !== 'object' || node === null) return node;
  const element = node as { t?: string; c?: unknown };
  if (element.t === 'Image' && Array.isArray(element.c)) {
    const [, alt, target] = element.c as [unknown, unknown[], [string, string]];
    if (!String(target?.[0] ?? '').startsWith('data:')) return { t: 'Span', c: [['', [], []], withoutExternalImages(alt)] };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutExternalImages(value)]));
}

function extensionOf(pandocFormat: string): string {
  const map: Record<string, string> = { plain: 'txt', gfm: 'md', markdown: 'md', commonmark: 'md', html: 'html', html5: 'html', docx: 'docx', rtf: 'rtf', odt: 'odt' };
  return map[pandocFormat] ?? pandocFormat;
}
