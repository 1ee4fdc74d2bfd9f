import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { startSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { call, connectHttp, usage, waitForRun, type Structured } from './mcp-client.ts';

/**
 * Issue 17 with the SDK's own client over Streamable HTTP on a real socket: goals with values and with
 * several steps, cancellation, progress, skills as prompts and runs as resources.
 */
let server: TestServer;
let site: FixtureSite;
let client: Client;
let reached: Promise<void>;
let hung: Promise<void>;

before(async () => {
  let arrived!: () => void;
  let closed!: () => void;
  reached = new Promise((resolve) => (arrived = resolve));
  hung = new Promise((resolve) => (closed = resolve));
  site = await startSite({
    // Never answers; tells when the tool's fetch reaches it, and when the fetch is abandoned.
    '/hang': (req) => {
      arrived();
      req.socket.once('close', closed);
    },
  });
  // Fetches give up only after 2 minutes: within the test, only a cancellation can end the hanging one.
  server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1', TOOLAPI_FETCH_TIMEOUT_MS: '120000' });
  client = await connectHttp(server.url, server.key);
});

after(async () => {
  await client?.close();
  await server?.close();
  await site?.close();
});

async function costOf(operationId: string): Promise<number> {
  return (await call(client, 'get_tool_schema', { operationId })).cost as number;
}

async function within(what: string, event: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs)));
  try {
    await Promise.race([event, late]);
  } finally {
    clearTimeout(timer);
  }
}

type Step = { operationId: string; status: string; credits: number; result?: Record<string, unknown> };

