import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { spawnService } from '../helpers/process.ts';

/**
 * The data dir holds the generated server secret (it signs download links) and the converted files: the real
 * service (as `npm start` runs it) keeps them from other users of the machine.
 */
const modeOf = (file: string): string => (statSync(file).mode & 0o777).toString(8);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test('a new data dir is 0700 and everything in it 0600: the store with its secret, the first key, stored files', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'perm-'));
  const dataDir = path.join(root, 'data');
  const service = await spawnService({ TOOLAPI_DATA_DIR: dataDir });
  try {
    const key = /\b(tk_[0-9A-Za-z]{40})\b/.exec(service.stdout())?.[1];
    assert.ok(key);
    const form = new FormData();
    form.append('file', new Blob(['# Title\n\ntext\n']), 'notes.md');
    const response = await fetch(`${service.url}/api/v1/documents/md-to-html`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(modeOf(dataDir), '700');
    const files = filesUnder(dataDir);
    assert.ok(files.some((f) => f.endsWith('toolapi.sqlite')));
    assert.ok(files.some((f) => f.endsWith('first-api-key.txt')));
    assert.ok(
      files.some((f) => f.includes(`${path.sep}files${path.sep}`)),
      `a stored file: ${files.join(', ')}`,
    );
    for (const file of files) assert.equal(modeOf(file), '600', file);
    assert.doesNotMatch(service.stdout(), /data dir is readable by other users/);
  } finally {
    await service.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('an existing data dir that others can read, with no TOOLAPI_SECRET, is warned about at start', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'perm-'));
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  const service = await spawnService({ TOOLAPI_DATA_DIR: dataDir });
  try {
    assert.match(service.stdout(), /data dir is readable by other users and TOOLAPI_SECRET is not set/);
  } finally {
    await service.stop();
  }
  const withSecret = await spawnService({ TOOLAPI_DATA_DIR: dataDir, TOOLAPI_SECRET: 'x'.repeat(40) });
  try {
    assert.doesNotMatch(withSecret.stdout(), /data dir is readable by other users/);
  } finally {
    await withSecret.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
