import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { REGEX_DEADLINE_MS } from '../src/tools/developer-apis/regex-tester.ts';
import type { FixtureSite } from './helpers/fixture-site.ts';
import { startSeoSite } from './helpers/seo-site.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

/**
 * The tool checks that are about HTTP (the envelope on the wire, what reaches the logs, a worker timing out
 * while the server keeps answering), moved out of the module test files so that those call the tools through
 * the pipeline in-process and never import or boot the whole service; here one server serves them all
 * (docs/writing-tools.md). Its logs gather every request of this file, so "never logged" checks all of them.
 * The URL tools' checks fetch the SEO fixture site on 127.0.0.1 (test/helpers/seo-site.ts), the one address the server may fetch.
 */
type Json = Record<string, unknown>;

let server: TestServer;
let site: FixtureSite;
before(async () => {
  [server, site] = await Promise.all([startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1' }), startSeoSite()]);
});
after(async () => {
  await server.close();
  await site.close();
});

test('text-intelligence/ats-gap: the HTTP body is exactly {status, result, warnings}', async () => {
  const response = await server.post('/api/v1/text-intelligence/ats-gap', { jobDescription: 'Must have Python and SQL.', resume: 'Skills\nPython' });
  assert.equal(response.status, 200);
  const body = (await response.json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['result', 'status', 'warnings']);
  assert.equal(body.status, true);
  assert.deepEqual((body.result as { missingKeywords: string[] }).missingKeywords, ['SQL']);
});

test('text-intelligence/pii-scrub: personal data never reaches the logs (HTTP, real pipeline)', async () => {
  const email = 'very.private.person@example.org';
  const card = '4111 1111 1111 1111';
  const response = await server.post('/api/v1/text-intelligence/pii-scrub', { text: `Mail ${email}, card ${card}` });
  assert.equal(response.status, 200);
  const body = (await response.json()) as { result: { text: string } };
  assert.equal(body.result.text, 'Mail [EMAIL_1], card [CREDIT_CARD_1]');
  const bad = await server.post('/api/v1/text-intelligence/pii-scrub', { text: `Mail ${email}`, types: ['nope'] });
  assert.equal(bad.status, 400);
  assert.ok(server.logs.length > 0);
  for (const secret of [email, card, '4111111111111111']) assert.ok(!server.logs.some((line) => line.includes(secret)), `${secret} was logged`);
});

test('ai-models/text-ai: inputs never reach the logs (HTTP, real pipeline)', async () => {
  const secret = 'ultra-confidential-merger-plan-7731';
  const response = await server.post('/api/v1/ai-models/text-ai', { text: `Our ${secret} is ready. It is great.`, task: 'summarize' });
  // An analysis creates no resource: 200, not 201 (RFC 9110 §15.3.2).
  assert.equal(response.status, 200);
  const body = (await response.json()) as { status: boolean; code: number; warnings: string[] };
  assert.equal(body.code, 200);
  assert.match(body.warnings.join(' '), /Local mode/);
  assert.ok(server.logs.length > 0);
  assert.ok(!server.logs.some((line) => line.includes(secret)), 'the text is not logged');
});

test('developer-apis/regex-tester: a catastrophic regex times out with 422 within the deadline while other requests are served', async () => {
  const route = '/api/v1/developer-apis/regex-tester';
  // Warm the pool so the measured call does not include worker start-up.
  assert.equal((await server.post(route, { pattern: 'a', text: 'a' })).status, 200);
  const started = performance.now();
  const evil = server.post(route, { pattern: '^(a+)+$', text: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as Json,
    elapsed: performance.now() - started,
  }));
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [other, otherRegex] = await Promise.all([
    server.post('/api/v1/developer-apis/json-validator', { json: '{"ok": true}' }),
    server.post(route, { pattern: '\\d+', text: 'a1b2' }),
  ]);
  assert.equal(other.status, 200);
  assert.equal(((await other.json()) as { result: Json }).result.valid, true);
  assert.equal(otherRegex.status, 200);
  assert.equal(((await otherRegex.json()) as { result: Json }).result.matchCount, 2);
  const bad = await evil;
  // The calls sent while the evil one ran were answered above; how fast is for benchmarks, not this test
  // (test/event-loop.test.ts proves the loop stays free).
  assert.equal(bad.status, 422, JSON.stringify(bad.body));
  assert.equal(bad.body.error, 'unprocessable');
  assert.match(String(bad.body.detail), /^pattern: .*timed out/);
  assert.ok(bad.elapsed >= REGEX_DEADLINE_MS - 50, `answered after ${Math.round(bad.elapsed)} ms`);
  assert.ok(bad.elapsed < REGEX_DEADLINE_MS + 1500, `answered after ${Math.round(bad.elapsed)} ms`);
  // The pool recovered: a fresh call works.
  assert.equal((await server.post(route, { pattern: 'b', text: 'abc' })).status, 200);
});

test('seo-apis/heading-structure-analyzer: a GET tool also answers POST {url}', async () => {
  const response = await server.post('/api/v1/seo-apis/heading-structure-analyzer', { url: `${site.origin}/` });
  assert.equal(response.status, 200);
  assert.equal(((await response.json()) as { result: { counts: { h1: number } } }).result.counts.h1, 1);
});

test('seo-apis/broken-link-checker: a GET query string is the input, its number and boolean read as the schema declares', async () => {
  // The first link is external: read as true, includeExternal=false would check it.
  site.routes.set('/external-first', { body: '<a href="http://127.0.0.2:9/x">e</a><a href="/about">a</a><a href="/broken">b</a><a href="/moved">c</a>' });
  const query = new URLSearchParams({ url: `${site.origin}/external-first`, includeExternal: 'false', maxLinks: '2' });
  const response = await server.get(`/api/v1/seo-apis/broken-link-checker?${query}`);
  const body = (await response.json()) as { result: { linksChecked: number; results: Array<{ url: string }> } };
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(body.result.linksChecked, 2);
  assert.deepEqual(body.result.results.map((link) => link.url).sort(), [`${site.origin}/about`, `${site.origin}/broken`]);
});
