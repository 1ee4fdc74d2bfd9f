import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';
import {
  ForbiddenError,
  QuotaExceededError,
  RateLimitError,
  ToolApi,
  ToolApiConnectionError,
  ToolApiError,
  ToolApiTimeoutError,
  TooManyRequestsError,
  UnauthorizedError,
  type FetchLike,
  type ToolApiOptions,
} from '../../client/src/index.ts';
import { ALL_TOOLS } from '../../src/tools/index.ts';
import { envelope, errorAnswer, startApiDouble, type ApiDouble } from './doubles.ts';

/**
 * The client's errors and retries: each error class from the real service (401, 403 by a key's
 * allowedTools, 429 quota and 429 rate limit from a TOOLAPI_PLANS file, a rate-limited retry that waits
 * Retry-After), and the exact timing and policy of retries, timeouts and aborts against a test double.
 */
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };

interface Exchange {
  method: string;
  url: string;
  status?: number;
  retryAfter?: string | null;
  at: number;
}

function recordingFetch(log: Exchange[]): FetchLike {
  return async (input, init) => {
    const entry: Exchange = { method: init?.method ?? 'GET', url: input, at: Date.now() };
    log.push(entry);
    const response = await fetch(input, init);
    entry.status = response.status;
    entry.retryAfter = response.headers.get('retry-after');
    return response;
  };
}

