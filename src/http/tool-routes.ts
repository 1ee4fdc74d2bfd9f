import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invoke, type Caller, type InvokeDeps } from '../core/invoke.ts';
import type { Registry } from '../registry/registry.ts';
import { ToolError } from '../core/errors.ts';
import { sendResult, type OutputFormat } from './reply.ts';

/** One route per tool, derived from its declaration; no tool-specific code lives here. */
export function registerToolRoutes(app: FastifyInstance, registry: Registry, deps: InvokeDeps): void {
  for (const tool of registry.tools) {
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const raw = request.method === 'GET' ? request.query : request.body;
      const format = requestedFormat(request);
      const outcome = await invoke(tool, raw, callerOf(request, reply), deps);
      return sendResult(reply, tool, outcome, format);
    };
    const config = { tool };
    app.post(tool.path, { config }, handler);
    if (tool.method === 'GET') app.get(tool.path, { config }, handler);
  }
}

/** `?format=markdown` (audit results as text/markdown) or `?format=json` (the bare result); absent, the tool's own shape. */
function requestedFormat(request: FastifyRequest): OutputFormat | undefined {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (format === undefined) return undefined;
  if (format === 'markdown' || format === 'json') return format;
  throw new ToolError('validation_failed', 'format: one of markdown, json (or omit it for the JSON envelope)');
}

export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  const gone = new AbortController();
  // The response closing before it finished means the client went away: stop the work.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  const key = request.headers['x-api-key'];
  return {
    requestId: request.id,
    log: request.log,
    signal: gone.signal,
    apiKey: typeof key === 'string' ? key : undefined,
    setHeader: (name, value) => void reply.header(name, value),
  };
}
