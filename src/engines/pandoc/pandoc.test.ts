import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import yauzl from 'yauzl';
import { createPandocEngine } from './index.ts';

/**
 * The pandoc engine's one defence for untrusted documents: whatever the writer, a document never makes pandoc
 * read a file of this server (an image path, a `cover-image` in its metadata). The "secret" is a PNG outside
 * the document's folder; its bytes must not appear in any output.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'pandoc-engine-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// A 1×1 PNG with a marker in a tEXt chunk, so its presence in an output is unmistakable.
const marker = 'SECRET-MARKER-7d1f0c';
const secret = path.join(dir, 'secret.png');
writeFileSync(
  secret,
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    Buffer.from(`0000001574455874436f6d6d656e74${Buffer.from(`x\0${marker}`).toString('hex')}00000000`, 'hex'),
    Buffer.from('0000000d4944415478da63f8cfc0f01f0005000201a0d3a8e30000000049454e44ae426082', 'hex'),
  ]),
);

const pandoc = createPandocEngine();

async function entries(zipPath: string): Promise<Buffer[]> {
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false });
  const out: Buffer[] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out.push(Buffer.concat(chunks));
  }
  zip.close();
  return out;
}

const document = `---\ntitle: Report\ncover-image: ${secret}\n---\n\n# Report\n\nText ![a chart](${secret}) and ![remote](https://example.test/x.png).\n`;

for (const to of ['docx', 'odt', 'epub3', 'html5']) {
  test(`markdown → ${to}: no file of the server is read (image paths, cover-image)`, async () => {
    assert.ok(pandoc.available(), 'pandoc is installed (scripts/system-packages.txt)');
    const work = mkdtempSync(path.join(dir, `${to}-`));
    const input = path.join(work, 'input.md');
    writeFileSync(input, document);
    const { output, dropped } = await pandoc.convert({
      from: 'markdown',
      to,
      input,
      outputDir: path.join(work, 'out'),
      untrusted: true,
      standalone: to === 'html5',
    });
    const bytes = readFileSync(output);
    const parts = to === 'html5' ? [bytes] : await entries(output);
    for (const part of parts) assert.ok(!part.includes(marker), `${to}: the secret's bytes are not in the output`);
    if (to !== 'html5') assert.ok(dropped >= 2, `${to}: both images were left out (${dropped})`);
    const text = parts.map((p) => p.toString('utf8')).join('\n');
    assert.match(text, /Report/, 'the document itself was converted');
  });
}
