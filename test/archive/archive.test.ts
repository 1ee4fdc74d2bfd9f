import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { ARCHIVE_CAPS, createArchiveEngine } from '../../src/engines/archive/index.ts';
import { commandExists } from '../../src/engines/process/runner.ts';
import { archiveTools } from '../../src/tools/archive/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { EMPTY_DIR, makeArchives, MTIME, rar4, readTree, sh, tarOf, TREE, writeTree } from './fixtures.ts';

/**
 * The 30 archive conversions through real HTTP: every slug this machine supports converts a real fixture
 * and the output is listed and unpacked to check its content; hostile archives get a clear 4xx and leave
 * no scratch files behind (CONTRACT "Security").
 */
let server: TestServer;
let work: string;
let archives: ReturnType<typeof makeArchives>;

const HAS = {
  bsdtar: commandExists('bsdtar'),
  '7z': commandExists('7z'),
  gzip: commandExists('gzip'),
  bzip2: commandExists('bzip2'),
  rar: commandExists('rar'),
};
const EXPECTED_TREE: Record<string, string> = { ...TREE, [`${EMPTY_DIR}/`]: '' };

before(async () => {
  server = await startTestServer();
  work = mkdtempSync(path.join(tmpdir(), 'archive-test-'));
  archives = makeArchives(work);
});
after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

interface FileResult {
  fileId: string;
  downloadUrl: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}
interface Answer {
  status: number;
  body: { status: unknown; code?: number; error?: string; detail?: string; result?: FileResult; warnings?: string[] };
}

