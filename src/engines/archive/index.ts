import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ToolError } from '../../core/errors.ts';

/**
 * ZIP reading and writing for tools (CONTRACT "Security", archives). Reading is two passes over an
 * untrusted archive: first every central-directory entry is checked (path, type, encryption, method,
 * declared sizes, count) before a byte is inflated; then each entry is inflated while its actual
 * bytes are counted, aborting past the caps — header sizes are never trusted alone. Entries are written
 * to numbered files inside the destination, never to a path taken from the archive.
 */
export interface ZipLimits {
  /** Entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Bytes all entries may inflate to together. */
  maxTotalBytes: number;
  /** Inflated / compressed bytes an entry (and the whole archive) may reach… */
  maxRatio: number;
  /** …once it is past this many inflated bytes (tiny, very compressible files are harmless). */
  ratioGraceBytes: number;
}

/** The caps of `convertors/zip-extract` (CONTRACT "Security"). */
export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  ratioGraceBytes: 1024 * 1024,
};

export interface ZipReadOptions {
  limits?: Partial<ZipLimits>;
  /** The input field named in errors (default `file`). */
  field?: string;
  /** How the archive is called in errors (default `the archive`). */
  label?: string;
  signal?: AbortSignal;
  /** `extract` only: entries to inflate (the others are checked but skipped). */
  include?: (entryPath: string) => boolean;
}

export interface ZipEntryInfo {
  /** Normalised path inside the archive (`/`-separated, no `.` segments); folders end without `/`. */
  path: string;
  isDirectory: boolean;
  compressedSize: number;
  /** As declared in the central directory; extraction counts the real bytes. */
  declaredSize: number;
  modifiedAt: Date;
}

export interface ExtractedEntry {
  path: string;
  /** Where the bytes are now: a numbered file inside the destination folder. */
  file: string;
  sizeBytes: number;
  modifiedAt: Date;
}

export interface Extraction {
  files: ExtractedEntry[];
  directories: string[];
  totalBytes: number;
}

export interface ZipInput {
  /** Path inside the archive. */
  path: string;
  /** File on disk whose bytes it holds. */
  file: string;
}

export interface ArchiveEngine {
  /** Checks every entry of a ZIP against the caps without inflating anything. */
  list(zip: ZipSource, options?: ZipReadOptions): Promise<ZipEntryInfo[]>;
  /** Checks, then inflates every file entry into `destDir` (numbered files), counting real bytes against the caps. */
  extract(zip: ZipSource, destDir: string, options?: ZipReadOptions): Promise<Extraction>;
  /** Writes a ZIP of the files, in the order given. `compress: false` stores them (fast, for a re-read). */
  write(entries: readonly ZipInput[], target: string, options?: { compress?: boolean; signal?: AbortSignal }): Promise<{ sizeBytes: number }>;
}

