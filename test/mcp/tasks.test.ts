import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, CreateTaskResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';
import { call, connectHttp, usage, withServerAndClient } from './mcp-client.ts';

/**
 * MCP tasks (protocol 2025-11-25) with the SDK's own client over Streamable HTTP on a real socket: a job tool
 * called with params.task is accepted as a task, polled with tasks/get, its result read with tasks/result, listed
 * with tasks/list; it is the same run get_run reads, billed once, and invisible to another account.
 */
let server: TestServer;
let client: Client;

withServerAndClient((started, connected) => {
  server = started;
  client = connected;
});

async function otherAccountKey(): Promise<string> {
  const headers = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const account = (await (
    await fetch(`${server.url}/api/v1/accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: `tasks-${Date.now()}@example.test`, emailVerified: true }),
    })
  ).json()) as { result: { accountId: string } };
  const key = (await (
    await fetch(`${server.url}/api/v1/api-keys`, { method: 'POST', headers, body: JSON.stringify({ accountId: account.result.accountId }) })
  ).json()) as { result: { key: string } };
  return key.result.key;
}

function callAsTask(name: string, args: Record<string, unknown>) {
  return client.request({ method: 'tools/call', params: { name, arguments: args, task: { ttl: 60_000 } } }, CreateTaskResultSchema);
}

describe('MCP tasks', () => {
  test('the server declares task support for tools/call, and the job tools say taskSupport optional', async () => {
    assert.ok(client.getServerCapabilities()?.tasks?.requests?.tools?.call);
    const { tools } = await client.listTools();
    const support = Object.fromEntries(tools.map((t) => [t.name, t.execution?.taskSupport]));
    for (const name of ['solve_task', 'run_workflow', 'run_playbook', 'verify_task']) assert.equal(support[name], 'optional', name);
    for (const name of ['plan_task', 'discover_tools', 'get_run']) assert.equal(support[name], 'forbidden', name);
  });

  test('solve_task as a task: created working, its result through tasks/result, the same run as get_run, billed once', async () => {
    const before = await usage(server.url, server.key);
    const created = await callAsTask('solve_task', { goal: "reverse the text 'stressed'" });
    const { taskId } = created.task;
    assert.ok(['working', 'completed'].includes(created.task.status));
    assert.ok(!Number.isNaN(Date.parse(created.task.createdAt)));

    const result = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    assert.equal(result.isError, undefined);
    const report = result.structuredContent as { status: string; steps: Array<{ result?: { text?: string } }>; creditsUsed: number };
    assert.equal(report.status, 'completed');
    assert.equal(report.steps[0]?.result?.text, [...'stressed'].reverse().join(''));

    const task = await client.experimental.tasks.getTask(taskId);
    assert.equal(task.status, 'completed');
    assert.ok(Date.parse(task.lastUpdatedAt) >= Date.parse(task.createdAt));

    const run = await call(client, 'get_run', { runId: taskId });
    assert.equal(run.status, 'completed');
    assert.deepEqual(run.result, report);
    assert.equal(await usage(server.url, server.key), before + report.creditsUsed);

    const listed = await client.experimental.tasks.listTasks();
    assert.ok(listed.tasks.some((t) => t.taskId === taskId && t.status === 'completed'));
  });

  test('a task whose run fails ends failed, and tasks/result returns the error as an isError result', async () => {
    const created = await callAsTask('run_workflow', { workflowId: 'no-such-workflow' });
    const result = await client.experimental.tasks.getTaskResult(created.task.taskId, CallToolResultSchema);
    assert.equal(result.isError, true);
    const body = JSON.parse((result.content[0] as { text: string }).text) as { error: string };
    assert.equal(body.error, 'not_found');
    assert.equal((await client.experimental.tasks.getTask(created.task.taskId)).status, 'failed');
  });

  test('bad arguments are refused before a task exists; a tool without task support refuses params.task', async () => {
    await assert.rejects(callAsTask('solve_task', {}), (error: unknown) => error instanceof McpError && /goal/.test(error.message));
    await assert.rejects(callAsTask('discover_tools', { query: 'hash' }), (error: unknown) => error instanceof McpError && error.code === -32601);
  });

  test('another account cannot see the task', async () => {
    const created = await callAsTask('solve_task', { goal: "reverse the text 'mine'" });
    await client.experimental.tasks.getTaskResult(created.task.taskId, CallToolResultSchema);
    const other = await connectHttp(server.url, await otherAccountKey());
    try {
      await assert.rejects(other.experimental.tasks.getTask(created.task.taskId), McpError);
      await assert.rejects(other.experimental.tasks.getTaskResult(created.task.taskId, CallToolResultSchema), McpError);
      assert.ok(!(await other.experimental.tasks.listTasks()).tasks.some((t) => t.taskId === created.task.taskId));
    } finally {
      await other.close();
    }
  });
});
