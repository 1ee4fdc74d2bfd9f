import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { expectBadRequest } from '../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import apiRequestBuilder from './api-request-builder.ts';

/** api-request-builder's snippets, run by the shells and interpreters they are written for (its property test is in developer-apis.test.ts). */
type Json = Record<string, unknown>;
const { tool, result } = moduleTools([apiRequestBuilder]);

describe('api-request-builder quoting', () => {
  const nasty = 'It\'s $HOME `whoami` "quoted" \\ back\nnew line — ünïcødé 🚀';
  const input = {
    method: 'PUT',
    url: 'https://api.example.com/items/1',
    query: { q: "a b&c'd" },
    headers: { 'X-Note': 'it\'s "fine" $PATH' },
    body: { text: nasty },
  };

  test('the curl snippet passes every argument through sh unchanged', async (t) => {
    if (spawnSync('sh', ['-c', 'true']).status !== 0) return t.skip('no POSIX shell');
    const r = await result('api-request-builder', { ...input, targets: ['curl'] });
    const snippet = String((r.snippets as Json).curl);
    const out = execFileSync('sh', ['-c', `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${snippet}`]);
    const args = out.toString('utf8').split('\0').slice(0, -1);
    assert.deepEqual(args, [
      '-X',
      'PUT',
      String(r.url),
      '-H',
      `X-Note: it's "fine" $PATH`,
      '-H',
      'Content-Type: application/json',
      '--data-raw',
      JSON.stringify({ text: nasty }),
    ]);
    assert.equal(r.url, 'https://api.example.com/items/1?q=a+b%26c%27d');
  });

  test('the HTTPie snippet passes every argument through sh unchanged', async (t) => {
    if (spawnSync('sh', ['-c', 'true']).status !== 0) return t.skip('no POSIX shell');
    const r = await result('api-request-builder', { ...input, targets: ['httpie'] });
    const out = execFileSync('sh', ['-c', `http() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${String((r.snippets as Json).httpie)}`]);
    const args = out.toString('utf8').split('\0').slice(0, -1);
    assert.deepEqual(args, ['PUT', String(r.url), `X-Note:it's "fine" $PATH`, 'Content-Type:application/json', '--raw', JSON.stringify({ text: nasty })]);
  });

  test('the fetch snippet runs and sends the same request', async () => {
    const r = await result('api-request-builder', { ...input, targets: ['fetch'] });
    const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    const calls: [string, RequestInit][] = [];
    const fakeFetch = (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve({ status: 200, text: () => Promise.resolve('') });
    };
    await new AsyncFunction('fetch', 'console', String((r.snippets as Json).fetch))(fakeFetch, { log: () => {} });
    assert.equal(calls.length, 1);
    const [url, init] = calls[0]!;
    assert.equal(url, r.url);
    assert.equal(init.method, 'PUT');
    assert.deepEqual(init.headers, { 'X-Note': `it's "fine" $PATH`, 'Content-Type': 'application/json' });
    assert.equal(init.body, JSON.stringify({ text: nasty }));
  });

  test('the Python snippet runs and sends the same request', async (t) => {
    if (spawnSync('python3', ['--version']).status !== 0) return t.skip('python3 is not installed');
    const r = await result('api-request-builder', { ...input, targets: ['python'] });
    const dir = mkdtempSync(path.join(tmpdir(), 'devapi-py-'));
    try {
      writeFileSync(
        path.join(dir, 'requests.py'),
        [
          'import json, sys',
          'class _R:',
          '    status_code = 200',
          '    text = ""',
          'def request(method, url, **kw):',
          '    data = kw.get("data")',
          '    sys.stdout.write(json.dumps({"method": method, "url": url, "headers": kw.get("headers"), "json": kw.get("json"), "data": data.decode("utf-8") if isinstance(data, bytes) else data}) + "\\n")',
          '    return _R()',
          'for _m in ["get", "post", "put", "patch", "delete", "head", "options"]:',
          '    globals()[_m] = (lambda m: lambda url, **kw: request(m.upper(), url, **kw))(_m)',
        ].join('\n'),
      );
      writeFileSync(path.join(dir, 'snippet.py'), String((r.snippets as Json).python));
      const out = execFileSync('python3', [path.join(dir, 'snippet.py')], { env: { ...process.env, PYTHONPATH: dir, PYTHONIOENCODING: 'utf-8' } }).toString(
        'utf8',
      );
      const sent = JSON.parse(out.split('\n')[0] ?? '') as Json;
      assert.deepEqual(sent, {
        method: 'PUT',
        url: r.url,
        headers: { 'X-Note': `it's "fine" $PATH`, 'Content-Type': 'application/json' },
        json: { text: nasty },
        data: null,
      });
      const text = await result('api-request-builder', { url: 'https://x.test/', body: nasty, targets: ['python'] });
      writeFileSync(path.join(dir, 'snippet.py'), String((text.snippets as Json).python));
      const out2 = execFileSync('python3', [path.join(dir, 'snippet.py')], { env: { ...process.env, PYTHONPATH: dir, PYTHONIOENCODING: 'utf-8' } }).toString(
        'utf8',
      );
      assert.equal((JSON.parse(out2.split('\n')[0] ?? '') as Json).data, nasty);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('header injection and bad URLs are refused', async () => {
    await expectBadRequest(tool('api-request-builder'), { url: 'https://x.test/', headers: { 'X-A': 'ok\r\nX-Evil: 1' } }, 'headers');
    await expectBadRequest(tool('api-request-builder'), { url: 'https://x.test/', headers: { 'Bad Name': 'v' } }, 'headers');
    await expectBadRequest(tool('api-request-builder'), { url: 'ftp://x.test/' }, 'url');
    await expectBadRequest(tool('api-request-builder'), { url: 'not a url' }, 'url');
    await expectBadRequest(tool('api-request-builder'), { url: 'https://x.test/', body: '{nope', bodyType: 'json' }, 'body');
  });

  test('form bodies and basic auth', async () => {
    const r = await result('api-request-builder', {
      url: 'https://x.test/login',
      body: { user: 'a b', pass: 'p&q=' },
      bodyType: 'form',
      auth: { type: 'basic', username: 'ü', password: 'p:w' },
      targets: ['http'],
    });
    assert.equal(r.body, 'user=a+b&pass=p%26q%3D');
    assert.deepEqual(r.headers, [
      { name: 'Authorization', value: `Basic ${Buffer.from('ü:p:w').toString('base64')}` },
      { name: 'Content-Type', value: 'application/x-www-form-urlencoded' },
    ]);
    assert.match(String((r.snippets as Json).http), /^POST \/login HTTP\/1\.1\r\nHost: x\.test\r\n[\s\S]*Content-Length: 22\r\n\r\nuser=a\+b&pass=p%26q%3D$/);
  });
});
