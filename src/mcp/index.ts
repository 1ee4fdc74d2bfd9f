import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AccountSystem } from '../accounts/index.ts';
import type { Config } from '../config.ts';
import { errorBody, ToolError } from '../core/errors.ts';
import { validationError, type InvokeDeps } from '../core/invoke.ts';
import type { Registry } from '../registry/registry.ts';
import type { Store } from '../store/index.ts';
import { createAgent } from './agent.ts';
import { availableWorkflows, buildCatalog, LazyCatalog } from './catalog.ts';
import { learnedRoutingOf } from './reranker.ts';
import { createEmbeddedQueue, createPgQueue, createRunExecutor, type JobQueue } from './queue.ts';
import { createPayloadStore, createRunStore, RUN_RETENTION_MS, type RunEvents, type RunRecord } from './runs.ts';
import { buildSkills } from './skills.ts';
import type { McpCore } from './meta/define.ts';
import { registerTransports } from './transports.ts';
import { createWebhooks, webhookBody, type Webhooks } from './webhook.ts';
import { authenticateRequest } from '../http/api-key.ts';

/** What the MCP interface needs from the service: the same registry, pipeline, key and quota as REST. */
export interface McpDeps {
  config: Config;
  registry: Registry;
  invokeDeps: InvokeDeps;
  accounts: AccountSystem;
  store: Store;
  logger: Logger;
  now: () => Date;
  /** Counts runs accepted and finished (metrics); absent, nothing is counted. */
  runEvents?: RunEvents;
}

export interface Mcp {
  /** Queues an accepted run (REST async jobs use the same queue). */
  enqueue(run: RunRecord): Promise<void>;
  /** Stops what the MCP interface runs in the background (async runs, webhooks). */
  close(): Promise<void>;
}

/** dataRef payloads are readable this long (docs/contract.md "MCP"). */
export const PAYLOAD_TTL_MS = 60 * 60 * 1000;
/** A queued run nobody has claimed after this long is queued again (PostgreSQL mode). */
const REQUEUE_AFTER_MS = 20_000;
/** A queued run nobody picked up in this time is ended as error (PostgreSQL mode). */
const UNCLAIMED_AFTER_MS = 30 * 60 * 1000;
/** At shutdown, runs in progress get this long to finish before they are ended as interrupted. */
const SHUTDOWN_GRACE_MS = 5000;

export const INTERRUPTED_BY_RESTART = 'interrupted: the service restarted before this run finished; start it again.';
const INTERRUPTED_BY_SHUTDOWN = 'interrupted: the service stopped before this run finished; start it again.';
const LEASE_EXPIRED = 'interrupted: the instance running this job stopped responding before it finished; start it again.';

