import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ToolError } from '../../core/errors.ts';
import { ProcessFailed } from '../process/runner.ts';
import type { ArchiveCall, ArchiverName } from './archivers.ts';
import type { UnpackedTree } from './unpack.ts';

/**
 * Writing the output archive from an unpacked, checked tree: ZIP and TAR (plain, gzip, bzip2) with bsdtar,
 * 7z with 7-Zip, single-file gzip/bzip2 streams with gzip/bzip2, RAR with `rar` where it is installed.
 * Every output is reopened before it is handed out: its listing must hold every entry (or the stream test pass).
 */
export const ARCHIVE_TARGETS = ['zip', '7z', 'tar', 'gz', 'bz2', 'rar'] as const;
export type ArchiveTarget = (typeof ARCHIVE_TARGETS)[number];

export const TARGET_INFO: Record<ArchiveTarget, { title: string; mimeType: string; defaultLevel: number | null; engines: ArchiverName[] }> = {
  zip: { title: 'ZIP', mimeType: 'application/zip', defaultLevel: 6, engines: ['bsdtar'] },
  '7z': { title: '7z', mimeType: 'application/x-7z-compressed', defaultLevel: 5, engines: ['7z'] },
  tar: { title: 'TAR', mimeType: 'application/x-tar', defaultLevel: null, engines: ['bsdtar'] },
  gz: { title: 'gzip', mimeType: 'application/gzip', defaultLevel: 6, engines: ['bsdtar', 'gzip'] },
  bz2: { title: 'bzip2', mimeType: 'application/x-bzip2', defaultLevel: 9, engines: ['bsdtar', 'bzip2'] },
  rar: { title: 'RAR', mimeType: 'application/vnd.rar', defaultLevel: 3, engines: ['rar'] },
};

export interface PackOptions {
  workDir: string;
  /** Output name without extension. */
  baseName: string;
  /** 1 (fastest) … 9 (smallest); the format's default when absent. */
  level?: number | undefined;
}

export interface Packed {
  path: string;
  fileName: string;
  mimeType: string;
}

function writeFailure(error: unknown, what: string): unknown {
  if (error instanceof ProcessFailed) return new ToolError('internal_error', `${what} failed (${error.reason()}); quote the X-Request-Id when reporting it.`);
  return error;
}

/** Top-level names of the tree (7-Zip and rar recurse into folders). */
function topLevel(tree: UnpackedTree): string[] {
  return [...new Set(tree.entries.map((e) => e.path.split('/')[0] ?? e.path))];
}

async function runTo(call: ArchiveCall, name: ArchiverName, args: string[], cwd: string, what: string): Promise<string> {
  try {
    return await call.archivers.run(name, args, { cwd, signal: call.signal, timeoutMs: 110_000 });
  } catch (error) {
    throw writeFailure(error, what);
  }
}

