import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { McpError, QuotaExceededError, ToolApi, ToolApiError, UnauthorizedError, type FixRound } from '../../client/src/index.ts';

/**
 * The MCP helpers of the client (plain fetch JSON-RPC over Streamable HTTP): `verifyUntilPass` against the
 * real service's MCP interface (stateless, JSON answers), and against an MCP-shaped TEST DOUBLE built on
 * the MCP SDK's stateful transport (sessions, answers as server-sent events), which the real service does
 * not use but other MCP servers do.
 */
const POOR_PAGE = '<html><head><title>x</title></head><body><p>hello</p></body></html>';
const GOOD_PAGE =
  '<html lang="en"><head><title>A good descriptive page title for the client tests</title>' +
  '<meta name="description" content="A meta description that is long enough to describe the page for search results in some detail.">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Hello</h1><p>hello</p></body></html>';

describe('MCP against the real service', () => {
  let server: TestServer;
  let api: ToolApi;

  before(async () => {
    server = await startTestServer();
    api = new ToolApi({ apiKey: server.key, baseUrl: server.url });
  });
  after(async () => {
    await server.close();
  });

  test('listTools names the twelve meta-tools', async () => {
    const names = (await api.mcp.listTools()).map((t) => t.name).sort();
    for (const name of ['plan_task', 'solve_task', 'verify_task', 'invoke_tool', 'get_run']) assert.ok(names.includes(name), name);
    assert.equal(names.length, 12);
  });

  test('verifyUntilPass: solve_task, fixes applied by the host, verify_task until delta.gate is pass', async () => {
    const rounds: Array<FixRound<{ html: string }>> = [];
    const result = await api.verifyUntilPass({
      goal: 'check the SEO of this html',
      input: { html: POOR_PAGE },
      maxRounds: 3,
      applyFixes: (round) => {
        rounds.push(round);
        // Round 1 fixes too little (the gate stays fail); round 2 applies the fixes the report asked for.
        return round.round === 1 ? { html: POOR_PAGE.replace('<title>x', '<title>x y') } : { html: GOOD_PAGE };
      },
    });
    assert.equal(result.passed, true);
    assert.equal(result.gate, 'pass');
    assert.equal(result.stoppedBecause, 'passed');
    assert.equal(result.rounds, 2);
    assert.deepEqual(
      result.history.map((h) => h.gate),
      ['fail', 'pass'],
    );
    assert.deepEqual(result.input, { html: GOOD_PAGE });
    assert.equal(rounds[0]?.delta, undefined, 'round 1 sees the solve_task report');
    assert.ok(
      rounds[0]?.findings.some((f) => f.id === 'meta-description-missing'),
      JSON.stringify(rounds[0]?.findings.map((f) => f.id)),
    );
    assert.ok((rounds[0]?.fixes.length ?? 0) > 0);
    assert.equal(rounds[1]?.delta?.gate, 'fail', 'round 2 sees the failed verification');
    assert.ok((rounds[1]?.delta?.remainingFixes?.length ?? 0) > 0);
  });

  test('maxRounds ends the loop when the gate never passes; a vague goal stops at suggest', async () => {
    const stuck = await api.verifyUntilPass({ goal: 'check the SEO of this html', input: { html: POOR_PAGE }, maxRounds: 2, applyFixes: () => undefined });
    assert.equal(stuck.passed, false);
    assert.equal(stuck.stoppedBecause, 'max_rounds');
    assert.equal(stuck.rounds, 2);
    assert.equal(stuck.gate, 'fail');

    let called = false;
    const vague = await api.verifyUntilPass({ goal: 'help', applyFixes: () => void (called = true) });
    assert.equal(vague.passed, false);
    assert.equal(vague.stoppedBecause, 'status');
    assert.equal(vague.status, 'suggest');
    assert.equal(called, false, 'nothing to fix');
  });

  test('a bad key is an UnauthorizedError; a tool error comes back as the matching error class', async () => {
    const bad = new ToolApi({ apiKey: 'tk_wrong', baseUrl: server.url });
    await assert.rejects(bad.mcp.listTools(), UnauthorizedError);
    await assert.rejects(api.mcp.callTool('invoke_tool', { operationId: 'textUtilities.reverseText', input: { text: 42 } }), (error: unknown) => {
      assert.ok(error instanceof ToolApiError);
      assert.equal(error.status, 400);
      assert.equal(error.error, 'validation_failed');
      assert.match(error.detail, /text/);
      return true;
    });
    const invoked = await api.mcp.callTool<{ result: unknown; creditsUsed: number }>('invoke_tool', {
      operationId: 'textUtilities.reverseText',
      input: { text: 'abc' },
    });
    assert.deepEqual(invoked.result, { text: 'cba' });
    assert.equal(invoked.creditsUsed, 1);
  });
});

// ---------------------------------------------------------------------------------------------------

interface DoubleState {
  url: string;
  /** Headers of each POST: to show the session id and protocol version were sent. */
  posts: Array<{ session?: string; protocol?: string; method?: string }>;
  sessions: Map<string, StreamableHTTPServerTransport>;
  close(): Promise<void>;
}

/** Findings of the double: a missing <title> is high severity, a missing <h1> medium. */
function audit(html: string): {
  score: number;
  findings: Array<{ id: string; severity: string; title: string; fix: string }>;
  fixes: Array<{ rank: number; fix: string }>;
} {
  const findings = [];
  if (!/<title>[^<]+<\/title>/.test(html)) findings.push({ id: 'title-missing', severity: 'high', title: 'No title', fix: 'Add a <title>.' });
  if (!/<h1>/.test(html)) findings.push({ id: 'h1-missing', severity: 'medium', title: 'No H1', fix: 'Add an <h1>.' });
  return { score: 100 - findings.length * 30, findings, fixes: findings.map((f, i) => ({ rank: i + 1, fix: f.fix })) };
}

