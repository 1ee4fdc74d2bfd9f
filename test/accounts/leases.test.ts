import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createTestDatabase } from '../helpers/postgres.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';

/**
 * Credit leases on PostgreSQL (docs/architecture.md, "Metering"), with two instances on one database:
 * what one instance leased and did not spend goes back once idle, so the other can spend the plan to the last
 * credit, and never past it.
 */
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const TOOL = '/api/v1/text-utilities/reverse-text';
let a: TestServer;
let b: TestServer;

/** Holds the plans file; removed after the run. */
let dir: string | undefined;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolapi-leases-'));
  const plans = path.join(dir, 'plans.json');
  writeFileSync(plans, JSON.stringify({ sixteen: { monthlyCredits: 16, ratePerMinute: 100_000, bulkUrlLimit: 5 } }));
  const env = { TOOLAPI_DATABASE_URL: await createTestDatabase('leases'), TOOLAPI_PLANS: plans, TOOLAPI_OFFICE_WORKERS: '0' };
  a = await startTestServer(env);
  b = await startTestServer(env);
});
after(async () => {
  await Promise.all([a?.close(), b?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a block one instance leased and left idle goes back: the other spends the plan to the last credit, and no further', async () => {
  const account = (await (
    await a.post('/api/v1/accounts', { email: `lease-${Date.now()}@example.test`, plan: 'sixteen', emailVerified: true }, ADMIN)
  ).json()) as { result: { accountId: string } };
  const key = ((await (await a.post('/api/v1/api-keys', { accountId: account.result.accountId }, ADMIN)).json()) as { result: { key: string } }).result.key;
  const headers = { 'x-api-key': key };

  // A leases a block of 2 (1/8 of 16) and spends 1; B sees 1 credit held elsewhere until A gives it back.
  const first = await a.post(TOOL, { text: 'a' }, headers);
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('x-quota-remaining'), '15');
  const usage = (await (await b.get('/api/v1/usage', headers)).json()) as { result: { used: number } };
  assert.equal(usage.result.used, 1, 'usage counts what was spent, not what is leased');

  await new Promise((resolve) => setTimeout(resolve, 2500));
  const statuses: number[] = [];
  for (let i = 0; i < 16; i++) statuses.push((await b.post(TOOL, { text: 'b' }, headers)).status);
  assert.deepEqual(statuses, [...Array<number>(15).fill(200), 429]);
  const after = (await (await a.get('/api/v1/usage', headers)).json()) as { result: { used: number; remaining: number } };
  assert.deepEqual([after.result.used, after.result.remaining], [16, 0]);
});