/** `gzip -c` / `bzip2 -c` of one file into `target` (the gzip header keeps the file's name). */
async function compressOne(call: ArchiveCall, name: 'gzip' | 'bzip2', level: number, cwd: string, file: string, target: string): Promise<void> {
  const child = call.archivers.stream(name, ['-c', `-${level}`, '--', file], { cwd, signal: call.signal, timeoutMs: 110_000 });
  let failure: unknown;
  try {
    await pipeline(child.stdout, createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    failure = error;
    child.kill();
  }
  try {
    await child.done;
  } catch (error) {
    throw writeFailure(error, `${name} compression`);
  }
  if (failure) throw failure;
}

/** Packs the tree as `target`, reopens the result and returns where it is. */
export async function pack(call: ArchiveCall, tree: UnpackedTree, target: ArchiveTarget, options: PackOptions): Promise<Packed> {
  const info = TARGET_INFO[target];
  const level = options.level ?? info.defaultLevel ?? 6;
  const out = (extension: string): string => path.join(options.workDir, `output.${extension}`);
  const nulList = path.join(options.workDir, 'entries.lst');
  await writeFile(nulList, tree.entries.map((e) => `${e.path}\0`).join(''));
  // bsdtar: -n (no recursion) with the exact entry list, so the output holds the checked entries in archive order.
  const bsdtarCreate = (file: string, extra: string[]): string[] => ['-c', '-f', file, ...extra, '-n', '--null', '-T', nulList];
  const owner = ['--uid', '0', '--gid', '0', '--uname', 'root', '--gname', 'root'];

  if ((target === 'gz' || target === 'bz2') && tree.singleFile) {
    const extension = target;
    const file = out(extension);
    await compressOne(call, target === 'gz' ? 'gzip' : 'bzip2', level, tree.root, tree.singleFile, file);
    await runTo(call, target === 'gz' ? 'gzip' : 'bzip2', ['-t', file], options.workDir, `checking the ${info.title} output`);
    return { path: file, fileName: `${options.baseName}.${extension}`, mimeType: info.mimeType };
  }

  let file: string;
  let fileName: string;
  switch (target) {
    case 'zip':
      file = out('zip');
      fileName = `${options.baseName}.zip`;
      await runTo(call, 'bsdtar', bsdtarCreate(file, ['--format', 'zip', '--options', `zip:compression-level=${level}`]), tree.root, 'writing the ZIP');
      break;
    case 'tar':
      file = out('tar');
      fileName = `${options.baseName}.tar`;
      await runTo(call, 'bsdtar', bsdtarCreate(file, ['--format', 'pax', ...owner]), tree.root, 'writing the TAR');
      break;
    case 'gz':
    case 'bz2': {
      // A pax tar through bsdtar's own gzip (-z) or bzip2 (-j) filter, at the requested level.
      const filter = target === 'gz' ? 'gzip' : 'bzip2';
      file = out(`tar.${target}`);
      fileName = `${options.baseName}.tar.${target}`;
      await runTo(
        call,
        'bsdtar',
        bsdtarCreate(file, ['--format', 'pax', target === 'gz' ? '-z' : '-j', '--options', `${filter}:compression-level=${level}`, ...owner]),
        tree.root,
        `writing the .tar.${target}`,
      );
      break;
    }
    case '7z': {
      file = out('7z');
      fileName = `${options.baseName}.7z`;
      const list = path.join(options.workDir, 'entries-7z.lst');
      await writeFile(
        list,
        topLevel(tree)
          .map((n) => `${n}\n`)
          .join(''),
      );
      // -spd: names are literal (no wildcards); -scsUTF-8: the list file's charset; absolute paths keep them apart from switches.
      await runTo(call, '7z', ['a', '-t7z', `-mx=${level}`, '-bd', '-y', '-spd', '-scsUTF-8', file, `@${list}`], tree.root, 'writing the 7z archive');
      await runTo(call, '7z', ['t', '-bd', file], options.workDir, 'checking the 7z output');
      return { path: file, fileName, mimeType: info.mimeType };
    }
    case 'rar': {
      file = out('rar');
      fileName = `${options.baseName}.rar`;
      const rarLevel = Math.min(5, Math.max(1, Math.ceil(level / 2)));
      await runTo(call, 'rar', ['a', '-idq', `-m${rarLevel}`, '-r', file, ...topLevel(tree).map((n) => `./${n}`)], tree.root, 'writing the RAR archive');
      await runTo(call, 'rar', ['t', '-idq', file], options.workDir, 'checking the RAR output');
      return { path: file, fileName, mimeType: info.mimeType };
    }
  }
  // Reopen: the listing must hold exactly the entries written.
  const listing = await runTo(call, 'bsdtar', ['-t', '-f', file], options.workDir, `checking the ${info.title} output`);
  const listed = listing.split('\n').filter(Boolean).length;
  if (listed !== tree.entries.length) {
    throw new ToolError(
      'internal_error',
      `The ${info.title} output lists ${listed} entries instead of ${tree.entries.length}; quote the X-Request-Id when reporting it.`,
    );
  }
  return { path: file, fileName, mimeType: info.mimeType };
}
