import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { call, callError, connectHttp, connectSse, usage, waitForRun, type Structured } from './mcp-client.ts';

const META_TOOLS = [
  'plan_task',
  'solve_task',
  'run_playbook',
  'verify_task',
  'discover_tools',
  'get_tool_schema',
  'invoke_tool',
  'fetch_payload',
  'get_run',
  'list_skills',
  'load_skill',
  'run_workflow',
];

/** A page whose meta tags are poor (score under 70), and the fixed version of it. */
const POOR_PAGE = '<html><head><title>x</title></head><body><p>hello</p></body></html>';
const GOOD_PAGE =
  '<html lang="en"><head><title>A good descriptive page title for the tests</title>' +
  '<meta name="description" content="A meta description that is long enough to describe the page for search results in some detail.">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Hello</h1><p>hello</p></body></html>';

let server: TestServer;
let site: FixtureSite;
let client: Client;

before(async () => {
  site = await startSite({ '/': { body: POOR_PAGE }, '/shop': { body: POOR_PAGE } });
  server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1' });
  client = await connectHttp(server.url, server.key);
});

after(async () => {
  await client?.close();
  await server?.close();
  await site?.close();
});

describe('transports and keys', () => {
  test('401 JSON envelope without a key or with a bad key, on both transports', async () => {
    for (const [method, path] of [
      ['GET', '/mcp'],
      ['POST', '/mcp/http'],
      ['GET', '/mcp/http'],
      ['DELETE', '/mcp/http'],
      ['POST', '/mcp/messages?sessionId=x'],
    ] as const) {
      for (const headers of [{}, { 'x-api-key': 'tk_notAValidKeyAtAll000000000000000000000' }] as Array<Record<string, string>>) {
        const response = await fetch(server.url + path, {
          method,
          headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } : {}) },
          ...(method === 'POST' ? { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) } : {}),
        });
        assert.equal(response.status, 401, `${method} ${path}`);
        const body = (await response.json()) as Record<string, unknown>;
        assert.equal(body.status, false);
        assert.equal(body.error, 'unauthorized');
        assert.match(String(body.detail), /X-Api-Key/);
      }
    }
  });

  test('Streamable HTTP is stateless: GET and DELETE answer 405 after the key check', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.url}/mcp/http`, { method, headers: { 'x-api-key': server.key, accept: 'text/event-stream' } });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST');
      assert.equal(response.headers.get('mcp-session-id'), null);
    }
  });

  test('the SDK client cannot connect without a key', async () => {
    await assert.rejects(connectHttp(server.url, ''));
    await assert.rejects(connectSse(server.url, ''));
  });

  test('Streamable HTTP: the twelve meta-tools with input and output schemas and annotations', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...META_TOOLS].sort());
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok((tool.description ?? '').length > 80, `${tool.name} has a description for a model`);
      assert.ok(tool.annotations, tool.name);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const free of ['plan_task', 'discover_tools', 'get_tool_schema', 'fetch_payload', 'get_run', 'list_skills', 'load_skill']) {
      assert.equal(byName.get(free)?.annotations?.readOnlyHint, true, free);
      assert.equal(byName.get(free)?.annotations?.idempotentHint, true, free);
    }
    assert.equal(byName.get('solve_task')?.annotations?.readOnlyHint, false);
  });

  test('SSE: GET /mcp streams, messages go to the announced endpoint, tools answer', async () => {
    const sse = await connectSse(server.url, server.key);
    try {
      const { tools } = await sse.listTools();
      assert.equal(tools.length, 12);
      const found = await call(sse, 'discover_tools', { query: 'reverse text backwards' });
      assert.equal((found.results as Array<{ id: string }>)[0]?.id, 'textUtilities.reverseText');
      const before = await usage(server.url, server.key);
      const invoked = await call(sse, 'invoke_tool', { operationId: 'textUtilities.reverseText', input: { text: 'abc' } });
      assert.deepEqual(invoked.result, { text: 'cba' });
      assert.equal(await usage(server.url, server.key), before + 1, 'a call over SSE bills the key');
    } finally {
      await sse.close();
    }
  });

  test("an SSE session cannot be driven with another account's key", async () => {
    const other = await otherAccountKey(server);
    const stream = await fetch(`${server.url}/mcp`, { headers: { 'x-api-key': server.key } });
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const sessionId = /sessionId=([\w-]+)/.exec(first)?.[1];
    assert.ok(sessionId, first);
    const response = await fetch(`${server.url}/mcp/messages?sessionId=${sessionId}`, {
      method: 'POST',
      headers: { 'x-api-key': other, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(response.status, 404);
    await reader.cancel();
  });
});

describe('router: discover, schema, invoke', () => {
  test('discover -> get_tool_schema -> invoke_tool bills exactly the tool cost; errors keep REST codes', async () => {
    const found = await call(client, 'discover_tools', { query: 'sha256 checksum of a text', module: 'security-apis' });
    const hit = (found.results as Array<{ id: string; group: string }>).find((r) => r.id === 'securityApis.hashGenerator');
    assert.ok(hit, JSON.stringify(found.results));
    assert.ok(
      (found.results as Array<{ group: string }>).every((r) => r.group === 'security-apis'),
      'module filter',
    );

    const schema = await call(client, 'get_tool_schema', { operationId: 'securityApis.hashGenerator' });
    assert.equal(schema.kind, 'tool');
    assert.ok((schema.inputSchema as { properties: Record<string, unknown> }).properties.text);
    assert.ok((schema.examples as unknown[]).length >= 2);
    const cost = schema.cost as number;

    const before = await usage(server.url, server.key);
    const invoked = await call(client, 'invoke_tool', { operationId: 'securityApis.hashGenerator', input: { text: 'abc', algorithm: 'sha256' } });
    assert.equal(invoked.creditsUsed, cost);
    assert.equal(await usage(server.url, server.key), before + cost, 'usage moved by exactly the cost');

    // Same validation error as REST, nothing billed.
    const rest = (await (await server.post('/api/v1/security-apis/hash-generator', {})).json()) as Record<string, unknown>;
    const bad = await callError(client, 'invoke_tool', { operationId: 'securityApis.hashGenerator', input: {} });
    assert.equal(bad.error, 'validation_failed');
    assert.equal(bad.code, 400);
    assert.equal(bad.detail, rest.detail);
    assert.equal(await usage(server.url, server.key), before + cost);

    // An unknown id: not_found with real suggestions, never an invented one.
    const unknown = await callError(client, 'invoke_tool', { operationId: 'securityApis.hashGenrator', input: { text: 'x' } });
    assert.equal(unknown.error, 'not_found');
    const suggestions = unknown.suggestions as string[];
    assert.equal(suggestions[0], 'securityApis.hashGenerator');
    const { result } = (await (await fetch(`${server.url}/api/v1/catalog`)).json()) as { result: unknown };
    const ids = new Set(
      JSON.stringify(result)
        .match(/"operationId":"([^"]+)"/g)
        ?.map((m) => m.slice(15, -1)),
    );
    for (const s of suggestions) assert.ok(ids.has(s) || !s.includes('.'), `${s} exists`);
  });

  test('module/slug works as an operationId; a workflow id shows its schema', async () => {
    const invoked = await call(client, 'invoke_tool', { operationId: 'text-utilities/reverse-text', input: { text: 'ab' } });
    assert.equal(invoked.operationId, 'textUtilities.reverseText');
    const workflow = await call(client, 'get_tool_schema', { operationId: 'full-security-audit' });
    assert.equal(workflow.kind, 'workflow');
    assert.deepEqual((workflow.inputSchema as { required: string[] }).required, ['url']);
  });
});

describe('plan and solve', () => {
  test('plan_task is free and estimates the sum of the step costs', async () => {
    const before = await usage(server.url, server.key);
    const plan = await call(client, 'plan_task', { goal: 'run a full security audit of https://example.com' });
    assert.equal(plan.status, 'planned');
    assert.equal((plan.target as { id: string }).id, 'full-security-audit');
    const steps = plan.steps as Array<{ cost: number; willRun: boolean }>;
    assert.equal(steps.length, 6);
    assert.equal(
      plan.creditEstimate,
      steps.reduce((sum, s) => sum + (s.willRun ? s.cost : 0), 0),
    );
    assert.equal(plan.wouldExecute, true);
    assert.ok((plan.confidence as number) >= 0.6);
    const vague = await call(client, 'plan_task', { goal: 'check my website' });
    assert.equal(vague.status, 'suggest');
    const needs = await call(client, 'plan_task', { goal: 'check the security headers' });
    assert.equal(needs.status, 'need_input');
    assert.deepEqual(needs.missingInputs, ['url']);
    assert.equal(await usage(server.url, server.key), before, 'planning spends nothing');
  });

  test('suggest for a vague goal and need_input for a missing input are free and run nothing', async () => {
    const before = await usage(server.url, server.key);
    const vague = await call(client, 'solve_task', { goal: 'analyze this', input: { url: `${site.origin}/` } });
    assert.equal(vague.status, 'suggest');
    assert.equal(vague.creditsUsed, 0);
    assert.ok(typeof vague.hint === 'string' && vague.hint.length > 0);
    assert.ok((vague.nextActions as string[]).length > 0);
    assert.ok((vague.exampleGoals as string[]).length > 0);
    assert.ok((vague.candidates as unknown[]).length > 0);
    assert.equal(vague.steps, undefined, 'nothing ran');

    const missing = await call(client, 'solve_task', { goal: 'grade the http security headers' });
    assert.equal(missing.status, 'need_input');
    assert.deepEqual(missing.missing, ['url']);
    assert.equal(typeof (missing.exampleInput as { url: unknown }).url, 'string');
    assert.ok((missing.hint as string).includes('url'));
    assert.equal(await usage(server.url, server.key), before);
  });

  test('solve_task takes the URL from the goal and returns a merged job report (compact)', async () => {
    const before = await usage(server.url, server.key);
    const report = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/` });
    assert.equal(report.status, 'completed', JSON.stringify(report));
    assert.equal((report.target as { id: string }).id, 'seoApis.metaTagsAnalyzer');
    assert.equal((report.input as { url: string }).url, `${site.origin}/`);
    assert.equal(typeof report.score, 'number');
    const findings = report.findings as Array<{ id: string; severity: string; sources: string[] }>;
    assert.ok(findings.some((f) => f.id === 'meta-description-missing'));
    assert.ok(findings.every((f) => f.sources.includes('seoApis.metaTagsAnalyzer')));
    const fixes = report.fixes as Array<{ rank: number; severity: string }>;
    assert.deepEqual(
      fixes.map((f) => f.rank),
      fixes.map((_, i) => i + 1),
    );
    assert.equal(fixes[0]?.severity, 'medium', 'most severe first');
    const steps = report.steps as Array<{ status: string; durationMs: number; credits: number; result?: unknown; summary?: unknown }>;
    assert.equal(steps[0]?.status, 'ok');
    assert.equal(typeof steps[0]?.durationMs, 'number');
    assert.equal(steps[0]?.result, undefined, 'compact: no duplicated payload');
    assert.ok(steps[0]?.summary);
    assert.equal(report.results, undefined);
    assert.equal(report.creditsUsed, 1);
    assert.equal(await usage(server.url, server.key), before + 1);
  });

  test('a quantity in the goal fills a converter: "10 km to miles", "how many minutes are in 3.5 hours"', async () => {
    const km = await call(client, 'solve_task', { goal: 'convert 10 km to miles' });
    assert.equal((km.target as { id: string }).id, 'unitConversions.lengthConverter');
    assert.deepEqual(km.input, { value: 10, from: 'km', to: 'miles' });
    assert.equal((km.steps as Array<{ result: { result: number } }>)[0]?.result.result, 6.21371192237);
    const hours = await call(client, 'solve_task', { goal: 'how many minutes are in 3.5 hours' });
    assert.equal((hours.steps as Array<{ result: { result: number } }>)[0]?.result.result, 210);
  });

  test('a workflow: per-step status, partial when a step fails, credits only for what ran', async () => {
    const before = await usage(server.url, server.key);
    // security.txt is absent and the TLS check fails on plain http: some steps error, the rest report.
    const report = await call(client, 'run_workflow', { workflowId: 'full-security-audit', input: { url: `${site.origin}/` } });
    const steps = report.steps as Array<{ operationId: string; status: string; credits: number; error?: { code: string } }>;
    assert.equal(steps.length, 6);
    const ok = steps.filter((s) => s.status === 'ok');
    const failed = steps.filter((s) => s.status === 'error');
    assert.ok(ok.length > 0);
    assert.equal(report.status, failed.length > 0 ? 'partial' : 'completed');
    for (const s of failed) assert.equal(typeof s.error?.code, 'string');
    assert.equal(
      report.creditsUsed,
      ok.reduce((sum, s) => sum + s.credits, 0),
    );
    assert.equal(await usage(server.url, server.key), before + (report.creditsUsed as number));
    const findings = report.findings as Array<{ id: string; severity: string }>;
    assert.ok(findings.some((f) => f.id === 'csp-missing' && f.severity === 'high'));
    const order = ['high', 'medium', 'low', 'info'];
    for (let i = 1; i < findings.length; i++) assert.ok(order.indexOf(findings[i - 1]!.severity) <= order.indexOf(findings[i]!.severity));
  });

  test('responseMode full adds raw payloads; dataRef stores them for fetch_payload', async () => {
    const full = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/`, responseMode: 'full' });
    const results = full.results as Record<string, { title?: unknown; findings?: unknown }>;
    assert.ok(results['seoApis.metaTagsAnalyzer']?.findings, 'the raw result is there');

    const before = await usage(server.url, server.key);
    const ref = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/`, responseMode: 'dataRef' });
    assert.equal(ref.results, undefined);
    const dataRef = ref.dataRef as { dataRefId: string; expiresAt: string };
    assert.ok(Date.parse(dataRef.expiresAt) > Date.now());
    const fetched = await call(client, 'fetch_payload', { dataRefId: dataRef.dataRefId });
    assert.ok((fetched.payload as { results: Record<string, unknown> }).results['seoApis.metaTagsAnalyzer']);
    const one = await call(client, 'fetch_payload', { dataRefId: dataRef.dataRefId, stepId: 'seoApis.metaTagsAnalyzer' });
    assert.equal((one.payload as { url: string }).url, `${site.origin}/`);
    assert.equal(await usage(server.url, server.key), before + 1, 'fetch_payload is free');

    const other = await connectHttp(server.url, await otherAccountKey(server));
    try {
      const denied = await callError(other, 'fetch_payload', { dataRefId: dataRef.dataRefId });
      assert.equal(denied.error, 'not_found', 'another account cannot read it');
    } finally {
      await other.close();
    }
  });

  test('async solve: accepted at once, then get_run to completion with the same report', async () => {
    const accepted = await call(client, 'solve_task', { goal: "reverse the text 'stressed'", async: true });
    assert.equal(accepted.status, 'accepted');
    assert.match(String(accepted.runId), /^run_/);
    const run = await waitForRun(client, accepted.runId as string);
    assert.equal(run.status, 'completed');
    assert.equal(run.resultStatus, 'completed');
    const result = run.result as Structured;
    assert.deepEqual((result.steps as Array<{ result: unknown }>)[0]?.result, { text: 'desserts' });

    const vague = await call(client, 'solve_task', { goal: 'help', async: true });
    const vagueRun = await waitForRun(client, vague.runId as string);
    assert.equal(vagueRun.status, 'completed', 'a finished job, although routing did not pick anything');
    assert.equal(vagueRun.resultStatus, 'suggest');

    const missing = await callError(client, 'get_run', { runId: 'run_00000000-0000-0000-0000-000000000000' });
    assert.equal(missing.error, 'not_found');
  });

  test('local analysis of input.html is free; enhance runs (and bills) the live tools too', async () => {
    const before = await usage(server.url, server.key);
    const local = await call(client, 'run_workflow', { workflowId: 'full-seo-audit', input: { html: POOR_PAGE } });
    assert.equal(local.status, 'completed');
    assert.equal(local.analysis, 'local');
    assert.equal(local.creditsUsed, 0);
    const ids = (local.findings as Array<{ id: string }>).map((f) => f.id);
    assert.ok(ids.includes('meta-description-missing') && ids.includes('h1-missing'), ids.join(','));
    assert.equal(await usage(server.url, server.key), before, 'local analysis is not billed');

    const social = await call(client, 'solve_task', { goal: 'check the open graph tags and twitter card of this html', input: { html: GOOD_PAGE } });
    assert.equal(social.analysis, 'local');
    assert.equal(social.creditsUsed, 0);

    const enhanced = await call(client, 'run_workflow', {
      workflowId: 'social-preview-audit-job',
      input: { html: POOR_PAGE, url: `${site.origin}/` },
      enhance: true,
    });
    assert.equal(enhanced.analysis, 'local+live');
    assert.equal(enhanced.creditsUsed, 1);
    assert.equal(await usage(server.url, server.key), before + 1);
    const noUrl = await call(client, 'run_workflow', { workflowId: 'social-preview-audit-job', input: { html: POOR_PAGE }, enhance: true });
    assert.equal(noUrl.status, 'need_input');
  });
});

