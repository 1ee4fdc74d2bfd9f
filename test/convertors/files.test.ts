import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import yauzl from 'yauzl';
import { startSite, selfSignedCert, type FixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { errorOf, fileOf, postForm, scratchEntries } from './helpers.ts';

/** csv-2-json, json-2-csv and folder-to-zip through real HTTP; URLs come from an HTTPS site on loopback. */
let server: TestServer;
let site: FixtureSite;
before(async () => {
  site = await startSite(
    {
      '/files/report%20final.pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4 fake but bytes are bytes' },
      '/logo.svg': { headers: { 'content-type': 'image/svg+xml' }, body: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      '/missing': { status: 404, body: 'no' },
    },
    { tls: selfSignedCert() },
  );
  server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1' });
});
after(async () => {
  await server.close();
  await site.close();
});

function listZip(bytes: Buffer): Promise<Array<{ name: string; content: string }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: Array<{ name: string; content: string }> = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, content: Buffer.concat(chunks).toString('utf8') });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

test('csv-2-json returns the rows as the JSON body; the csvFile alias works', async () => {
  const csv = '\uFEFFname;city;note\n"Lovelace, Ada";London;"said ""hi"""\nGrace;"New\nYork";\n';
  const answer = await postForm(server, '/api/v1/convertors/csv-2-json', [{ field: 'csvFile', name: 'people.csv', data: csv }]);
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(answer.body, [
    { name: 'Lovelace, Ada', city: 'London', note: 'said "hi"' },
    { name: 'Grace', city: 'New\nYork', note: '' },
  ]);
});

test('json-2-csv writes RFC 4180 CSV (flattened, quoted) from the jsonFile alias', async () => {
  const json = JSON.stringify({
    data: [
      { id: 1, name: 'Ada, L.', address: { city: 'London' } },
      { id: 2, name: 'Grace "Amazing"', tags: ['navy'] },
    ],
  });
  const answer = await postForm(server, '/api/v1/convertors/json-2-csv', [{ field: 'jsonFile', name: 'people.json', data: json }]);
  const { body, bytes } = await fileOf(answer);
  assert.equal(body.result.fileName, 'people.csv');
  assert.equal(bytes.toString('utf8'), 'id,name,address.city,tags\r\n1,"Ada, L.",London,\r\n2,"Grace ""Amazing""",,"[""navy""]"\r\n');
  assert.match(body.warnings?.[0] ?? '', /Rows taken from the array at "data" \(2 items\)/);
});

test('property: json-2-csv → csv-2-json gives the same flat rows (accepted losses: values come back as text, which these are; a row of only empty cells is a blank line, so it is not generated)', async () => {
  const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
  const cell = fc.string({ unit: fc.oneof(fc.constantFrom(',', ';', '"', '\n', ' ', 'é', '👍🏽'), fc.string({ minLength: 1, maxLength: 1 })), maxLength: 10 });
  const rows = fc.uniqueArray(key, { minLength: 1, maxLength: 4 }).chain((keys) =>
    fc.array(
      fc.record(Object.fromEntries(keys.map((k) => [k, cell]))).filter((row) => Object.values(row).some((v) => v.trim() !== '')),
      { minLength: 1, maxLength: 5 },
    ),
  );
  await fc.assert(
    fc.asyncProperty(rows, async (records) => {
      const { bytes } = await fileOf(
        await postForm(server, '/api/v1/convertors/json-2-csv', [{ field: 'file', name: 'rows.json', data: JSON.stringify(records) }]),
      );
      const back = await postForm(server, '/api/v1/convertors/csv-2-json', [{ field: 'file', name: 'rows.csv', data: bytes }]);
      assert.equal(back.status, 200, back.text);
      assert.deepEqual(back.body, JSON.parse(JSON.stringify(records)), bytes.toString('utf8'));
    }),
    { numRuns: 25 },
  );
});

test('folder-to-zip packs uploads (unique, safe names) and HTTPS URLs into one ZIP', async () => {
  const parts = [
    { field: 'files', name: 'notes.txt', data: 'first' },
    { field: 'files', name: 'notes.txt', data: 'second' },
    { field: 'files', name: '../../etc/passwd.csv', data: 'a,b\n1,2\n' },
  ];
  const urls = [`${site.origin}/files/report%20final.pdf`, `${site.origin}/logo.svg`];
  const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/folder-to-zip', parts, { urls, folder: 'bundle' }));
  assert.equal(body.result.fileName, 'bundle.zip');
  assert.equal(body.result.mimeType, 'application/zip');
  const entries = await listZip(bytes);
  assert.deepEqual(
    entries.map((e) => e.name),
    ['bundle/notes.txt', 'bundle/notes (2).txt', 'bundle/passwd.csv', 'bundle/report final.pdf', 'bundle/logo.svg'],
  );
  assert.deepEqual(
    entries.map((e) => e.content.slice(0, 8)),
    ['first', 'second', 'a,b\n1,2\n', '%PDF-1.4', '<svg xml'],
  );
  const listed = body.result.entries as Array<{ name: string; source: string }>;
  assert.equal(listed[3]?.source, urls[0]);
  assert.equal(
    body.result.totalBytes,
    entries.reduce((n, e) => n + Buffer.byteLength(e.content), 0),
  );
});

test('folder-to-zip refuses http:// URLs, private targets, failing URLs and an empty call with a 4xx', async () => {
  const http = await postForm(server, '/api/v1/convertors/folder-to-zip', [], { urls: ['http://example.com/a.txt'] });
  assert.equal(http.status, 400);
  assert.match(errorOf(http).detail, /^urls(\.0)?: .*https/);
  const missing = await postForm(server, '/api/v1/convertors/folder-to-zip', [], { urls: [`${site.origin}/missing`] });
  assert.equal(missing.status, 502);
  assert.match(errorOf(missing).detail, /^urls\[0\]: .* answered HTTP 404/);
  const empty = await postForm(server, '/api/v1/convertors/folder-to-zip', [], { folder: 'x' });
  assert.equal(empty.status, 400);
  assert.match(errorOf(empty).detail, /^files: upload one or more files/);
  assert.deepEqual(scratchEntries(server), []);
});

test('folder-to-zip without TOOLAPI_FETCH_ALLOW refuses loopback URLs (SSRF guard)', async () => {
  const guarded = await startTestServer();
  try {
    const answer = await postForm(guarded, '/api/v1/convertors/folder-to-zip', [], { urls: [`${site.origin}/logo.svg`] });
    assert.equal(answer.status, 400);
    assert.equal(errorOf(answer).error, 'forbidden_target');
  } finally {
    await guarded.close();
  }
});