describe('errors from the real service', () => {
  let server: TestServer;
  let offsetMs = 0;

  before(async () => {
    server = await startTestServer({}, { now: () => new Date(Date.now() + offsetMs) });
    const dataDir = server.dataDir;
    const plans = path.join(dataDir, 'client-plans.json');
    writeFileSync(
      plans,
      JSON.stringify({
        free: { monthlyCredits: 1_000_000, ratePerMinute: 1_000_000, bulkUrlLimit: 5 },
        tiny: { monthlyCredits: 2, ratePerMinute: 1000, bulkUrlLimit: 5 },
        slow: { monthlyCredits: 1000, ratePerMinute: 2, bulkUrlLimit: 5 },
      }),
    );
    // Plans are read at startup: restart on the same data dir with the plans file.
    await server.service.close();
    server = await startTestServer({ TOOLAPI_DATA_DIR: dataDir, TOOLAPI_PLANS: plans }, { now: () => new Date(Date.now() + offsetMs) });
  });
  after(async () => {
    await server.close();
  });

  async function admin<T>(route: string, body: unknown): Promise<T> {
    const response = await fetch(server.url + route, { method: 'POST', headers: ADMIN, body: JSON.stringify(body) });
    assert.equal(response.status, 201, `${route}: ${await response.clone().text()}`);
    return ((await response.json()) as { result: T }).result;
  }

  async function keyOn(plan: string, allowedTools?: string[]): Promise<string> {
    const account = await admin<{ accountId: string }>('/api/v1/accounts', {
      email: `${plan}-${Math.random().toString(36).slice(2)}@example.test`,
      plan,
      emailVerified: true,
    });
    return (await admin<{ key: string }>('/api/v1/api-keys', { accountId: account.accountId, ...(allowedTools ? { allowedTools } : {}) })).key;
  }

  test('401: a bad key is an UnauthorizedError', async () => {
    const api = new ToolApi({ apiKey: 'tk_not-a-real-key', baseUrl: server.url });
    await assert.rejects(api.textUtilities.reverseText({ text: 'a' }), (error: unknown) => {
      assert.ok(error instanceof UnauthorizedError);
      assert.ok(error instanceof ToolApiError);
      assert.equal(error.status, 401);
      assert.equal(error.error, 'unauthorized');
      assert.equal(error.name, 'UnauthorizedError');
      assert.match(error.requestId ?? '', /.+/);
      return true;
    });
  });

  test('403: a key whose allowedTools leave the tool out is a ForbiddenError', async () => {
    const key = await keyOn('pro', ['calculators/*']);
    const api = new ToolApi({ apiKey: key, baseUrl: server.url });
    await assert.rejects(api.textUtilities.reverseText({ text: 'a' }), (error: unknown) => {
      assert.ok(error instanceof ForbiddenError);
      assert.equal(error.status, 403);
      assert.equal(error.error, 'forbidden');
      assert.match(error.detail, /may only call calculators\/\*/);
      return true;
    });
    const calculator = ALL_TOOLS.find((t) => t.module === 'calculators' && t.examples.some((e) => e.output !== undefined && !e.needsNetwork));
    const example = calculator?.examples.find((e) => e.output !== undefined);
    assert.ok(calculator && example);
    assert.deepEqual(
      await api.callDynamic(calculator.operationId, example.input as Record<string, unknown>),
      example.output,
      'a tool inside allowedTools answers',
    );
  });

  test('429 quota: QuotaExceededError, never retried (even with unsafe retries)', async () => {
    const log: Exchange[] = [];
    const api = new ToolApi({ apiKey: await keyOn('tiny'), baseUrl: server.url, fetch: recordingFetch(log), retry: { unsafe: true, baseDelayMs: 10 } });
    await api.textUtilities.reverseText({ text: 'a' });
    await api.textUtilities.reverseText({ text: 'b' });
    await assert.rejects(api.textUtilities.reverseText({ text: 'c' }), (error: unknown) => {
      assert.ok(error instanceof QuotaExceededError);
      assert.ok(error instanceof TooManyRequestsError);
      assert.equal(error.status, 429);
      assert.equal(error.error, 'quota_exceeded');
      assert.match(error.detail, /2 monthly credits/);
      return true;
    });
    assert.equal(log.length, 3, 'the refused call was sent once');
  });

  test('429 rate limit: RateLimitError with retryAfter; POST tool calls are not retried by default', async () => {
    const log: Exchange[] = [];
    const api = new ToolApi({ apiKey: await keyOn('slow'), baseUrl: server.url, fetch: recordingFetch(log) });
    // The service's clock at 10 s into a minute: the three calls share one window.
    offsetMs = (10_000 - (Date.now() % 60_000) + 60_000) % 60_000;
    await api.textUtilities.reverseText({ text: 'a' });
    await api.textUtilities.reverseText({ text: 'b' });
    await assert.rejects(api.textUtilities.reverseText({ text: 'c' }), (error: unknown) => {
      assert.ok(error instanceof RateLimitError);
      assert.ok(error instanceof TooManyRequestsError);
      assert.equal(error.error, 'rate_limited');
      assert.equal(typeof error.retryAfter, 'number');
      assert.ok((error.retryAfter ?? 0) >= 1 && (error.retryAfter ?? 0) <= 60, String(error.retryAfter));
      assert.equal(String(error.retryAfter), error.headers?.get('retry-after'));
      return true;
    });
    assert.equal(log.length, 3, 'no automatic retry of a non-idempotent call');
  });

  test('429 rate limit with retries on: the client waits Retry-After, then the next minute answers', async () => {
    const log: Exchange[] = [];
    const api = new ToolApi({ apiKey: await keyOn('slow'), baseUrl: server.url, fetch: recordingFetch(log), retry: { unsafe: true } });
    // The service's clock 1.5 s before the end of a minute, so its Retry-After is short.
    offsetMs = (58_500 - (Date.now() % 60_000) + 60_000) % 60_000;
    await api.textUtilities.reverseText({ text: 'a' });
    await api.textUtilities.reverseText({ text: 'b' });
    const response = await api.callWithResponse('textUtilities.reverseText', { text: 'abc' });
    assert.deepEqual(response.result, { text: 'cba' });
    assert.equal(response.attempts, 2);
    const [limited, retried] = log.slice(2);
    assert.equal(limited?.status, 429);
    const retryAfter = Number(limited?.retryAfter);
    assert.ok(retryAfter >= 1 && retryAfter <= 3, `Retry-After ${limited?.retryAfter}`);
    assert.equal(retried?.status, 200);
    assert.ok(
      (retried?.at ?? 0) - (limited?.at ?? 0) >= retryAfter * 1000,
      `waited ${(retried?.at ?? 0) - (limited?.at ?? 0)} ms for Retry-After ${retryAfter}`,
    );
  });

  test('convertors/zip-extract answers errors as {status, message}: still a ToolApiError naming the field', async () => {
    const api = new ToolApi({ apiKey: server.key, baseUrl: server.url });
    await assert.rejects(api.convertors.zipExtract({ file: { data: new TextEncoder().encode('not a zip at all'), fileName: 'x.zip' } }), (error: unknown) => {
      assert.ok(error instanceof ToolApiError);
      assert.ok(error.status === 415 || error.status === 400, String(error.status));
      assert.deepEqual(Object.keys(error.body as object).sort(), ['message', 'status']);
      assert.match(error.detail, /^file\b/);
      return true;
    });
  });
});

