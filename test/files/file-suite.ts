import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * The file pipeline (CONTRACT "Files", SERVICE-SPEC 2.3, 3.4, 4.3): uploads, links, retention, binary
 * delivery. One suite for every blob store: test/files/files.test.ts runs it on local disk,
 * test/files/s3.test.ts on S3. What differs between stores (where links point, who refuses a forged or
 * expired link, where the bytes live) is the store's part of the suite, `FileStoreUnderTest`.
 */
export interface FileResult {
  fileId: string;
  downloadUrl: string;
  expiresAt: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

export interface FileStoreUnderTest {
  /** Runs before the first server starts / after the last one closed (e.g. the S3 server). */
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** Settings every server of the suite starts with (e.g. TOOLAPI_S3_*). */
  env(): Record<string, string>;
  /** The link of a fresh result points where this store serves files. */
  assertLink(result: FileResult, server: TestServer): void;
  /** Forged variants of a fresh link are refused, and the link expires after 1 hour: `title` names how. */
  linkProtection: { title: string };
  assertLinkProtected(downloadUrl: string, clock: { advance(ms: number): void }): Promise<void>;
  /** Whether the stored bytes of a file are still in the store. */
  holds(server: TestServer, file: FileResult): Promise<boolean>;
  /** Optional: the bytes of a `?delivery=binary` answer (output `fileName`) came from this store. */
  assertBinaryFromStore?(fileName: string): void;
}

export function fileSuite(store: FileStoreUnderTest): void {
  let clock = new Date('2026-06-01T10:00:00Z');
  let server: TestServer;
  const TOOL = '/api/v1/documents/md-to-html';
  const advance = { advance: (ms: number) => void (clock = new Date(clock.getTime() + ms)) };

  before(async () => {
    await store.start?.();
    server = await startTestServer({ TOOLAPI_MAX_UPLOAD_MB: '1', ...store.env() }, { now: () => clock });
  });
  after(async () => {
    await server.close();
    await store.stop?.();
  });

  function upload(content: string | Buffer, fileName = 'notes.md', query = '', field = 'file', route = TOOL): Promise<Response> {
    const form = new FormData();
    form.append(field, new Blob([content]), fileName);
    return fetch(`${server.url}${route}${query}`, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
  }

  async function convert(markdown: string, fileName = 'notes.md'): Promise<FileResult> {
    const response = await upload(markdown, fileName);
    const body = (await response.json()) as { status: boolean; message: string; result: FileResult };
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.equal(body.message, 'Conversion successful');
    return body.result;
  }

  function scratchEntries(): string[] {
    return readdirSync(path.join(server.dataDir, 'scratch'));
  }

  async function used(): Promise<number> {
    const body = (await (await server.get('/api/v1/usage')).json()) as { result: { used: number } };
    return body.result.used;
  }

  test('a conversion returns the SERVICE-SPEC 2.3 result; its link downloads without a key, with the file name', async () => {
    const result = await convert('# Quarterly report\n\nRevenue grew **12 %**.\n');
    assert.deepEqual(Object.keys(result).sort(), ['downloadUrl', 'expiresAt', 'fileId', 'fileName', 'mimeType', 'sizeBytes']);
    assert.equal(result.fileName, 'notes.html');
    assert.equal(result.mimeType, 'text/html');
    assert.equal(new Date(result.expiresAt).getTime(), clock.getTime() + 60 * 60 * 1000, 'valid 1 hour');
    store.assertLink(result, server);
    const download = await fetch(result.downloadUrl);
    assert.equal(download.status, 200);
    assert.match(download.headers.get('content-disposition') ?? '', /attachment; filename="notes.html"/);
    const html = await download.text();
    assert.match(html, /<h1[^>]*>Quarterly report<\/h1>/);
    assert.match(html, /<strong>12 %<\/strong>/);
    assert.equal(html.length > 0 && Buffer.byteLength(html), result.sizeBytes);
  });

  test('a non-ASCII file name survives the link: ASCII fallback plus the exact UTF-8 name (RFC 6266)', async () => {
    const result = await convert('# Bericht\n', 'Bericht über Q3 (final).md');
    assert.equal(result.fileName, 'Bericht über Q3 (final).html');
    const download = await fetch(result.downloadUrl);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type')?.split(';')[0], 'text/html');
    assert.equal(
      download.headers.get('content-disposition'),
      `attachment; filename="Bericht _ber Q3 (final).html"; filename*=UTF-8''Bericht%20%C3%BCber%20Q3%20(final).html`,
    );
    assert.match(await download.text(), /<h1[^>]*>Bericht<\/h1>/);
  });

  test(store.linkProtection.title, async () => {
    const { downloadUrl } = await convert('# x\n');
    await store.assertLinkProtected(downloadUrl, advance);
  });

  test('the sweeper removes files past 24 h, also after a restart', async () => {
    const file = await convert('# kept a day\n');
    assert.ok(await store.holds(server, file));
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000);
    // A restart on the same data dir: the start-up sweep removes it.
    await server.service.close();
    server = await startTestServer({ TOOLAPI_DATA_DIR: server.dataDir, TOOLAPI_MAX_UPLOAD_MB: '1', ...store.env() }, { now: () => clock });
    assert.ok(!(await store.holds(server, file)));
    assert.equal(await server.service.files.get(file.fileId, null), undefined);
  });

  test('the format comes from the bytes, not the name: 415 naming what was expected', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const response = await upload(png, 'notes.md');
    assert.equal(response.status, 415);
    const body = (await response.json()) as { error: string; detail: string };
    assert.equal(body.error, 'unsupported_media_type');
    assert.match(body.detail, /^file: expected Markdown \(UTF-8 text\), plain text \(UTF-8\); it looks like PNG image\.$/);
    const binary = await upload(Buffer.from([0, 1, 2, 3, 0, 255, 254]), 'notes.md');
    assert.equal(binary.status, 415);
  });

