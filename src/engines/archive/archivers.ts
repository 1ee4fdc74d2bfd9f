import { ToolError } from '../../core/errors.ts';
import { commandExists, runProcess, supervise, type ProcessOptions, type Supervised } from '../process/runner.ts';

/**
 * The archivers of the archive conversions, as Debian ships them: bsdtar (libarchive-tools) reads ZIP, 7z,
 * RAR and TAR and writes ZIP and TAR (+gzip/bzip2); 7-Zip (p7zip-full) writes 7z; gzip and bzip2 handle the
 * single-file streams. `rar` (creating RAR) is proprietary and not in Debian: where it is missing the RAR
 * outputs answer engine_unavailable. The checks on untrusted archives are guard.ts's.
 */
export const ARCHIVERS = ['bsdtar', '7z', 'gzip', 'bzip2', 'rar'] as const;
export type ArchiverName = (typeof ARCHIVERS)[number];

/** The Debian package that provides each archiver, for messages. */
export const ARCHIVER_PACKAGES: Record<ArchiverName, string> = {
  bsdtar: 'libarchive-tools',
  '7z': 'p7zip-full',
  gzip: 'gzip',
  bzip2: 'bzip2',
  rar: 'rar (proprietary, not in Debian)',
};

export interface ArchiverRun {
  cwd: string;
  signal?: AbortSignal | undefined;
  /** Default 120 s. */
  timeoutMs?: number;
  /** A file fed to stdin. */
  stdinFile?: string;
}

/** What one call hands the archive engine: the archivers, its AbortSignal, and where its warnings go. */
export interface ArchiveCall {
  archivers: Archivers;
  signal: AbortSignal;
  warn(message: string): void;
}

export interface Archivers {
  available(name: ArchiverName): boolean;
  /** Runs to completion and returns stdout (small outputs: listings, messages). Fails with ProcessFailed. */
  run(name: ArchiverName, args: readonly string[], options: ArchiverRun): Promise<string>;
  /** Starts the archiver and hands over its stdout (streamed reads: bsdtar's TAR stream, gzip -dc). */
  stream(name: ArchiverName, args: readonly string[], options: ArchiverRun): Supervised;
}

export function createArchivers(): Archivers {
  const available = (name: ArchiverName): boolean => commandExists(name);
  const processOptions = ({ cwd, signal, timeoutMs, stdinFile }: ArchiverRun): ProcessOptions => ({
    cwd,
    env: { HOME: cwd, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TMPDIR: cwd },
    signal,
    timeoutMs: timeoutMs ?? 120_000,
    ...(stdinFile ? { stdinFile } : {}),
  });
  const need = (name: ArchiverName): void => {
    if (!available(name))
      throw new ToolError('engine_unavailable', `${name} is not installed on this server (${ARCHIVER_PACKAGES[name]}); this conversion is unavailable.`);
  };
  return {
    available,
    run: async (name, args, options) => {
      need(name);
      return runProcess(name, args, { ...processOptions(options), maxStdout: 16 * 1024 * 1024 });
    },
    stream: (name, args, options) => {
      need(name);
      return supervise(name, args, processOptions(options));
    },
  };
}
