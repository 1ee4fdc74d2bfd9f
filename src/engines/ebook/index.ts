import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../../core/errors.ts';
import { commandExists, ProcessFailed, runProcess } from '../process/runner.ts';

/**
 * Calibre's command-line tools (Debian package `calibre`): `ebook-convert` turns any e-book format it reads
 * (EPUB, MOBI, AZW3, FB2…) into another, and `ebook-meta` reads a book's metadata (used to check that an
 * output opens). Each run is a short-lived process in the call's scratch folder: Calibre's configuration,
 * cache and temporary files go there too, so nothing is shared between calls and the folder's removal
 * removes everything. Qt runs headless (`QT_QPA_PLATFORM=offscreen`); PDF output renders with Qt WebEngine,
 * whose Chromium sandbox cannot start as root, so it is switched off only when the service runs as root.
 */
export interface EbookConversion {
  /** Source file; its extension tells Calibre the input format. */
  input: string;
  /** Target file; its extension chooses the output format (epub, mobi, azw3, fb2, txt, pdf, docx, htmlz…). */
  output: string;
  /** Extra `ebook-convert` options, e.g. ['--paper-size', 'a4']. */
  options?: readonly string[];
  /** Scratch folder for Calibre's own files (the call's work dir). */
  workDir: string;
  signal?: AbortSignal | undefined;
  /** Default 100 s. */
  timeoutMs?: number;
}

export interface EbookMetadata {
  title: string | null;
  authors: string[];
  languages: string[];
  publisher: string | null;
  /** Every `Key : value` line `ebook-meta` printed. */
  fields: Record<string, string>;
}

export interface EbookEngine {
  /** ebook-convert and ebook-meta are installed. */
  available(): boolean;
  /** Converts; resolves with the output path. A book Calibre cannot read is a 422 naming `file`. */
  convert(job: EbookConversion): Promise<string>;
  /** Reads the metadata of a book; fails (422) when the file does not open as an e-book. */
  metadata(file: string, options: { workDir: string; signal?: AbortSignal | undefined; timeoutMs?: number }): Promise<EbookMetadata>;
}

const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;

async function calibreEnv(workDir: string): Promise<Record<string, string>> {
  const home = path.join(workDir, '.calibre');
  await Promise.all(['config', 'cache', 'tmp', 'runtime'].map((d) => mkdir(path.join(home, d), { recursive: true, mode: 0o700 })));
  return {
    HOME: home,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    QT_QPA_PLATFORM: 'offscreen',
    XDG_RUNTIME_DIR: path.join(home, 'runtime'),
    CALIBRE_CONFIG_DIRECTORY: path.join(home, 'config'),
    CALIBRE_CACHE_DIRECTORY: path.join(home, 'cache'),
    CALIBRE_TEMP_DIR: path.join(home, 'tmp'),
    TMPDIR: path.join(home, 'tmp'),
    ...(runningAsRoot ? { QTWEBENGINE_DISABLE_SANDBOX: '1', QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox' } : {}),
  };
}

/** Calibre's reason for a failure, as a sentence about the file. */
export function calibreFailure(error: ProcessFailed, what: string): ToolError {
  const output = `${error.stderr}\n${error.stdout}`;
  if (/DRMError|DRM/i.test(output) && /drm/i.test(output)) {
    return new ToolError('unprocessable', `file: the book is DRM-protected; ${what} needs a DRM-free file.`);
  }
  return new ToolError('unprocessable', `file: ${what} failed (${error.reason()}).`);
}

export function createEbookEngine(): EbookEngine {
  let ok: boolean | undefined;
  const available = (): boolean => (ok ??= commandExists('ebook-convert') && commandExists('ebook-meta'));
  const need = (): void => {
    if (!available())
      throw new ToolError(
        'engine_unavailable',
        'Calibre (ebook-convert) is not installed on this server (Debian package calibre); this conversion is unavailable.',
      );
  };
  return {
    available,
    async convert(job) {
      need();
      const env = await calibreEnv(job.workDir);
      try {
        await runProcess('ebook-convert', [job.input, job.output, ...(job.options ?? [])], {
          cwd: path.dirname(job.output),
          env,
          signal: job.signal,
          timeoutMs: job.timeoutMs ?? 100_000,
          maxStdout: 256 * 1024,
        });
      } catch (error) {
        if (error instanceof ProcessFailed) throw calibreFailure(error, 'Calibre could not convert the book');
        throw error;
      }
      return job.output;
    },
    async metadata(file, options) {
      need();
      const env = await calibreEnv(options.workDir);
      let stdout: string;
      try {
        stdout = await runProcess('ebook-meta', [file], { cwd: path.dirname(file), env, signal: options.signal, timeoutMs: options.timeoutMs ?? 30_000 });
      } catch (error) {
        if (error instanceof ProcessFailed) throw calibreFailure(error, 'Calibre could not read the book');
        throw error;
      }
      return parseEbookMeta(stdout);
    },
  };
}

/** `ebook-meta` prints `Title               : The Book` lines; continuation lines (long comments) are skipped. */
export function parseEbookMeta(stdout: string): EbookMetadata {
  const fields: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const match = /^([A-Za-z][A-Za-z ()]*?)\s*:\s(.*)$/.exec(line);
    if (match?.[1] && match[2] !== undefined && !(match[1] in fields)) fields[match[1].trim()] = match[2].trim();
  }
  const authors = (fields['Author(s)'] ?? '')
    .replace(/\s*\[[^\]]*\]\s*$/, '')
    .split(/\s+&\s+/)
    .map((a) => a.trim())
    .filter(Boolean);
  const languages = (fields.Languages ?? '')
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  return { title: fields.Title || null, authors, languages, publisher: fields.Publisher || null, fields };
}

/** DRM: a MOBI/AZW3 whose record 0 says it is encrypted (PalmDOC header, encryption type ≠ 0). */
export async function mobiEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(86);
    await handle.read(header, 0, 86, 0);
    const record0 = header.readUInt32BE(78);
    const palm = Buffer.alloc(16);
    const { bytesRead } = await handle.read(palm, 0, 16, record0);
    return bytesRead === 16 && palm.readUInt16BE(12) !== 0;
  } finally {
    await handle.close();
  }
}
