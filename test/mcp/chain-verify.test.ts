import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type TestServer } from '../helpers/server.ts';
import { call, usage, withServerAndClient } from './mcp-client.ts';

/** verify_task on a chain's report, with the SDK client over Streamable HTTP: the whole chain runs again. */
let server: TestServer;
let client: Client;

withServerAndClient((started, connected) => {
  server = started;
  client = connected;
});

type Report = { status: string; chain?: string[]; creditsUsed: number; steps: Array<{ operationId: string; status: string; result?: unknown }> };

test('verify_task re-runs every step of a chain from its goal, bills each, and the fresh last result equals the baseline one', async () => {
  const goal = "reverse the text 'stressed desserts' then convert it to uppercase";
  const baseline = (await call(client, 'solve_task', { goal })) as unknown as Report;
  assert.equal(baseline.status, 'completed', JSON.stringify(baseline));
  const operations = baseline.steps.map((s) => s.operationId);
  assert.equal(operations.length, 2);
  assert.deepEqual(baseline.chain, operations);

  const before = await usage(server.url, server.key);
  const verified = await call(client, 'verify_task', { baseline });
  assert.equal(verified.status, 'verified', JSON.stringify(verified));
  const fresh = verified.after as Report;
  assert.deepEqual(
    fresh.steps.map((s) => [s.operationId, s.status]),
    operations.map((id) => [id, 'ok']),
    'both steps ran again, not only the first',
  );
  // The same deterministic steps on the same goal: the same final text.
  assert.deepEqual(fresh.steps.at(-1)?.result, baseline.steps.at(-1)?.result);
  assert.equal(verified.creditsUsed, baseline.creditsUsed);
  assert.equal(await usage(server.url, server.key), before + baseline.creditsUsed, 'each step billed once');
});

test('a chain report without its goal asks for the goal instead of re-running only the first step', async () => {
  const baseline = (await call(client, 'solve_task', { goal: "reverse the text 'abc' then convert it to uppercase" })) as unknown as Record<string, unknown>;
  const { goal: _goal, ...withoutGoal } = baseline;
  const result = await client.callTool({ name: 'verify_task', arguments: { baseline: withoutGoal } });
  assert.equal(result.isError, true);
  const body = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { error: string; detail: string };
  assert.equal(body.error, 'validation_failed');
  assert.match(body.detail, /^goal:/);
});
