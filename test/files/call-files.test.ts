import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { CallFiles } from '../../src/core/call-files.ts';
import { asToolError } from '../../src/core/errors.ts';

/** ctx.files: a tool reads its uploads and its scratch files, and writes only inside its scratch folder. */
const dir = mkdtempSync(path.join(tmpdir(), 'call-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const upload = path.join(dir, 'upload.txt');
writeFileSync(upload, 'uploaded bytes');
const outside = path.join(dir, 'secret.txt');
writeFileSync(outside, 'not for tools');

function files() {
  const stored: Array<{ path: string; bytes: string; fileName: string }> = [];
  const access = new CallFiles(
    [{ field: 'file', path: upload, fileName: 'upload.txt', sizeBytes: 14, kind: 'txt' }],
    {
      scratchRoot: path.join(dir, 'scratch'),
      files: {
        put: async (filePath: string, meta: { fileName: string }) => {
          stored.push({ path: filePath, bytes: readFileSync(filePath, 'utf8'), fileName: meta.fileName });
          return { fileId: 'x' } as never;
        },
      } as never,
    },
    null,
  );
  return { access, stored };
}

const refused = (error: unknown): boolean => asToolError(error).code === 'internal_error';

test('reads an upload and what the call wrote; refuses any other file', async () => {
  const { access } = files();
  assert.equal((await access.read(upload)).toString(), 'uploaded bytes');
  const written = await access.write('a/b.txt', 'scratch bytes');
  assert.equal(path.dirname(path.dirname(written)), await access.workDir());
  assert.equal((await access.read(written)).toString(), 'scratch bytes');
  await assert.rejects(access.read(outside), refused);
  await assert.rejects(access.read(path.join(await access.workDir(), '..', 'secret.txt')), refused);
  await access.cleanup();
});

test('writes, copies and creates folders only inside the scratch folder', async () => {
  const { access } = files();
  for (const name of ['../escape.txt', '/etc/escape.txt', path.join(dir, 'escape.txt')]) {
    await assert.rejects(access.write(name, 'x'), refused, name);
    await assert.rejects(access.copy(upload, name), refused, name);
  }
  await assert.rejects(access.copy(outside, 'copy.txt'), refused);
  const copy = await access.copy(upload, 'copy.txt');
  assert.equal(readFileSync(copy, 'utf8'), 'uploaded bytes');
  const folder = await access.folder('out');
  assert.equal(folder, path.join(await access.workDir(), 'out'));
  assert.equal(await access.folder(folder), folder, 'an absolute path inside the scratch folder is taken as is');
  await access.cleanup();
});

test('putData stores bytes made in memory under the given name', async () => {
  const { access, stored } = files();
  await access.putData('<svg/>', { fileName: 'image.svg', mimeType: 'image/svg+xml' });
  assert.equal(stored.length, 1);
  assert.equal(stored[0]!.bytes, '<svg/>');
  assert.equal(stored[0]!.fileName, 'image.svg');
  assert.ok(stored[0]!.path.startsWith((await access.workDir()) + path.sep));
  await access.cleanup();
});