export function createArchiveEngine(): ArchiveEngine {
  return { list: listZip, extract: extractZip, write: writeZip };
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** Stored and deflate: what yauzl inflates (and what every ZIP writer in use produces). */
const METHODS = new Set([0, 8]);

interface Checked extends ZipEntryInfo {
  entry: yauzl.Entry;
}

function limitsOf(options: ZipReadOptions): ZipLimits {
  return { ...ZIP_LIMITS, ...options.limits };
}

const mb = (bytes: number): string => (bytes >= 1024 * 1024 * 1024 ? `${+(bytes / 1024 / 1024 / 1024).toFixed(2)} GB` : `${+(bytes / 1024 / 1024).toFixed(2)} MB`);

function refuse(options: ZipReadOptions, text: string): ToolError {
  return new ToolError('validation_failed', `${options.field ?? 'file'}: ${text}`);
}

/** A ZIP on disk, or in memory (a fetched archive, already capped in size by the fetcher). */
export type ZipSource = string | Buffer;

async function open(source: ZipSource, options: ZipReadOptions): Promise<yauzl.ZipFile> {
  try {
    // decodeStrings: false — names are decoded and checked here, so each refusal can say what and why.
    const settings = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true };
    return await (typeof source === 'string' ? yauzl.openPromise(source, settings) : yauzl.fromBufferPromise(source, settings));
  } catch (error) {
    throw refuse(options, `${options.label ?? 'the archive'} is not a readable ZIP file (${reason(error)}).`);
  }
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

/** The checks of the first pass; returns the entries with their normalised paths. */
async function checkEntries(zip: yauzl.ZipFile, options: ZipReadOptions, archiveBytes: number): Promise<Checked[]> {
  const limits = limitsOf(options);
  const label = options.label ?? 'the archive';
  if (zip.entryCount > limits.maxEntries) {
    throw refuse(options, `${label} has ${zip.entryCount.toLocaleString('en-US')} entries; the cap is ${limits.maxEntries.toLocaleString('en-US')} entries per archive.`);
  }
  const checked: Checked[] = [];
  let declaredTotal = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      options.signal?.throwIfAborted();
      checked.push(checkEntry(entry, options, limits));
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxTotalBytes) {
        throw refuse(options, `${label} unpacks to more than ${mb(limits.maxTotalBytes)} (its entries declare ${mb(declaredTotal)} so far); the cap is ${mb(limits.maxTotalBytes)} unpacked.`);
      }
    }
  } catch (error) {
    if (error instanceof ToolError) throw error;
    const text = reason(error);
    if (/encryption/i.test(text)) throw refuse(options, `${label} uses strong encryption; encrypted entries are not supported.`);
    throw refuse(options, `${label} is damaged or not a ZIP file (${text}).`);
  }
  if (declaredTotal > limits.ratioGraceBytes && declaredTotal > limits.maxRatio * Math.max(archiveBytes, 1)) {
    throw refuse(options, `${label} declares ${mb(declaredTotal)} unpacked from ${mb(archiveBytes)}, a compression ratio above the ${limits.maxRatio}:1 cap (a ZIP bomb).`);
  }
  return checked;
}

function checkEntry(entry: yauzl.Entry, options: ZipReadOptions, limits: ZipLimits): Checked {
  const raw = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
  const shown = JSON.stringify(raw.length > 120 ? `${raw.slice(0, 120)}…` : raw);
  if (raw.includes('\u0000')) throw refuse(options, `entry ${shown} has a NUL character in its name.`);
  if (/^[a-zA-Z]:/.test(raw) || raw.startsWith('/')) {
    throw refuse(options, `entry ${shown} has an absolute path; only paths relative to the archive root are extracted (zip slip protection).`);
  }
  const segments = raw.split('/');
  if (segments.includes('..')) {
    throw refuse(options, `entry ${shown} climbs out of the extraction folder with ".." (zip slip); such archives are refused.`);
  }
  const isDirectory = raw.endsWith('/');
  const normalised = segments.filter((s) => s !== '' && s !== '.').join('/');
  if (!normalised && !isDirectory) throw refuse(options, `entry ${shown} has an empty name.`);
  if (normalised.length > 1024) throw refuse(options, `entry ${shown} has a path longer than 1,024 characters.`);
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) throw refuse(options, `entry ${shown} is a symbolic link; links are never extracted or followed.`);
  if (mode !== 0 && mode !== S_IFREG && mode !== S_IFDIR) throw refuse(options, `entry ${shown} is a special file (device, FIFO or socket); only files and folders are extracted.`);
  if (entry.isEncrypted()) throw refuse(options, `entry ${shown} is encrypted (password-protected); encrypted entries are not supported.`);
  if (!isDirectory && !METHODS.has(entry.compressionMethod)) {
    throw refuse(options, `entry ${shown} uses compression method ${entry.compressionMethod}; only stored (0) and deflate (8) entries are supported.`);
  }
  if (entry.uncompressedSize > limits.ratioGraceBytes && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
    throw refuse(options, `entry ${shown} declares ${mb(entry.uncompressedSize)} from ${mb(entry.compressedSize)} compressed, a ratio above the ${limits.maxRatio}:1 cap (a ZIP bomb).`);
  }
  return {
    entry,
    path: normalised,
    isDirectory,
    compressedSize: entry.compressedSize,
    declaredSize: entry.uncompressedSize,
    modifiedAt: entry.getLastModDate({ timezone: 'UTC' }),
  };
}