async function upload(slug: string, content: Buffer, fileName: string, fields: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([content]), fileName);
  const response = await fetch(`${server.url}/api/v1/archive/${slug}`, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

function scratch(): string[] {
  const dir = path.join(server.dataDir, 'scratch');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

async function download(result: FileResult): Promise<string> {
  const response = await fetch(result.downloadUrl);
  assert.equal(response.status, 200);
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(bytes.length, result.sizeBytes);
  const file = path.join(mkdtempSync(path.join(work, 'out-')), result.fileName);
  writeFileSync(file, bytes);
  return file;
}

/** Unpacks an output with the archivers (7-Zip for 7z) into a fresh folder and reads it back. */
function unpackOutput(file: string): Record<string, string> {
  const dir = mkdtempSync(path.join(work, 'check-'));
  if (file.endsWith('.7z')) sh('7z', ['x', '-bd', '-y', `-o${dir}`, file], dir);
  else sh('bsdtar', ['-x', '-f', file, '-C', dir], dir);
  return readTree(dir);
}

const supported = (slug: string): boolean => {
  const [from, , to] = slug.split('-') as [string, string, string];
  const needs = new Set<keyof typeof HAS>(['bsdtar']);
  if (from === 'gz' || to === 'gz') needs.add('gzip');
  if (from === 'bz2' || to === 'bz2') needs.add('bzip2');
  if (to === '7z') needs.add('7z');
  if (to === 'rar') needs.add('rar');
  return [...needs].every((n) => HAS[n]);
};

test('there are the 30 catalog slugs, each with two examples naming a binary upload', () => {
  assert.equal(archiveTools.length, 30);
  for (const tool of archiveTools) {
    assert.ok(tool.examples.length >= 2);
    for (const example of tool.examples) assert.ok(example.upload?.fileName && example.upload.content === undefined, tool.slug);
  }
});

test('supported-conversions lists exactly the conversions whose archivers are installed (no key needed)', async () => {
  const response = await fetch(`${server.url}/api/v1/archive/supported-conversions`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as {
    result: { count: number; conversions: { slug: string; from: string[]; to: string }[]; unavailable: { slug: string; missing: string[] }[] };
  };
  const expected = archiveTools
    .map((t) => t.slug)
    .filter(supported)
    .sort();
  assert.deepEqual(body.result.conversions.map((c) => c.slug).sort(), expected);
  assert.equal(body.result.count, expected.length);
  if (!HAS.rar) {
    assert.deepEqual(body.result.unavailable.map((u) => u.slug).sort(), ['7z-to-rar', 'bz2-to-rar', 'gz-to-rar', 'tar-to-rar', 'zip-to-rar']);
    assert.ok(body.result.unavailable.every((u) => u.missing.join() === 'rar'));
  }
  const zipTo7z = body.result.conversions.find((c) => c.slug === 'zip-to-7z');
  assert.deepEqual(zipTo7z && { from: zipTo7z.from, to: zipTo7z.to }, { from: ['zip'], to: '7z' });
});

describe('every supported slug converts a real fixture; the output is unpacked and compared', () => {
  for (const tool of archiveTools) {
    test(tool.slug, async (t) => {
      const [from, , to] = tool.slug.split('-') as ['zip' | '7z' | 'tar' | 'gz' | 'bz2' | 'rar', string, string];
      const source = archives[from];
      const answer = await upload(tool.slug, readFileSync(source), path.basename(source));
      if (!supported(tool.slug)) {
        assert.equal(answer.status, 501, JSON.stringify(answer.body));
        assert.equal(answer.body.error, 'engine_unavailable');
        assert.match(answer.body.detail ?? '', /rar is not installed/);
        t.diagnostic('rar is not installed: 501 engine_unavailable, no file');
        return;
      }
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.code, 200);
      const result = answer.body.result!;
      const extension = to === 'gz' ? 'tar.gz' : to === 'bz2' ? 'tar.bz2' : to;
      assert.equal(result.fileName, `tree.${extension}`);
      const file = await download(result);
      assert.deepEqual(unpackOutput(file), EXPECTED_TREE);
      if (from === 'gz' || from === 'bz2') assert.match((answer.body.warnings ?? []).join(' '), /held a TAR archive.*3 files were converted/);
      assert.deepEqual(scratch(), []);
    });
  }
});

describe('what is carried over', () => {
  test('modification times and the executable bit survive zip → tar', async () => {
    const answer = await upload('zip-to-tar', readFileSync(archives.zip), 'tree.zip');
    const file = await download(answer.body.result!);
    const dir = mkdtempSync(path.join(work, 'modes-'));
    sh('bsdtar', ['-x', '-p', '-f', file, '-C', dir], dir);
    assert.equal(statSync(path.join(dir, 'docs/readme.txt')).mtime.toISOString(), MTIME.toISOString());
    assert.equal(statSync(path.join(dir, 'bin/run.sh')).mode & 0o111, 0o111);
    assert.equal(statSync(path.join(dir, 'docs/readme.txt')).mode & 0o111, 0);
  });

  test('archives made the usual way (`tar cf x.tar .`, `tar czf x.tgz .`) keep their "./" root entry out and convert', async () => {
    const dir = mkdtempSync(path.join(work, 'dot-'));
    writeTree(dir, TREE);
    const tarFile = path.join(work, 'dot.tar');
    const tgzFile = path.join(work, 'dot.tar.gz');
    sh('tar', ['cf', tarFile, '.'], dir);
    sh('tar', ['czf', tgzFile, '.'], dir);
    assert.match(sh('tar', ['tf', tarFile], dir).toString(), /^\.\/$/m, 'GNU tar stores the "./" entry');
    for (const [slug, file] of [
      ['tar-to-zip', tarFile],
      ['gz-to-zip', tgzFile],
    ] as const) {
      const answer = await upload(slug, readFileSync(file), path.basename(file));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(unpackOutput(await download(answer.body.result!)), readTree(dir));
    }
  });

  test('Unicode names survive zip → 7z → zip', async () => {
    const dir = mkdtempSync(path.join(work, 'unicode-'));
    writeTree(dir, { 'Ünïcödé/日本語 ファイル.txt': 'こんにちは\n' });
    sh('bsdtar', ['-c', '-f', path.join(dir, 'u.zip'), '--format', 'zip', 'Ünïcödé'], dir);
    const first = await upload('zip-to-7z', readFileSync(path.join(dir, 'u.zip')), 'u.zip');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const seven = await download(first.body.result!);
    const second = await upload('7z-to-zip', readFileSync(seven), 'u.7z', { fileName: 'round-trip', compressionLevel: '9' });
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.equal(second.body.result!.fileName, 'round-trip.zip');
    assert.deepEqual(unpackOutput(await download(second.body.result!)), { 'Ünïcödé/日本語 ファイル.txt': 'こんにちは\n' });
  });

  test('property: a generated tree survives zip → 7z → tar → bz2 → zip, read back with bsdtar (accepted losses: none for names and contents; modes and times are checked above)', async () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9éü日本 _-]{1,8}$/).filter((s) => s.trim() === s && s !== '');
    const tree = fc.dictionary(
      fc.tuple(fc.option(segment, { nil: undefined }), segment).map(([dir, file]) => (dir ? `${dir}/${file}.txt` : `${file}.txt`)),
      fc.string({ maxLength: 40, unit: 'grapheme' }),
      { minKeys: 1, maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(tree, async (files) => {
        const dir = mkdtempSync(path.join(work, 'prop-'));
        writeTree(dir, files);
        // A generated name may start with "-" ("-C-"), which bsdtar reads as its -C option even after "--": the names go
        // in a NUL-separated list instead (--null -T), where each is only a name.
        const list = path.join(work, `${path.basename(dir)}.list`);
        writeFileSync(
          list,
          readdirSync(dir)
            .map((name) => `${name}\0`)
            .join(''),
        );
        sh('bsdtar', ['-c', '-f', path.join(work, `${path.basename(dir)}.zip`), '--format', 'zip', '--null', '-T', list], dir);
        let bytes = readFileSync(path.join(work, `${path.basename(dir)}.zip`));
        let name = 'tree.zip';
        for (const slug of ['zip-to-7z', '7z-to-tar', 'tar-to-bz2', 'bz2-to-zip']) {
          const answer = await upload(slug, bytes, name);
          assert.equal(answer.status, 200, `${slug}: ${JSON.stringify(answer.body)}`);
          const file = await download(answer.body.result!);
          bytes = readFileSync(file);
          name = path.basename(file);
        }
        const out = path.join(work, `${path.basename(dir)}-out.zip`);
        writeFileSync(out, bytes);
        const expected = Object.fromEntries(Object.entries(readTree(dir)).sort());
        assert.deepEqual(Object.fromEntries(Object.entries(unpackOutput(out)).sort()), expected);
      }),
      { numRuns: 6 },
    );
  });

  test('a plain .gz (not a TAR) is one file, named from the gzip header', async () => {
    const dir = mkdtempSync(path.join(work, 'gz-'));
    writeFileSync(path.join(dir, 'sales.csv'), 'region,total\nnorth,10\n');
    const gz = sh('gzip', ['-c', 'sales.csv'], dir);
    const zipped = await upload('gz-to-zip', gz, 'upload-name.gz');
    assert.equal(zipped.status, 200, JSON.stringify(zipped.body));
    assert.equal(zipped.body.result!.fileName, 'upload-name.zip');
    assert.deepEqual(unpackOutput(await download(zipped.body.result!)), { 'sales.csv': 'region,total\nnorth,10\n' });
    // gz → bz2 recompresses the one stream: a plain .bz2 of the file, named after it.
    const bz = await upload('gz-to-bz2', gz, 'upload-name.gz');
    assert.equal(bz.status, 200, JSON.stringify(bz.body));
    assert.equal(bz.body.result!.fileName, 'sales.csv.bz2');
    assert.equal(bz.body.result!.mimeType, 'application/x-bzip2');
    assert.equal(sh('bzip2', ['-dc', await download(bz.body.result!)], dir).toString(), 'region,total\nnorth,10\n');
  });

  test('a .bz2 without a stored name takes the upload name; bz2 → gz stores it in the gzip header', async () => {
    const dir = mkdtempSync(path.join(work, 'bz-'));
    writeFileSync(path.join(dir, 'notes.txt'), 'bzip2 content\n');
    const bz = sh('bzip2', ['-c', 'notes.txt'], dir);
    const answer = await upload('bz2-to-gz', bz, 'notes.txt.bz2');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.result!.fileName, 'notes.txt.gz');
    const file = await download(answer.body.result!);
    assert.equal(sh('gzip', ['-dc', file], dir).toString(), 'bzip2 content\n');
    assert.match(sh('gzip', ['-lN', file], dir).toString(), /notes\.txt/);
  });

  test('zip → gz makes a .tar.gz of the files (gzip holds one stream)', async () => {
    const answer = await upload('zip-to-gz', readFileSync(archives.zip), 'holiday photos.zip', { compressionLevel: '1' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.result!.fileName, 'holiday photos.tar.gz');
    assert.equal(answer.body.result!.mimeType, 'application/gzip');
    const file = await download(answer.body.result!);
    assert.match(sh('bsdtar', ['-t', '-f', file], work).toString(), /docs\/readme\.txt/);
  });

  test('duplicate entries keep the first copy, with a warning (never overwritten)', async () => {
    const tar = await tarOf([
      { header: { name: 'a.txt', type: 'file' }, data: 'first\n' },
      { header: { name: 'a.txt', type: 'file' }, data: 'second\n' },
    ]);
    const answer = await upload('tar-to-zip', tar, 'dupes.tar');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.match((answer.body.warnings ?? []).join(' '), /more than once; the first copy of each was kept/);
    assert.deepEqual(unpackOutput(await download(answer.body.result!)), { 'a.txt': 'first\n' });
  });
});

