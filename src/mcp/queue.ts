import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { PgBoss } from 'pg-boss';
import type { AccountSystem } from '../accounts/index.ts';
import type { Principal } from '../accounts/accounts.ts';
import { asToolError, errorBody, ToolError } from '../core/errors.ts';
import type { InvokeDeps, InvokeResult } from '../core/invoke.ts';
import { successBody } from '../core/envelope.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import type { Registry } from '../registry/registry.ts';
import type { Agent } from './agent.ts';
import { invokeWithFiles, storedText } from './file-inputs.ts';
import { TOOL_CALL_RUN, type RunRecord, type RunStatus, type RunStore } from './runs.ts';
import { runJobTool, type JobTool } from './meta/job-runs.ts';
import type { Webhooks } from './webhook.ts';

/**
 * Executes accepted runs. A run is billed to the account and key that started it without the raw key
 * ever being stored: the executor resolves the key's principal from its id (so a revoked key stops the
 * run) and calls the pipeline with that principal as the caller's identity. The gate is the accounts
 * system's own, so plan, rate limit and credits apply unchanged.
 */
export interface RunExecutor {
  /** Claims and executes the run; resolves when it is finished (or was taken by another instance). */
  execute(runId: string): Promise<void>;
  /** Runs in progress here. */
  inFlight(): number;
  /** Aborts what still runs here. */
  abortAll(reason: string): void;
  readonly owner: string;
}

export interface ExecutorDeps {
  registry: Registry;
  runs: RunStore;
  agent: Agent;
  accounts: AccountSystem;
  invokeDeps: InvokeDeps;
  webhooks: Webhooks;
  logger: Logger;
  now: () => Date;
}

/** How long a claim holds without renewal; renewed every third of it while the run executes. */
export const LEASE_MS = 30_000;

export function createRunExecutor(deps: ExecutorDeps): RunExecutor {
  const owner = `instance_${randomUUID()}`;
  const controllers = new Set<AbortController>();

  const principalOf = async (run: RunRecord): Promise<Principal> => {
    const account = await deps.accounts.accounts.getAccount(run.accountId);
    const key = (await deps.accounts.accounts.listKeys(run.accountId)).find((k) => k.id === run.keyId);
    if (!account || !key || key.revokedAt) throw new ToolError('unauthorized', 'X-Api-Key: the key that started this run was revoked before it ran.');
    const plan = deps.accounts.plans.get(account.plan);
    if (!plan) throw new ToolError('forbidden', `account: unknown plan ${account.plan}.`);
    return { accountId: account.accountId, keyId: key.id, plan, emailVerified: account.emailVerified, allowedTools: key.allowedTools };
  };

  return {
    owner,
    inFlight: () => controllers.size,
    abortAll(reason) {
      for (const c of controllers) c.abort(new ToolError('service_unavailable', reason));
    },
    async execute(runId) {
      const run = await deps.runs.claim(runId, owner, LEASE_MS);
      if (!run) return;
      const log = deps.logger.child({ runId, tool: run.tool });
      const controller = new AbortController();
      controllers.add(controller);
      const renew = setInterval(() => {
        deps.runs.renew(runId, owner, LEASE_MS).catch((error: unknown) => log.warn({ err: error }, 'run lease renewal failed'));
      }, LEASE_MS / 3);
      renew.unref();
      let outcome: { status: Exclude<RunStatus, 'accepted'>; resultStatus: string | null; result: unknown; error?: string | null };
      try {
        const identity = await principalOf(run);
        const caller = {
          accountId: run.accountId,
          invoker: {
            signal: controller.signal,
            invoke: (tool: AnyTool, input: unknown, label: string) =>
              invokeWithFiles(tool, input, { requestId: `${run.runId}:${label}`, log, signal: controller.signal, identity }, deps.invokeDeps, run.accountId),
            readText: (fileId: string, label: string) => storedText(deps.invokeDeps, run.accountId, fileId, label),
          },
        };
        const result =
          run.tool === TOOL_CALL_RUN
            ? await runToolCall(run, caller.invoker, deps.registry)
            : await runJobTool(run.tool as JobTool, run.request, caller, deps.agent);
        const resultStatus = typeof result.status === 'string' ? result.status : null;
        outcome = { status: runStatusOf(resultStatus), resultStatus, result };
      } catch (cause) {
        const error = asToolError(cause);
        if (error.status >= 500) log.error({ err: cause }, 'async run failed');
        outcome = { status: 'error', resultStatus: 'error', result: errorBody(error), error: `${error.code}: ${error.detail}` };
      } finally {
        clearInterval(renew);
        controllers.delete(controller);
      }
      const finished = await deps.runs.finish(runId, owner, outcome);
      if (!finished) {
        log.warn('run was ended by another party (interrupted) before it finished here');
        return;
      }
      deps.webhooks.notify(run.accountId, {
        runId: run.runId,
        tool: run.tool,
        status: outcome.status,
        resultStatus: outcome.resultStatus,
        createdAt: run.createdAt,
        finishedAt: deps.now().toISOString(),
        summary: summaryOf(outcome.result),
      });
    },
  };
}

