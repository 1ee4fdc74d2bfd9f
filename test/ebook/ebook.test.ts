import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { pino } from 'pino';
import { asToolError } from '../../src/core/errors.ts';
import { invoke } from '../../src/core/invoke.ts';
import { commandExists } from '../../src/engines/process/runner.ts';
import { createPandocEngine } from '../../src/engines/pandoc/index.ts';
import { createPopplerEngine } from '../../src/engines/poppler/index.ts';
import { sniff } from '../../src/files/kinds.ts';
import { extractEpub, extractFb2Bytes } from '../../src/lib/extract/ebook.ts';
import { extractDocx } from '../../src/lib/extract/ooxml.ts';
import { ebookTools } from '../../src/tools/ebook/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { BOOK, calibre, writeEpub } from './fixtures.ts';

/**
 * The 20 e-book conversions through real HTTP: every slug this machine supports converts a real book
 * (an EPUB written in the test, and MOBI/AZW3/FB2 made from it with Calibre) and the output is opened
 * and its text read back. A loopback server counts requests: no conversion may fetch the book's remote image.
 */
const HAS = { calibre: commandExists('ebook-convert'), pandoc: commandExists('pandoc'), pdftotext: commandExists('pdftotext') };
let server: TestServer;
let tracker: Server;
let trackerHits = 0;
let work: string;
const books: Partial<Record<'epub' | 'mobi' | 'azw' | 'fb2', string>> = {};