describe('hostile and wrong inputs: a clear 4xx and no scratch files left', () => {
  async function refused(slug: string, content: Buffer, fileName: string, status: number, detail: RegExp): Promise<void> {
    const answer = await upload(slug, content, fileName);
    assert.equal(answer.status, status, JSON.stringify(answer.body));
    assert.equal(answer.body.status, false);
    assert.match(answer.body.detail ?? '', detail);
    assert.deepEqual(scratch(), [], 'no scratch files are left behind');
  }

  test('zip slip (..) in a TAR and in a ZIP', async () => {
    const tar = await tarOf([
      { header: { name: 'ok.txt' }, data: 'ok' },
      { header: { name: '../../evil.txt' }, data: 'pwned' },
    ]);
    await refused('tar-to-zip', tar, 'slip.tar', 400, /^file: entry "\.\.\/\.\.\/evil\.txt" climbs out of the extraction folder with "\.\." \(zip slip\)/);
    const dir = mkdtempSync(path.join(work, 'slip-'));
    writeFileSync(path.join(dir, 'slip.tar'), tar);
    const zip = sh('bsdtar', ['-c', '-P', '-f', '-', '--format', 'zip', '@slip.tar'], dir);
    await refused('zip-to-7z', zip, 'slip.zip', 400, /zip slip/);
    assert.ok(!readdirSync(path.join(server.dataDir)).includes('evil.txt'));
  });

  test('an absolute path, and a Windows drive path', async () => {
    await refused(
      'tar-to-7z',
      await tarOf([{ header: { name: '/etc/cron.d/evil' }, data: 'x' }]),
      'abs.tar',
      400,
      /entry "\/etc\/cron\.d\/evil" has an absolute path/,
    );
    await refused('tar-to-zip', await tarOf([{ header: { name: 'C:\\Windows\\evil.dll' }, data: 'x' }]), 'win.tar', 400, /absolute path/);
  });

  test('a symbolic link (TAR and ZIP) and a hard link are refused, never followed', async () => {
    const tar = await tarOf([{ header: { name: 'etc', type: 'symlink', linkname: '/etc' } }, { header: { name: 'etc/passwd' }, data: 'x' }]);
    await refused('tar-to-zip', tar, 'link.tar', 400, /entry "etc" is a symbolic link \(to "\/etc"\); links are never extracted or followed/);
    const dir = mkdtempSync(path.join(work, 'link-'));
    mkdirSync(path.join(dir, 'd'));
    writeFileSync(path.join(dir, 'd/real.txt'), 'x');
    symlinkSync('/etc/passwd', path.join(dir, 'd/passwd'));
    const zip = sh('bsdtar', ['-c', '-f', '-', '--format', 'zip', 'd'], dir);
    await refused('zip-to-tar', zip, 'link.zip', 400, /entry "d\/passwd" is a symbolic link/);
    const hard = await tarOf([{ header: { name: 'a.txt' }, data: 'x' }, { header: { name: 'b.txt', type: 'link', linkname: 'a.txt' } }]);
    await refused('tar-to-gz', hard, 'hard.tar', 400, /entry "b\.txt" is a hard link/);
  });

  test('a device file is refused', async () => {
    await refused(
      'tar-to-zip',
      await tarOf([{ header: { name: 'dev/sda', type: 'block-device', devmajor: 8, devminor: 0 } }]),
      'dev.tar',
      400,
      /special file \(block-device\)/,
    );
  });

  test('decompression bombs: ZIP, 7z and gzip over the 100:1 ratio', async () => {
    const dir = mkdtempSync(path.join(work, 'bomb-'));
    const zeros = path.join(dir, 'zeros.bin');
    writeFileSync(zeros, '');
    // 8 MB of zeros packs ~1000:1 in each format: far over the 100:1 cap and past its 1 MB grace
    // (src/engines/archive/guard.ts), without spending seconds compressing a larger bomb three times.
    truncateSync(zeros, 8 * 1024 * 1024);
    const zip = sh('bsdtar', ['-c', '-f', '-', '--format', 'zip', 'zeros.bin'], dir);
    assert.ok(zip.length < 400 * 1024);
    await refused('zip-to-tar', zip, 'bomb.zip', 400, /compression ratio cap is 100:1/);
    sh('7z', ['a', '-bd', '-y', 'bomb.7z', 'zeros.bin'], dir);
    await refused('7z-to-zip', readFileSync(path.join(dir, 'bomb.7z')), 'bomb.7z', 400, /compression ratio cap is 100:1/);
    await refused('gz-to-zip', sh('gzip', ['-c', 'zeros.bin'], dir), 'bomb.gz', 400, /compression ratio cap is 100:1/);
  });

  test('more than 10,000 entries', async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ header: { name: `f/${i}.txt` }, data: '' }));
    await refused('tar-to-zip', await tarOf(entries), 'many.tar', 400, /more than 10,000 entries; the cap is 10,000 entries per archive/);
  });

  test('not an archive, wrong magic bytes, a damaged archive, an encrypted one', async () => {
    await refused('zip-to-7z', Buffer.from('just some text, not a zip\n'), 'notes.zip', 415, /^file: expected ZIP archive; it looks like plain text/);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await refused('7z-to-zip', png, 'photo.7z', 415, /^file: expected 7-Zip archive \(7z\); it looks like PNG image/);
    await refused('rar-to-zip', readFileSync(archives.zip), 'actually-zip.rar', 415, /expected RAR archive; it looks like ZIP archive/);
    const damaged = Buffer.concat([readFileSync(archives['7z']).subarray(0, 40), Buffer.alloc(200, 7)]);
    await refused('7z-to-zip', damaged, 'cut.7z', 400, /^file: the archive is damaged/);
    const dir = mkdtempSync(path.join(work, 'enc-'));
    writeFileSync(path.join(dir, 'secret.txt'), 'top secret');
    sh('7z', ['a', '-bd', '-y', '-psecret', 'enc.7z', 'secret.txt'], dir);
    await refused('7z-to-tar', readFileSync(path.join(dir, 'enc.7z')), 'enc.7z', 400, /password-protected/);
  });

  test('bad fields are 400s naming them', async () => {
    const zip = readFileSync(archives.zip);
    for (const [fields, field] of [
      [{ compressionLevel: '0' }, 'compressionLevel'],
      [{ compressionLevel: 'max' }, 'compressionLevel'],
      [{ fileName: '../x' }, 'fileName'],
    ] as const) {
      const answer = await upload('zip-to-7z', zip, 'tree.zip', fields);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.match(answer.body.detail ?? '', new RegExp(`^${field}: `));
    }
    assert.deepEqual(scratch(), []);
  });

  test('a gzip header naming a path keeps only a safe file name', async () => {
    const data = Buffer.from('payload\n');
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(data) >>> 0, 0);
    trailer.writeUInt32LE(data.length, 4);
    const gz = Buffer.concat([
      Buffer.from([0x1f, 0x8b, 8, 0x08, 0, 0, 0, 0, 0, 3]),
      Buffer.from('../../etc/cron.d/evil\0', 'latin1'),
      deflateRawSync(data),
      trailer,
    ]);
    const answer = await upload('gz-to-zip', gz, 'x.gz');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(unpackOutput(await download(answer.body.result!)), { evil: 'payload\n' });
    assert.deepEqual(scratch(), []);
  });

  test('the total unpacked size cap counts real bytes (cap lowered to 1 MB for the test)', async () => {
    const dir = mkdtempSync(path.join(work, 'cap-'));
    writeFileSync(path.join(dir, 'random.bin'), randomBytes(2 * 1024 * 1024));
    const tar = path.join(dir, 'big.tar');
    sh('bsdtar', ['-c', '-f', tar, 'random.bin'], dir);
    const file = { field: 'file', path: tar, fileName: 'big.tar', sizeBytes: statSync(tar).size, kind: 'tar' as const };
    const call = { signal: new AbortController().signal, warn: () => {} };
    await assert.rejects(
      createArchiveEngine().unpack(file, { ...call, workDir: path.join(dir, 'work'), caps: { ...ARCHIVE_CAPS.upload, maxTotalBytes: 1024 * 1024 } }),
      (error: Error & { detail?: string }) => {
        assert.match(error.detail ?? '', /would take the unpacked size past 1 MB; the cap is 1 MB unpacked per archive/);
        return true;
      },
    );
    assert.ok(!readdirSync(dir).includes('work') || readdirSync(path.join(dir, 'work')).length === 0, 'nothing was unpacked');
  });

  test('an empty archive is a 400', async () => {
    const dir = mkdtempSync(path.join(work, 'empty-'));
    const empty = sh('bsdtar', ['-c', '-f', '-', '--format', 'zip', '-T', '/dev/null'], dir);
    await refused('zip-to-tar', empty, 'empty.zip', 400, /the archive is empty/);
  });
});

test('random bytes never give a 5xx', async () => {
  const slugs = archiveTools.map((t) => t.slug).filter(supported);
  const rar = rar4([{ name: 'x.txt', data: Buffer.from('x') }]);
  const seeds = [readFileSync(archives.zip), readFileSync(archives['7z']), readFileSync(archives.tar), readFileSync(archives.gz), rar];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...slugs),
      fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((b) => Buffer.from(b)),
        // A real archive with some bytes changed: the parsers' error paths.
        fc.tuple(fc.constantFrom(...seeds), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([seed, at, value]) => {
          const copy = Buffer.from(seed);
          copy[at % copy.length] = value;
          return copy;
        }),
      ),
      async (slug, bytes) => {
        const answer = await upload(slug, bytes, 'random.bin');
        assert.ok(answer.status < 500, `${slug}: ${answer.status} ${JSON.stringify(answer.body)}`);
      },
    ),
    { numRuns: 40 },
  );
  assert.deepEqual(scratch(), []);
});
