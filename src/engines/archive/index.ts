import type { Supervised } from '../process/runner.ts';
import { createArchivers, type ArchiveCall, type ArchiverName, type ArchiverRun, type Archivers } from './archivers.ts';
import { pack, type ArchiveTarget, type Packed, type PackOptions } from './pack.ts';
import { unpack, type UnpackedTree, type UnpackOptions } from './unpack.ts';
import {
  extractZip,
  listZip,
  writeZip,
  type Extraction,
  type ZipEntryInfo,
  type ZipInput,
  type ZipReadOptions,
  type ZipSource,
  type ZipWriteOptions,
} from './zip.ts';
import type { UploadedFile } from '../../files/result.ts';

export { ARCHIVE_CAPS, type ArchiveCaps, type CapProfile } from './guard.ts';
export { ARCHIVER_PACKAGES, ARCHIVERS, type ArchiverName } from './archivers.ts';
export { ARCHIVE_TARGETS, TARGET_INFO, type ArchiveTarget, type Packed } from './pack.ts';
export { baseName, type ArchiveSource, type UnpackedTree } from './unpack.ts';
export type { Extraction, ExtractedEntry, ZipEntryInfo, ZipInput, ZipSource } from './zip.ts';

/**
 * The archive engine: every archive this server reads or writes goes through it, and every untrusted one
 * through its guard (guard.ts, one set of checks with named cap profiles). ZIPs are read and written in
 * process (yauzl, yazl); every other format, and the archive conversions, run Debian's archivers (bsdtar,
 * 7-Zip, gzip, bzip2, rar where installed) under the process runner.
 */
export interface ArchiveEngine {
  /** Checks every entry of a ZIP against the caps without inflating anything. */
  list(zip: ZipSource, options?: ZipReadOptions): Promise<ZipEntryInfo[]>;
  /** Checks, then inflates every file entry into `destDir` (numbered files), counting real bytes against the caps. */
  extract(zip: ZipSource, destDir: string, options?: ZipReadOptions): Promise<Extraction>;
  /** Writes a ZIP of the files, in the order given. `compress: false` stores them (fast, for a re-read). */
  write(entries: readonly ZipInput[], target: string, options?: ZipWriteOptions): Promise<{ sizeBytes: number }>;
  /** Checks and unpacks an uploaded archive (zip, 7z, rar, tar, gz, bz2) into a fresh folder. */
  unpack(upload: UploadedFile, options: UnpackOptions & ArchiveRunContext): Promise<UnpackedTree>;
  /** Packs an unpacked tree in the target format and reopens the result. */
  pack(tree: UnpackedTree, target: ArchiveTarget, options: PackOptions & ArchiveRunContext): Promise<Packed>;
  /** Whether an archiver is installed. */
  available(name: ArchiverName): boolean;
  /** Runs an archiver to completion and returns stdout (listings, messages). Fails with ProcessFailed. */
  run(name: ArchiverName, args: readonly string[], options: ArchiverRun): Promise<string>;
  /** Starts an archiver and hands over its stdout (streamed reads). */
  stream(name: ArchiverName, args: readonly string[], options: ArchiverRun): Supervised;
}

/** The call an unpack or pack belongs to. */
export type ArchiveRunContext = Omit<ArchiveCall, 'archivers'>;

export function createArchiveEngine(): ArchiveEngine {
  const archivers: Archivers = createArchivers();
  const call = (options: ArchiveRunContext): ArchiveCall => ({ archivers, signal: options.signal, warn: options.warn });
  return {
    list: listZip,
    extract: extractZip,
    write: writeZip,
    unpack: (upload, options) => unpack(call(options), upload, options),
    pack: (tree, target, options) => pack(call(options), tree, target, options),
    ...archivers,
  };
}
