import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallContext, McpCore, MetaTool } from './meta/define.ts';
import { TASK_TOOLS } from './meta/job-runs.ts';
import { RUN_RETENTION_MS, type RunRecord } from './runs.ts';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * MCP tasks (protocol 2025-11-25, "Tasks"): the standard form of the async runs. A `tools/call` of a job tool with
 * `params.task` is accepted like `async: true` (the same run, queue, billing and webhook) and answered with the
 * task; its taskId is the runId, so get_run and toolapi://runs/{runId} read the same run. tasks/get, tasks/result
 * (blocks until the run ends) and tasks/list serve the caller's account only. Runs cannot be stopped once
 * queued, so `tasks/cancel` is not offered.
 */
export const TASKS_CAPABILITY = { list: {}, requests: { tools: { call: {} } } };

/** How often a client should poll tasks/get (the queue picks a run up within this). */
const POLL_INTERVAL_MS = 1000;
/** tasks/result re-reads an unfinished run this often. */
const WAIT_STEP_MS = 200;
const PAGE_SIZE = 50;

function statusOf(run: RunRecord): Task['status'] {
  if (run.status === 'accepted') return 'working';
  return run.status === 'error' ? 'failed' : 'completed';
}

export function taskOf(run: RunRecord): Task {
  return {
    taskId: run.runId,
    status: statusOf(run),
    ttl: RUN_RETENTION_MS,
    createdAt: run.createdAt,
    lastUpdatedAt: run.finishedAt ?? run.createdAt,
    pollInterval: POLL_INTERVAL_MS,
    ...(run.error ? { statusMessage: run.error } : {}),
  };
}

/** What the tools/call would have returned had it run at once: the job's result, or its error as an isError result. */
function resultOf(run: RunRecord): CallToolResult {
  const text = JSON.stringify(run.result);
  if (run.status === 'error') return { isError: true, content: [{ type: 'text', text }] };
  return { content: [{ type: 'text', text }], structuredContent: run.result as Record<string, unknown> };
}

/** Accepts a task-augmented tools/call: the tool's own async path, answered with the task. */
export async function createTask(tool: MetaTool, args: unknown, ctx: CallContext, core: McpCore): Promise<{ task: Task }> {
  if (!TASK_TOOLS.has(tool.name))
    throw new McpError(-32601, `${tool.name} does not run as a task (execution.taskSupport is forbidden); call it without params.task.`);
  const accepted = await tool.call({ ...(args as Record<string, unknown> | undefined), async: true }, ctx, core);
  const run = await core.runs.get(String(accepted.runId), ctx.accountId);
  if (!run) throw new McpError(-32603, 'the accepted run could not be read back');
  return { task: taskOf(run) };
}

function notFound(taskId: string): McpError {
  return new McpError(-32602, `taskId: "${taskId}" does not exist, has expired or belongs to another account.`);
}

/** tasks/get, tasks/result and tasks/list for the caller of each request. */
export function registerTaskHandlers(server: Server, core: McpCore, accountOf: (extra: Extra) => string): void {
  server.setRequestHandler(GetTaskRequestSchema, async (request, extra) => {
    const run = await core.runs.get(request.params.taskId, accountOf(extra));
    if (!run) throw notFound(request.params.taskId);
    return taskOf(run);
  });
  server.setRequestHandler(GetTaskPayloadRequestSchema, async (request, extra) => {
    const accountId = accountOf(extra);
    for (;;) {
      const run = await core.runs.get(request.params.taskId, accountId);
      if (!run) throw notFound(request.params.taskId);
      if (run.status !== 'accepted') return { ...resultOf(run), _meta: { [RELATED_TASK_META_KEY]: { taskId: run.runId } } };
      if (extra.signal.aborted) throw new McpError(-32800, 'tasks/result was cancelled');
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  });
  server.setRequestHandler(ListTasksRequestSchema, async (request, extra) => {
    const offset = request.params?.cursor ? Number.parseInt(Buffer.from(request.params.cursor, 'base64url').toString('utf8'), 10) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw new McpError(-32602, 'cursor: not a cursor this server gave; start again without one.');
    const runs = await core.runs.list(accountOf(extra), offset, PAGE_SIZE + 1);
    const tasks = runs
      .slice(0, PAGE_SIZE)
      .filter((run) => TASK_TOOLS.has(run.tool))
      .map(taskOf);
    return { tasks, ...(runs.length > PAGE_SIZE ? { nextCursor: Buffer.from(String(offset + PAGE_SIZE)).toString('base64url') } : {}) };
  });
}
