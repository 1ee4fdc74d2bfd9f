import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { ToolError } from '../../core/errors.ts';
import { aiProviderOf, createAiProvider, extractJson, parseRetryAfter, type AiProvider } from './index.ts';
import { completion, startOpenAiDouble } from '../../../test/helpers/openai-double.ts';

/**
 * The OpenAI-compatible adapter against a TEST DOUBLE server on loopback (see test/helpers/openai-double.ts for why:
 * no real provider is reachable here, and a real model would not be deterministic). The double records
 * each request, so these tests check the wire format, headers, retries, timeouts and usage reporting.
 */

const double = await startOpenAiDouble();
after(() => double.close());
beforeEach(() => double.reset());

/**
 * The timeout of every test not about timeouts: ample, since on a loaded machine the small test files' process may
 * still be importing the next files (seconds of synchronous module loading) while the first request is answered.
 */
const AMPLE_MS = 30_000;

function provider(overrides: { timeoutMs?: number; apiKey?: string | undefined; model?: string | undefined } = {}, retryBaseMs = 5): AiProvider {
  const p = createAiProvider(
    {
      baseUrl: double.baseUrl,
      apiKey: 'apiKey' in overrides ? overrides.apiKey : 'sk-test-secret',
      model: 'model' in overrides ? overrides.model : 'test-model',
      timeoutMs: overrides.timeoutMs ?? AMPLE_MS,
    },
    { retryBaseMs, random: () => 0.5 },
  );
  assert.ok(p);
  return p;
}

const signal = (): AbortSignal => new AbortController().signal;

describe('createAiProvider', () => {
  test('no base URL means no provider (the tools run locally)', () => {
    assert.equal(createAiProvider({ baseUrl: undefined, apiKey: 'x', model: 'm', timeoutMs: 1000 }), undefined);
  });

  test('aiProviderOf reads the provider from the engines', () => {
    const p = provider();
    assert.equal(aiProviderOf({ engines: { ai: p } as never }), p);
    assert.equal(aiProviderOf({ engines: {} }), undefined);
  });
});