  test('upload errors: no file 400, a wrong field 400, an empty file 400, a file to a JSON tool 415', async () => {
    const none = await fetch(server.url + TOOL, { method: 'POST', headers: { 'x-api-key': server.key }, body: new FormData() });
    assert.equal(none.status, 400);
    assert.match(((await none.json()) as { detail: string }).detail, /^file: is required; upload a Markdown/);
    const wrongField = await upload('# x', 'a.md', '', 'document');
    assert.equal(wrongField.status, 400);
    assert.match(((await wrongField.json()) as { detail: string }).detail, /^document: unexpected file field/);
    const empty = await upload('', 'a.md');
    assert.equal(empty.status, 400);
    const toJsonTool = await upload('hello', 'a.txt', '', 'file', '/api/v1/text-utilities/reverse-text');
    assert.equal(toJsonTool.status, 415);
  });

  test('an upload over TOOLAPI_MAX_UPLOAD_MB is 413, spends nothing and leaves no scratch files', async () => {
    const before = await used();
    const response = await upload('#'.repeat(1024 * 1024 + 10), 'big.md');
    assert.equal(response.status, 413);
    assert.match(((await response.json()) as { detail: string }).detail, /^file: larger than the 1 MB upload limit/);
    assert.equal(await used(), before);
    assert.deepEqual(scratchEntries(), []);
  });

  test('?delivery=binary returns the bytes with Deprecation, Sunset and Link until the sunset', async () => {
    const response = await upload('# Binary\n', 'b.md', '?delivery=binary');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html');
    assert.match(response.headers.get('content-disposition') ?? '', /filename="b.html"/);
    assert.match(response.headers.get('deprecation') ?? '', /^@\d+$/);
    assert.equal(response.headers.get('sunset'), 'Wed, 30 Jun 2027 00:00:00 GMT');
    assert.match(response.headers.get('link') ?? '', /rel="deprecation"/);
    assert.match(await response.text(), /<h1[^>]*>Binary<\/h1>/);
    store.assertBinaryFromStore?.('b.html');
    const invalid = await upload('# x', 'b.md', '?delivery=fax');
    assert.equal(invalid.status, 400);
  });

  test('after the sunset, ?delivery=binary is 410 gone and spends nothing', async () => {
    const sunsetServer = await startTestServer({ TOOLAPI_BINARY_SUNSET: '2020-01-01', ...store.env() });
    try {
      const form = new FormData();
      form.append('file', new Blob(['# x']), 'x.md');
      const response = await fetch(`${sunsetServer.url}${TOOL}?delivery=binary`, { method: 'POST', headers: { 'x-api-key': sunsetServer.key }, body: form });
      assert.equal(response.status, 410);
      assert.equal(((await response.json()) as { error: string }).error, 'gone');
      const usage = (await (await sunsetServer.get('/api/v1/usage')).json()) as { result: { used: number } };
      assert.equal(usage.result.used, 0);
    } finally {
      await sunsetServer.close();
    }
  });

  test('a client that disconnects mid-upload leaves no scratch files, and the server keeps serving', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const boundary = 'XBOUNDARY';
    socket.write(
      `POST ${TOOL} HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${server.key}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 500000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\nContent-Type: text/markdown\r\n\r\n${'# partial\n'.repeat(2000)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(scratchEntries(), []);
    await convert('# still here\n');
    assert.deepEqual(scratchEntries(), [], 'successful calls clean up too');
  });
}
