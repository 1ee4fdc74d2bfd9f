import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { call, connectHttp, connectSse, usage } from './mcp-client.ts';

/**
 * need_input through elicitation (MCP "Elicitation", form mode), with the SDK's own clients over SSE on a real
 * socket: a client that declares the capability is asked for the missing fields and the step completes; one
 * that does not still gets need_input; a declined form leaves need_input and bills nothing.
 */
let server: TestServer;

before(async () => {
  server = await startTestServer();
});

after(async () => {
  await server?.close();
});

/** An SSE client that declares elicitation and answers each form with `answer`, recording what it was asked. */
async function elicitingClient(answer: (request: ElicitRequest) => ElicitResult): Promise<{ client: Client; asked: ElicitRequest[] }> {
  const asked: ElicitRequest[] = [];
  const client = await connectSse(server.url, server.key, {
    capabilities: { elicitation: { form: {} } },
    prepare: (c) =>
      c.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request);
        return answer(request);
      }),
  });
  return { client, asked };
}

const GOAL = 'reverse a text for me';

describe('elicitation for need_input', () => {
  test('a client without the capability gets need_input naming the field, free', async () => {
    const plain = await connectSse(server.url, server.key);
    try {
      const before = await usage(server.url, server.key);
      const result = await call(plain, 'solve_task', { goal: GOAL });
      assert.equal(result.status, 'need_input', JSON.stringify(result));
      assert.deepEqual(result.missing, ['text']);
      assert.equal(await usage(server.url, server.key), before);
    } finally {
      await plain.close();
    }
  });

  test('the client is asked for the missing field with a form schema; its answer completes the step, billed once', async () => {
    const { client, asked } = await elicitingClient(() => ({ action: 'accept', content: { text: 'stressed' } }));
    try {
      const before = await usage(server.url, server.key);
      const report = await call(client, 'solve_task', { goal: GOAL });
      assert.equal(asked.length, 1);
      const params = asked[0]!.params as {
        mode?: string;
        message: string;
        requestedSchema: { type: string; properties: Record<string, { type: string }>; required?: string[] };
      };
      assert.equal(params.mode ?? 'form', 'form');
      assert.equal(params.requestedSchema.type, 'object');
      assert.equal(params.requestedSchema.properties.text?.type, 'string');
      assert.deepEqual(params.requestedSchema.required, ['text']);
      assert.match(params.message, /text/);

      assert.equal(report.status, 'completed', JSON.stringify(report));
      assert.equal((report.target as { id: string }).id, 'textUtilities.reverseText');
      const step = (report.steps as Array<{ result?: { text?: string } }>)[0];
      // "stressed" read backwards, character by character.
      assert.equal(step?.result?.text, [...'stressed'].reverse().join(''));
      assert.equal(await usage(server.url, server.key), before + (report.creditsUsed as number));
      assert.ok((report.creditsUsed as number) > 0);
    } finally {
      await client.close();
    }
  });

  test('a declined form leaves need_input, and nothing is billed', async () => {
    const { client, asked } = await elicitingClient(() => ({ action: 'decline' }));
    try {
      const before = await usage(server.url, server.key);
      const result = await call(client, 'solve_task', { goal: GOAL });
      assert.equal(asked.length, 1);
      assert.equal(result.status, 'need_input');
      assert.equal(await usage(server.url, server.key), before);
    } finally {
      await client.close();
    }
  });

  test('the stateless Streamable HTTP endpoint has no session to ask through: need_input as before', async () => {
    const http = await connectHttp(server.url, server.key);
    try {
      const result = await call(http, 'solve_task', { goal: GOAL });
      assert.equal(result.status, 'need_input');
    } finally {
      await http.close();
    }
  });
});
