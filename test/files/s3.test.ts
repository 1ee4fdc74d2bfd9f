import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ToolError } from '../../src/core/errors.ts';
import { s3BlobStore } from '../../src/files/s3.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.ts';
import { fileSuite } from './file-suite.ts';

/**
 * The file pipeline on S3 (TOOLAPI_S3_*): the same suite as on disk (test/files/file-suite.ts), with
 * the service pointed at an S3-compatible server on loopback. That server is a stand-in for real S3,
 * not AWS: s3rver (an S3-compatible server in Node) behind a SigV4 check written from the AWS
 * specification (test/helpers/s3-server.ts says why). Links are presigned GETs served by the S3 server
 * itself, so a forged link is refused there (403 SignatureDoesNotMatch), not by the service.
 *
 * Expiry: the service's `expiresAt` follows its (injected) clock, +1 h, as on disk; but S3 presigning
 * signs with the real clock and the S3 server checks against its own, so instead of waiting an hour
 * the suite checks the signed X-Amz-Expires=3600 and X-Amz-Date (now), and a separate test shows the
 * server refusing a presigned link once its (short) validity has passed.
 */
let s3: S3TestServer;

const param = (url: string, name: string): string | null => new URL(url).searchParams.get(name);
const errorCode = async (response: Response): Promise<string | undefined> => /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];

fileSuite({
  async start() {
    s3 = await startS3Server();
  },
  async stop() {
    await s3.close();
  },
  env: () => s3.env,
  assertLink(result, server) {
    assert.ok(result.downloadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/${result.fileId}/notes.html?`), result.downloadUrl);
    assert.ok(!result.downloadUrl.startsWith(server.url), 'the bytes come from the bucket, not the service');
    assert.equal(param(result.downloadUrl, 'X-Amz-Algorithm'), 'AWS4-HMAC-SHA256');
    assert.equal(param(result.downloadUrl, 'X-Amz-Expires'), '3600', 'presigned for 1 hour');
    assert.equal(param(result.downloadUrl, 'response-content-type'), 'text/html');
    assert.equal(param(result.downloadUrl, 'response-content-disposition'), `attachment; filename="notes.html"; filename*=UTF-8''notes.html`);
    assert.equal(param(result.downloadUrl, 'x-api-key'), null);
  },
  linkProtection: { title: 'a tampered presigned link is 403 from the S3 server; it is signed for 1 hour (X-Amz-Expires=3600)' },
  async assertLinkProtected(downloadUrl) {
    const tampered = downloadUrl.replace(/X-Amz-Signature=(.)/, (_, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`);
    assert.notEqual(tampered, downloadUrl);
    const forged = await fetch(tampered);
    assert.equal(forged.status, 403);
    assert.equal(await errorCode(forged), 'SignatureDoesNotMatch');
    const longer = downloadUrl.replace(/X-Amz-Expires=3600/, 'X-Amz-Expires=7200');
    assert.equal((await fetch(longer)).status, 403, 'extending the expiry breaks the signature');
    const renamed = downloadUrl.replace(/filename%3D%22notes.html%22/, 'filename%3D%22evil.exe%22');
    assert.notEqual(renamed, downloadUrl);
    assert.equal((await fetch(renamed)).status, 403, 'the file name is signed');
    const otherFile = downloadUrl.replace(/\/[0-9a-f-]{36}\//, `/${crypto.randomUUID()}/`);
    assert.equal((await fetch(otherFile)).status, 403, 'the object key is signed');
    const unsigned = await fetch(downloadUrl.replace(/&X-Amz-Signature=[^&]*/, ''));
    assert.equal(unsigned.status, 400);
    assert.equal(await errorCode(unsigned), 'AuthorizationQueryParametersError');
    const bare = await fetch(downloadUrl.split('?')[0] ?? '');
    assert.equal(bare.status, 403, 'the bucket is private');
    assert.equal(await errorCode(bare), 'AccessDenied');

    // Signed now (real clock), valid 3600 s from then: what S3 enforces (see the header comment).
    const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(param(downloadUrl, 'X-Amz-Date') ?? '');
    assert.ok(signedAt);
    const [, y, mo, d, h, mi, s] = signedAt.map(Number);
    const signedMs = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
    assert.ok(Math.abs(Date.now() - signedMs) < 60_000, `signed at ${param(downloadUrl, 'X-Amz-Date')}`);
    assert.equal(param(downloadUrl, 'X-Amz-Expires'), '3600');
    assert.equal((await fetch(downloadUrl)).status, 200, 'the untouched link still works');
  },
  async holds(_server, file) {
    return (await s3.keys(`${file.fileId}/`)).includes(`${file.fileId}/${file.fileName}`);
  },
  assertBinaryFromStore(fileName) {
    const fromBucket = s3.requests.filter((r) => r.method === 'GET' && r.auth === 'header' && r.status === 200 && r.path.startsWith(`/${s3.bucket}/`));
    assert.ok(
      fromBucket.some((r) => new RegExp(`^/${s3.bucket}/[0-9a-f-]{36}/${fileName.replace('.', '\\.')}$`).test(r.path)),
      `the service read ${fileName} from the bucket: ${JSON.stringify(s3.requests.slice(-5))}`,
    );
  },
});

/** The adapter on its own, against the same kind of server: what the service-level suite cannot show. */
let direct: S3TestServer;
let scratch: string;
before(async () => {
  direct = await startS3Server('toolapi-direct');
  scratch = mkdtempSync(path.join(tmpdir(), 'toolapi-s3-adapter-'));
});
after(async () => {
  await direct.close();
  rmSync(scratch, { recursive: true, force: true });
});

const configOf = (server: S3TestServer, secretAccessKey = server.secretAccessKey) => ({
  bucket: server.bucket,
  endpoint: server.endpoint,
  region: server.region,
  accessKeyId: server.accessKeyId,
  secretAccessKey,
  forcePathStyle: true,
});

function sourceFile(name: string, content: Buffer | string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, content);
  return file;
}

