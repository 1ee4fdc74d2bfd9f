import { ToolError } from '../../core/errors.ts';

/**
 * THE archive guard: every untrusted container this server opens (an uploaded ZIP, 7z, RAR, TAR, gzip or bzip2
 * archive, and the ZIP inside a DOCX, XLSX, PPTX, ODF document or EPUB) is checked here, under one of the named
 * cap profiles below. Entry names are checked before anything is written (zip slip: no absolute paths, no
 * `..`, no control characters, bounded lengths); unpacked bytes are counted as they come (header sizes are
 * never trusted alone) against a total cap and a compression-ratio cap for the whole archive and each entry.
 */
export interface ArchiveCaps {
  /** Entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Bytes all entries may unpack to together. */
  maxTotalBytes: number;
  /** Bytes one entry may unpack to (default: the total). */
  maxEntryBytes?: number;
  /** Unpacked / packed bytes an entry (and the whole archive) may reach… */
  maxRatio: number;
  /** …once it is past this many unpacked bytes (tiny, very compressible files are harmless). */
  ratioGraceBytes: number;
}

const MB = 1024 * 1024;

export const ARCHIVE_CAPS = {
  /** An archive a user uploads to unpack or convert (`convertors/zip-extract`, the archive conversions). */
  upload: { maxEntries: 10_000, maxTotalBytes: 1024 * MB, maxRatio: 100, ratioGraceBytes: MB },
  /** The ZIP container of a document (DOCX, XLSX, PPTX, ODF, EPUB) read for its text: XML compresses well, so the ratio is looser. */
  document: { maxEntries: 10_000, maxTotalBytes: 256 * MB, maxEntryBytes: 64 * MB, maxRatio: 1000, ratioGraceBytes: MB },
  /** The parts of an .xlsx read into CSV or JSON: spreadsheet XML compresses far beyond 100:1; the unpacked total is the bound. */
  workbook: { maxEntries: 10_000, maxTotalBytes: 100 * MB, maxRatio: Number.POSITIVE_INFINITY, ratioGraceBytes: MB },
} as const satisfies Record<string, ArchiveCaps>;

export type CapProfile = keyof typeof ARCHIVE_CAPS;

export const mb = (bytes: number): string => (bytes >= 1024 * MB ? `${+(bytes / 1024 / MB).toFixed(2)} GB` : `${+(bytes / MB).toFixed(2)} MB`);

/** An entry name as messages show it (quoted, cut at 120 characters). */
export const shown = (name: string): string => JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name);

/** How a refusal is worded: the field it names (`file`, `content`). */
export type Refuse = (text: string) => ToolError;

export function refuser(field = 'file'): Refuse {
  return (text) => new ToolError('validation_failed', `${field}: ${text}`);
}

/**
 * The zip-slip checks of an entry name: the normalised path and its segments, or null for the archive's own
 * root folder (`./`, stored by `tar cf x.tar .`). Backslashes separate folders too (Windows archivers).
 */
export function checkEntryName(raw: string, isDirectory: boolean, refuse: Refuse): { path: string; segments: string[] } | null {
  if (!raw) throw refuse('an entry has an empty name; the archive is damaged.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw refuse(`entry ${shown(raw)} has control characters in its name; such archives are refused.`);
  if (raw.startsWith('/') || raw.startsWith('\\') || /^[A-Za-z]:/.test(raw)) {
    throw refuse(`entry ${shown(raw)} has an absolute path; only paths relative to the archive root are extracted (zip slip protection).`);
  }
  const segments = raw.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw refuse(`entry ${shown(raw)} climbs out of the extraction folder with ".." (zip slip); such archives are refused.`);
  if (segments.length === 0) {
    if (isDirectory) return null;
    throw refuse(`entry ${shown(raw)} has no name once "." parts are removed.`);
  }
  if (segments.some((s) => Buffer.byteLength(s) > 255)) throw refuse(`entry ${shown(raw)} has a name part longer than 255 bytes.`);
  const normalised = segments.join('/');
  if (normalised.length > 1024) throw refuse(`entry ${shown(raw)} has a path longer than 1,024 characters.`);
  return { path: normalised, segments };
}

/** Refuses an archive with more entries than its profile allows; `counted` when entries are counted as they stream (it stops one past the cap). */
export function checkEntryCount(count: number, caps: ArchiveCaps, refuse: Refuse, options: { label?: string; counted?: boolean } = {}): void {
  if (count <= caps.maxEntries) return;
  const cap = caps.maxEntries.toLocaleString('en-US');
  throw refuse(
    `${options.label ?? 'the archive'} has ${options.counted ? `more than ${cap}` : count.toLocaleString('en-US')} entries; the cap is ${cap} entries per archive.`,
  );
}

/** Counts unpacked bytes against a profile's total and ratio caps; `where` names the entry for messages. */
export class Budget {
  total = 0;
  readonly caps: ArchiveCaps;
  readonly archiveBytes: number;
  readonly refuse: Refuse;
  readonly label: string;
  constructor(caps: ArchiveCaps, archiveBytes: number, refuse: Refuse, label = 'the archive') {
    this.caps = caps;
    this.archiveBytes = Math.max(archiveBytes, 1);
    this.refuse = refuse;
    this.label = label;
  }

  /** Refuses a declared size (a header's) that would take the total past the cap, before a byte is unpacked. */
  declare(bytes: number, where: string): void {
    if (this.total + bytes > this.caps.maxTotalBytes) {
      throw this.refuse(
        `${where} would take the unpacked size past ${mb(this.caps.maxTotalBytes)}; the cap is ${mb(this.caps.maxTotalBytes)} unpacked per archive.`,
      );
    }
  }

  /** Counts unpacked bytes of the whole archive. */
  add(bytes: number, where: string): void {
    this.total += bytes;
    const { maxTotalBytes, maxRatio, ratioGraceBytes } = this.caps;
    if (this.total > maxTotalBytes) {
      throw this.refuse(`${this.label} unpacks to more than ${mb(maxTotalBytes)} (stopped at ${where}); the cap is ${mb(maxTotalBytes)} unpacked per archive.`);
    }
    if (this.total > ratioGraceBytes && this.total > maxRatio * this.archiveBytes) {
      throw this.refuse(
        `${this.label} unpacks to more than ${maxRatio} times its own size (${mb(this.archiveBytes)} → over ${mb(this.total)} at ${where}); ` +
          `the compression ratio cap is ${maxRatio}:1 (decompression bomb protection).`,
      );
    }
  }

  /** A counter for one entry whose packed size is known: its own size and ratio caps, then the archive's. */
  entry(where: string, packedBytes: number): (bytes: number) => void {
    let bytes = 0;
    const { maxEntryBytes, maxRatio, ratioGraceBytes } = this.caps;
    return (chunk) => {
      bytes += chunk;
      if (maxEntryBytes !== undefined && bytes > maxEntryBytes) {
        throw this.refuse(`${where} of ${this.label} unpacks to more than ${mb(maxEntryBytes)}; at most ${mb(maxEntryBytes)} per entry is read.`);
      }
      if (bytes > ratioGraceBytes && bytes > maxRatio * Math.max(packedBytes, 1)) {
        throw this.refuse(
          `${where} inflates beyond ${maxRatio} times its compressed size (${mb(packedBytes)}); the compression ratio cap is ${maxRatio}:1 (a ZIP bomb).`,
        );
      }
      this.add(chunk, where);
    };
  }
}
