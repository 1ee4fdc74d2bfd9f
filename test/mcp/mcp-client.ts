import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { after, before } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** MCP clients of the SDK itself over real sockets, with an X-Api-Key, for the agent-interface tests. */
export async function connectHttp(baseUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: 'toolapi-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/http`), { requestInit: { headers: { 'x-api-key': key } } }));
  return client;
}

/**
 * A test server and an SDK client connected to it over Streamable HTTP, started before the file's tests and
 * closed after them; `use` receives both (the files keep them in variables of their own).
 */
export function withServerAndClient(use: (server: TestServer, client: Client) => void): void {
  let server: TestServer | undefined;
  let client: Client | undefined;
  before(async () => {
    server = await startTestServer();
    client = await connectHttp(server.url, server.key);
    use(server, client);
  });
  after(async () => {
    await client?.close();
    await server?.close();
  });
}

/** `capabilities`: what the client declares (e.g. elicitation); handlers for those requests are set before connecting. */
export async function connectSse(baseUrl: string, key: string, setup?: { capabilities: ClientCapabilities; prepare(client: Client): void }): Promise<Client> {
  const client = new Client({ name: 'toolapi-test-sse', version: '1.0.0' }, setup ? { capabilities: setup.capabilities } : {});
  setup?.prepare(client);
  const withKey = (url: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    headers.set('x-api-key', key);
    return fetch(url, { ...init, headers });
  };
  await client.connect(
    new SSEClientTransport(new URL(`${baseUrl}/mcp`), { eventSourceInit: { fetch: withKey }, requestInit: { headers: { 'x-api-key': key } } }),
  );
  return client;
}

export type Structured = Record<string, unknown> & { status?: unknown };

/** Calls a meta-tool; the structured result, or a thrown Error carrying the error body for isError results. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Structured> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? '';
  if (result.isError) throw Object.assign(new Error(`${name} failed: ${text}`), { body: JSON.parse(text) as Record<string, unknown> });
  const structured = result.structuredContent as Structured;
  // The text content is the same JSON as structuredContent (CONTRACT "MCP").
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(structured)) throw new Error(`${name}: text content and structuredContent differ`);
  return structured;
}

/** The error body of an isError result. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} was expected to fail: ${JSON.stringify(result.structuredContent)}`);
  return JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '{}') as Record<string, unknown>;
}

export async function usage(baseUrl: string, key: string): Promise<number> {
  const body = (await (await fetch(`${baseUrl}/api/v1/usage`, { headers: { 'x-api-key': key } })).json()) as { result: { used: number } };
  return body.result.used;
}

/** Polls get_run until the run is no longer accepted. */
export async function waitForRun(client: Client, runId: string, timeoutMs = 20_000): Promise<Structured> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await call(client, 'get_run', { runId });
    if (run.status !== 'accepted') return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still accepted after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