describe('OpenAI-compatible chat completions', () => {
  test('sends model, messages, max_tokens, temperature and the bearer key; reports usage', async () => {
    double.queue.push(completion('Hello back', { prompt: 21, completion: 3 }, 'test-model-2024'));
    const answer = await provider().complete({ system: 'Be brief.', prompt: 'Hello', maxTokens: 50, temperature: 0.2, signal: signal() });
    assert.equal(answer.text, 'Hello back');
    assert.equal(answer.model, 'test-model-2024');
    assert.deepEqual(answer.usage, { promptTokens: 21, completionTokens: 3, totalTokens: 24 });
    assert.equal(double.requests.length, 1);
    const [request] = double.requests;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.path, '/v1/chat/completions');
    assert.equal(request!.headers.authorization, 'Bearer sk-test-secret');
    assert.match(String(request!.headers['content-type']), /application\/json/);
    assert.deepEqual(request!.body, {
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
      ],
      max_tokens: 50,
      temperature: 0.2,
    });
  });

  test('without an API key no Authorization header is sent; without a model the default is asked for', async () => {
    await provider({ apiKey: undefined, model: undefined }).complete({ prompt: 'x', signal: signal() });
    const [request] = double.requests;
    assert.equal(request!.headers.authorization, undefined);
    assert.equal(request!.body.model, 'gpt-4o-mini');
    assert.deepEqual(request!.body.messages, [{ role: 'user', content: 'x' }]);
    assert.equal('max_tokens' in request!.body, false);
  });

  test('429 with Retry-After is retried after the stated wait, then succeeds', async () => {
    double.queue.push({ status: 429, headers: { 'retry-after': '1' }, json: { error: { message: 'Rate limit reached' } } }, completion('after wait'));
    const started = Date.now();
    const answer = await provider().complete({ prompt: 'x', signal: signal() });
    assert.equal(answer.text, 'after wait');
    assert.equal(double.requests.length, 2);
    const gap = double.requests[1]!.at - double.requests[0]!.at;
    assert.ok(gap >= 950, `waited ${gap} ms; Retry-After asked for 1000`);
    assert.ok(Date.now() - started < 4000);
  });

  test('a 500 is retried with backoff, then succeeds', async () => {
    double.queue.push({ status: 500, json: { error: { message: 'boom' } } }, completion('recovered'));
    const answer = await provider().complete({ prompt: 'x', signal: signal() });
    assert.equal(answer.text, 'recovered');
    assert.equal(double.requests.length, 2);
  });

  test('retries stop after 3 tries: overload is a 503 with Retry-After for the client', async () => {
    double.fallback = () => ({ status: 503, json: { error: { message: 'overloaded' } } });
    await assert.rejects(provider().complete({ prompt: 'x', signal: signal() }), (error: unknown) => {
      assert.ok(error instanceof ToolError);
      assert.equal(error.code, 'service_unavailable');
      assert.equal(error.status, 503);
      assert.match(error.detail, /HTTP 503: overloaded/);
      assert.match(error.detail, /after 3 tries/);
      assert.ok(Number(error.headers['retry-after']) >= 1);
      return true;
    });
    assert.equal(double.requests.length, 3);
  });

  test('a 502 three times is upstream_failed (502) after 3 tries', async () => {
    double.fallback = () => ({ status: 502, text: 'bad gateway' });
    await assert.rejects(provider().complete({ prompt: 'x', signal: signal() }), (error: unknown) => {
      assert.ok(error instanceof ToolError);
      assert.equal(error.code, 'upstream_failed');
      assert.equal(error.status, 502);
      return true;
    });
    assert.equal(double.requests.length, 3);
  });

  test('401 is not retried and names the setting to check', async () => {
    double.queue.push({ status: 401, json: { error: { message: 'Incorrect API key provided' } } });
    await assert.rejects(provider().complete({ prompt: 'x', signal: signal() }), (error: unknown) => {
      assert.ok(error instanceof ToolError);
      assert.equal(error.code, 'upstream_failed');
      assert.match(error.detail, /TOOLAPI_AI_API_KEY/);
      assert.doesNotMatch(error.detail, /sk-test-secret/, 'the key never appears in an error');
      return true;
    });
    assert.equal(double.requests.length, 1);
  });

  test('a provider that does not answer in time gives a clear timeout error', async () => {
    double.fallback = () => ({ hang: true });
    const started = Date.now();
    await assert.rejects(provider({ timeoutMs: 300 }).complete({ prompt: 'x', signal: signal() }), (error: unknown) => {
      assert.ok(error instanceof ToolError);
      assert.equal(error.code, 'timeout');
      assert.match(error.detail, /did not answer within 300 ms \(TOOLAPI_AI_TIMEOUT_MS\)/);
      return true;
    });
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 280 && elapsed < 2000, `gave up after ${elapsed} ms`);
  });

  test("the caller aborting (tool deadline) stops the call with the caller's reason", async () => {
    double.fallback = () => ({ hang: true });
    const controller = new AbortController();
    const reason = new ToolError('timeout', 'The tool did not finish within 10 ms');
    setTimeout(() => controller.abort(reason), 50);
    await assert.rejects(provider().complete({ prompt: 'x', signal: controller.signal }), (error: unknown) => error === reason);
  });

  test('missing usage is estimated and flagged', async () => {
    // A double of its own: a retry still in flight from an earlier test must not take this answer.
    const own = await startOpenAiDouble();
    try {
      own.queue.push(completion('abcdefgh', null));
      const p = createAiProvider(
        { baseUrl: own.baseUrl, apiKey: 'sk-test-secret', model: 'test-model', timeoutMs: AMPLE_MS },
        { retryBaseMs: 5, random: () => 0.5 },
      );
      assert.ok(p);
      const answer = await p.complete({ prompt: '1234567890123456', signal: signal() });
      assert.deepEqual(answer.usage, { promptTokens: 4, completionTokens: 2, totalTokens: 6, estimated: true });
    } finally {
      await own.close();
    }
  });

  test('an answer that is not the OpenAI shape is upstream_failed, not a crash', async () => {
    double.queue.push({ status: 200, text: '<html>proxy login</html>' });
    await assert.rejects(
      provider().complete({ prompt: 'x', signal: signal() }),
      (error: unknown) => error instanceof ToolError && error.code === 'upstream_failed',
    );
    double.queue.push({ status: 200, json: { choices: [] } });
    await assert.rejects(
      provider().complete({ prompt: 'x', signal: signal() }),
      (error: unknown) => error instanceof ToolError && error.code === 'upstream_failed',
    );
  });

  test('an unreachable provider is upstream_failed after 3 tries', async () => {
    const closed = await startOpenAiDouble();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const p = createAiProvider({ baseUrl, apiKey: undefined, model: 'm', timeoutMs: AMPLE_MS }, { retryBaseMs: 5 });
    await assert.rejects(p!.complete({ prompt: 'x', signal: signal() }), (error: unknown) => {
      assert.ok(error instanceof ToolError);
      assert.equal(error.code, 'upstream_failed');
      assert.match(error.detail, /could not be reached.*after 3 tries/);
      return true;
    });
  });
});

describe('helpers', () => {
  test('Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3)', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(null, now), undefined);
  });

  test('JSON answers are found inside fences and prose', () => {
    assert.deepEqual(extractJson('```json\n{"a": 1}\n```'), { a: 1 });
    assert.deepEqual(extractJson('Sure! Here it is: {"keywords": ["x"]} Hope that helps.'), { keywords: ['x'] });
    assert.deepEqual(extractJson('[1, 2]'), [1, 2]);
    assert.equal(extractJson('no json at all'), undefined);
  });
});
