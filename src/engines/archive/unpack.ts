import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type * as TarStream from 'tar-stream';
import type { Header } from 'tar-stream';
import { ToolError } from '../../core/errors.ts';
import { exitOf, ProcessFailed } from '../process/runner.ts';
import type { ArchiveCall } from './archivers.ts';
import { ARCHIVE_CAPS, Budget, checkEntryCount, checkEntryName, refuser, shown, type ArchiveCaps } from './guard.ts';
import { sniff } from '../../files/kinds.ts';
import type { UploadedFile } from '../../files/result.ts';
import { lazy } from '../../lib/lazy.ts';

const tarStream = lazy<typeof TarStream>('tar-stream');

/**
 * Unpacking untrusted archives under the guard (guard.ts). Every format is read by one parser, libarchive's bsdtar,
 * which re-emits the archive as a TAR stream (`bsdtar -cf - --format pax -P @input`: raw entry names, no
 * rewriting); this module parses that stream itself, so no entry is ever written by the archiver:
 *
 * 1. Inspect: every entry is checked — name (no absolute paths, no `..`, no control characters), type (files
 *    and folders only: symbolic links, hard links and devices are refused), count, declared and actual sizes,
 *    compression ratio — and nothing is written.
 * 2. Extract: only then the same stream is read again and each file is written by this code into a fresh
 *    folder (exclusive create, no overwrite, never through a link), its bytes counted again against the caps.
 *
 * gzip and bzip2 inputs are single-file streams: they are decompressed (counted against the same caps); when
 * the content is itself a TAR (a .tar.gz / .tar.bz2) it is read as an archive, otherwise it is one file.
 */
export type ArchiveSource = 'zip' | '7z' | 'rar' | 'tar' | 'gz' | 'bz2';

export interface UnpackedTree {
  /** Folder holding the unpacked files and folders (nothing else). */
  root: string;
  /** Relative paths of the folders and files, in archive order (folders listed before their content). */
  entries: { path: string; isDirectory: boolean }[];
  files: number;
  directories: number;
  totalBytes: number;
  /** Set when the input was a gzip/bzip2 stream of one file (not a TAR): that file's name. */
  singleFile: string | null;
  /** A gzip/bzip2 stream whose content was a TAR archive (read as .tar.gz / .tar.bz2). */
  compressedTar: boolean;
}

const refuse = refuser('file');

interface CheckedEntry {
  /** Normalised relative path (`/`-separated). */
  path: string;
  segments: string[];
  isDirectory: boolean;
  size: number;
  mode: number;
  mtime: Date | undefined;
}

/**
 * The checks every entry passes before anything is written: a refusal names the entry and the rule. `null` is
 * the archive's own root folder (`./`, stored by `tar cf x.tar .`), which is skipped.
 */
export function checkEntry(header: Header): CheckedEntry | null {
  const raw = header.name;
  const type = header.type ?? 'file';
  const named = checkEntryName(raw, type === 'directory', refuse);
  if (!named) return null;
  if (type === 'symlink')
    throw refuse(
      `entry ${shown(raw)} is a symbolic link (to ${shown(header.linkname ?? '')}); links are never extracted or followed, so archives with links are refused.`,
    );
  if (type === 'link')
    throw refuse(`entry ${shown(raw)} is a hard link (to ${shown(header.linkname ?? '')}); links are never extracted, so archives with links are refused.`);
  if (type !== 'file' && type !== 'contiguous-file' && type !== 'directory') {
    throw refuse(`entry ${shown(raw)} is a special file (${type}); only files and folders are extracted.`);
  }
  return {
    path: named.path,
    segments: named.segments,
    isDirectory: type === 'directory',
    size: header.size ?? 0,
    mode: header.mode ?? 0o644,
    mtime: header.mtime,
  };
}

/** What the inspect pass learned: the tree without its bytes. */
interface Plan {
  entries: CheckedEntry[];
  /** Duplicate file entries (the first is kept). */
  duplicates: number;
  /** Entry names in a legacy code page (not UTF-8), whose unknown characters became U+FFFD. */
  undecodable: number;
  totalBytes: number;
}