/** A REST async job (`Prefer: respond-async`): one tool call; its result is the envelope the call would have answered. */
async function runToolCall(
  run: RunRecord,
  invoker: { invoke(tool: AnyTool, input: unknown, label: string): Promise<InvokeResult> },
  registry: Registry,
): Promise<Record<string, unknown>> {
  const { operationId, input } = run.request as { operationId: string; input: unknown };
  const tool = registry.byOperationId(operationId);
  if (!tool) throw new ToolError('not_found', `tool: ${operationId} no longer exists on this server.`);
  const outcome = await invoker.invoke(tool, input, 'call');
  return successBody(tool.successStatus, tool.response === 'file' ? 'Conversion successful' : 'Success', outcome);
}

/** The run's status from the result's: a routing answer (suggest, need_input) or a verification is a completed run. */
export function runStatusOf(resultStatus: string | null): Exclude<RunStatus, 'accepted'> {
  if (resultStatus === 'partial') return 'partial';
  if (resultStatus === 'error') return 'error';
  return 'completed';
}

function summaryOf(result: unknown): Record<string, unknown> {
  if (typeof result !== 'object' || result === null) return {};
  const r = result as Record<string, unknown>;
  const delta = r.delta as { gate?: unknown } | undefined;
  return {
    ...(r.target ? { target: r.target } : {}),
    ...(typeof r.score === 'number' ? { score: r.score } : {}),
    ...(Array.isArray(r.findings) ? { findings: r.findings.length } : {}),
    ...(typeof r.creditsUsed === 'number' ? { creditsUsed: r.creditsUsed } : {}),
    ...(delta && typeof delta.gate === 'string' ? { gate: delta.gate } : {}),
  };
}

/** Where accepted runs go: in-process (embedded) or a PostgreSQL queue any instance works off. */
export interface JobQueue {
  enqueue(run: RunRecord): Promise<void>;
  close(): Promise<void>;
}

/** Embedded mode: the accepting process executes the run itself, after answering. */
export function createEmbeddedQueue(executor: RunExecutor, logger: Logger): JobQueue & { settled(): Promise<void> } {
  const running = new Set<Promise<void>>();
  return {
    async enqueue(run) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => executor.execute(run.runId))
        .catch((error: unknown) => logger.error({ err: error, runId: run.runId }, 'run execution failed'));
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    settled: async () => {
      await Promise.all([...running]);
    },
    close: async () => {},
  };
}

export const QUEUE_NAME = 'mcp-runs';

/** PostgreSQL mode: pg-boss carries run ids; every instance works the queue, so any of them executes. */
export async function createPgQueue(connectionString: string, executor: RunExecutor, logger: Logger): Promise<JobQueue> {
  // pg-boss is loaded only in PostgreSQL mode.
  const { PgBoss } = await import('pg-boss');
  const boss: PgBoss = new PgBoss({ connectionString, max: 4, schedule: false, useListenNotify: true, application_name: 'toolapi-mcp' });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'pg-boss error'));
  await boss.start();
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(QUEUE_NAME))) await boss.createQueue(QUEUE_NAME, { retryLimit: 0, expireInSeconds: 900, notify: true });
      break;
    } catch (error) {
      // Two instances starting together may race to create the queue; the loser finds it on the next look.
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  await boss.work<{ runId: string }>(QUEUE_NAME, { pollingIntervalSeconds: 0.5, localConcurrency: 4 }, async (jobs) => {
    for (const job of jobs) await executor.execute(job.data.runId);
  });
  return {
    async enqueue(run) {
      await boss.send(QUEUE_NAME, { runId: run.runId });
    },
    close: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
