import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { pack, type Header } from 'tar-stream';

/** Test fixtures for the archive tools, made with the same Debian archivers the service uses (no network). */

export const TREE: Record<string, string> = {
  'docs/readme.txt': 'hello archive\n',
  'docs/report 2024.csv': 'quarter,revenue\nQ1,100\nQ2,120\n',
  'bin/run.sh': '#!/bin/sh\necho hi\n',
};
export const EMPTY_DIR = 'empty';
export const MTIME = new Date('2021-05-04T10:20:30Z');

/** Writes the fixture tree into `dir` (a fixed mtime, run.sh executable, one empty folder). */
export function writeTree(dir: string, tree: Record<string, string> = TREE): void {
  for (const [name, content] of Object.entries(tree)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (name.endsWith('.sh')) chmodSync(file, 0o755);
    utimesSync(file, MTIME, MTIME);
  }
  mkdirSync(path.join(dir, EMPTY_DIR), { recursive: true });
}

export function sh(command: string, args: string[], cwd: string): Buffer {
  return execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
}

/** One archive of the tree per source format (the gz/bz2 ones hold a TAR: .tar.gz / .tar.bz2). */
export function makeArchives(work: string): Record<'zip' | '7z' | 'tar' | 'gz' | 'bz2' | 'rar', string> {
  const tree = path.join(work, 'tree');
  writeTree(tree);
  const names = ['bin', 'docs', EMPTY_DIR];
  const out = (name: string): string => path.join(work, name);
  sh('bsdtar', ['-c', '-f', out('tree.zip'), '--format', 'zip', ...names], tree);
  sh('7z', ['a', '-bd', '-y', out('tree.7z'), ...names], tree);
  sh('bsdtar', ['-c', '-f', out('tree.tar'), ...names], tree);
  sh('bsdtar', ['-c', '-z', '-f', out('tree.tar.gz'), ...names], tree);
  sh('bsdtar', ['-c', '-j', '-f', out('tree.tar.bz2'), ...names], tree);
  writeFileSync(
    out('tree.rar'),
    rar4([...Object.entries(TREE).map(([name, content]) => ({ name, data: Buffer.from(content) })), { name: EMPTY_DIR, directory: true }]),
  );
  return { zip: out('tree.zip'), '7z': out('tree.7z'), tar: out('tree.tar'), gz: out('tree.tar.gz'), bz2: out('tree.tar.bz2'), rar: out('tree.rar') };
}

/**
 * A RAR 4 archive with stored (uncompressed) entries, written byte by byte from the RAR 4 technote: creating
 * RAR needs the proprietary `rar`, which Debian does not ship, so the fixture is built here.
 */
export function rar4(entries: { name: string; data?: Buffer; directory?: boolean }[]): Buffer {
  const block = (type: number, flags: number, body: Buffer, data: Buffer = Buffer.alloc(0)): Buffer => {
    const head = Buffer.alloc(5);
    head.writeUInt8(type, 0);
    head.writeUInt16LE(flags, 1);
    head.writeUInt16LE(7 + body.length, 3);
    const crcInput = Buffer.concat([head, body]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16LE(crc32(crcInput) & 0xffff, 0);
    return Buffer.concat([crc, crcInput, data]);
  };
  const parts = [Buffer.from('Rar!\x1a\x07\x00', 'latin1'), block(0x73, 0, Buffer.alloc(6))];
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    const name = Buffer.from(entry.name.replace(/\//g, '\\'), 'latin1');
    const body = Buffer.alloc(25);
    body.writeUInt32LE(data.length, 0); // packed size
    body.writeUInt32LE(data.length, 4); // unpacked size
    body.writeUInt8(2, 8); // host OS: Win32 (attributes are DOS flags)
    body.writeUInt32LE(crc32(data) >>> 0, 9);
    body.writeUInt32LE(0x52a45000, 13); // DOS date/time (2021-05-04 10:00)
    body.writeUInt8(20, 17); // version needed
    body.writeUInt8(0x30, 18); // method: store
    body.writeUInt16LE(name.length, 19);
    body.writeUInt32LE(entry.directory ? 0x10 : 0x20, 21);
    const flags = 0x8000 | (entry.directory ? 0xe0 : 0);
    parts.push(block(0x74, flags, Buffer.concat([body, name]), data));
  }
  parts.push(Buffer.from([0xc4, 0x3d, 0x7b, 0x00, 0x40, 0x07, 0x00]));
  return Buffer.concat(parts);
}

/** A TAR built entry by entry (hostile names and types included), in memory. */
export async function tarOf(entries: { header: Header | (Partial<Header> & { name: string }); data?: string }[]): Promise<Buffer> {
  const tar = pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of tar) chunks.push(Buffer.from(chunk as Uint8Array));
  })();
  for (const { header, data } of entries) {
    await new Promise<void>((resolve, reject) => {
      tar.entry({ mtime: MTIME, ...header }, data ?? '', (error) => (error ? reject(error) : resolve()));
    });
  }
  tar.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** Every file under `dir`: relative path → content (folders as a trailing-slash key with ''). */
export function readTree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) {
      const inner = readTree(full, rel);
      if (Object.keys(inner).length === 0) out[`${rel}/`] = '';
      Object.assign(out, inner);
    } else out[rel] = readFileSync(full, 'utf8');
  }
  return out;
}
