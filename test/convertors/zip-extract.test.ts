import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { crc32, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import yazl from 'yazl';
import { selfSignedCert, startSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { collect } from '../documents/fixtures.ts';

/**
 * convertors/zip-extract: every entry of an archive becomes a download, and hostile archives (zip slip,
 * absolute paths, links, encryption, bombs, too many entries, lying headers, non-ZIPs) are refused with
 * the {status, message} body of SERVICE-SPEC 2.2, storing nothing and leaving no scratch files.
 */
let server: TestServer;
let site: FixtureSite;
const ROUTE = '/api/v1/convertors/zip-extract';

interface Entry {
  path: string;
  source: string;
  fileId: string;
  downloadUrl: string;
  expiresAt: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}
interface Extracted {
  entries: Entry[];
  archives: Array<{ source: string; fileCount: number; directoryCount: number; totalBytes: number }>;
  fileCount: number;
  totalBytes: number;
}

/* ------------------------------------------------------------------ ZIPs built byte by byte */

interface RawEntry {
  name: string;
  data?: Buffer;
  /** 0 stored, 8 deflate (default). */
  method?: number;
  flags?: number;
  /** Unix mode in the high 16 bits (e.g. 0o120777 for a link). */
  mode?: number;
  /** Sizes written in the headers instead of the real ones. */
  declaredSize?: number;
  declaredCompressedSize?: number;
}

/** A ZIP exactly as told: names, flags, modes and sizes are not checked, so hostile archives can be made. */
function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? 8;
    const stored = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const flags = (entry.flags ?? 0) | 0x800; // UTF-8 names
    const crc = crc32(data);
    const compressed = entry.declaredCompressedSize ?? stored.length;
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function yazlZip(files: Array<[string, Buffer | string]>, directories: string[] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const dir of directories) zip.addEmptyDirectory(dir);
  for (const [name, data] of files) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return Buffer.concat(await collect(zip.outputStream as AsyncIterable<Buffer>));
}

/* ------------------------------------------------------------------ calls */

async function extract(
  zip: Buffer | string,
  fileName = 'archive.zip',
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([zip]), fileName);
  const response = await fetch(server.url + ROUTE, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function storedFiles(): string[] {
  const dir = path.join(server.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** A refusal: the SERVICE-SPEC 2.2 body of exactly {status, message}, nothing stored, no scratch left. */
async function refused(zip: Buffer | string, expectedStatus: number, message: RegExp, fileName = 'archive.zip'): Promise<void> {
  const before = storedFiles().length;
  const { status, body } = await extract(zip, fileName);
  assert.equal(status, expectedStatus, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ['message', 'status']);
  assert.equal(body.status, expectedStatus);
  assert.match(String(body.message), message);
  assert.equal(storedFiles().length, before, 'nothing was stored');
  assert.deepEqual(readdirSync(path.join(server.dataDir, 'scratch')), [], 'no scratch files are left');
}

before(async () => {
  const tls = selfSignedCert({ commonName: 'localhost', altNames: ['DNS:localhost', 'IP:127.0.0.1'] });
  const bundle = await yazlZip([
    ['site/index.html', '<h1>Hello</h1>'],
    ['site/app.css', 'body{}'],
  ]);
  site = await startSite(
    {
      '/bundle.zip': { headers: { 'content-type': 'application/zip' }, body: bundle },
      '/page.html': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      '/missing.zip': { status: 404, body: 'gone' },
    },
    { tls },
  );
  server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1', TOOLAPI_OFFICE_WORKERS: '0' });
});
after(async () => {
  await server?.close();
  await site?.close();
});

describe('extracting', () => {
  test('every file becomes a download with its path, name, type and exact bytes; folders are counted', async () => {
    const pixel = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const zip = await yazlZip(
      [
        ['docs/readme.txt', 'Read me first\n'],
        ['docs/ünï cödé.md', '# Título\n'],
        ['img/pixel.png', pixel],
        ['data.json', '{"a":1}'],
      ],
      ['empty/'],
    );
    const { status, body } = await extract(zip, 'bundle.zip');
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual({ status: body.status, code: body.code, message: body.message }, { status: true, code: 200, message: 'Success' });
    const result = body.result as Extracted;
    assert.deepEqual(
      result.entries.map((e) => [e.path, e.fileName, e.mimeType, e.sizeBytes, e.source]),
      [
        ['docs/readme.txt', 'readme.txt', 'text/plain', 14, 'bundle.zip'],
        ['docs/ünï cödé.md', 'ünï cödé.md', 'text/markdown', 10, 'bundle.zip'],
        ['img/pixel.png', 'pixel.png', 'image/png', pixel.length, 'bundle.zip'],
        ['data.json', 'data.json', 'application/json', 7, 'bundle.zip'],
      ],
    );
    assert.deepEqual(result.archives, [{ source: 'bundle.zip', fileCount: 4, directoryCount: 1, totalBytes: 14 + 10 + pixel.length + 7 }]);
    assert.equal(result.fileCount, 4);
    const expected = ['Read me first\n', '# Título\n', pixel, '{"a":1}'];
    for (const [i, entry] of result.entries.entries()) {
      assert.match(entry.fileId, /^[0-9a-f-]{36}$/);
      const download = await fetch(entry.downloadUrl);
      assert.equal(download.status, 200);
      assert.deepEqual(Buffer.from(await download.arrayBuffer()), Buffer.from(expected[i] ?? ''));
    }
    assert.deepEqual(readdirSync(path.join(server.dataDir, 'scratch')), []);
  });

  test('a Word document is a ZIP too: its parts can be listed and downloaded', async () => {
    const docx = await yazlZip([
      [
        '[Content_Types].xml',
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
      [
        'word/document.xml',
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hi</w:t></w:r></w:p></w:body></w:document>',
      ],
    ]);
    const { status, body } = await extract(docx, 'report.docx');
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(
      (body.result as Extracted).entries.map((e) => e.path),
      ['[Content_Types].xml', 'word/document.xml'],
    );
  });

  test('an empty archive extracts to nothing, with a warning', async () => {
    const { status, body } = await extract(rawZip([]), 'empty.zip');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal((body.result as Extracted).fileCount, 0);
    assert.ok((body.warnings as string[]).some((w) => /holds no files/.test(w)));
  });

  test('a small, very compressible file is fine (the ratio cap starts after 1 MB)', async () => {
    const { status } = await extract(rawZip([{ name: 'spaces.txt', data: Buffer.alloc(512 * 1024, 0x20) }]));
    assert.equal(status, 200);
  });
});

describe('hostile archives → 400 {status, message} naming the cap', () => {
  test('zip slip: ../ and nested ../ paths, also with backslashes', async () => {
    await refused(
      rawZip([
        { name: 'ok.txt', data: Buffer.from('fine') },
        { name: '../evil.txt', data: Buffer.from('x') },
      ]),
      400,
      /"\.\.\/evil\.txt" climbs out of the extraction folder with "\.\." \(zip slip\)/,
    );
    await refused(rawZip([{ name: 'a/b/../../../evil.txt', data: Buffer.from('x') }]), 400, /zip slip/);
    await refused(rawZip([{ name: '..\\..\\windows\\evil.txt', data: Buffer.from('x') }]), 400, /zip slip/);
  });

  test('absolute paths (Unix and Windows drive letters)', async () => {
    await refused(rawZip([{ name: '/etc/cron.d/evil', data: Buffer.from('x') }]), 400, /"\/etc\/cron\.d\/evil" has an absolute path/);
    await refused(rawZip([{ name: 'C:/Windows/evil.dll', data: Buffer.from('x') }]), 400, /absolute path/);
  });

  test('symbolic links and special files', async () => {
    await refused(
      rawZip([{ name: 'link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
      400,
      /"link" is a symbolic link; links are never extracted or followed/,
    );
    await refused(rawZip([{ name: 'fifo', mode: 0o010644 }]), 400, /special file/);
  });

  test('encrypted entries (traditional and strong encryption)', async () => {
    await refused(
      rawZip([{ name: 'secret.txt', data: Buffer.from('x'.repeat(40)), flags: 0x1 }]),
      400,
      /"secret\.txt" is encrypted \(password-protected\); encrypted entries are not supported/,
    );
    await refused(rawZip([{ name: 'secret.txt', data: Buffer.from('x'.repeat(40)), flags: 0x1 | 0x40 }]), 400, /encrypt/);
  });

  test('a ZIP bomb: an entry inflating above 100:1', async () => {
    const bomb = rawZip([{ name: 'zeros.bin', data: Buffer.alloc(50 * 1024 * 1024) }]);
    assert.ok(bomb.length < 100 * 1024, 'a small archive');
    await refused(bomb, 400, /"zeros\.bin" declares 50 MB from 0\.05 MB compressed, a ratio above the 100:1 cap \(a ZIP bomb\)/);
  });

  test('a bomb whose headers lie about its size: the real inflated bytes are counted', async () => {
    const liar = rawZip([{ name: 'small.txt', data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 1000 }]);
    await refused(liar, 400, /"small\.txt" .*(could not be inflated|inflates beyond)/);
  });

  test('many moderately compressed files adding up above 100:1 for the archive', async () => {
    const entries = Array.from({ length: 60 }, (_, i) => ({ name: `part-${i}.bin`, data: Buffer.alloc(900 * 1024) }));
    await refused(rawZip(entries), 400, /compression ratio above the 100:1 cap \(a ZIP bomb\)/);
  });

  test('more than 10,000 entries', async () => {
    const many = rawZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, method: 0 })));
    await refused(many, 400, /has 10,001 entries; the cap is 10,000 entries per archive/);
  });

  test('more than 1 GB unpacked (declared sizes add up past the cap)', async () => {
    const big = 600 * 1024 * 1024;
    const huge = rawZip([
      { name: 'a.bin', method: 0, declaredSize: big, declaredCompressedSize: big },
      { name: 'b.bin', method: 0, declaredSize: big, declaredCompressedSize: big },
    ]);
    await refused(huge, 400, /unpacks to more than 1 GB .*the cap is 1 GB unpacked/);
  });

  test('not a ZIP: another format → 400 (the endpoint documents its errors as 400 {status, message}); a damaged ZIP → 400', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await refused(png, 400, /^Validation failed: file: expected ZIP archive, .*; it looks like PNG image\.$/, 'photo.zip');
    await refused('just some text', 400, /expected ZIP archive/, 'notes.zip');
    const truncated = (await yazlZip([['a.txt', 'hello world '.repeat(100)]])).subarray(0, 60);
    await refused(truncated, 400, /not a readable ZIP file/);
  });

  test('nothing to extract → 400; a non-HTTPS URL → 400 naming the field', async () => {
    const none = await fetch(server.url + ROUTE, { method: 'POST', headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(none.status, 400);
    const noneBody = (await none.json()) as { status: number; message: string };
    assert.deepEqual(Object.keys(noneBody).sort(), ['message', 'status']);
    assert.match(noneBody.message, /file: upload a ZIP archive in field "file".*or send "urls"/);
    const http = await fetch(server.url + ROUTE, {
      method: 'POST',
      headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: ['http://example.com/a.zip'] }),
    });
    assert.equal(http.status, 400);
    assert.match(((await http.json()) as { message: string }).message, /urls.*https/);
  });
});

describe('from URLs (the SSRF-guarded fetcher)', () => {
  const post = (body: unknown): Promise<Response> =>
    fetch(server.url + ROUTE, { method: 'POST', headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  test('an HTTPS URL is fetched and extracted; an unvalidated certificate is said in warnings', async () => {
    const url = `https://127.0.0.1:${site.port}/bundle.zip`;
    const response = await post({ urls: [url] });
    const body = (await response.json()) as { result: Extracted; warnings?: string[] };
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.deepEqual(
      body.result.entries.map((e) => [e.path, e.source]),
      [
        ['site/index.html', url],
        ['site/app.css', url],
      ],
    );
    assert.equal(await (await fetch(body.result.entries[0]?.downloadUrl ?? '')).text(), '<h1>Hello</h1>');
    assert.ok(
      body.warnings?.some((w) => /certificate .* did not validate/.test(w)),
      JSON.stringify(body.warnings),
    );
  });

  test('urls as a multipart field (a JSON array), beside an upload', async () => {
    const form = new FormData();
    form.append('urls', JSON.stringify([`https://127.0.0.1:${site.port}/bundle.zip`]));
    form.append('file', new Blob([await yazlZip([['one.txt', '1']])]), 'one.zip');
    const response = await fetch(server.url + ROUTE, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
    const body = (await response.json()) as { result: Extracted };
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.deepEqual(
      body.result.archives.map((a) => [a.source.replace(/:\d+\//, ':PORT/'), a.fileCount]),
      [
        ['one.zip', 1],
        ['https://127.0.0.1:PORT/bundle.zip', 2],
      ],
    );
  });

  test('a page that is not a ZIP → 400; a 404 → 502; a private address → 400 forbidden, all as {status, message}', async () => {
    const page = await post({ urls: [`https://127.0.0.1:${site.port}/page.html`] });
    assert.equal(page.status, 400);
    assert.match(((await page.json()) as { message: string }).message, /urls\[0\]: .* did not return a ZIP archive/);
    const missing = await post({ urls: [`https://127.0.0.1:${site.port}/missing.zip`] });
    assert.equal(missing.status, 502);
    const privateTarget = await post({ urls: ['https://10.1.2.3/archive.zip'] });
    assert.equal(privateTarget.status, 400);
    const body = (await privateTarget.json()) as { status: number; message: string };
    assert.deepEqual(Object.keys(body).sort(), ['message', 'status']);
    assert.match(body.message, /urls\[0\]: 10\.1\.2\.3 is/);
    assert.deepEqual(readdirSync(path.join(server.dataDir, 'scratch')), []);
  });
});

describe('properties (fast-check)', () => {
  test('a valid archive with random bytes overwritten: 200, or a 4xx {status, message}; never a 5xx, never scratch left', async () => {
    const valid = rawZip([
      { name: 'a.txt', data: Buffer.from('alpha '.repeat(50)) },
      { name: 'dir/b.bin', data: Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]), method: 0 },
      { name: 'c.txt', data: Buffer.from('gamma') },
    ]);
    const mutation = fc.array(fc.record({ at: fc.nat({ max: valid.length - 1 }), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(mutation, async (changes) => {
        const zip = Buffer.from(valid);
        for (const { at, value } of changes) zip[at] = value;
        const { status, body } = await extract(zip);
        if (status === 200) return;
        assert.ok(status >= 400 && status < 500, `${status} ${JSON.stringify(body)}`);
        assert.deepEqual(Object.keys(body).sort(), ['message', 'status']);
        assert.equal(body.status, status);
      }),
      { numRuns: 80 },
    );
    assert.deepEqual(readdirSync(path.join(server.dataDir, 'scratch')), []);
  });

  test('random entry names: extracted under their normalised path, or refused with 400', async () => {
    const segment = fc.constantFrom('a', 'b', '..', '.', '', 'ü', 'C:', '\\', 'x y', '...');
    const name = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));
    await fc.assert(
      fc.asyncProperty(name, async (entryName) => {
        const { status, body } = await extract(rawZip([{ name: entryName, data: Buffer.from('data') }]));
        if (status === 200) {
          for (const entry of (body.result as Extracted).entries) {
            assert.ok(!entry.path.split('/').includes('..') && !entry.path.startsWith('/'), entry.path);
          }
          return;
        }
        assert.equal(status, 400, JSON.stringify(body));
      }),
      { numRuns: 60 },
    );
  });
});