before(async () => {
  tracker = createServer((_req, res) => {
    trackerHits += 1;
    res.end('x');
  });
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  const port = (tracker.address() as { port: number }).port;
  server = await startTestServer();
  work = mkdtempSync(path.join(tmpdir(), 'ebook-test-'));
  books.epub = path.join(work, 'book.epub');
  await writeEpub(books.epub, `http://127.0.0.1:${port}/track.png`);
  if (HAS.calibre) {
    for (const [kind, extension] of [
      ['mobi', 'mobi'],
      ['azw', 'azw3'],
      ['fb2', 'fb2'],
    ] as const) {
      books[kind] = path.join(work, `book.${extension}`);
      calibre(books.epub, books[kind], work);
    }
  }
  trackerHits = 0;
});
after(async () => {
  await server.close();
  await new Promise((resolve) => tracker.close(resolve));
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
  body: { status: unknown; error?: string; detail?: string; result?: FileResult; warnings?: string[] };
}

async function upload(slug: string, content: Buffer, fileName: string, fields: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([content]), fileName);
  const response = await fetch(`${server.url}/api/v1/ebook/${slug}`, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

function scratch(): string[] {
  try {
    return readdirSync(path.join(server.dataDir, 'scratch'));
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

function needs(slug: string): (keyof typeof HAS)[] {
  const [from, , to] = slug.split('-');
  if ((from === 'epub' && ['txt', 'html', 'docx'].includes(to!)) || (from === 'fb2' && ['epub', 'txt', 'html'].includes(to!))) return ['pandoc'];
  return to === 'html' ? ['calibre', 'pandoc'] : ['calibre'];
}
const supported = (slug: string): boolean => needs(slug).every((n) => HAS[n]);

/** Opens a converted book the way a reader would and returns its text (and what else the test checks). */
async function readBack(file: string, to: string): Promise<{ text: string; title?: string | null; raw?: string }> {
  switch (to) {
    case 'epub': {
      const book = await extractEpub(file);
      return { text: book.text, title: book.metadata.title };
    }
    case 'fb2': {
      const book = extractFb2Bytes(readFileSync(file));
      return { text: book.text, title: book.metadata.title };
    }
    case 'docx':
      return { text: (await extractDocx(file)).text, raw: execFileSync('bsdtar', ['-tf', file]).toString() };
    case 'txt':
      return { text: readFileSync(file, 'utf8') };
    case 'html': {
      const raw = readFileSync(file, 'utf8');
      return { text: raw, raw };
    }
    case 'pdf':
      return { text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString() };
    default: {
      // mobi / azw3: Calibre reads the metadata and the text back.
      const meta = execFileSync('ebook-meta', [file], { env: { ...process.env, HOME: work } }).toString();
      const txt = `${file}.txt`;
      calibre(file, txt, work);
      return { text: readFileSync(txt, 'utf8'), title: /^Title\s*:\s*(.*)$/m.exec(meta)?.[1]?.trim() ?? null };
    }
  }
}

test('the engines these tests need are installed (scripts/system-packages.txt; the bootstrap installs them)', () => {
  assert.deepEqual(
    Object.entries(HAS)
      .filter(([, present]) => !present)
      .map(([name]) => name),
    [],
  );
});

test('there are the 20 catalog slugs, each with at least two examples', () => {
  assert.equal(ebookTools.length, 20);
  for (const tool of ebookTools) assert.ok(tool.examples.length >= 2, tool.slug);
});

test('supported-conversions lists exactly the conversions whose engines are installed', async () => {
  const response = await fetch(`${server.url}/api/v1/ebook/supported-conversions`);
  const body = (await response.json()) as { result: { conversions: { slug: string; to: string }[]; unavailable: { slug: string }[] } };
  const expected = ebookTools
    .map((t) => t.slug)
    .filter(supported)
    .sort();
  assert.deepEqual(body.result.conversions.map((c) => c.slug).sort(), expected);
  assert.deepEqual(
    body.result.unavailable.map((u) => u.slug).sort(),
    ebookTools
      .map((t) => t.slug)
      .filter((s) => !supported(s))
      .sort(),
  );
  assert.equal(body.result.conversions.find((c) => c.slug === 'epub-to-azw')?.to, HAS.calibre ? 'azw3' : undefined);
});

describe('every supported slug converts a real book; the output is reopened and its text read back', () => {
  for (const tool of ebookTools) {
    const [from, , to] = tool.slug.split('-') as ['epub' | 'mobi' | 'azw' | 'fb2', string, string];
    test(tool.slug, async () => {
      const source = books[from];
      assert.ok(source, `fixture for ${from}`);
      const answer = await upload(tool.slug, readFileSync(source), path.basename(source));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const result = answer.body.result!;
      const extension = to === 'azw' ? 'azw3' : to;
      assert.equal(result.fileName, `book.${extension}`);
      const file = await download(result);
      const kinds = await sniff(file);
      if (to === 'mobi') assert.equal(kinds[0], 'mobi');
      if (to === 'azw') assert.equal(kinds[0], 'azw');
      if (['epub', 'docx', 'pdf', 'fb2'].includes(to)) assert.equal(kinds[0], to);
      const back = await readBack(file, to);
      assert.match(back.text, /bright cold day in April/);
      assert.match(back.text, /striking thirteen/);
      assert.doesNotMatch(back.text, /PWNED/, "the book's script never ran");
      if (back.title !== undefined) assert.equal(back.title, BOOK.title);
      if (to === 'html') {
        assert.match(back.raw!, /<img[^>]+src="data:image\/(png|jpeg);base64,/, "the book's own image is embedded");
        assert.doesNotMatch(back.raw!, /127\.0\.0\.1|root:x:0|<script/i, 'nothing outside the book is referenced or read; no scripts');
        for (const match of back.raw!.matchAll(/\b(?:src|href|xlink:href)="([^"]*)"/g))
          assert.match(match[1]!, /^(data:|#)/, `no outside reference: ${match[0]}`);
      }
      if (to === 'docx') assert.match(back.raw!, /word\/media\//, 'the image is in the Word document');
      assert.equal(trackerHits, 0, 'no conversion fetched the remote image');
      assert.deepEqual(scratch(), []);
    });
  }
});

describe('options, errors and hostile books', () => {
  test('epub → pdf honours paperSize and fileName', async () => {
    const answer = await upload('epub-to-pdf', readFileSync(books.epub!), 'book.epub', { paperSize: 'letter', pageNumbers: 'false', fileName: 'print-copy' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.result!.fileName, 'print-copy.pdf');
    const info = execFileSync('pdfinfo', [await download(answer.body.result!)]).toString();
    assert.match(info, /Page size:\s+612 x 792 pts \(letter\)/);
    const bad = await upload('epub-to-pdf', readFileSync(books.epub!), 'book.epub', { paperSize: 'A0' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.detail ?? '', /^paperSize: /);
  });

  test('an FB2 in windows-1251 converts with its Cyrillic intact (pandoc route)', async () => {
    const xml =
      '<?xml version="1.0" encoding="windows-1251"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><description><title-info><book-title>Сказка</book-title><lang>ru</lang></title-info></description>' +
      '<body><section><title><p>Глава первая</p></title><p>Жили-были дед да баба.</p></section></body></FictionBook>';
    const bytes = Buffer.from(encode1251(xml));
    const answer = await upload('fb2-to-txt', bytes, 'skazka.fb2');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.match(readFileSync(await download(answer.body.result!), 'utf8'), /Жили-были дед да баба\./);
  });

  test('a DRM-protected MOBI is refused with 422', async () => {
    const drm = Buffer.from(readFileSync(books.mobi!));
    const record0 = drm.readUInt32BE(78);
    drm.writeUInt16BE(2, record0 + 12);
    const answer = await upload('mobi-to-epub', drm, 'locked.mobi');
    assert.equal(answer.status, 422, JSON.stringify(answer.body));
    assert.match(answer.body.detail ?? '', /DRM-protected/);
    assert.deepEqual(scratch(), []);
  });

  test('wrong formats are 415 naming what was expected; a damaged book is a 4xx', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const answer = await upload('epub-to-mobi', png, 'book.epub');
    assert.equal(answer.status, 415);
    assert.match(answer.body.detail ?? '', /^file: expected EPUB e-book; it looks like PNG image\./);
    const zip = execFileSync('bsdtar', ['-c', '-f', '-', '--format', 'zip', '-C', work, 'book.epub']);
    const notEpub = await upload('epub-to-txt', zip, 'book.epub');
    assert.equal(notEpub.status, 415);
    assert.match(notEpub.body.detail ?? '', /it looks like ZIP archive/);
    const text = await upload('fb2-to-epub', Buffer.from('just text'), 'book.fb2');
    assert.equal(text.status, 415);
    if (HAS.calibre) {
      const cut = readFileSync(books.mobi!).subarray(0, 400);
      const damaged = await upload('mobi-to-epub', cut, 'cut.mobi');
      assert.ok(damaged.status >= 400 && damaged.status < 500, JSON.stringify(damaged.body));
    }
    if (HAS.pandoc) {
      const damaged = await upload('epub-to-txt', readFileSync(books.epub!).subarray(0, 300), 'cut.epub');
      assert.ok(damaged.status >= 400 && damaged.status < 500, JSON.stringify(damaged.body));
    }
    assert.deepEqual(scratch(), []);
  });

  test('without Calibre, its conversions answer 501 engine_unavailable while the pandoc ones still work', async () => {
    const deps = { engines: { pandoc: createPandocEngine(), poppler: createPopplerEngine() }, scratchRoot: mkdtempSync(path.join(work, 'scratch-')) };
    const caller = (file: string) => ({
      requestId: 't',
      log: pino({ level: 'silent' }),
      uploads: [{ field: 'file', path: file, fileName: 'book.epub', sizeBytes: readFileSync(file).length }],
    });
    const mobi = ebookTools.find((t) => t.slug === 'epub-to-mobi')!;
    await assert.rejects(invoke(mobi, {}, caller(books.epub!), deps), (error: unknown) => {
      assert.equal(asToolError(error).code, 'engine_unavailable');
      assert.equal(asToolError(error).status, 501);
      return true;
    });
    const txt = ebookTools.find((t) => t.slug === 'epub-to-txt')!;
    await assert.rejects(invoke(txt, {}, caller(books.epub!), deps), (error: unknown) => {
      // The pandoc route runs and only storing the file fails (this bare pipeline has no file store).
      assert.match(asToolError(error).detail, /no file storage/);
      return true;
    });
  });

  test('random bytes never give a 5xx', async () => {
    const slugs = ebookTools.map((t) => t.slug).filter(supported);
    const seeds = [readFileSync(books.epub!), ...(books.mobi ? [readFileSync(books.mobi)] : []), ...(books.fb2 ? [readFileSync(books.fb2)] : [])];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...slugs),
        fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 1024 }).map((b) => Buffer.from(b)),
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
      { numRuns: 15 },
    );
    assert.deepEqual(scratch(), []);
  });
});

/** Windows-1251 bytes of a text (ASCII and the Russian alphabet). */
function encode1251(text: string): number[] {
  return [...text].map((ch) => {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (code === 0x401) return 0xa8;
    if (code === 0x451) return 0xb8;
    return 0x3f;
  });
}
