import assert from 'node:assert/strict';
import { statSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase } from '../helpers/postgres.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';

/** CONTRACT "Accounts, keys, plans" and "Quota and rate limits", run against both store adapters. */
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const TOOL = '/api/v1/text-utilities/reverse-text';

interface Envelope<T = Record<string, unknown>> {
  status: boolean;
  code: number;
  result: T;
  error?: string;
  detail?: string;
}

async function json<T = Record<string, unknown>>(response: Response): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

function plansFile(dir: string): string {
  const file = path.join(dir, 'plans.json');
  writeFileSync(
    file,
    JSON.stringify({
      tiny: { monthlyCredits: 50, ratePerMinute: 100_000, bulkUrlLimit: 5 },
      slow: { monthlyCredits: 1000, ratePerMinute: 3, bulkUrlLimit: 5 },
      nodocs: { monthlyCredits: 1000, ratePerMinute: 1000, bulkUrlLimit: 5, blockedTools: ['text-utilities/*'] },
    }),
  );
  return file;
}

for (const adapter of ['sqlite', 'postgres'] as const) {
  describe(`accounts on ${adapter}`, () => {
    let server: TestServer;
    let clock = new Date('2026-03-31T23:59:00Z');

    before(async () => {
      const env: Record<string, string> = {};
      if (adapter === 'postgres') env.TOOLAPI_DATABASE_URL = await createTestDatabase('accounts');
      server = await startTestServer(env, { now: () => clock });
      // Plans are read at startup: restart on the same store with the test plans file.
      const dataDir = server.dataDir;
      await server.service.close();
      server = await startTestServer({ ...env, TOOLAPI_DATA_DIR: dataDir, TOOLAPI_PLANS: plansFile(dataDir) }, { now: () => clock });
    });
    after(async () => {
      await server.close();
    });

    async function newAccount(plan: string, emailVerified = true): Promise<{ accountId: string; key: string }> {
      const email = `${plan}-${Math.random().toString(36).slice(2)}@example.test`;
      const account = await json<{ accountId: string }>(await server.post('/api/v1/accounts', { email, plan, emailVerified }, ADMIN));
      const key = await json<{ key: string }>(await server.post('/api/v1/api-keys', { accountId: account.result.accountId }, ADMIN));
      return { accountId: account.result.accountId, key: key.result.key };
    }

    test('the first start made a verified local account whose key works and sits in first-api-key.txt (0600)', async () => {
      const file = path.join(server.dataDir, 'first-api-key.txt');
      const stored = readFileSync(file, 'utf8').trim();
      assert.match(stored, /^tk_[0-9A-Za-z]{40}$/);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.equal(server.service.firstKey, undefined, 'a later start makes no new key');
      const response = await server.post(TOOL, { text: 'ab' }, { 'x-api-key': stored });
      assert.equal(response.status, 200);
    });

    test('admin creates accounts (201; duplicate e-mail 409) and keys; keys need the admin token', async () => {
      const email = `admin-${Math.random().toString(36).slice(2)}@Example.test`;
      const response = await server.post('/api/v1/accounts', { email, plan: 'pro', emailVerified: true }, ADMIN);
      assert.equal(response.status, 201);
      const account = await json(response);
      assert.deepEqual(Object.keys(account.result).sort(), ['accountId', 'createdAt', 'email', 'emailVerified', 'plan', 'status', 'statusReason']);
      assert.equal(account.result.status, 'active', 'a new account is active');
      assert.equal(account.result.email, email.toLowerCase());
      const duplicate = await server.post('/api/v1/accounts', { email, plan: 'pro' }, ADMIN);
      assert.equal(duplicate.status, 409);
      assert.equal((await json(duplicate)).error, 'conflict');
      assert.equal((await server.post('/api/v1/accounts', { email: 'x@example.test' }, { authorization: 'Bearer wrong' })).status, 401);
      assert.equal((await server.post('/api/v1/accounts', { email: 'not-an-email' }, ADMIN)).status, 400);

      const keyResponse = await server.post('/api/v1/api-keys', { accountId: account.result.accountId, name: 'ci', allowedTools: ['text-utilities/*'] }, ADMIN);
      assert.equal(keyResponse.status, 201);
      const key = await json(keyResponse);
      assert.deepEqual(Object.keys(key.result).sort(), ['allowedTools', 'createdAt', 'id', 'key', 'lastUsedAt', 'name', 'prefix', 'revokedAt']);
      assert.match(String(key.result.key), /^tk_[0-9A-Za-z]{32,}$/);
      assert.ok(String(key.result.key).startsWith(String(key.result.prefix)));
    });

    test('a key makes, lists and revokes keys of its own account; the secret is in exactly one response and no log', async () => {
      const { key } = await newAccount('free');
      const createdResponse = await server.post('/api/v1/api-keys', { name: 'second' }, { 'x-api-key': key });
      assert.equal(createdResponse.status, 201);
      const createdText = await createdResponse.text();
      const second = (JSON.parse(createdText) as Envelope<{ id: string; key: string }>).result;

      const listText = await (await server.get('/api/v1/api-keys', { 'x-api-key': key })).text();
      const list = (JSON.parse(listText) as Envelope<{ keys: { id: string; name: string }[] }>).result.keys;
      assert.deepEqual(
        list.map((k) => k.name),
        ['default', 'second'],
      );
      assert.ok(!listText.includes(second.key), 'listing never shows a secret');
      assert.ok(!server.logs.some((line) => line.includes(second.key) || line.includes(key)), 'no key in the logs');

      assert.equal((await server.post(TOOL, { text: 'x' }, { 'x-api-key': second.key })).status, 200);
      const revoked = await fetch(`${server.url}/api/v1/api-keys/${second.id}`, { method: 'DELETE', headers: { 'x-api-key': key } });
      assert.equal(revoked.status, 200);
      const after = await server.post(TOOL, { text: 'x' }, { 'x-api-key': second.key });
      assert.equal(after.status, 401);
      assert.equal((await json(after)).error, 'unauthorized');
      const again = await fetch(`${server.url}/api/v1/api-keys/${second.id}`, { method: 'DELETE', headers: { 'x-api-key': key } });
      assert.equal(again.status, 404);
    });

    test('missing or invalid keys get 401 on tool routes; catalogs, docs and health stay public', async () => {
      for (const headers of [{ 'x-api-key': '' }, { 'x-api-key': 'tk_nope' }, { 'x-api-key': `tk_${'A'.repeat(40)}` }]) {
        const response = await server.post(TOOL, { text: 'x' }, headers);
        assert.equal(response.status, 401);
        assert.equal((await json(response)).error, 'unauthorized');
      }
      const noBody = await fetch(server.url + TOOL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":1}' });
      assert.equal(noBody.status, 401, 'the key is checked before the body');
      for (const route of ['/api/v1/catalog', '/api/v1/text-utilities/catalog', '/api/v1/openapi.json', '/healthz']) {
        assert.equal((await fetch(server.url + route)).status, 200, route);
      }
      // /readyz answers without a key too: 503 while the warm LibreOffice pool starts, then 200.
      let ready = await fetch(`${server.url}/readyz`);
      for (let i = 0; i < 120 && ready.status === 503; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        ready = await fetch(`${server.url}/readyz`);
      }
      assert.equal(ready.status, 200, '/readyz');
    });

    test('usage reports the plan, period, used, limit, remaining, reset and rate; a failed call spends nothing', async () => {
      const { key } = await newAccount('free');
      assert.equal((await server.post(TOOL, { text: 'ab' }, { 'x-api-key': key })).status, 200);
      assert.equal((await server.post(TOOL, { text: 42 }, { 'x-api-key': key })).status, 400);
      assert.equal((await server.post(TOOL, {}, { 'x-api-key': key })).status, 400);
      const usage = await json(await server.get('/api/v1/usage', { 'x-api-key': key }));
      assert.deepEqual(usage.result, {
        plan: 'free',
        period: clock.toISOString().slice(0, 7),
        used: 1,
        limit: 500,
        remaining: 499,
        resetsAt: new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth() + 1, 1)).toISOString(),
        ratePerMinute: 60,
      });
    });

    test('200 concurrent calls with 50 credits left: exactly 50 successes and 150 quota_exceeded', async () => {
      const { key } = await newAccount('tiny');
      const responses = await Promise.all(Array.from({ length: 200 }, () => server.post(TOOL, { text: 'ab' }, { 'x-api-key': key })));
      const statuses = responses.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 50);
      assert.equal(statuses.filter((s) => s === 429).length, 150);
      const refused = await json(responses.find((r) => r.status === 429) as Response);
      assert.equal(refused.error, 'quota_exceeded');
      assert.match(String(refused.detail), /50 monthly credits/);
      const usage = await json(await server.get('/api/v1/usage', { 'x-api-key': key }));
      assert.equal(usage.result.used, 50);
      assert.equal(usage.result.remaining, 0);
    });

    test('the month rolls over at 00:00 UTC on the 1st (injected clock)', async () => {
      clock = new Date('2026-04-30T23:59:30Z');
      const { key } = await newAccount('tiny');
      await Promise.all(Array.from({ length: 50 }, () => server.post(TOOL, { text: 'a' }, { 'x-api-key': key })));
      assert.equal((await server.post(TOOL, { text: 'a' }, { 'x-api-key': key })).status, 429);
      clock = new Date('2026-05-01T00:00:05Z');
      assert.equal((await server.post(TOOL, { text: 'a' }, { 'x-api-key': key })).status, 200);
      const usage = await json(await server.get('/api/v1/usage', { 'x-api-key': key }));
      assert.deepEqual([usage.result.period, usage.result.used], ['2026-05', 1]);
    });

    test('rate limit: RateLimit headers on every keyed response, then 429 rate_limited with Retry-After', async () => {
      clock = new Date('2026-06-10T12:00:10Z');
      const { key } = await newAccount('slow');
      for (let i = 0; i < 3; i++) {
        const response = await server.post(TOOL, { text: 'a' }, { 'x-api-key': key });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('ratelimit-policy'), '"minute";q=3;w=60, "month";q=1000;w=2592000');
        assert.match(response.headers.get('ratelimit') ?? '', new RegExp(`^"minute";r=${2 - i};t=50, "month";r=${999 - i};t=\\d+$`));
        assert.equal(response.headers.get('x-quota-remaining'), String(999 - i));
      }
      const limited = await server.post(TOOL, { text: 'a' }, { 'x-api-key': key });
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '50');
      assert.equal((await json(limited)).error, 'rate_limited');
      const usage = await server.get('/api/v1/usage', { 'x-api-key': key });
      assert.ok(usage.headers.get('ratelimit'), 'non-tool keyed routes carry the headers too');
      assert.equal((await json(usage)).result.used, 3, 'a rate-limited call spends nothing');
      clock = new Date('2026-06-10T12:01:00Z');
      assert.equal((await server.post(TOOL, { text: 'a' }, { 'x-api-key': key })).status, 200, 'the next minute opens again');
    });

    test('403 for a tool the plan blocks, a tool outside the key allowedTools, and an unverified account', async () => {
      const blocked = await newAccount('nodocs');
      const response = await server.post(TOOL, { text: 'a' }, { 'x-api-key': blocked.key });
      assert.equal(response.status, 403);
      assert.match(String((await json(response)).detail), /not included in the nodocs plan/);

      const { accountId } = await newAccount('pro');
      const scoped = await json<{ key: string }>(await server.post('/api/v1/api-keys', { accountId, allowedTools: ['calculators/*'] }, ADMIN));
      const outside = await server.post(TOOL, { text: 'a' }, { 'x-api-key': scoped.result.key });
      assert.equal(outside.status, 403);
      assert.match(String((await json(outside)).detail), /may only call calculators\/\*/);

      const unverified = await newAccount('free', false);
      const refused = await server.post(TOOL, { text: 'a' }, { 'x-api-key': unverified.key });
      assert.equal(refused.status, 403);
      assert.match(String((await json(refused)).detail), /not verified/);
    });
  });
}