/** Streams the archive as TAR through `visit`, with bsdtar supervised (deadline, kill on refusal). */
async function walkArchive(
  call: ArchiveCall,
  source: string,
  cwd: string,
  visit: (header: Header, data: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const engine = call.archivers;
  const child = engine.stream('bsdtar', ['-c', '-f', '-', '--format', 'pax', '-P', `@${source}`], { cwd, signal: call.signal, timeoutMs: 110_000 });
  const extractor = tarStream().extract();
  child.stdout.on('error', () => {});
  child.stdout.pipe(extractor);
  let failure: unknown;
  try {
    for await (const entry of extractor) {
      await visit(entry.header, bytesOf(entry));
    }
  } catch (error) {
    failure = error;
    child.kill();
    extractor.destroy();
  }
  const exit = await exitOf(child, failure);
  if (exit) throw await readFailure(call, source, cwd, exit);
  if (failure) throw refuse(`the archive could not be read (${failure instanceof Error ? failure.message : String(failure)}).`);
}

/** tar-stream's entries are streamx streams of Uint8Array chunks. */
async function* bytesOf(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
}

async function readFailure(call: ArchiveCall, source: string, cwd: string, error: ProcessFailed): Promise<ToolError> {
  const reason = error.reason().replace(/^bsdtar:\s*/, '');
  if (/encrypt|passphrase|password/i.test(error.stderr) || (await looksEncrypted(call, source, cwd))) {
    return refuse('the archive is password-protected (encrypted); encrypted archives are not supported.');
  }
  if (/multi-?volume|next volume/i.test(error.stderr)) return refuse('the archive is one part of a multi-volume set; upload a single-volume archive.');
  const why = reason && reason !== '(null)' ? ` (${reason})` : '';
  return refuse(`the archive is damaged or not in the format its first bytes claim${why}.`);
}

/**
 * libarchive does not always say why it stopped (an encrypted 7z entry reads as "(null)"), so a failed read
 * is probed with 7-Zip's listing, which reports encrypted entries and encrypted headers. Header-only and quick.
 */
async function looksEncrypted(call: ArchiveCall, source: string, cwd: string): Promise<boolean> {
  const engine = call.archivers;
  if (!engine?.available('7z')) return false;
  let output: string;
  try {
    // -p with an empty password: 7-Zip never waits for one on a terminal.
    output = await engine.run('7z', ['l', '-slt', '-p', '-bd', source], { cwd, signal: call.signal, timeoutMs: 20_000 });
  } catch (error) {
    if (!(error instanceof ProcessFailed)) return false;
    output = `${error.stdout}\n${error.stderr}`;
  }
  return /^Encrypted = \+$/m.test(output) || /encrypted archive|wrong password/i.test(output);
}

async function drain(data: AsyncIterable<Buffer>, budget: Budget, where: string): Promise<number> {
  let bytes = 0;
  for await (const chunk of data) {
    bytes += chunk.length;
    budget.add(chunk.length, where);
  }
  return bytes;
}

/** Pass 1: checks every entry and counts its real bytes; writes nothing. */
async function inspect(call: ArchiveCall, source: string, cwd: string, limits: ArchiveCaps, archiveBytes: number): Promise<Plan> {
  const budget = new Budget(limits, archiveBytes, refuse);
  const entries: CheckedEntry[] = [];
  const kinds = new Map<string, 'file' | 'dir'>();
  let count = 0;
  let duplicates = 0;
  let undecodable = 0;
  await walkArchive(call, source, cwd, async (header, data) => {
    count += 1;
    checkEntryCount(count, limits, refuse, { counted: true });
    const entry = checkEntry(header);
    if (!entry) {
      await drain(data, budget, 'the root folder entry');
      return;
    }
    if (entry.path.includes('\uFFFD')) undecodable += 1;
    budget.declare(entry.size, `entry ${shown(entry.path)}`);
    // A file may not sit where a folder is, nor under a file.
    for (let i = 1; i < entry.segments.length; i += 1) {
      const parent = entry.segments.slice(0, i).join('/');
      if (kinds.get(parent) === 'file') throw refuse(`entry ${shown(entry.path)} lies under ${shown(parent)}, which is a file; the archive is inconsistent.`);
      kinds.set(parent, 'dir');
    }
    const existing = kinds.get(entry.path);
    if (entry.isDirectory) {
      if (existing === 'file') throw refuse(`entry ${shown(entry.path)} is both a file and a folder; the archive is inconsistent.`);
      if (!existing) entries.push(entry);
      kinds.set(entry.path, 'dir');
    } else if (existing === 'dir') {
      throw refuse(`entry ${shown(entry.path)} is both a file and a folder; the archive is inconsistent.`);
    } else if (existing === 'file') {
      duplicates += 1;
    } else {
      kinds.set(entry.path, 'file');
      entries.push(entry);
    }
    await drain(data, budget, `entry ${shown(entry.path)}`);
  });
  return { entries, duplicates, undecodable, totalBytes: budget.total };
}

/** Pass 2: writes the files the plan accepted into `root`, counting bytes again. */
async function extractPlanned(
  call: ArchiveCall,
  source: string,
  cwd: string,
  root: string,
  plan: Plan,
  limits: ArchiveCaps,
  archiveBytes: number,
): Promise<number> {
  const budget = new Budget(limits, archiveBytes, refuse);
  const wanted = new Map(plan.entries.filter((e) => !e.isDirectory).map((e) => [e.path, e]));
  const written = new Set<string>();
  await mkdir(root, { recursive: true });
  for (const dir of plan.entries.filter((e) => e.isDirectory)) await mkdir(path.join(root, ...dir.segments), { recursive: true });
  await walkArchive(call, source, cwd, async (header, data) => {
    const entry = checkEntry(header);
    const where = `entry ${shown(entry?.path ?? '.')}`;
    if (!entry || entry.isDirectory || !wanted.has(entry.path) || written.has(entry.path)) {
      await drain(data, budget, where);
      return;
    }
    call.signal.throwIfAborted();
    written.add(entry.path);
    const target = path.join(root, ...entry.segments);
    if (!target.startsWith(root + path.sep)) throw refuse(`${where} resolves outside the extraction folder.`);
    await mkdir(path.dirname(target), { recursive: true });
    // 'wx': exclusive create — never overwrites, never writes through an existing link.
    const handle = await open(target, 'wx', (entry.mode & 0o755) | 0o600);
    let bytes = 0;
    const counter = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        bytes += chunk.length;
        budget.add(chunk.length, where);
        yield chunk;
      }
    };
    await pipeline(data, counter, handle.createWriteStream(), { signal: call.signal });
    if (bytes !== entry.size) throw refuse(`${where} holds ${bytes} bytes but declares ${entry.size}; the archive is damaged.`);
    if (entry.mtime && !Number.isNaN(entry.mtime.getTime())) await utimes(target, entry.mtime, entry.mtime);
  });
  for (const dir of plan.entries.filter((e) => e.isDirectory).reverse()) {
    if (dir.mtime && !Number.isNaN(dir.mtime.getTime())) await utimes(path.join(root, ...dir.segments), dir.mtime, dir.mtime);
  }
  if (written.size !== wanted.size || budget.total !== plan.totalBytes) {
    throw refuse('the archive read differently the second time (it is damaged); nothing was converted.');
  }
  return budget.total;
}

