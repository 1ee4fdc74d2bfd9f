import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Principal } from '../accounts/accounts.ts';
import { asToolError, errorBody, ToolError } from '../core/errors.ts';
import type { AuthExtra } from './server.ts';
import { lazy } from '../lib/lazy.ts';
import type { McpCore } from './meta/define.ts';
import { authenticateRequest } from '../http/api-key.ts';

/**
 * The two MCP transports on the Fastify app, both behind X-Api-Key (401 envelope otherwise):
 * - SSE: `GET /mcp` opens the event stream and announces `POST /mcp/messages?sessionId=…`. The session
 *   lives in the process that opened the stream, so behind a load balancer SSE needs sticky sessions.
 * - Streamable HTTP: `POST|GET|DELETE /mcp/http`, stateless (a fresh server and transport per request,
 *   no session id), so any instance answers any request. Being stateless, it offers no standalone event
 *   stream and no session to end: GET and DELETE answer 405 (as the MCP spec provides), after the key check.
 * Each HTTP request is authenticated once (http/api-key.ts); the principal it resolves to is handed to the MCP
 * server as `authInfo.extra` and is what every tools/call it carries, and every step of those, is billed to.
 */
export interface Transports {
  /** Ends open streams (SSE sessions, standalone GET streams). */
  closeAll(): Promise<void>;
  sessions(): number;
}

const SSE_KEEP_ALIVE_MS = 15_000;

interface SseSession {
  transport: SSEServerTransport;
  server: Server;
  accountId: string;
}

/** The SDK's transports and our server on them, loaded by the first MCP request (the path is relative to src/lib/lazy.ts). */
const protocol = lazy<typeof import('./protocol.ts')>('../mcp/protocol.ts');

export function registerTransports(
  app: FastifyInstance,
  core: McpCore,
  resolve: (apiKey: string | undefined) => Promise<Principal>,
  logger: Logger,
): Transports {
  const sessions = new Map<string, SseSession>();
  const open = new Set<{ close(): Promise<void> }>();

  /** A 401 carries the Bearer challenge (RFC 6750 §3), so an MCP client knows which scheme to answer with. */
  const authenticate = async (request: FastifyRequest): Promise<Principal> => {
    try {
      return await authenticateRequest(request, resolve);
    } catch (error) {
      const refused = asToolError(error);
      if (refused.status !== 401) throw error;
      throw new ToolError(refused.code, refused.detail, {
        status: refused.status,
        message: refused.message,
        headers: { ...refused.headers, 'www-authenticate': MCP_CHALLENGE },
        cause: error,
      });
    }
  };
  // The key itself stays out of the MCP server: its id stands in as the token.
  const authInfo = (request: FastifyRequest, principal: Principal): AuthInfo => {
    const extra: AuthExtra = { principal, requestId: request.id };
    return { token: principal.keyId, clientId: principal.accountId, scopes: [], extra: { ...extra } };
  };
  /** Takes over the raw response, keeping the headers hooks already set (request id, CORS). */
  const hijack = (reply: FastifyReply): void => {
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    reply.hijack();
  };
  const failRaw = (reply: FastifyReply, error: unknown): void => {
    logger.error({ err: error }, 'MCP transport failed');
    if (reply.raw.headersSent) {
      reply.raw.end();
      return;
    }
    const body = errorBody(new ToolError('internal_error', 'The MCP transport failed; quote the X-Request-Id when reporting it.'));
    reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  app.get('/mcp', async (request, reply) => {
    const principal = await authenticate(request);
    hijack(reply);
    try {
      const { SSEServerTransport, createMcpServer } = protocol();
      const transport = new SSEServerTransport('/mcp/messages', reply.raw);
      const server = createMcpServer(core, logger);
      const session: SseSession = { transport, server, accountId: principal.accountId };
      const handle = { close: () => server.close() };
      sessions.set(transport.sessionId, session);
      open.add(handle);
      // Comment frames keep proxies from closing an idle stream; clients ignore them.
      const keepAlive = setInterval(() => {
        if (!reply.raw.writableEnded) reply.raw.write(': keep-alive\n\n');
      }, SSE_KEEP_ALIVE_MS);
      keepAlive.unref();
      transport.onclose = () => {
        clearInterval(keepAlive);
        sessions.delete(transport.sessionId);
        open.delete(handle);
      };
      await server.connect(transport);
    } catch (error) {
      failRaw(reply, error);
    }
  });

  app.post('/mcp/messages', async (request, reply) => {
    const principal = await authenticate(request);
    const sessionId = (request.query as { sessionId?: string }).sessionId;
    if (!sessionId) throw new ToolError('validation_failed', 'sessionId: required (the SSE stream at GET /mcp announces the message URL).');
    const session = sessions.get(sessionId);
    // Another account's session is reported like a missing one.
    if (!session || session.accountId !== principal.accountId) {
      throw new ToolError('not_found', 'sessionId: no open SSE session here; open GET /mcp again (behind a load balancer, SSE needs sticky sessions).');
    }
    hijack(reply);
    try {
      const raw = request.raw as IncomingMessage & { auth?: AuthInfo };
      raw.auth = authInfo(request, principal);
      await session.transport.handlePostMessage(raw, reply.raw, request.body);
    } catch (error) {
      failRaw(reply, error);
    }
  });

  /**
   * Requests in flight on the stateless endpoint, by account and JSON-RPC id: a client cancels with
   * `notifications/cancelled` in a POST of its own, which a fresh server knows nothing about, so the
   * cancellation is routed here to the request's own server (this process only; behind a load balancer,
   * a cancel that reaches another instance is not seen there).
   */
  const inFlight = new Map<string, () => void>();
  const flightKey = (accountId: string, id: unknown): string => `${accountId}\u0000${JSON.stringify(id)}`;

  const streamable = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const principal = await authenticate(request);
    if (request.method !== 'POST') {
      reply.code(405).header('allow', 'POST');
      await reply.send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this Streamable HTTP endpoint is stateless (no event stream, no session); send POST.' },
        id: null,
      });
      return;
    }
    const batchRefused = refusedBatch(request);
    if (batchRefused) {
      await reply.code(400).send(batchRefused);
      return;
    }
    const messages = jsonRpcMessages(request.body);
    for (const message of messages) {
      if (message.method === 'notifications/cancelled') inFlight.get(flightKey(principal.accountId, message.params?.requestId))?.();
    }
    hijack(reply);
    const { StreamableHTTPServerTransport, createMcpServer } = protocol();
    const server = createMcpServer(core, logger);
    // JSON responses, except for a call that asked for progress: its notifications need an event stream.
    const wantsProgress = messages.some((m) => m.params?._meta?.progressToken !== undefined);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !wantsProgress });
    const handle = {
      close: async () => {
        await transport.close();
        await server.close();
      },
    };
    open.add(handle);
    const requestIds = messages.filter((m) => m.method !== undefined && m.id !== undefined).map((m) => flightKey(principal.accountId, m.id));
    // Closing the request's server aborts its handlers (their signal stops the tool; the pipeline refunds
    // the credit); the client expects no response to a cancelled request, so the POST ends with 202.
    const cancel = (): void => {
      handle.close().catch((error: unknown) => logger.warn({ err: error }, 'closing a cancelled MCP request failed'));
      if (!reply.raw.headersSent) reply.raw.writeHead(202).end();
      else reply.raw.end();
    };
    for (const key of requestIds) inFlight.set(key, cancel);
    reply.raw.on('close', () => {
      for (const key of requestIds) if (inFlight.get(key) === cancel) inFlight.delete(key);
      open.delete(handle);
      handle.close().catch((error: unknown) => logger.warn({ err: error }, 'closing a stateless MCP transport failed'));
    });
    try {
      await server.connect(transport);
      const raw = request.raw as IncomingMessage & { auth?: AuthInfo };
      raw.auth = authInfo(request, principal);
      await transport.handleRequest(raw, reply.raw, request.body);
    } catch (error) {
      failRaw(reply, error);
    }
  };
  app.post('/mcp/http', streamable);
  app.get('/mcp/http', streamable);
  app.delete('/mcp/http', streamable);

  return {
    sessions: () => sessions.size,
    async closeAll() {
      await Promise.allSettled([...open].map((h) => h.close()));
      open.clear();
      sessions.clear();
    },
  };
}