async function listZip(source: ZipSource, options: ZipReadOptions = {}): Promise<ZipEntryInfo[]> {
  const zip = await open(source, options);
  try {
    const checked = await checkEntries(zip, options, zip.fileSize);
    return checked.map(({ entry: _entry, ...info }) => info);
  } finally {
    zip.close();
  }
}

async function extractZip(source: ZipSource, destDir: string, options: ZipReadOptions = {}): Promise<Extraction> {
  const limits = limitsOf(options);
  const label = options.label ?? 'the archive';
  const zip = await open(source, options);
  try {
    const checked = await checkEntries(zip, options, zip.fileSize);
    await mkdir(destDir, { recursive: true });
    const files: ExtractedEntry[] = [];
    const directories: string[] = [];
    let total = 0;
    for (const [index, item] of checked.entries()) {
      options.signal?.throwIfAborted();
      if (item.isDirectory) {
        if (item.path) directories.push(item.path);
        continue;
      }
      if (options.include && !options.include(item.path)) continue;
      const target = path.join(destDir, String(index).padStart(5, '0'));
      let entryBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          entryBytes += chunk.length;
          total += chunk.length;
          if (total > limits.maxTotalBytes) {
            return callback(refuse(options, `${label} unpacks to more than ${mb(limits.maxTotalBytes)}; the cap is ${mb(limits.maxTotalBytes)} unpacked (stopped at entry ${JSON.stringify(item.path)}).`));
          }
          if (entryBytes > limits.ratioGraceBytes && entryBytes > limits.maxRatio * Math.max(item.compressedSize, 1)) {
            return callback(refuse(options, `entry ${JSON.stringify(item.path)} inflates beyond ${limits.maxRatio} times its compressed size (${mb(item.compressedSize)}); the compression ratio cap is ${limits.maxRatio}:1 (a ZIP bomb).`));
          }
          if (total > limits.ratioGraceBytes && total > limits.maxRatio * Math.max(zip.fileSize, 1)) {
            return callback(refuse(options, `${label} inflates beyond ${limits.maxRatio} times its size (${mb(zip.fileSize)}); the compression ratio cap is ${limits.maxRatio}:1 (a ZIP bomb).`));
          }
          callback(null, chunk);
        },
      });
      try {
        const stream = await zip.openReadStreamPromise(item.entry);
        await pipeline(stream, counter, createWriteStream(target), options.signal ? { signal: options.signal } : {});
      } catch (error) {
        if (error instanceof ToolError) throw error;
        if (options.signal?.aborted) throw new ToolError('timeout', `${options.field ?? 'file'}: the extraction was stopped (the call was cancelled or ran out of time).`);
        throw refuse(options, `entry ${JSON.stringify(item.path)} of ${label} could not be inflated (${reason(error)}); the archive is damaged.`);
      }
      files.push({ path: item.path, file: target, sizeBytes: entryBytes, modifiedAt: item.modifiedAt });
    }
    return { files, directories, totalBytes: total };
  } finally {
    zip.close();
  }
}

async function writeZip(entries: readonly ZipInput[], target: string, options: { compress?: boolean; signal?: AbortSignal } = {}): Promise<{ sizeBytes: number }> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const entry of entries) zip.addFile(entry.file, entry.path, { compress: options.compress ?? true, mtime, mode: 0o100644 });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target), options.signal ? { signal: options.signal } : {});
  return { sizeBytes: (await stat(target)).size };
}
