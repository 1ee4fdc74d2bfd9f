import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawUpload } from '../core/call-files.ts';
import { ToolError } from '../core/errors.ts';
import { parseInput, type CallerIdentity, type InvokeDeps } from '../core/invoke.ts';
import { TOOL_CALL_RUN, type RunRecord, type RunStore } from '../mcp/runs.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import { authenticateRequest } from './api-key.ts';

/**
 * REST async jobs (docs/api.md): a tool call sent with `Prefer: respond-async` (RFC 7240) is accepted with 202 and
 * a `Location` to poll, and runs on the same run store and queue as MCP async runs (in-process when embedded,
 * pg-boss on PostgreSQL), so any instance can run it and any instance can answer the poll. Uploads are stored as
 * files of the account first, so the instance that runs the job can read them.
 */
export interface RestJobs {
  submit(tool: AnyTool, fields: unknown, uploads: readonly RawUpload[], identity: CallerIdentity): Promise<RunRecord>;
  get(jobId: string, accountId: string): Promise<RunRecord | undefined>;
  /** The queue is the MCP interface's, registered after the tool routes. */
  connect(enqueue: (run: RunRecord) => Promise<void>): void;
}

export function createRestJobs(runs: RunStore, deps: InvokeDeps): RestJobs {
  let enqueue: ((run: RunRecord) => Promise<void>) | undefined;
  return {
    connect(queue) {
      enqueue = queue;
    },
    async submit(tool, fields, uploads, identity) {
      if (!enqueue || !deps.files)
        throw new ToolError('service_unavailable', 'Prefer: respond-async is not available on this server (no job queue or file store).');
      if (!identity.keyId) throw new ToolError('unauthorized', 'X-Api-Key: async jobs need an API key.');
      parseInput(tool, fields); // a bad request is a 400 now, not a failed job later
      const input = { ...(fields as Record<string, unknown>) };
      if (tool.upload && uploads.length > 0) {
        const stored = [];
        for (const upload of uploads)
          stored.push(
            (await deps.files.put(upload.path, { fileName: upload.fileName, mimeType: 'application/octet-stream', accountId: identity.accountId })).fileId,
          );
        input[tool.upload.field] = stored.length === 1 && (tool.upload.maxFiles ?? 1) === 1 ? stored[0] : stored;
      }
      const run = await runs.create({
        accountId: identity.accountId,
        keyId: identity.keyId,
        tool: TOOL_CALL_RUN,
        request: { operationId: tool.operationId, input },
      });
      await enqueue(run);
      return run;
    },
    get: async (jobId, accountId) => {
      const run = await runs.get(jobId, accountId);
      return run?.tool === TOOL_CALL_RUN ? run : undefined;
    },
  };
}

/** True when the request asks for an asynchronous answer (`Prefer: respond-async`, RFC 7240 section 4.1). */
export function prefersAsync(request: FastifyRequest): boolean {
  const header = request.headers.prefer;
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.some((v) => v.split(',').some((p) => p.trim().toLowerCase().split(/[;=]/)[0] === 'respond-async'));
}

export function jobUrl(jobId: string): string {
  return `/api/v1/jobs/${jobId}`;
}

/** 202 for an accepted job: where to poll it, and that the preference was honoured. */
export function sendAccepted(reply: FastifyReply, run: RunRecord): FastifyReply {
  return reply
    .code(202)
    .header('location', jobUrl(run.runId))
    .header('preference-applied', 'respond-async')
    .header('retry-after', '1')
    .send({ status: true, code: 202, message: 'Accepted', result: jobView(run) });
}

function jobView(run: RunRecord): Record<string, unknown> {
  const state = run.status === 'accepted' ? 'running' : run.status === 'completed' ? 'succeeded' : 'failed';
  return {
    jobId: run.runId,
    state,
    tool: (run.request as { operationId?: string }).operationId ?? null,
    statusUrl: jobUrl(run.runId),
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    response: run.status === 'accepted' ? null : run.result,
  };
}

/** `GET /api/v1/jobs/{jobId}`: the job's state, and when it finished, the response the call gave (its envelope). */
export function registerJobRoutes(app: FastifyInstance, jobs: RestJobs, deps: InvokeDeps): void {
  app.get('/api/v1/jobs/:jobId', async (request, reply) => {
    if (!deps.authenticate) throw new ToolError('not_found', 'jobs: this server runs without accounts, so it keeps no jobs.');
    const identity = await authenticateRequest(request, deps.authenticate);
    const { jobId } = request.params as { jobId: string };
    const run = /^run_[0-9a-f-]{36}$/i.test(jobId) ? await jobs.get(jobId, identity.accountId) : undefined;
    if (!run) throw new ToolError('not_found', `jobId: no job ${jobId} of this account (jobs are kept 7 days).`);
    if (run.status === 'accepted') reply.header('retry-after', '1');
    return { status: true, code: 200, message: run.status === 'accepted' ? 'Job in progress' : 'Job finished', result: jobView(run) };
  });
}
