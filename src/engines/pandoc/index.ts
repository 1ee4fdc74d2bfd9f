import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../../core/errors.ts';
import { decodeXml } from '../../lib/extract/ebook.ts';
import { commandExists, ProcessFailed, runProcess } from '../process/runner.ts';
import { rewrite, SAFE_META, type Rewrite } from './ast.ts';

/**
 * pandoc (Debian package `pandoc`), the one place it is started. An untrusted document never makes pandoc
 * fetch a URL or read a file of this server:
 *
 * - A writer that works in pandoc's sandbox (`--sandbox`: nothing read or written but the named files) runs
 *   in one pass, in the sandbox.
 * - Writers that need pandoc's own data files (DOCX, ODT, PPTX, EPUB: their reference documents, which the
 *   2.17 sandbox also blocks), and any conversion that embeds the document's own images, run in two passes:
 *   the document is read in the sandbox into pandoc's JSON AST, rewritten (ast.ts: images that are not the
 *   document's own become their alt text, raw HTML and all non-descriptive metadata such as `cover-image`
 *   are dropped before an unsandboxed write), and only then written.
 */
export interface PandocJob {
  /** pandoc reader: markdown, gfm, html, rtf, docx, epub, fb2… (FictionBook is re-encoded to UTF-8 first). */
  from: string;
  /** pandoc writer: plain, gfm, html5, docx, odt, epub3… */
  to: string;
  input: string;
  /** Folder for the output and pandoc's intermediate files (created if missing). */
  outputDir: string;
  /** The document comes from a user; every tool says `true`. */
  untrusted: true;
  /** A whole document (`--standalone`) rather than a fragment. */
  standalone?: boolean;
  /** `--wrap=none`: one line per paragraph in text output. */
  noWrap?: boolean;
  /** Keep the document's own images (an EPUB's media) as inline `data:` URIs instead of their alt text. */
  embedImages?: boolean;
  signal?: AbortSignal | undefined;
  /** Default 60 s per pandoc run. */
  timeoutMs?: number;
}

export interface PandocResult {
  output: string;
  /** Images and raw fragments that pointed outside the document and were left out. */
  dropped: number;
}

export interface PandocEngine {
  available(): boolean;
  /** Converts as described above; a document pandoc cannot read is a 422 naming `file`. */
  convert(job: PandocJob): Promise<PandocResult>;
}

/** pandoc writers that read pandoc's data files (reference documents), which its sandbox blocks. */
const NEEDS_DATA_FILES = new Set(['docx', 'odt', 'pptx', 'epub', 'epub2', 'epub3']);

const EXTENSIONS: Record<string, string> = {
  plain: 'txt',
  gfm: 'md',
  markdown: 'md',
  commonmark: 'md',
  html: 'html',
  html5: 'html',
  epub3: 'epub',
  epub2: 'epub',
};

/** The file extension of a pandoc writer's output. */
export function pandocExtension(writer: string): string {
  return EXTENSIONS[writer] ?? writer;
}

export function createPandocEngine(): PandocEngine {
  const available = (): boolean => commandExists('pandoc');
  return {
    available,
    async convert(job) {
      if (!available())
        throw new ToolError('engine_unavailable', 'pandoc is not installed on this server (Debian package pandoc); this conversion is unavailable.');
      const cwd = job.outputDir;
      await mkdir(cwd, { recursive: true });
      const run = async (args: string[]): Promise<void> => {
        try {
          await runProcess('pandoc', args, {
            cwd,
            env: { HOME: cwd, LANG: 'C.UTF-8' },
            signal: job.signal,
            timeoutMs: job.timeoutMs ?? 60_000,
            maxStdout: 1024 * 1024,
          });
        } catch (error) {
          if (error instanceof ProcessFailed) throw new ToolError('unprocessable', `file: pandoc could not convert the document (${error.firstLine()}).`);
          throw error;
        }
      };
      const source = job.from === 'fb2' ? await utf8Fb2(job.input, cwd) : job.input;
      const target = path.join(cwd, `output.${pandocExtension(job.to)}`);
      const sandboxed = !NEEDS_DATA_FILES.has(job.to);
      const writeOptions = [...(job.standalone ? ['--standalone'] : []), ...(job.noWrap ? ['--wrap=none'] : [])];
      if (sandboxed && !job.embedImages) {
        await run(['--sandbox', ...writeOptions, '-f', job.from, '-t', job.to, '-o', target, source]);
        return { output: target, dropped: 0 };
      }
      const mediaDir = path.join(cwd, 'media');
      const ast = path.join(cwd, 'document.json');
      await run(['--sandbox', ...(job.embedImages ? [`--extract-media=${mediaDir}`] : []), '-f', job.from, '-t', 'json', '-o', ast, source]);
      const document = JSON.parse(await readFile(ast, 'utf8')) as { meta?: Record<string, unknown> };
      if (!sandboxed && document.meta) document.meta = Object.fromEntries(Object.entries(document.meta).filter(([key]) => SAFE_META.has(key)));
      const state: Rewrite = {
        mediaDir: job.embedImages ? path.join(await realpath(cwd), 'media') : null,
        cwd,
        dropRaw: !sandboxed,
        bytes: 0,
        dropped: 0,
        replaced: 0,
        headings: 0,
      };
      await writeFile(ast, JSON.stringify(await rewrite(document, state)));
      await run([...(sandboxed ? ['--sandbox'] : []), ...writeOptions, '-f', 'json', '-t', job.to, '-o', target, ast]);
      return { output: target, dropped: state.dropped };
    },
  };
}

/** A FictionBook in another encoding (windows-1251, koi8-r…) as UTF-8, the only encoding pandoc reads. */
async function utf8Fb2(source: string, outputDir: string): Promise<string> {
  const text = decodeXml(await readFile(source));
  const target = path.join(outputDir, 'book-utf8.fb2');
  await writeFile(target, text.replace(/^(\s*<\?xml[^>]*?encoding\s*=\s*["'])[^"']+(["'])/, '$1UTF-8$2'));
  return target;
}
