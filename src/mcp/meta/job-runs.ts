import type { AnyTool } from '../../registry/define-tool.ts';
import { validationError } from '../../core/invoke.ts';
import type { Agent, AgentCaller } from '../agent.ts';
import { invokeWithFiles, storedText } from '../file-inputs.ts';
import type { StepInvoker } from '../jobs.ts';
import { defineMetaTool, runsTools, type CallContext, type McpCore, type MetaTool } from './define.ts';
import { withElicitation, type NeedsInput } from './elicit.ts';
import { asyncFlag, playbookRequest, solveRequest, verifyRequest, workflowRequest } from './schemas.ts';
import type { z } from 'zod';

/** The four meta-tools that run jobs: in the background with `async`, at once otherwise. */
const JOB_TOOLS = ['solve_task', 'run_workflow', 'run_playbook', 'verify_task'] as const;
export type JobTool = (typeof JOB_TOOLS)[number];

/** The meta-tools an MCP task can run (mcp/tasks.ts): those that take `async`, the job tools. */
export const TASK_TOOLS: ReadonlySet<string> = new Set<JobTool>(JOB_TOOLS);

/** Every step a call runs goes through the REST pipeline with the caller's key (docs/contract.md "MCP"). */
export function keyInvoker(ctx: CallContext, core: McpCore): StepInvoker {
  return {
    signal: ctx.signal,
    progress: ctx.progress,
    invoke: (tool: AnyTool, input: unknown, label: string) =>
      invokeWithFiles(
        tool,
        input,
        { requestId: `${ctx.requestId}:${label}`, log: ctx.log, signal: ctx.signal, identity: ctx.identity },
        core.invokeDeps,
        ctx.accountId,
      ),
    readText: (fileId: string, label: string) => storedText(core.invokeDeps, ctx.accountId, fileId, label),
  };
}

export function callerOf(ctx: CallContext, core: McpCore): AgentCaller {
  return { accountId: ctx.accountId, invoker: keyInvoker(ctx, core) };
}

function parsed<S extends z.ZodObject>(schema: S, request: Record<string, unknown>): z.infer<S> {
  const result = schema.safeParse(request);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** A job's request (the tool's input without `async`) and what the agent does with it. */
interface Job<S extends z.ZodObject, R extends NeedsInput> {
  request: S;
  run(agent: Agent, request: z.infer<S>, caller: AgentCaller): Promise<R>;
}

const job = <S extends z.ZodObject, R extends NeedsInput>(request: S, run: Job<S, R>['run']): Job<S, R> => ({ request, run });

/** The job tools whose call is the agent's method on the request: one table for the tool (sync) and the queue (async). */
const JOBS = {
  solve_task: job(solveRequest, (agent, request, caller) => agent.solve(request, caller)),
  run_workflow: job(workflowRequest, (agent, request, caller) => agent.runWorkflow(request, caller)),
  run_playbook: job(playbookRequest, (agent, request, caller) => agent.runPlaybook(request, caller)),
};

/** Runs a queued job request (stored as the tool's input without `async`) for its caller. */
export async function runJobTool(tool: JobTool, request: Record<string, unknown>, caller: AgentCaller, agent: Agent): Promise<Record<string, unknown>> {
  if (tool === 'verify_task') return { ...(await agent.verify(parsed(verifyRequest, request), caller)) };
  const { request: schema, run } = JOBS[tool] as Job<z.ZodObject, NeedsInput>;
  return { ...(await run(agent, parsed(schema, request), caller)) };
}

/** Stores and queues a run for `async: true`; the answer the client polls get_run with. */
export async function accept(tool: JobTool, request: Record<string, unknown>, ctx: CallContext, core: McpCore) {
  const run = await core.runs.create({ accountId: ctx.accountId, keyId: ctx.keyId, tool, request });
  await core.enqueue(run);
  return {
    status: 'accepted' as const,
    runId: run.runId,
    createdAt: run.createdAt,
    hint: 'The run continues in the background; it is billed as it executes. Poll get_run until status is not "accepted".',
    nextActions: [`Call get_run {"runId": "${run.runId}"} until status is completed, partial or error; then read resultStatus and result.`],
    creditsUsed: 0,
  };
}

/**
 * The handler of a job tool: accepted as a run with `async: true`, else run at once, asking the user for missing
 * fields when the client can be asked (elicit.ts).
 */
export function jobHandler<A extends { async?: boolean | undefined; input?: Record<string, unknown> | undefined }, R extends NeedsInput>(
  tool: JobTool,
  run: (agent: Agent, request: Omit<A, 'async'>, caller: AgentCaller) => Promise<R>,
) {
  return async ({ async: background, ...request }: A, ctx: CallContext, core: McpCore) =>
    background
      ? accept(tool, request, ctx, core)
      : { ...(await withElicitation(request.input, ctx, core, (input) => run(core.agent, { ...request, input }, callerOf(ctx, core)))) };
}

/**
 * A meta-tool that runs its job: the request plus `async`, the job's output, and the handler above. verify_task
 * checks its baseline first and is declared on its own (verify-task.ts).
 */
export function defineJobTool(
  name: keyof typeof JOBS,
  { title, description, output }: { title: string; description: string; output: z.ZodType<Record<string, unknown>> },
): MetaTool {
  const { request, run } = JOBS[name] as Job<z.ZodObject, NeedsInput>;
  // The job's result is what `output` describes (the agent's types); the handler's union with `accepted` erases that.
  const handler = jobHandler(name, run) as (args: Record<string, unknown>, ctx: CallContext, core: McpCore) => Promise<Record<string, unknown>>;
  return defineMetaTool({ name, title, description, input: request.extend({ async: asyncFlag }), output, annotations: runsTools, handler });
}