describe('goals with values and several steps', () => {
  test('"sha256 of \'hello\'" completes in one solve_task with the published digest', async () => {
    const before = await usage(server.url, server.key);
    const report = await call(client, 'solve_task', { goal: "sha256 of 'hello'" });
    assert.equal(report.status, 'completed', JSON.stringify(report));
    assert.equal((report.target as { id: string }).id, 'securityApis.hashGenerator');
    const digests = ((report.steps as Step[])[0]?.result as { digests: Array<{ algorithm: string; digest: string }> }).digests;
    // The widely published SHA-256 of "hello", and node:crypto's own computation of it.
    assert.deepEqual(digests, [{ ...digests[0], algorithm: 'sha256', digest: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824' }]);
    assert.equal(digests[0]?.digest, createHash('sha256').update('hello').digest('hex'));
    const extracted = report.extractedInput as Record<string, { value: unknown; from: string }>;
    assert.equal(extracted.text?.value, 'hello');
    assert.equal(extracted.algorithm?.value, 'sha256');
    assert.equal(await usage(server.url, server.key), before + (await costOf('securityApis.hashGenerator')));
  });

  test('a chain of two steps: planned with both costs, then run in order, the first result feeding the second, both billed', async () => {
    const goal = "reverse the text 'stressed desserts' then convert it to uppercase";
    const plan = await call(client, 'plan_task', { goal });
    assert.equal(plan.status, 'planned', JSON.stringify(plan));
    const planned = plan.steps as Array<{ operationId: string; cost: number }>;
    assert.deepEqual(
      planned.map((s) => s.operationId),
      ['textUtilities.reverseText', 'textUtilities.textCaseConverter'],
    );
    const costs = (await costOf('textUtilities.reverseText')) + (await costOf('textUtilities.textCaseConverter'));
    assert.equal(plan.creditEstimate, costs);

    const before = await usage(server.url, server.key);
    const report = await call(client, 'solve_task', { goal });
    assert.equal(report.status, 'completed', JSON.stringify(report));
    const steps = report.steps as Step[];
    assert.deepEqual(
      steps.map((s) => [s.operationId, s.status]),
      [
        ['textUtilities.reverseText', 'ok'],
        ['textUtilities.textCaseConverter', 'ok'],
      ],
    );
    const expected = [...'stressed desserts'].reverse().join('').toUpperCase();
    assert.equal(steps[1]?.result?.text, expected);
    assert.equal(report.creditsUsed, costs);
    assert.equal(await usage(server.url, server.key), before + costs, 'each step billed once');

    // A result whose text is inside a list (the digest of a hash) feeds the next step too.
    const hashed = await call(client, 'solve_task', { goal: "md5 of 'abc' then convert it to uppercase" });
    assert.equal(hashed.status, 'completed', JSON.stringify(hashed));
    // RFC 1321's test vector for "abc", upper-cased.
    assert.equal((hashed.steps as Step[])[1]?.result?.text, '900150983cd24fb0d6963f7d28e17f72'.toUpperCase());
  });
});

describe('protocol', () => {
  test('notifications/cancelled over Streamable HTTP stops the call and refunds its credit', async () => {
    const operationId = 'securityApis.securityHeadersAnalyzer';
    const cost = await costOf(operationId);
    const before = await usage(server.url, server.key);
    const controller = new AbortController();
    const pending = client.callTool({ name: 'invoke_tool', arguments: { operationId, input: { url: `${site.origin}/hang` } } }, undefined, {
      signal: controller.signal,
      timeout: 60_000,
    });
    // The tool is running (its credit held) once its fetch reaches the page.
    await within('the fetch reaching the page', reached, 10_000);
    controller.abort('the user changed their mind');
    await assert.rejects(pending);
    // The tool's fetch is abandoned, well before the tool's own 20 s deadline (the only other way it could end).
    await within('the fetch abandoned', hung, 8000);
    // And nothing was billed for it: a call made afterwards moves the account's usage by its own cost only.
    const reverse = await client.callTool({ name: 'invoke_tool', arguments: { operationId: 'textUtilities.reverseText', input: { text: 'ab' } } });
    assert.notEqual(reverse.isError, true, JSON.stringify(reverse.content));
    assert.equal(
      await usage(server.url, server.key),
      before + (await costOf('textUtilities.reverseText')),
      `the cancelled call (${cost} credits) was refunded`,
    );
  });

  test('progress notifications arrive for a long conversion (Markdown to PDF) when the call has a progressToken', async () => {
    const seen: Progress[] = [];
    const markdown = '# Report\n\nSome **bold** text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    const result = await client.callTool(
      {
        name: 'invoke_tool',
        arguments: { operationId: 'documents.mdToPdf', input: { file: { base64: Buffer.from(markdown).toString('base64'), fileName: 'report.md' } } },
      },
      undefined,
      { onprogress: (p) => void seen.push(p), timeout: 120_000 },
    );
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    assert.match(String((result.structuredContent as Structured & { result: { fileId?: string } }).result.fileId), /^[0-9a-f-]{36}$/);
    assert.ok(seen.length >= 2, `progress notifications: ${JSON.stringify(seen)}`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i]!.progress > seen[i - 1]!.progress, 'progress increases with each notification');
    const last = seen.at(-1)!;
    assert.equal(last.progress, last.total, 'the last notification says the call is done');
  });

  test('a skill is listed and fetched as a prompt', async () => {
    const { prompts } = await client.listPrompts();
    const prompt = prompts.find((p) => p.name === 'full-seo-audit');
    assert.ok(prompt, prompts.map((p) => p.name).join(', '));
    assert.ok(prompt.arguments?.some((a) => a.name === 'url'));
    const skills = await call(client, 'list_skills');
    assert.equal(prompts.length, skills.total, 'one prompt per skill');
    const got = await client.getPrompt({ name: 'full-seo-audit', arguments: { url: 'https://example.com' } });
    const text = (got.messages[0]?.content as { type: string; text: string }).text;
    const skill = await call(client, 'load_skill', { skillId: 'full-seo-audit' });
    assert.ok(text.includes(skill.instructions as string), "the prompt carries the skill's instructions");
    assert.match(text, /https:\/\/example\.com/);
    await assert.rejects(client.getPrompt({ name: 'no-such-skill' }), /no prompt/);
  });

  test("a run's result is readable as a resource; resources/list pages to it", async () => {
    const accepted = await call(client, 'solve_task', { goal: "reverse the text 'resource'", async: true });
    assert.equal(accepted.status, 'accepted');
    const run = await waitForRun(client, accepted.runId as string);
    const uri = `toolapi://runs/${String(accepted.runId)}`;
    const read = await client.readResource({ uri });
    const content = read.contents[0] as { uri: string; mimeType?: string; text: string };
    assert.equal(content.mimeType, 'application/json');
    const body = JSON.parse(content.text) as Structured;
    assert.deepEqual(body, run);
    const steps = (body.result as { steps: Step[] }).steps;
    assert.equal(steps[0]?.result?.text, [...'resource'].reverse().join(''));

    let cursor: string | undefined;
    const uris: string[] = [];
    do {
      const page = await client.listResources(cursor ? { cursor } : {});
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor);
    assert.ok(uris.includes(uri), 'the run is listed');
    assert.ok(uris.includes('toolapi://catalog'));
    assert.ok(uris.includes('toolapi://tools/securityApis.hashGenerator'));
    assert.equal(new Set(uris).size, uris.length, 'pages do not overlap');
    await assert.rejects(client.readResource({ uri: 'toolapi://runs/no-such-run' }), /does not exist/);
  });
});