describe('retries, timeouts and aborts (against a test double of the API)', () => {
  let double: ApiDouble;
  let script: Array<ReturnType<typeof envelope>> = [];

  before(async () => {
    double = await startApiDouble((_request, index) => script[index] ?? envelope({ fallback: true }));
  });
  after(async () => {
    await double.close();
  });

  function client(options: Partial<ToolApiOptions> = {}): ToolApi {
    double.requests.length = 0;
    return new ToolApi({ apiKey: 'tk_double', baseUrl: double.url, ...options });
  }

  const urlInput = { url: 'https://example.com/' };

  test('a GET tool is retried after 429 rate_limited, waiting Retry-After (1 s), then succeeds', async () => {
    script = [errorAnswer(429, 'rate_limited', 'rate: retry in 1 s.', { 'retry-after': '1' }), envelope({ ok: 1 })];
    const api = client();
    const response = await api.callWithResponse('seoApis.metaTagsAnalyzer', urlInput);
    assert.deepEqual(response.result, { ok: 1 });
    assert.equal(response.attempts, 2);
    assert.equal(double.requests.length, 2);
    assert.equal(double.requests[0]?.method, 'GET');
    const waited = (double.requests[1]?.at ?? 0) - (double.requests[0]?.at ?? 0);
    assert.ok(waited >= 1000 && waited < 2500, `waited ${waited} ms`);
  });

  test('Retry-After as an HTTP date is honoured too', async () => {
    script = [errorAnswer(503, 'service_unavailable', 'busy', { 'retry-after': new Date(Date.now() + 2000).toUTCString() }), envelope({ ok: 2 })];
    const api = client();
    assert.deepEqual(await api.call('seoApis.metaTagsAnalyzer', urlInput), { ok: 2 });
    const waited = (double.requests[1]?.at ?? 0) - (double.requests[0]?.at ?? 0);
    assert.ok(waited >= 900, `waited ${waited} ms`);
  });

  test('503 without Retry-After: exponential backoff with jitter, up to maxRetries', async () => {
    script = [errorAnswer(503, 'service_unavailable', 'busy'), errorAnswer(503, 'service_unavailable', 'busy'), envelope({ ok: 3 })];
    const api = client({ retry: { baseDelayMs: 100, maxDelayMs: 1000 } });
    const response = await api.callWithResponse('seoApis.metaTagsAnalyzer', urlInput);
    assert.deepEqual(response.result, { ok: 3 });
    assert.equal(response.attempts, 3);
    const [a, b, c] = double.requests.map((r) => r.at);
    assert.ok((b ?? 0) - (a ?? 0) >= 50, 'first wait: 50–100 ms');
    assert.ok((c ?? 0) - (b ?? 0) >= 100, 'second wait: 100–200 ms');

    script = [
      errorAnswer(503, 'service_unavailable', 'busy'),
      errorAnswer(503, 'service_unavailable', 'busy'),
      errorAnswer(503, 'service_unavailable', 'busy'),
    ];
    const limited = client({ retry: { baseDelayMs: 10, maxRetries: 1 } });
    await assert.rejects(limited.call('seoApis.metaTagsAnalyzer', urlInput), (error: unknown) => error instanceof ToolApiError && error.status === 503);
    assert.equal(double.requests.length, 2, 'maxRetries 1: two attempts');
  });

  test('POST tools are not retried by default; retry: { unsafe: true } retries them; retry: false turns retries off', async () => {
    script = [errorAnswer(503, 'service_unavailable', 'busy'), envelope({ text: 'cba' })];
    await assert.rejects(client().textUtilities.reverseText({ text: 'abc' }), (error: unknown) => error instanceof ToolApiError && error.status === 503);
    assert.equal(double.requests.length, 1);
    assert.equal(double.requests[0]?.method, 'POST');

    script = [errorAnswer(429, 'rate_limited', 'slow down', { 'retry-after': '0' }), envelope({ text: 'cba' })];
    const unsafe = client({ retry: { unsafe: true } });
    assert.deepEqual(await unsafe.textUtilities.reverseText({ text: 'abc' }), { text: 'cba' });
    assert.equal(double.requests.length, 2);

    script = [errorAnswer(429, 'rate_limited', 'slow down', { 'retry-after': '0' }), envelope({ ok: 4 })];
    const off = client({ retry: false });
    await assert.rejects(off.call('seoApis.metaTagsAnalyzer', urlInput), RateLimitError);
    assert.equal(double.requests.length, 1);
    script = [errorAnswer(429, 'rate_limited', 'slow down', { 'retry-after': '0' }), envelope({ ok: 4 })];
    const perCall = client();
    await assert.rejects(perCall.call('seoApis.metaTagsAnalyzer', urlInput, { retry: false }), RateLimitError);
    assert.equal(double.requests.length, 1, 'a per-call retry: false wins');
  });

  test('a Retry-After beyond maxRetryAfterMs is not waited out: the RateLimitError comes at once', async () => {
    script = [errorAnswer(429, 'rate_limited', 'slow down', { 'retry-after': '45' }), envelope({ ok: 5 })];
    const started = Date.now();
    await assert.rejects(client({ retry: { maxRetryAfterMs: 10_000 } }).call('seoApis.metaTagsAnalyzer', urlInput), (error: unknown) => {
      assert.ok(error instanceof RateLimitError);
      assert.equal(error.retryAfter, 45);
      return true;
    });
    assert.ok(Date.now() - started < 1000);
    assert.equal(double.requests.length, 1);
  });

  test('timeoutMs: a slow answer is a ToolApiTimeoutError (status 0, client_timeout)', async () => {
    script = [{ ...envelope({ late: true }), delayMs: 1500 }];
    const started = Date.now();
    await assert.rejects(client({ timeoutMs: 200 }).textUtilities.reverseText({ text: 'a' }), (error: unknown) => {
      assert.ok(error instanceof ToolApiTimeoutError);
      assert.equal(error.status, 0);
      assert.equal(error.error, 'client_timeout');
      assert.match(error.detail, /200 ms/);
      return true;
    });
    assert.ok(Date.now() - started < 1000, 'gave up at the deadline');
    script = [{ ...envelope({ late: true }), delayMs: 300 }];
    assert.deepEqual(
      await client({ timeoutMs: 200 }).call('textUtilities.reverseText', { text: 'a' }, { timeoutMs: 2000 }),
      { late: true },
      'per-call timeoutMs wins',
    );
  });

  test('an AbortSignal cancels the request, and a wait between retries', async () => {
    script = [{ ...envelope({ late: true }), delayMs: 1500 }];
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('caller gave up')), 100);
    await assert.rejects(client().textUtilities.reverseText({ text: 'a' }, { signal: controller.signal }), /caller gave up/);

    script = [errorAnswer(429, 'rate_limited', 'later', { 'retry-after': '5' }), envelope({ ok: 6 })];
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(), 200);
    const started = Date.now();
    await assert.rejects(
      client().call('seoApis.metaTagsAnalyzer', urlInput, { signal: waiting.signal }),
      (error: unknown) => (error as Error).name === 'AbortError',
    );
    assert.ok(Date.now() - started < 1500, 'the 5 s wait was cut short');
    assert.equal(double.requests.length, 1);
  });

  test('no server: ToolApiConnectionError (status 0, connection_failed)', async () => {
    const closed = await startApiDouble(() => envelope({}));
    const url = closed.url;
    await closed.close();
    await assert.rejects(new ToolApi({ apiKey: 'k', baseUrl: url, retry: false }).textUtilities.reverseText({ text: 'a' }), (error: unknown) => {
      assert.ok(error instanceof ToolApiConnectionError);
      assert.equal(error.status, 0);
      assert.equal(error.error, 'connection_failed');
      return true;
    });
  });

  test('call() reaches a tool newer than the client through the catalog, and reads its answer by shape', async () => {
    const catalog = {
      status: true,
      code: 200,
      message: 'Success',
      result: {
        count: 2,
        modules: [
          {
            module: 'future',
            tools: [
              {
                slug: 'new-tool',
                operationId: 'future.newTool',
                name: 'New',
                description: 'A tool this client does not know',
                method: 'GET',
                path: '/api/v1/future/new-tool',
                cost: 1,
                inputSchema: {},
              },
              {
                slug: 'new-file',
                operationId: 'future.newFile',
                name: 'File',
                description: 'Returns a file',
                method: 'POST',
                path: '/api/v1/future/new-file',
                cost: 1,
                inputSchema: {},
              },
            ],
          },
        ],
      },
    };
    script = [
      { status: 200, body: catalog },
      envelope({ answer: 42 }),
      envelope({
        fileId: 'f1',
        downloadUrl: '/files/f1/out.txt',
        expiresAt: '2030-01-01T00:00:00Z',
        fileName: 'out.txt',
        mimeType: 'text/plain',
        sizeBytes: 2,
      }),
      { status: 200, body: 'hi' },
    ];
    const api = client();
    assert.deepEqual(await api.callDynamic('future.newTool', { q: 'x', n: 2 }), { answer: 42 });
    assert.equal(double.requests[0]?.url, '/api/v1/catalog');
    assert.equal(double.requests[1]?.method, 'GET', 'the catalog says GET: fields go in the query string');
    assert.equal(double.requests[1]?.url, '/api/v1/future/new-tool?q=x&n=2');
    const file = (await api.callDynamic('future.newFile', {})) as { download(): Promise<Uint8Array> };
    assert.equal(new TextDecoder().decode(await file.download()), 'hi', 'a file result gets download() too');
    assert.equal(double.requests[3]?.url, '/files/f1/out.txt');
    assert.equal(double.requests[3]?.headers['x-api-key'], undefined);
  });

  test('a non-JSON error page (a proxy) still becomes a ToolApiError with its text as detail', async () => {
    script = [{ status: 502, body: '<html><body>Bad gateway</body></html>' }];
    await assert.rejects(client().textUtilities.reverseText({ text: 'a' }), (error: unknown) => {
      assert.ok(error instanceof ToolApiError);
      assert.equal(error.status, 502);
      assert.equal(error.error, 'upstream_failed');
      assert.match(error.detail, /Bad gateway/);
      return true;
    });
  });
});