interface JsonRpcMessage {
  id?: unknown;
  method?: string;
  params?: { requestId?: unknown; protocolVersion?: unknown; _meta?: { progressToken?: unknown } };
}

/** The JSON-RPC messages of a POST body (one, or a batch where the protocol version allows it). */
function jsonRpcMessages(body: unknown): JsonRpcMessage[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is JsonRpcMessage => typeof m === 'object' && m !== null);
}

/**
 * `WWW-Authenticate` of a 401 from the MCP endpoints: a Bearer challenge first, as MCP clients expect (RFC 6750 §3;
 * no error code, which §3 leaves optional: telling a missing key from a refused one would mean reading the key
 * header here, and only http/api-key.ts reads it), then the X-Api-Key scheme the REST API names. No
 * `resource_metadata` (RFC 9728): keys are created on the dashboard, there is no authorization server to point at.
 */
const MCP_CHALLENGE = 'Bearer realm="toolapi", ApiKey header="X-Api-Key"';

/** Protocol versions from which JSON-RPC batching is removed (MCP 2025-06-18 changelog). */
const NO_BATCHES_FROM = '2025-06-18';

/**
 * A JSON-RPC batch under a protocol version that removed batching gets a JSON-RPC error (Invalid Request),
 * not a partial answer. The version is the `MCP-Protocol-Version` header, or for an initialize in the batch
 * the version it asks for; without either, the spec's default 2025-03-26, which still had batches.
 */
function refusedBatch(request: FastifyRequest): Record<string, unknown> | undefined {
  const body = request.body;
  if (!Array.isArray(body)) return undefined;
  const header = request.headers['mcp-protocol-version'];
  const initialize = jsonRpcMessages(body).find((m) => m.method === 'initialize');
  const asked = initialize?.params?.protocolVersion;
  const version = typeof header === 'string' ? header : typeof asked === 'string' ? asked : '2025-03-26';
  // Protocol versions are ISO dates: they compare as strings.
  if (version < NO_BATCHES_FROM) return undefined;
  return {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32600,
      message: `Invalid Request: JSON-RPC batches are not part of MCP protocol version ${version} (removed in ${NO_BATCHES_FROM}); send one message per POST.`,
    },
  };
}