/** Mounts the MCP transports (SSE at /mcp, Streamable HTTP at /mcp/http) and the webhook settings on the app. */
export async function registerMcpRoutes(app: FastifyInstance, deps: McpDeps): Promise<Mcp> {
  const { registry, store, logger, now } = deps;
  const log = logger.child({ component: 'mcp' });
  const workflows = availableWorkflows(registry, log);
  const catalog =
    deps.config.librariesLoad === 'boot' ? buildCatalog(registry, log, workflows) : new LazyCatalog(workflows, () => buildCatalog(registry, log, workflows));
  // The router's learned models (reranker.ts) train with the catalog: at boot, or on the first goal routed.
  if (deps.config.librariesLoad === 'boot') learnedRoutingOf(catalog);
  const skills = buildSkills(workflows, registry);
  const runs = createRunStore(store, now, deps.runEvents);
  const payloads = createPayloadStore(store, now);
  const agent = createAgent({
    registry,
    catalog,
    skills,
    now,
    payloadsFor: (accountId) => ({ save: (payload) => payloads.save(accountId, payload, PAYLOAD_TTL_MS) }),
  });
  const webhooks = createWebhooks({ store, serverSecret: deps.accounts.serverSecret, engines: deps.invokeDeps.engines, logger: log, now });
  const executor = createRunExecutor({ registry, runs, agent, accounts: deps.accounts, invokeDeps: deps.invokeDeps, webhooks, logger: log, now });

  // Embedded mode is one process: every run still accepted belonged to the process that stopped.
  if (store.dialect === 'sqlite') {
    const ended = await runs.failInterrupted({ kind: 'all' }, INTERRUPTED_BY_RESTART);
    if (ended > 0) log.warn({ runs: ended }, 'ended MCP runs interrupted by the previous stop');
  }
  const queue: JobQueue =
    store.dialect === 'postgres' && deps.config.databaseUrl ? await createPgQueue(deps.config.databaseUrl, executor, log) : createEmbeddedQueue(executor, log);

  const sweep = async (): Promise<void> => {
    if (store.dialect === 'postgres') {
      // A run whose queue message was fetched by an instance that died before claiming it would wait for
      // nothing: it is queued again (a second message is harmless, only one claim succeeds).
      for (const run of await runs.unclaimed(new Date(now().getTime() - REQUEUE_AFTER_MS))) await queue.enqueue(run);
      await runs.failInterrupted({ kind: 'expired' }, LEASE_EXPIRED);
      await runs.failInterrupted(
        { kind: 'unclaimed', olderThan: new Date(now().getTime() - UNCLAIMED_AFTER_MS) },
        'not started: no instance picked the run up in time; start it again.',
      );
    }
    await payloads.prune();
    await runs.prune(new Date(now().getTime() - RUN_RETENTION_MS));
  };
  await sweep().catch((error: unknown) => log.error({ err: error }, 'MCP sweep failed'));
  const sweeper = setInterval(
    () => void sweep().catch((error: unknown) => log.error({ err: error }, 'MCP sweep failed')),
    store.dialect === 'postgres' ? 10_000 : 300_000,
  );
  sweeper.unref();

  let closing = false;
  const core: McpCore = {
    registry,
    catalog,
    agent,
    skills,
    runs,
    payloads,
    invokeDeps: deps.invokeDeps,
    now,
    enqueue: async (run) => {
      if (closing) {
        const error = new ToolError('service_unavailable', 'The service is shutting down; retry in a moment.');
        if (await runs.claim(run.runId, 'shutdown', 1000))
          await runs.finish(run.runId, 'shutdown', { status: 'error', resultStatus: 'error', result: errorBody(error), error: INTERRUPTED_BY_SHUTDOWN });
        throw error;
      }
      await queue.enqueue(run);
    },
  };
  const transports = registerTransports(app, core, deps.accounts.authenticate, log);
  registerWebhookRoutes(app, webhooks, deps.accounts);
  app.addHook('preClose', async () => {
    await transports.closeAll();
  });
  log.info({ tools: registry.tools.length, workflows: workflows.length, skills: skills.length }, 'MCP interface ready');

  return {
    enqueue: core.enqueue,
    close: async () => {
      closing = true;
      clearInterval(sweeper);
      await transports.closeAll();
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      while (executor.inFlight() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (executor.inFlight() > 0) {
        const ended = await runs.failInterrupted({ kind: 'owner', owner: executor.owner }, INTERRUPTED_BY_SHUTDOWN);
        log.warn({ runs: ended }, 'ended MCP runs still in progress at shutdown');
        executor.abortAll(INTERRUPTED_BY_SHUTDOWN);
      }
      await queue.close();
      await webhooks.close();
    },
  };
}

function ok(result: unknown): Record<string, unknown> {
  return { status: true, code: 200, message: 'Success', result };
}

/** `PUT|GET|DELETE /api/v1/webhooks`: the account's mcp.job.finished endpoint (X-Api-Key). */
function registerWebhookRoutes(app: FastifyInstance, webhooks: Webhooks, accounts: AccountSystem): void {
  const keyed = (request: FastifyRequest) => {
    return authenticateRequest(request, accounts.authenticate);
  };
  app.put('/api/v1/webhooks', async (request) => {
    const principal = await keyed(request);
    const parsed = webhookBody.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const config = await webhooks.configure(principal.accountId, parsed.data.url);
    return ok({
      ...config,
      note: 'The secret is shown only now. Verify each event with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature.',
    });
  });
  app.get('/api/v1/webhooks', async (request) => {
    const principal = await keyed(request);
    const config = await webhooks.get(principal.accountId);
    return ok(config ? { configured: true, ...config } : { configured: false, url: null, events: [] });
  });
  app.delete('/api/v1/webhooks', async (request) => {
    const principal = await keyed(request);
    if (!(await webhooks.remove(principal.accountId))) throw new ToolError('not_found', 'webhook: none is configured for this account.');
    return ok({ deleted: true });
  });
}