test('S3 adapter: put takes ownership of the source, read and the presigned link return the exact bytes, delete removes the object', async () => {
  const store = s3BlobStore(configOf(direct));
  // Over 1 MB of binary: every byte value, so no text mangling hides.
  const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.alloc(1024 * 1024 + 17, 0xfe)]);
  const source = sourceFile('out.bin', bytes);
  await store.put('f1/Daten.bin', source, 'application/octet-stream');
  assert.equal(existsSync(source), false, 'the source is consumed');
  assert.deepEqual(await direct.keys(), ['f1/Daten.bin']);

  const chunks: Buffer[] = [];
  for await (const chunk of await store.read('f1/Daten.bin')) chunks.push(chunk as Buffer);
  assert.ok(Buffer.concat(chunks).equals(bytes));

  const url = await store.presign?.('f1/Daten.bin', 'Daten.bin', 'application/octet-stream', 3600);
  assert.ok(url);
  const download = await fetch(url);
  assert.equal(download.status, 200);
  assert.equal(download.headers.get('content-type'), 'application/octet-stream');
  assert.ok(Buffer.from(await download.arrayBuffer()).equals(bytes));

  await store.delete('f1/Daten.bin');
  assert.deepEqual(await direct.keys(), []);
  await store.delete('f1/Daten.bin'); // deleting again is not an error (the sweeper may retry)
  await assert.rejects(store.read('f1/Daten.bin'), (error: unknown) => error instanceof ToolError && error.code === 'not_found');
  assert.equal((await fetch(url)).status, 404, 'a link to a removed object finds nothing');
});

test('S3 adapter: the S3 server refuses a presigned link once its validity has passed', async () => {
  const store = s3BlobStore(configOf(direct));
  await store.put('f2/short.txt', sourceFile('short.txt', 'short-lived'), 'text/plain');
  // 2 s instead of 3600 s: the link is signed to the second, so it is valid for at least 1 s from now.
  const url = await store.presign?.('f2/short.txt', 'short.txt', 'text/plain', 2);
  assert.ok(url);
  assert.equal(param(url, 'X-Amz-Expires'), '2');
  const fresh = await fetch(url);
  assert.equal(fresh.status, 200);
  assert.equal(await fresh.text(), 'short-lived');
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const stale = await fetch(url);
  assert.equal(stale.status, 403);
  assert.match(await stale.text(), /<Code>AccessDenied<\/Code><Message>Request has expired</);
  await store.delete('f2/short.txt');
});

test('S3 adapter: wrong credentials are refused by the server (the stand-in checks every signature)', async () => {
  const store = s3BlobStore(configOf(direct, 'not-the-secret'));
  await assert.rejects(store.put('f3/x.txt', sourceFile('x.txt', 'x'), 'text/plain'), (error: unknown) => (error as Error).name === 'SignatureDoesNotMatch');
  assert.deepEqual(await direct.keys(), []);
  const url = await store.presign?.('f3/x.txt', 'x.txt', 'text/plain', 3600);
  assert.ok(url);
  assert.equal((await fetch(url)).status, 403);
});

test('S3 adapter: a put that meets 503 SlowDown is retried with the file read again', async () => {
  const store = s3BlobStore(configOf(direct));
  direct.failNext(2);
  const before = direct.requests.length;
  await store.put('f4/retried.txt', sourceFile('retried.txt', 'after two refusals'), 'text/plain');
  const puts = direct.requests.slice(before).filter((r) => r.method === 'PUT');
  assert.deepEqual(
    puts.map((r) => r.status),
    [503, 503, 200],
  );
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read('f4/retried.txt')) chunks.push(chunk as Buffer);
  assert.equal(Buffer.concat(chunks).toString(), 'after two refusals');
  direct.failNext(3);
  await assert.rejects(store.put('f4/gave-up.txt', sourceFile('gave-up.txt', 'x'), 'text/plain'), (error: unknown) => (error as Error).name === 'SlowDown');
  assert.equal(existsSync(path.join(scratch, 'gave-up.txt')), false, 'the source is removed even when the upload fails');
  await store.delete('f4/retried.txt');
  assert.deepEqual(await direct.keys(), []);
});