describe('verify_task', () => {
  test('the gate goes from fail to pass when the page is fixed; every baseline shape works', async () => {
    site.routes.set('/', { body: POOR_PAGE });
    const baseline = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/` });
    assert.equal(baseline.status, 'completed');
    assert.ok((baseline.score as number) < 70, `poor page scores ${String(baseline.score)}`);

    // Nothing fixed yet: the gate fails, and says why.
    const first = await call(client, 'verify_task', { baseline });
    assert.equal(first.status, 'verified');
    const d1 = first.delta as { gate: string; status: string; remainingFixes: unknown[]; nextActions: string[] };
    assert.equal(d1.gate, 'fail');
    assert.equal(d1.status, 'unchanged');
    assert.ok(d1.remainingFixes.length > 0);
    assert.match(d1.nextActions.at(-1) ?? '', /verify_task/);

    // The host fixes the page.
    site.routes.set('/', { body: GOOD_PAGE });
    const before = await usage(server.url, server.key);
    // 1) the after part of the earlier verify as the baseline
    const second = await call(client, 'verify_task', { baseline: first.after });
    const d2 = second.delta as {
      gate: string;
      status: string;
      resolvedFindings: Array<{ id: string }>;
      scoreDeltas: Record<string, { delta: number }>;
      newFindings: unknown[];
    };
    assert.equal(second.status, 'verified');
    assert.equal(d2.gate, 'pass', JSON.stringify(second.delta));
    assert.equal(d2.status, 'improved');
    assert.ok(d2.resolvedFindings.some((f) => f.id === 'meta-description-missing'));
    assert.ok((d2.scoreDeltas.overall?.delta ?? 0) > 0);
    assert.equal(await usage(server.url, server.key), before + 1, 'verify bills the fresh run');

    // 2) the whole earlier verify result (its after is used)
    const third = await call(client, 'verify_task', { baseline: first });
    assert.equal((third.delta as { gate: string }).gate, 'pass');
    // 3) the original solve_task result
    const fourth = await call(client, 'verify_task', { baseline });
    assert.equal((fourth.delta as { gate: string }).gate, 'pass');
    // 4) a get_run poll payload of an async solve (its nested result)
    site.routes.set('/', { body: POOR_PAGE });
    const accepted = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/`, async: true });
    const polled = await waitForRun(client, accepted.runId as string);
    site.routes.set('/', { body: GOOD_PAGE });
    const fifth = await call(client, 'verify_task', { baseline: polled });
    assert.equal((fifth.delta as { gate: string }).gate, 'pass');
    assert.ok((fifth.delta as { resolvedFindings: unknown[] }).resolvedFindings.length > 0);
    // 5) a raw job report (no goal needed: it names its target) and a raw one without target (goal needed)
    const raw = { target: baseline.target, input: baseline.input, score: baseline.score, scores: baseline.scores, findings: baseline.findings };
    const sixth = await call(client, 'verify_task', { baseline: raw });
    assert.equal((sixth.delta as { gate: string }).gate, 'pass');
    const bare = { findings: baseline.findings, score: baseline.score };
    const needsGoal = await call(client, 'verify_task', { baseline: bare });
    assert.equal(needsGoal.status, 'need_input');
    const seventh = await call(client, 'verify_task', { baseline: bare, goal: `analyze the meta tags of ${site.origin}/` });
    assert.equal((seventh.delta as { gate: string }).gate, 'pass');
  });

  test('a failing fresh run propagates error, never a false verified', async () => {
    const baseline = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/shop` });
    assert.equal(baseline.status, 'completed');
    site.routes.set('/shop', (_req, res) => {
      res.socket?.destroy();
    });
    try {
      const verified = await call(client, 'verify_task', { baseline });
      assert.equal(verified.status, 'error');
      assert.equal((verified.delta as { gate: string }).gate, 'unknown');
      assert.equal((verified.delta as { resolvedFindings: unknown[] }).resolvedFindings.length, 0, 'nothing counts as resolved');
      const vague = await call(client, 'verify_task', { baseline: { findings: [] }, goal: 'make it better' });
      assert.equal(vague.status, 'suggest');
    } finally {
      site.routes.set('/shop', { body: POOR_PAGE });
    }
  });

  test('verify_task runs async too', async () => {
    const baseline = await call(client, 'solve_task', { goal: `analyze the meta tags of ${site.origin}/` });
    const accepted = await call(client, 'verify_task', { baseline, async: true });
    assert.equal(accepted.status, 'accepted');
    const run = await waitForRun(client, accepted.runId as string);
    assert.equal(run.status, 'completed');
    assert.equal(run.resultStatus, 'verified');
    assert.ok(((run.result as Structured).delta as { gate: string }).gate);
  });
});

describe('secrets', () => {
  test('secret input fields are not echoed in reports; verify asks for them again', async () => {
    const report = await call(client, 'run_workflow', {
      workflowId: 'dev-auth-debug-job',
      input: { payload: { sub: 'user-42' }, secret: 'a-string-secret-at-least-256-bits-long', expiresIn: '15m' },
    });
    assert.equal(report.status, 'completed', JSON.stringify(report));
    assert.equal((report.input as { secret: string }).secret, '[redacted]');
    assert.equal(JSON.stringify(report).includes('a-string-secret-at-least-256-bits-long'), false);
    const verified = await call(client, 'verify_task', { baseline: report });
    assert.equal(verified.status, 'need_input');
    assert.deepEqual(verified.missing, ['secret']);
    const again = await call(client, 'verify_task', { baseline: report, input: { secret: 'a-string-secret-at-least-256-bits-long' } });
    assert.equal((again.after as { status: string }).status, 'completed');
  });
});

describe('skills', () => {
  test('list_skills, load_skill and run_playbook (fix-verify pairs with verify_task)', async () => {
    const listed = await call(client, 'list_skills');
    const skills = listed.skills as Array<{ id: string; kind: string; workflow: string; pairsWith: string | null }>;
    assert.ok(skills.some((s) => s.id === 'full-seo-audit' && s.kind === 'run'));
    const fixVerify = skills.find((s) => s.id === 'fix-verify-structured-data-audit-job');
    assert.equal(fixVerify?.pairsWith, 'verify_task');
    const loaded = await call(client, 'load_skill', { skillId: 'fix-verify-structured-data-audit-job' });
    assert.match(loaded.instructions as string, /verify_task/);
    assert.ok((loaded.exampleGoals as string[]).length > 0);

    const before = await usage(server.url, server.key);
    const run = await call(client, 'run_playbook', { skillId: 'fix-verify-structured-data-audit-job', input: { html: POOR_PAGE } });
    assert.equal(run.status, 'completed');
    assert.equal(run.creditsUsed, 0, 'local structured-data analysis is free');
    const verified = await call(client, 'run_playbook', { skillId: 'fix-verify-structured-data-audit-job', baseline: run, input: { html: GOOD_PAGE } });
    assert.equal(verified.status, 'verified');
    assert.ok((verified.delta as { resolvedFindings: unknown[] }).resolvedFindings.length > 0);
    assert.equal(await usage(server.url, server.key), before);
    const unknown = await callError(client, 'run_playbook', { skillId: 'no-such-skill' });
    assert.equal(unknown.error, 'not_found');
  });
});

describe('webhook mcp.job.finished', () => {
  test('configured by PUT /api/v1/webhooks, signed with Standard Webhooks headers, secret stored encrypted', async () => {
    const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    let failFirst = true;
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (failFirst) {
          failFirst = false;
          res.writeHead(503).end();
          return;
        }
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      const bad = await fetch(`${server.url}/api/v1/webhooks`, {
        method: 'PUT',
        headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'ftp://x' }),
      });
      assert.equal(bad.status, 400);
      const put = await fetch(`${server.url}/api/v1/webhooks`, {
        method: 'PUT',
        headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: hookUrl }),
      });
      assert.equal(put.status, 200);
      const { result } = (await put.json()) as { result: { secret: string; url: string } };
      assert.match(result.secret, /^whsec_/);
      const shown = (await (await server.get('/api/v1/webhooks')).json()) as { result: Record<string, unknown> };
      assert.equal(shown.result.configured, true);
      assert.equal(JSON.stringify(shown).includes(result.secret), false, 'the secret is shown once only');
      const rows = await server.service.store.db.selectFrom('accounts').select(['webhook_secret']).execute();
      assert.ok(
        rows.every((r) => !r.webhook_secret?.includes(result.secret.slice(6))),
        'never stored in plain text',
      );

      const accepted = await call(client, 'solve_task', { goal: "reverse the text 'abc'", async: true });
      await waitForRun(client, accepted.runId as string);
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(received.length, 1, 'delivered after one retry');
      const event = received[0]!;
      const id = String(event.headers['webhook-id']);
      const timestamp = String(event.headers['webhook-timestamp']);
      const expected = createHmac('sha256', Buffer.from(result.secret.slice(6), 'base64'))
        .update(`${id}.${timestamp}.${event.body}`)
        .digest('base64');
      assert.equal(event.headers['webhook-signature'], `v1,${expected}`);
      assert.ok(Math.abs(Number(timestamp) - Date.now() / 1000) < 60);
      const payload = JSON.parse(event.body) as { type: string; data: { runId: string; status: string; resultStatus: string } };
      assert.equal(payload.type, 'mcp.job.finished');
      assert.equal(payload.data.runId, accepted.runId);
      assert.equal(payload.data.status, 'completed');

      const deleted = await fetch(`${server.url}/api/v1/webhooks`, { method: 'DELETE', headers: { 'x-api-key': server.key } });
      assert.equal(deleted.status, 200);
      // A failing receiver never fails the job.
      const again = await call(client, 'solve_task', { goal: "reverse the text 'abc'", async: true });
      assert.equal((await waitForRun(client, again.runId as string)).status, 'completed');
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

async function otherAccountKey(s: TestServer): Promise<string> {
  const headers = { authorization: 'Bearer test-admin-token-0123456789abcdef', 'content-type': 'application/json' };
  const account = (await (
    await fetch(`${s.url}/api/v1/accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: `other-${Date.now()}-${Math.random()}@example.test`, emailVerified: true }),
    })
  ).json()) as { result: { accountId: string } };
  const key = (await (
    await fetch(`${s.url}/api/v1/api-keys`, { method: 'POST', headers, body: JSON.stringify({ accountId: account.result.accountId }) })
  ).json()) as { result: { key: string } };
  return key.result.key;
}
