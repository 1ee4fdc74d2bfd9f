import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type yauzl from 'yauzl';
import type yazl from 'yazl';
import { ToolError } from '../../core/errors.ts';
import { lazy } from '../../lib/lazy.ts';
import { ARCHIVE_CAPS, Budget, checkEntryCount, checkEntryName, mb, refuser, shown, type ArchiveCaps, type CapProfile } from './guard.ts';

/**
 * ZIP reading (yauzl) and writing (yazl) for the archive engine, under the guard's caps (guard.ts). Reading is two passes over an
 * untrusted archive: first every central-directory entry is checked (path, type, encryption, method,
 * declared sizes, count) before a byte is inflated; then each entry is inflated while its actual
 * bytes are counted, aborting past the caps — header sizes are never trusted alone. Entries are written
 * to numbered files inside the destination, never to a path taken from the archive.
 */

/** Loaded on first use (docs/architecture.md "Libraries loaded on first use"). */
const zipReader = lazy<typeof yauzl>('yauzl');
const zipWriter = lazy<typeof yazl>('yazl');

export interface ZipReadOptions {
  /** The guard's caps: a named profile (default `upload`) or caps of its own (a call's remaining budget). */
  caps?: CapProfile | ArchiveCaps;
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

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** Stored and deflate: what yauzl inflates (and what every ZIP writer in use produces). */
const METHODS = new Set([0, 8]);

interface Checked extends ZipEntryInfo {
  entry: yauzl.Entry;
}

function capsOf(options: ZipReadOptions): ArchiveCaps {
  const caps = options.caps ?? 'upload';
  return typeof caps === 'string' ? ARCHIVE_CAPS[caps] : caps;
}

function refuse(options: ZipReadOptions, text: string): ToolError {
  return refuser(options.field)(text);
}

/** A ZIP on disk, or in memory (a fetched archive, already capped in size by the fetcher). */
export type ZipSource = string | Buffer;

async function open(source: ZipSource, options: ZipReadOptions): Promise<yauzl.ZipFile> {
  try {
    // decodeStrings: false — names are decoded and checked here, so each refusal can say what and why.
    const settings = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true };
    return await (typeof source === 'string' ? zipReader().openPromise(source, settings) : zipReader().fromBufferPromise(source, settings));
  } catch (error) {
    throw refuse(options, `${options.label ?? 'the archive'} is not a readable ZIP file (${reason(error)}).`);
  }
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

/** The checks of the first pass; returns the entries with their normalised paths. */
async function checkEntries(zip: yauzl.ZipFile, options: ZipReadOptions, archiveBytes: number): Promise<Checked[]> {
  const limits = capsOf(options);
  const label = options.label ?? 'the archive';
  checkEntryCount(zip.entryCount, limits, refuser(options.field), { label });
  const checked: Checked[] = [];
  let declaredTotal = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      options.signal?.throwIfAborted();
      checked.push(checkEntry(entry, options, limits));
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxTotalBytes) {
        throw refuse(
          options,
          `${label} unpacks to more than ${mb(limits.maxTotalBytes)} (its entries declare ${mb(declaredTotal)} so far); the cap is ${mb(limits.maxTotalBytes)} unpacked.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof ToolError) throw error;
    const text = reason(error);
    if (/encryption/i.test(text)) throw refuse(options, `${label} uses strong encryption; encrypted entries are not supported.`);
    throw refuse(options, `${label} is damaged or not a ZIP file (${text}).`);
  }
  if (declaredTotal > limits.ratioGraceBytes && declaredTotal > limits.maxRatio * Math.max(archiveBytes, 1)) {
    throw refuse(
      options,
      `${label} declares ${mb(declaredTotal)} unpacked from ${mb(archiveBytes)}, a compression ratio above the ${limits.maxRatio}:1 cap (a ZIP bomb).`,
    );
  }
  return checked;
}

function checkEntry(entry: yauzl.Entry, options: ZipReadOptions, limits: ArchiveCaps): Checked {
  const raw = zipReader().getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
  const isDirectory = raw.endsWith('/');
  const named = checkEntryName(raw, isDirectory, refuser(options.field));
  const normalised = named?.path ?? '';
  const show = shown(raw);
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) throw refuse(options, `entry ${show} is a symbolic link; links are never extracted or followed.`);
  if (mode !== 0 && mode !== S_IFREG && mode !== S_IFDIR)
    throw refuse(options, `entry ${show} is a special file (device, FIFO or socket); only files and folders are extracted.`);
  if (entry.isEncrypted()) throw refuse(options, `entry ${show} is encrypted (password-protected); encrypted entries are not supported.`);
  if (!isDirectory && !METHODS.has(entry.compressionMethod)) {
    throw refuse(options, `entry ${show} uses compression method ${entry.compressionMethod}; only stored (0) and deflate (8) entries are supported.`);
  }
  if (entry.uncompressedSize > limits.ratioGraceBytes && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
    throw refuse(
      options,
      `entry ${show} declares ${mb(entry.uncompressedSize)} from ${mb(entry.compressedSize)} compressed, a ratio above the ${limits.maxRatio}:1 cap (a ZIP bomb).`,
    );
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

export async function listZip(source: ZipSource, options: ZipReadOptions = {}): Promise<ZipEntryInfo[]> {
  const zip = await open(source, options);
  try {
    const checked = await checkEntries(zip, options, zip.fileSize);
    return checked.map(({ entry: _entry, ...info }) => info);
  } finally {
    zip.close();
  }
}

export async function extractZip(source: ZipSource, destDir: string, options: ZipReadOptions = {}): Promise<Extraction> {
  const label = options.label ?? 'the archive';
  const zip = await open(source, options);
  try {
    const checked = await checkEntries(zip, options, zip.fileSize);
    await mkdir(destDir, { recursive: true });
    const files: ExtractedEntry[] = [];
    const directories: string[] = [];
    const budget = new Budget(capsOf(options), zip.fileSize, refuser(options.field), label);
    for (const [index, item] of checked.entries()) {
      options.signal?.throwIfAborted();
      if (item.isDirectory) {
        if (item.path) directories.push(item.path);
        continue;
      }
      if (options.include && !options.include(item.path)) continue;
      const target = path.join(destDir, String(index).padStart(5, '0'));
      let entryBytes = 0;
      const count = budget.entry(`entry ${JSON.stringify(item.path)}`, item.compressedSize);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          entryBytes += chunk.length;
          try {
            count(chunk.length);
          } catch (error) {
            return callback(error as Error);
          }
          callback(null, chunk);
        },
      });
      try {
        const stream = await zip.openReadStreamPromise(item.entry);
        await pipeline(stream, counter, createWriteStream(target), options.signal ? { signal: options.signal } : {});
      } catch (error) {
        if (error instanceof ToolError) throw error;
        if (options.signal?.aborted)
          throw new ToolError('timeout', `${options.field ?? 'file'}: the extraction was stopped (the call was cancelled or ran out of time).`);
        throw refuse(options, `entry ${JSON.stringify(item.path)} of ${label} could not be inflated (${reason(error)}); the archive is damaged.`);
      }
      files.push({ path: item.path, file: target, sizeBytes: entryBytes, modifiedAt: item.modifiedAt });
    }
    return { files, directories, totalBytes: budget.total };
  } finally {
    zip.close();
  }
}

export interface ZipWriteOptions {
  /** false stores the entries (fast, for a re-read, or already compressed data). Default true. */
  compress?: boolean;
  /** Deflate level, 1 (fastest) … 9 (smallest); default 6. */
  compressionLevel?: number;
  /** Every entry's modification time; default 2000-01-01, so the same files give the same bytes. */
  mtime?: Date;
  signal?: AbortSignal;
}

export async function writeZip(entries: readonly ZipInput[], target: string, options: ZipWriteOptions = {}): Promise<{ sizeBytes: number }> {
  const zip = new (zipWriter().ZipFile)();
  const mtime = options.mtime ?? new Date('2000-01-01T00:00:00Z');
  const compression = { compress: options.compress ?? true, ...(options.compressionLevel !== undefined ? { compressionLevel: options.compressionLevel } : {}) };
  for (const entry of entries) zip.addFile(entry.file, entry.path, { ...compression, mtime, mode: 0o100644 });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target), options.signal ? { signal: options.signal } : {});
  return { sizeBytes: (await stat(target)).size };
}
