import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import sharp from 'sharp';
import { parse as parseYaml } from 'yaml';
import { type TestServer } from '../helpers/server.ts';
import { call, usage, withServerAndClient } from './mcp-client.ts';

/**
 * A chain whose first step returns a stored file and whose second takes text ("… to plain text, then count
 * the words"): the file's text feeds the second step. With the SDK client over Streamable HTTP.
 */
let server: TestServer;
let client: Client;

withServerAndClient((started, connected) => {
  server = started;
  client = connected;
});

type Report = {
  status: string;
  chain?: string[];
  creditsUsed: number;
  steps: Array<{ operationId: string; status: string; credits: number; result?: Record<string, unknown>; error?: { detail?: string } }>;
};

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

test('a file result (JSON to text) feeds the text input of the next step (word count): both steps run and both are billed', async () => {
  // The JSON-to-text outline writes one "key: value" line per key (its documented format), so the text the
  // second step counts is "name: Ada" and "role: engineer": four words, whatever the word counter's rules for ":".
  const before = await usage(server.url, server.key);
  const report = (await call(client, 'solve_task', {
    goal: 'convert this json file to plain text then count the words',
    input: { file: { base64: base64('{"name":"Ada","role":"engineer"}'), fileName: 'person.json' } },
  })) as unknown as Report;
  assert.equal(report.status, 'completed', JSON.stringify(report));
  assert.deepEqual(
    report.steps.map((s) => [s.operationId, s.status]),
    [
      ['web.jsonToTxt', 'ok'],
      ['textUtilities.textStats', 'ok'],
    ],
  );
  assert.equal(report.steps[1]?.result?.words, 4, JSON.stringify(report.steps[1]?.result));
  assert.equal(report.creditsUsed, 2);
  assert.equal(await usage(server.url, server.key), before + 2, 'each step billed once');
});

test('a binary file result cannot feed a text input: the second step fails unbilled, naming the media type', async () => {
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const before = await usage(server.url, server.key);
  const report = (await call(client, 'solve_task', {
    goal: 'convert this png to jpg then count the words',
    input: { image: { base64: png.toString('base64'), fileName: 'dot.png' } },
  })) as unknown as Report;
  assert.equal(report.status, 'partial', JSON.stringify(report));
  assert.deepEqual(
    report.steps.map((s) => [s.operationId, s.status, s.credits]),
    [
      ['convertors.toJpg', 'ok', 1],
      ['textUtilities.textStats', 'error', 0],
    ],
  );
  assert.match(report.steps[1]?.error?.detail ?? '', /image\/jpeg, not text/);
  assert.equal(await usage(server.url, server.key), before + 1, 'only the step that ran is billed');
});

test('a conversion no one tool does runs as two: XML to JSON, whose data feeds JSON to YAML; both are billed', async () => {
  const goal = 'turn this XML config into YAML';
  const plan = await call(client, 'plan_task', { goal });
  assert.deepEqual(
    (plan.steps as Array<{ operationId: string }>).map((s) => s.operationId),
    ['web.xmlToJson', 'developerApis.jsonToYaml'],
    JSON.stringify(plan),
  );
  const before = await usage(server.url, server.key);
  const report = (await call(client, 'solve_task', {
    goal,
    input: { file: { base64: base64('<config><name>app</name><port>8080</port></config>'), fileName: 'config.xml' } },
  })) as unknown as Report;
  assert.equal(report.status, 'completed', JSON.stringify(report));
  // The YAML read back by an independent parser is the XML's tree ({root: content}, the XML-to-JSON tool's documented shape).
  const yaml = parseYaml(String(report.steps[1]?.result?.yaml)) as { config: { name: string; port: unknown } };
  assert.equal(yaml.config.name, 'app');
  assert.equal(String(yaml.config.port), '8080');
  assert.equal(report.creditsUsed, 2);
  assert.equal(await usage(server.url, server.key), before + 2, 'each step billed once');
});