/** Decompresses a gzip/bzip2 stream to `target`, counting bytes against the caps. */
async function decompressStream(
  call: ArchiveCall,
  kind: 'gz' | 'bz2',
  input: string,
  target: string,
  limits: ArchiveCaps,
  archiveBytes: number,
): Promise<number> {
  const engine = call.archivers;
  const command = kind === 'gz' ? 'gzip' : 'bzip2';
  const child = engine.stream(command, ['-d', '-c'], { cwd: path.dirname(target), signal: call.signal, timeoutMs: 110_000, stdinFile: input });
  const budget = new Budget(limits, archiveBytes, refuse);
  const where = 'the decompressed stream';
  const counter = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      budget.add(chunk.length, where);
      yield chunk;
    }
  };
  let failure: unknown;
  try {
    await pipeline(child.stdout, counter, createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    failure = error;
    child.kill();
  }
  const exit = await exitOf(child, failure);
  if (exit) {
    // gzip exits 2 for warnings such as "trailing garbage ignored": the data before it is whole.
    if (!(command === 'gzip' && exit.exitCode === 2)) {
      throw refuse(`the ${kind === 'gz' ? 'gzip' : 'bzip2'} stream is damaged (${exit.reason().replace(/^(gzip|bzip2):\s*/, '')}).`);
    }
    call.warn(`gzip: ${exit.reason().replace(/^gzip:\s*/, '')}`);
  }
  if (failure) throw refuse(`the ${kind} stream could not be decompressed (${failure instanceof Error ? failure.message : String(failure)}).`);
  return budget.total;
}