/** An MCP-shaped TEST DOUBLE: the SDK's stateful Streamable HTTP transport (sessions, SSE answers) with canned solve/verify tools. */
async function startMcpDouble(): Promise<DoubleState> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const posts: DoubleState['posts'] = [];
  const makeServer = (): Server => {
    const server = new Server({ name: 'mcp-double', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: ['solve_task', 'verify_task', 'quota_tool'].map((name) => ({ name, inputSchema: { type: 'object' as const } })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
      const args = (request.params.arguments ?? {}) as { input?: { html?: string }; baseline?: { findings?: Array<{ id: string }> } };
      const reply = (value: Record<string, unknown>): CallToolResult => ({
        content: [{ type: 'text', text: JSON.stringify(value) }],
        structuredContent: value,
      });
      if (request.params.name === 'quota_tool') {
        const body = { status: false, code: 429, message: 'Quota exceeded', error: 'quota_exceeded', detail: 'quota: used up' };
        return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
      }
      const report = { status: 'completed', ...audit(args.input?.html ?? '') };
      if (request.params.name === 'solve_task') return reply(report);
      if (request.params.name === 'verify_task') {
        const high = report.findings.some((f) => f.severity === 'high');
        const remaining = report.findings;
        const resolved = (args.baseline?.findings ?? []).filter((f) => !remaining.some((r) => r.id === f.id));
        return reply({
          status: 'verified',
          before: args.baseline ?? null,
          after: report,
          delta: {
            gate: high ? 'fail' : 'pass',
            remainingFindings: remaining,
            resolvedFindings: resolved,
            remainingFixes: report.fixes,
            nextActions: ['apply fixes', 'verify_task'],
          },
        });
      }
      return { isError: true, content: [{ type: 'text', text: 'unknown tool' }] };
    });
    return server;
  };
  const httpServer = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', async () => {
      const body = raw ? (JSON.parse(raw) as { method?: string }) : undefined;
      const session = req.headers['mcp-session-id'] as string | undefined;
      if (req.method === 'POST') posts.push({ session, protocol: req.headers['mcp-protocol-version'] as string | undefined, method: body?.method });
      let transport = session ? sessions.get(session) : undefined;
      if (!transport) {
        if (session || body?.method !== 'initialize') {
          res
            .writeHead(404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
          return;
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, created),
        });
        transport = created;
        await makeServer().connect(created);
      }
      await transport.handleRequest(req, res, body);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`,
    posts,
    sessions,
    close: async () => {
      for (const t of sessions.values()) await t.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

describe('MCP against an MCP-shaped test double (stateful sessions, SSE answers)', () => {
  let double: DoubleState;

  before(async () => {
    double = await startMcpDouble();
  });
  after(async () => {
    await double.close();
  });

  test('initialize once, then every request carries Mcp-Session-Id and MCP-Protocol-Version; answers are read from SSE', async () => {
    const types: string[] = [];
    const api = new ToolApi({
      apiKey: 'tk_double',
      baseUrl: double.url,
      timeoutMs: 5000,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        types.push(response.headers.get('content-type') ?? '');
        return response;
      },
    });
    assert.equal(api.mcp.url, `${double.url}/mcp/http`);
    const result = await api.verifyUntilPass({
      goal: 'fix the page',
      input: { html: '<p>no title</p>' },
      applyFixes: ({ fixes }) => (fixes.some((f) => f.fix === 'Add a <title>.') ? { html: '<title>T</title><p>x</p>' } : undefined),
    });
    assert.equal(result.passed, true);
    assert.equal(result.rounds, 1);
    assert.deepEqual(
      result.history[0]?.delta?.remainingFindings?.map((f) => f.id),
      ['h1-missing'],
      'medium findings may remain at a pass',
    );
    const [init, ...rest] = double.posts;
    assert.equal(init?.method, 'initialize');
    assert.equal(init?.session, undefined);
    const session = rest[0]?.session;
    assert.ok(session && double.sessions.has(session));
    assert.deepEqual(
      rest.map((p) => p.method),
      ['notifications/initialized', 'tools/call', 'tools/call'],
    );
    assert.ok(rest.every((p) => p.session === session && p.protocol === '2025-06-18'));
    assert.equal(types.filter((t) => t.startsWith('text/event-stream')).length, 3, `answers came as SSE: ${types.join(', ')}`);
    await api.mcp.close();
  });

  test('a session the server forgot is re-initialised once; isError results map to the error classes', async () => {
    const api = new ToolApi({ apiKey: 'tk_double', baseUrl: double.url });
    assert.equal((await api.mcp.listTools()).length, 3);
    for (const transport of double.sessions.values()) await transport.close();
    double.sessions.clear();
    double.posts.length = 0;
    assert.equal((await api.mcp.listTools()).length, 3);
    assert.deepEqual(
      double.posts.map((p) => p.method),
      ['tools/list', 'initialize', 'notifications/initialized', 'tools/list'],
    );

    await assert.rejects(api.mcp.callTool('quota_tool', {}), QuotaExceededError);
    await assert.rejects(api.mcp.callTool('no_such_tool', {}), McpError);
  });
});
