import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { toolapi, toolapiProcess } from '../helpers/cli.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** `toolapi call` and `toolapi tools` (src/cli/main.ts → src/cli/call.ts) against the real service. */
describe('toolapi call / toolapi tools', () => {
  let server: TestServer;
  let dir: string;
  let env: Record<string, string>;

  before(async () => {
    server = await startTestServer();
    dir = mkdtempSync(path.join(tmpdir(), 'toolapi-cli-'));
    env = { TOOLAPI_API_KEY: server.key, TOOLAPI_URL: server.url };
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('call with --field flags prints the result as JSON; key and URL from the environment', async () => {
    const run = await toolapi(['call', 'textUtilities.reverseText', '--text', 'hello'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { text: 'olleh' });
  });

  test('--key and --url flags; numbers follow the schema; --json is merged under the flags', async () => {
    const run = await toolapi([
      'call',
      'textUtilities.repeatText',
      '--json',
      '{"text": "ab", "count": 2, "separator": "-"}',
      '--count',
      '3',
      '--key',
      server.key,
      '--url',
      server.url,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { text: 'ab-ab-ab', length: 8 });
    const text = await toolapi(['call', 'textUtilities.reverseText', '--text=123'], env);
    assert.deepEqual(JSON.parse(text.stdout), { text: '321' }, 'a string field stays a string');
  });

  test('--file uploads to a file tool and --out saves the converted file', async () => {
    const md = path.join(dir, 'notes.md');
    writeFileSync(md, '# From the CLI\n\nText.\n');
    const out = path.join(dir, 'notes.html');
    const run = await toolapi(['call', 'documents.mdToHtml', '--file', md, '--out', out], env);
    assert.equal(run.code, 0, run.stderr);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    assert.equal(printed.fileName, 'notes.html');
    assert.equal(printed.savedTo, out);
    assert.match(readFileSync(out, 'utf8'), /<h1[^>]*>From the CLI<\/h1>/);
  });

  test('errors: the envelope on stderr and a non-zero exit code', async () => {
    // The program itself, as a process: the envelope on its stderr, exit code 2.
    const invalid = await toolapiProcess(['call', 'textUtilities.repeatText', '--text', 'a', '--count', 'lots'], env);
    assert.equal(invalid.code, 2);
    assert.equal(invalid.stdout, '');
    const envelope = JSON.parse(invalid.stderr) as Record<string, unknown>;
    assert.equal(envelope.status, false);
    assert.equal(envelope.code, 400);
    assert.equal(envelope.error, 'validation_failed');
    assert.match(String(envelope.detail), /^count\b/);
    assert.match(String(envelope.requestId), /.+/);

    const badKey = await toolapi(['call', 'textUtilities.reverseText', '--text', 'a', '--key', 'tk_wrong'], { TOOLAPI_URL: server.url });
    assert.equal(badKey.code, 2);
    assert.equal((JSON.parse(badKey.stderr) as { error: string }).error, 'unauthorized');

    const noKey = await toolapi(['call', 'textUtilities.reverseText', '--text', 'a'], { TOOLAPI_URL: server.url });
    assert.equal(noKey.code, 2);
    assert.match((JSON.parse(noKey.stderr) as { detail: string }).detail, /TOOLAPI_API_KEY/);

    const unknown = await toolapi(['call', 'textUtilities.nothingLikeThis'], env);
    assert.equal(unknown.code, 2);
    assert.equal((JSON.parse(unknown.stderr) as { code: number }).code, 404);

    const usage = await toolapi(['call'], env);
    assert.equal(usage.code, 2);
    assert.equal((JSON.parse(usage.stderr) as { error: string }).error, 'invalid_request');

    const down = await toolapi(['call', 'textUtilities.reverseText', '--text', 'a', '--url', 'http://127.0.0.1:9'], env);
    assert.equal(down.code, 1);
    assert.equal((JSON.parse(down.stderr) as { error: string }).error, 'connection_failed');
  });

  test('tools [search] lists the catalog as JSON, best matches first; --help prints usage', async () => {
    const run = await toolapi(['tools', 'reverse', 'text'], { TOOLAPI_URL: server.url });
    assert.equal(run.code, 0, run.stderr);
    const rows = JSON.parse(run.stdout) as Array<{ operationId: string; method: string; path: string }>;
    assert.equal(rows[0]?.operationId, 'textUtilities.reverseText');
    assert.equal(rows[0]?.path, '/api/v1/text-utilities/reverse-text');
    const all = JSON.parse((await toolapi(['tools'], { TOOLAPI_URL: server.url })).stdout) as unknown[];
    assert.ok(all.length > rows.length);
    const help = await toolapi(['call', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /toolapi call <operationId>/);
  });
});