/** The name a gzip header stores (FNAME), when there is one and it is a safe file name. */
export function gzipStoredName(head: Buffer): string | null {
  if (head.length < 10 || head[0] !== 0x1f || head[1] !== 0x8b) return null;
  const flags = head[3] ?? 0;
  let offset = 10;
  if (flags & 0x04) {
    if (head.length < offset + 2) return null;
    offset += 2 + head.readUInt16LE(offset);
  }
  if (!(flags & 0x08)) return null;
  const end = head.indexOf(0, offset);
  if (end < 0) return null;
  const name = head.subarray(offset, end).toString('latin1');
  return safeName(path.posix.basename(name.replace(/\\/g, '/')));
}

/** A single file name we are willing to write: no separators, control characters or dot-only names. */
export function safeName(name: string): string | null {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\]/g, '')
    .trim()
    .slice(0, 200);
  if (!cleaned || /^\.+$/.test(cleaned)) return null;
  return cleaned;
}

/** The upload's name without its archive extension(s): `backup.tar.gz` → `backup`, `data.csv.gz` → `data.csv`. */
export function baseName(fileName: string): string {
  const stripped = fileName.replace(/\.(tar\.gz|tar\.bz2|tgz|tbz2|tbz|zip|7z|rar|tar|gz|bz2)$/i, '');
  return stripped || 'archive';
}

/** The file a gz/bz2 stream held, named from the gzip header or the upload. */
function streamFileName(kind: 'gz' | 'bz2', upload: UploadedFile, head: Buffer): string {
  if (kind === 'gz') {
    const stored = gzipStoredName(head);
    if (stored) return stored;
  }
  const name = upload.fileName.replace(/\.t(gz|bz2?)$/i, '.tar').replace(kind === 'gz' ? /\.gz$/i : /\.bz2$/i, '');
  return safeName(name) ?? 'data';
}

export interface UnpackOptions {
  /** The guard's caps (default: its `upload` profile). */
  caps?: ArchiveCaps;
  /** Folder for intermediate files (the call's work dir). */
  workDir: string;
}

/** Checks and unpacks an uploaded archive (zip, 7z, rar, tar, gz, bz2) into a fresh folder. */
export async function unpack(call: ArchiveCall, upload: UploadedFile, options: UnpackOptions): Promise<UnpackedTree> {
  const limits = options.caps ?? ARCHIVE_CAPS.upload;
  await mkdir(options.workDir, { recursive: true });
  const root = path.join(options.workDir, 'unpacked');
  const kind = upload.kind as ArchiveSource;
  let source = upload.path;
  let compressedTar = false;
  if (kind === 'gz' || kind === 'bz2') {
    const stream = path.join(options.workDir, 'stream.bin');
    const bytes = await decompressStream(call, kind, upload.path, stream, limits, upload.sizeBytes);
    const inner = bytes > 0 ? await sniff(stream) : [];
    if (inner[0] !== 'tar') {
      const handle = await open(upload.path, 'r');
      const head = Buffer.alloc(1024);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      await handle.close();
      const name = streamFileName(kind, upload, head.subarray(0, bytesRead));
      await mkdir(root, { recursive: true });
      await rename(stream, path.join(root, name));
      return { root, entries: [{ path: name, isDirectory: false }], files: 1, directories: 0, totalBytes: bytes, singleFile: name, compressedTar: false };
    }
    source = stream;
    compressedTar = true;
  }
  const plan = await inspect(call, source, options.workDir, limits, upload.sizeBytes);
  if (plan.entries.length === 0) throw refuse('the archive is empty; there is nothing to convert.');
  const totalBytes = await extractPlanned(call, source, options.workDir, root, plan, limits, upload.sizeBytes);
  if (plan.undecodable > 0) {
    call.warn(
      `${plan.undecodable} entry name${plan.undecodable === 1 ? ' is' : 's are'} not UTF-8 (a legacy code page); characters that could not be read became "\uFFFD".`,
    );
  }
  if (plan.duplicates > 0)
    call.warn(
      `The archive lists ${plan.duplicates} file${plan.duplicates === 1 ? '' : 's'} more than once; the first copy of each was kept (files are never overwritten).`,
    );
  const files = plan.entries.filter((e) => !e.isDirectory).length;
  return {
    root,
    entries: plan.entries.map((e) => ({ path: e.path, isDirectory: e.isDirectory })),
    files,
    directories: plan.entries.length - files,
    totalBytes,
    singleFile: null,
    compressedTar,
  };
}
