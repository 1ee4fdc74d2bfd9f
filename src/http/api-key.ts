import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The one place that reads an API key from a request: `X-Api-Key`, or `Authorization: Bearer tk_…` as an alias
 * (RFC 6750 §2.1). A Bearer value without the `tk_` prefix is not an API key (the admin token travels that way).
 */
function apiKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer\s+(tk_\S+)$/i.exec(headers.authorization ?? '');
  return bearer?.[1];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller resolved from the request's key by authenticateRequest; null until asked. */
    resolvedCaller: Promise<unknown> | null;
  }
}

/**
 * Declares the request's slot for its resolved caller, so every request has it from the start (a field of the
 * request, not a WeakMap entry: entries keyed by short-lived objects cost the garbage collector on every request).
 */
export function declareCallerSlot(app: FastifyInstance): void {
  app.decorateRequest('resolvedCaller', null);
}

/**
 * The caller of a request, resolved from its key once: routes, tool handlers and MCP transports all ask here,
 * and only the first ask authenticates (the principal then flows through `invoke` as the caller's identity).
 */
export function authenticateRequest<T>(request: FastifyRequest, authenticate: (apiKey: string | undefined) => Promise<T>): Promise<T> {
  let principal = request.resolvedCaller as Promise<T> | null;
  if (!principal) {
    principal = authenticate(apiKeyOf(request.headers));
    request.resolvedCaller = principal;
  }
  return principal;
}
