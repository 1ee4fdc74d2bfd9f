import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase } from './helpers/postgres.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './helpers/server.ts';

/**
 * Idempotency-Key (a retried POST is answered from the stored response, billed once) and REST async jobs
 * (`Prefer: respond-async`, RFC 7240: 202 with a Location to poll), through real HTTP on real stores.
 */
type Body = {
  status: boolean;
  code: number;
  message?: string;
  error?: string;
  detail?: string;
  param?: string;
  requestId?: string;
  docUrl?: string;
  result: Record<string, unknown>;
};
const json = async (response: Response): Promise<Body> => (await response.json()) as Body;

async function used(server: TestServer, key: string): Promise<number> {
  return (await json(await server.get('/api/v1/usage', { 'x-api-key': key }))).result.used as number;
}

async function upload(server: TestServer, route: string, file: { name: string; data: string }, headers: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([file.data]), file.name);
  return fetch(server.url + route, { method: 'POST', headers: { 'x-api-key': server.key, ...headers }, body: form });
}

async function waitForJob(server: TestServer, location: string, key = server.key): Promise<Body> {
  for (let i = 0; i < 200; i++) {
    const response = await server.get(location, { 'x-api-key': key });
    assert.equal(response.status, 200);
    const body = await json(response);
    if (body.result.state !== 'running') return body;
    assert.equal(response.headers.get('retry-after'), '1');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${location} did not finish`);
}

describe('embedded', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  test('the same Idempotency-Key sent 10 times at once is billed once: each answer is the stored response or a 409 while the first runs', async () => {
    const before = await used(server, server.key);
    const body = { text: 'idempotent 🙂' };
    const headers = { 'idempotency-key': 'order-7f3a-001' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.post('/api/v1/text-utilities/reverse-text', body, headers)));
    const ok = answers.filter((r) => r.status === 200);
    assert.ok(ok.length >= 1, 'the first one ran');
    assert.deepEqual(
      answers
        .filter((r) => r.status !== 200)
        .map((r) => r.status)
        .filter((s) => s !== 409),
      [],
      'the others are 409 while it runs',
    );
    const bodies = await Promise.all(answers.map(json));
    for (const conflict of bodies.filter((b) => b.code === 409))
      assert.deepEqual([conflict.error, conflict.param], ['idempotency_in_progress', 'Idempotency-Key']);
    const texts = new Set(bodies.filter((b) => b.status).map((b) => JSON.stringify(b)));
    assert.equal(texts.size, 1, 'every 200 carries the identical body');
    assert.equal(await used(server, server.key), before + 1, 'billed exactly once');

    const retry = await server.post('/api/v1/text-utilities/reverse-text', body, headers);
    assert.equal(retry.status, 200);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(JSON.stringify(await json(retry)), [...texts][0], 'a retry after it finished returns the identical body');
    assert.equal(await used(server, server.key), before + 1, 'the replay is not billed');

    const other = await server.post('/api/v1/text-utilities/reverse-text', { text: 'something else' }, headers);
    assert.equal(other.status, 422);
    assert.deepEqual(await json(other).then((b) => [b.error, b.param]), ['idempotency_mismatch', 'Idempotency-Key']);

    const badKey = await server.post('/api/v1/text-utilities/reverse-text', body, { 'idempotency-key': 'has spaces' });
    assert.equal(badKey.status, 400);
    assert.equal((await json(badKey)).param, 'Idempotency-Key');
  });

  test('a refused request (400) is stored too, and a key is scoped to its account', async () => {
    const headers = { 'idempotency-key': 'shared-key-1' };
    const first = await server.post('/api/v1/text-utilities/reverse-text', { txt: 'typo' }, headers);
    assert.equal(first.status, 400);
    const again = await server.post('/api/v1/text-utilities/reverse-text', { txt: 'typo' }, headers);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await json(again), await json(first));

    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const account = await json(await server.post('/api/v1/accounts', { email: 'idem@example.test', emailVerified: true }, admin));
    const otherKey = (await json(await server.post('/api/v1/api-keys', { accountId: account.result.accountId }, admin))).result.key as string;
    const theirs = await server.post('/api/v1/text-utilities/reverse-text', { text: 'theirs' }, { ...headers, 'x-api-key': otherKey });
    assert.equal(theirs.status, 200, 'another account may use the same key for its own request');
  });

  test('errors name the field (param), quote the request id and link the reference page', async () => {
    const response = await server.post('/api/v1/text-utilities/reverse-text', { txt: 'hello' });
    const body = await json(response);
    assert.equal(body.param, 'txt');
    assert.equal(body.requestId, response.headers.get('x-request-id'));
    assert.equal(body.docUrl, `${server.url}/docs#tag/text-utilities/POST/api/v1/text-utilities/reverse-text`);
  });

  test('Prefer: respond-async answers 202 with a Location; polling gives the same envelope as a direct call, billed once', async () => {
    const before = await used(server, server.key);
    const accepted = await server.post('/api/v1/text-utilities/reverse-text', { text: 'later' }, { prefer: 'respond-async, wait=0' });
    assert.equal(accepted.status, 202);
    assert.equal(accepted.headers.get('preference-applied'), 'respond-async');
    const location = accepted.headers.get('location')!;
    assert.match(location, /^\/api\/v1\/jobs\/run_[0-9a-f-]{36}$/);
    const done = await waitForJob(server, location);
    assert.equal(done.result.state, 'succeeded');
    const direct = await json(await server.post('/api/v1/text-utilities/reverse-text', { text: 'later' }));
    assert.deepEqual(done.result.response, direct);
    assert.equal(await used(server, server.key), before + 2, 'the job and the direct call: one credit each');
  });

  test('an async conversion: the upload is kept for the job, the result downloads; a job that fails is refunded; other accounts cannot see it', async () => {
    const before = await used(server, server.key);
    const accepted = await upload(
      server,
      '/api/v1/documents/md-to-html',
      { name: 'notes.md', data: '# Hello\n\nAsync *world*.\n' },
      { prefer: 'respond-async' },
    );
    assert.equal(accepted.status, 202, await accepted.clone().text());
    const done = await waitForJob(server, accepted.headers.get('location')!);
    const response = done.result.response as Body;
    assert.equal(response.message, 'Conversion successful');
    const file = await fetch((response.result as { downloadUrl: string }).downloadUrl);
    assert.match(await file.text(), /<h1[^>]*>Hello<\/h1>/);

    const failing = await upload(server, '/api/v1/convertors/zip-extract', { name: 'not.zip', data: 'not a zip at all' }, { prefer: 'respond-async' });
    assert.equal(failing.status, 202);
    const failed = await waitForJob(server, failing.headers.get('location')!);
    assert.equal(failed.result.state, 'failed');
    assert.equal((failed.result.response as Body).code, 400);
    assert.equal(await used(server, server.key), before + 1, 'the failed job was refunded');

    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const account = await json(await server.post('/api/v1/accounts', { email: 'jobs-other@example.test', emailVerified: true }, admin));
    const otherKey = (await json(await server.post('/api/v1/api-keys', { accountId: account.result.accountId }, admin))).result.key as string;
    assert.equal((await server.get(accepted.headers.get('location')!, { 'x-api-key': otherKey })).status, 404);
    assert.equal((await server.get('/api/v1/jobs/nope', { 'x-api-key': server.key })).status, 404);
  });

  test('an invalid async request is a 400 at once, not a failed job; the same Idempotency-Key resubmitted gives the same job', async () => {
    const bad = await server.post('/api/v1/text-utilities/reverse-text', { txt: 'x' }, { prefer: 'respond-async' });
    assert.equal(bad.status, 400);
    const headers = { prefer: 'respond-async', 'idempotency-key': 'job-once-1' };
    const first = await server.post('/api/v1/text-utilities/reverse-text', { text: 'once' }, headers);
    const second = await server.post('/api/v1/text-utilities/reverse-text', { text: 'once' }, headers);
    assert.equal(first.status, 202);
    assert.equal(second.headers.get('location'), first.headers.get('location'));
  });
});

