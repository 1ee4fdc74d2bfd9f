import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type TestServer } from '../helpers/server.ts';
import { call, callError, withServerAndClient } from './mcp-client.ts';

/**
 * The HTTP rules of the MCP endpoints, over a real socket: the Bearer challenge on 401 (RFC 6750 §3), JSON-RPC
 * batches only where the negotiated protocol version still has them, and paging in discover_tools with the
 * SDK's own client.
 */
let server: TestServer;
let client: Client;

withServerAndClient((started, connected) => {
  server = started;
  client = connected;
});

const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/mcp/http`, { method: 'POST', headers: { ...JSON_RPC, 'x-api-key': server.key, ...headers }, body: JSON.stringify(body) });
}

/** The auth-params of a challenge (RFC 9110 §11.2: auth-param = token "=" ( token / quoted-string )). */
function challengeOf(header: string | null): { scheme: string; params: Record<string, string> } {
  assert.ok(header, 'a 401 carries WWW-Authenticate');
  const [, scheme = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(header) ?? [];
  const params = Object.fromEntries([...rest.matchAll(/([\w-]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
  return { scheme, params };
}

describe('401 answers carry a Bearer challenge', () => {
  test('no key: Bearer with the realm and no error code (RFC 6750 §3.1: none when no credentials were sent)', async () => {
    for (const [method, path] of [
      ['POST', '/mcp/http'],
      ['GET', '/mcp/http'],
      ['DELETE', '/mcp/http'],
      ['GET', '/mcp'],
      ['POST', '/mcp/messages?sessionId=x'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        ...(method === 'POST' ? { headers: JSON_RPC, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) } : {}),
      });
      assert.equal(response.status, 401, `${method} ${path}`);
      const { scheme, params } = challengeOf(response.headers.get('www-authenticate'));
      assert.equal(scheme.toLowerCase(), 'bearer', `${method} ${path}`);
      assert.equal(params.realm, 'toolapi');
      assert.equal(params.error, undefined);
      assert.match(String(response.headers.get('www-authenticate')), /ApiKey header="X-Api-Key"/, 'the REST scheme is still named');
      // No protected-resource metadata document is served, so none is pointed at (RFC 9728 §5.1).
      assert.equal(params.resource_metadata, undefined);
      assert.equal(((await response.json()) as { error: string }).error, 'unauthorized');
    }
  });

  test('a refused key gets the same challenge, whether sent as X-Api-Key or as a Bearer token', async () => {
    for (const headers of [{ 'x-api-key': 'tk_not_a_real_key' }, { authorization: 'Bearer tk_not_a_real_key' }] as Array<Record<string, string>>) {
      const response = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'x-api-key': '', ...headers });
      assert.equal(response.status, 401);
      const { scheme, params } = challengeOf(response.headers.get('www-authenticate'));
      assert.equal(scheme.toLowerCase(), 'bearer');
      assert.equal(params.realm, 'toolapi');
    }
  });

  test('a good key gets no challenge', async () => {
    const response = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('www-authenticate'), null);
  });
});

describe('JSON-RPC batches follow the negotiated protocol version', () => {
  const batch = [
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { jsonrpc: '2.0', id: 2, method: 'prompts/list' },
  ];

  test('2025-06-18 and later removed batching: a batch is an Invalid Request error (-32600), nothing runs', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const response = await post(batch, { 'mcp-protocol-version': version });
      assert.equal(response.status, 400, version);
      const body = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
      assert.equal(body.jsonrpc, '2.0');
      assert.equal(body.id, null);
      assert.equal(body.error.code, -32600, 'JSON-RPC 2.0 §5.1 Invalid Request');
      assert.match(body.error.message, new RegExp(version));
    }
  });

  test('an initialize batch asking for 2025-06-18 is refused the same way', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const response = await post([initialize]);
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: { code: number } }).error.code, -32600);
  });

  test('2025-03-26 still had batches: each request of the batch is answered', async () => {
    const response = await post(batch, { 'mcp-protocol-version': '2025-03-26' });
    assert.equal(response.status, 200);
    const answers = (await response.json()) as Array<{ id: number; result?: Record<string, unknown> }>;
    assert.deepEqual(answers.map((a) => a.id).sort(), [1, 2]);
    assert.equal((answers.find((a) => a.id === 1)?.result?.tools as unknown[]).length, 12);
    assert.ok(Array.isArray(answers.find((a) => a.id === 2)?.result?.prompts));
  });

  test('the SDK client (latest protocol, one message per POST) is unaffected', async () => {
    assert.equal((await client.listTools()).tools.length, 12);
  });
});

describe('discover_tools pages with a cursor', () => {
  type Page = { results: Array<{ id: string }>; nextCursor?: string; total: number };

  async function everyPage(args: Record<string, unknown>): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = (await call(client, 'discover_tools', { ...args, ...(cursor ? { cursor } : {}) })) as unknown as Page;
      assert.ok(page.results.length <= (args.limit as number), 'a page holds at most limit results');
      assert.equal(page.total, page.results.length);
      ids.push(...page.results.map((r) => r.id));
      if (!page.nextCursor) return ids;
      assert.equal(page.results.length, args.limit, 'only the last page is short');
      cursor = page.nextCursor;
    }
    throw new Error('more than 100 pages');
  }

  test('the pages of a module listing, put together, are the whole module in order, each tool once', async () => {
    const paged = await everyPage({ module: 'text-utilities', limit: 7 });
    const whole = ((await call(client, 'discover_tools', { module: 'text-utilities', limit: 50 })) as unknown as Page).results.map((r) => r.id);
    assert.ok(whole.length > 7, 'the module spans several pages');
    assert.deepEqual(paged, whole);
    assert.equal(new Set(paged).size, paged.length);
  });

  test('the pages of a search are the top results of one longer search', async () => {
    const paged = await everyPage({ query: 'convert', limit: 4 });
    const whole = ((await call(client, 'discover_tools', { query: 'convert', limit: 50 })) as unknown as Page).results.map((r) => r.id);
    assert.ok(paged.length > 4);
    assert.deepEqual(paged.slice(0, whole.length), whole);
    assert.equal(new Set(paged).size, paged.length, 'no result on two pages');
  });

  test('a cursor is refused with another query, and when it is not one the server gave', async () => {
    const first = (await call(client, 'discover_tools', { query: 'convert', limit: 2 })) as unknown as Page;
    assert.ok(first.nextCursor);
    for (const args of [
      { query: 'hash', limit: 2, cursor: first.nextCursor },
      { query: 'convert', limit: 2, cursor: 'bm90LWEtY3Vyc29y' },
    ]) {
      const error = await callError(client, 'discover_tools', args);
      assert.equal(error.error, 'validation_failed');
      assert.match(String(error.detail), /^cursor:/);
    }
  });
});
