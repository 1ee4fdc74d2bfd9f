import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../../core/errors.ts';
import { commandExists, ProcessFailed, runProcess } from '../process/runner.ts';

/** poppler's PDF tools (Debian package poppler-utils), each a short-lived process under the runner. */
export const POPPLER_TOOLS = ['pdftotext', 'pdftohtml', 'pdftoppm'] as const;
export type PopplerTool = (typeof POPPLER_TOOLS)[number];

interface PopplerRun {
  signal?: AbortSignal | undefined;
  /** Default 60 s. */
  timeoutMs?: number;
}

export interface PopplerEngine {
  available(tool: PopplerTool): boolean;
  /** The PDF's text as UTF-8 in `output`, pages separated by form feeds; `layout` keeps the physical layout. */
  text(input: string, output: string, options: PopplerRun & { layout?: boolean }): Promise<string>;
  /** The HTML head pdftotext writes for page 1 (`-htmlmeta`): the title and author of the PDF's info dictionary. */
  metaHtml(input: string, options: PopplerRun & { cwd: string }): Promise<string>;
  /** One self-contained HTML file of the PDF (no image files beside it) in `outputDir`. */
  html(input: string, outputDir: string, options: PopplerRun): Promise<string>;
  /** The pages (all, or `firstPage`…`lastPage`) as PNG or JPEG files in `outputDir`, in page order. */
  renderPages(input: string, outputDir: string, options: PopplerRun & RenderOptions): Promise<RenderedPage[]>;
}

export interface RenderOptions {
  format: 'png' | 'jpg';
  /** Dots per inch. */
  resolution: number;
  firstPage?: number | undefined;
  lastPage?: number | undefined;
}

export interface RenderedPage {
  page: number;
  file: string;
}

const UNAVAILABLE = (tool: PopplerTool): ToolError =>
  new ToolError('engine_unavailable', `${tool} is not installed on this server (Debian package poppler-utils).`);

export function createPopplerEngine(): PopplerEngine {
  const run = async (tool: PopplerTool, args: string[], cwd: string, options: PopplerRun): Promise<string> => {
    if (!commandExists(tool)) throw UNAVAILABLE(tool);
    try {
      return await runProcess(tool, args, {
        cwd,
        env: { HOME: cwd, LANG: 'C.UTF-8' },
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? 60_000,
        maxStdout: 16 * 1024 * 1024,
      });
    } catch (error) {
      if (!(error instanceof ProcessFailed)) throw error;
      if (tool === 'pdftoppm' && /Wrong page range|first page/i.test(error.stderr))
        throw new ToolError('validation_failed', 'firstPage: the page range is outside the document');
      throw new ToolError('unprocessable', `file: ${tool} could not convert the document (${error.firstLine()}).`);
    }
  };
  return {
    available: commandExists,
    async text(input, output, options) {
      await run('pdftotext', ['-enc', 'UTF-8', ...(options.layout ? ['-layout'] : []), input, output], path.dirname(output), options);
      return output;
    },
    metaHtml: (input, options) => run('pdftotext', ['-htmlmeta', '-f', '1', '-l', '1', '-q', '-enc', 'UTF-8', input, '-'], options.cwd, options),
    async html(input, outputDir, options) {
      // -s -noframes: one self-contained HTML file; -i: no image files beside it.
      await run('pdftohtml', ['-s', '-noframes', '-i', '-enc', 'UTF-8', input, path.join(outputDir, 'output')], outputDir, options);
      const produced = (await readdir(outputDir)).find((f) => f.endsWith('.html'));
      if (!produced) throw new ToolError('unprocessable', 'file: the PDF produced no HTML.');
      return path.join(outputDir, produced);
    },
    async renderPages(input, outputDir, options) {
      await mkdir(outputDir, { recursive: true });
      const args = [options.format === 'png' ? '-png' : '-jpeg', '-r', String(options.resolution)];
      if (options.firstPage) args.push('-f', String(options.firstPage));
      if (options.lastPage) args.push('-l', String(options.lastPage));
      await run('pdftoppm', [...args, input, path.join(outputDir, 'page')], outputDir, options);
      // pdftoppm names pages page-1 … or page-01 … (padded to the page count).
      return (await readdir(outputDir))
        .map((name) => ({ file: path.join(outputDir, name), page: Number(/^page-(\d+)\.(png|jpg)$/.exec(name)?.[1] ?? NaN) }))
        .filter((entry) => Number.isInteger(entry.page))
        .sort((a, b) => a.page - b.page);
    },
  };
}