test('PostgreSQL: a conversion submitted with Prefer: respond-async to one instance is polled to completion from another', async () => {
  const databaseUrl = await createTestDatabase('rest_jobs');
  // The instances share the file storage, as a deployment shares its S3 bucket or volume.
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-jobs-'));
  const env = { TOOLAPI_DATABASE_URL: databaseUrl, TOOLAPI_DATA_DIR: dir };
  const a = await startTestServer(env);
  const b = await startTestServer(env);
  try {
    const key = a.key || b.key;
    const form = new FormData();
    form.append('file', new Blob(['# Shared\n\nfrom A, read on B\n']), 'shared.md');
    const accepted = await fetch(`${a.url}/api/v1/documents/md-to-html`, {
      method: 'POST',
      headers: { 'x-api-key': key, prefer: 'respond-async' },
      body: form,
    });
    assert.equal(accepted.status, 202, await accepted.clone().text());
    const done = await waitForJob(b, accepted.headers.get('location')!, key);
    assert.equal(done.result.state, 'succeeded', JSON.stringify(done));
    const file = await fetch(((done.result.response as Body).result as { downloadUrl: string }).downloadUrl);
    assert.match(await file.text(), /<h1[^>]*>Shared<\/h1>/);
  } finally {
    await a.close();
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
