import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { toolapi as run, toolapiProcess } from '../helpers/cli.ts';
import { createTestDatabase } from '../helpers/postgres.ts';
import { startTestServer } from '../helpers/server.ts';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The JSON a command prints; a command that fails rejects with its exit code and stderr. */
async function toolapi(env: Record<string, string>, ...args: string[]): Promise<unknown> {
  const { code, stdout, stderr } = await run(args, env);
  if (code !== 0) throw Object.assign(new Error(stderr), { code, stderr });
  return JSON.parse(stdout) as unknown;
}

for (const adapter of ['sqlite', 'postgres'] as const) {
  test(`toolapi CLI on ${adapter}: accounts, keys, usage; the key it makes works against the server`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-cli-'));
    dirs.push(dir);
    const env: Record<string, string> = { TOOLAPI_DATA_DIR: dir };
    if (adapter === 'postgres') env.TOOLAPI_DATABASE_URL = await createTestDatabase('cli');

    const account = (await toolapi(env, 'accounts', 'create', '--email', 'cli@example.test', '--plan', 'pro', '--verified')) as { accountId: string };
    const listed = (await toolapi(env, 'accounts', 'list')) as { email: string }[];
    assert.ok(listed.some((a) => a.email === 'cli@example.test'));
    const key = (await toolapi(env, 'keys', 'create', '--account', account.accountId, '--name', 'cli')) as { id: string; key: string };
    assert.match(key.key, /^tk_/);
    const keys = (await toolapi(env, 'keys', 'list', '--account', account.accountId)) as { id: string; key?: string }[];
    assert.deepEqual(
      keys.map((k) => [k.id, k.key]),
      [[key.id, undefined]],
    );

    const server = await startTestServer(env);
    try {
      const response = await server.post('/api/v1/text-utilities/reverse-text', { text: 'cli' }, { 'x-api-key': key.key });
      assert.equal(response.status, 200);
    } finally {
      await server.service.close();
    }
    const usage = (await toolapi(env, 'usage', '--account', account.accountId)) as { used: number; plan: string };
    assert.deepEqual([usage.plan, usage.used], ['pro', 1]);
    assert.deepEqual(await toolapi(env, 'keys', 'revoke', key.id), { id: key.id, revoked: true });
    await assert.rejects(toolapi(env, 'keys', 'revoke', key.id), /no active key/);

    const moved = (await toolapi(env, 'accounts', 'set-plan', '--account', account.accountId, '--plan', 'free')) as { plan: string };
    assert.equal(moved.plan, 'free');
    assert.equal(((await toolapi(env, 'usage', '--account', account.accountId)) as { plan: string }).plan, 'free');
    await assert.rejects(toolapi(env, 'accounts', 'set-plan', '--account', account.accountId, '--plan', 'platinum'), /plan: one of/);
    // The program itself, as a process: a bad command line exits 2 with the reason on stderr.
    const bad = await toolapiProcess(['accounts', 'create', '--email', 'notanemail'], env);
    assert.equal(bad.code, 2, 'a bad command line exits 2');
    assert.match(bad.stderr, /--email: "notanemail" is not an e-mail address/);
  });
}
