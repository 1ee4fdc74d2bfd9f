import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invoke, type Caller, type Gate } from '../core/invoke.ts';
import type { Registry } from '../registry/registry.ts';
import { sendResult } from './reply.ts';

/** One route per tool, derived from its declaration; no tool-specific code lives here. */
export function registerToolRoutes(app: FastifyInstance, registry: Registry, gate: Gate | undefined): void {
  for (const tool of registry.tools) {
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const raw = request.method === 'GET' ? request.query : request.body;
      const outcome = await invoke(tool, raw, callerOf(request, reply), gate ? { gate } : {});
      return sendResult(reply, tool, outcome);
    };
    const config = { tool };
    app.post(tool.path, { config }, handler);
    if (tool.method === 'GET') app.get(tool.path, { config }, handler);
  }
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
  };
}
