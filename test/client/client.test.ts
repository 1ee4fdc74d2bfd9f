import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ALL_TOOLS } from '../../src/tools/index.ts';
import type { AnyTool } from '../../src/registry/define-tool.ts';
import { camelCase, MODULE_NAMES } from '../../src/registry/modules.ts';
import { startSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { fixtureFor } from './fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { LocalFileError, ToolApi, ToolApiError, type FetchLike, type ResponseMeta } from '../../client/src/index.ts';

/**
 * @toolapi/client against the real service (in-process, on a loopback port): a tool of every module
 * through its generated namespace method, a GET tool over the query string, file uploads in every input
 * form with download(), call()/callWithResponse(), the catalog and usage.
 */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Client test page for the SEO tools</title>
<meta name="description" content="A small page served on loopback so the client tests can run URL tools without the internet.">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="/"></head>
<body><h1>Client test page</h1><p>Some text about the client and the tools it calls, long enough to be a paragraph.</p>
<img src="/a.png" alt="a picture"><a href="/about">About</a></body></html>`;

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records what the client sent, then sends it. */
function recordingFetch(log: Sent[]): FetchLike {
  return (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    log.push({ method: init?.method ?? 'GET', url: input, headers, body: init?.body });
    return fetch(input, init);
  };
}

type Method = (input?: unknown, options?: unknown) => Promise<unknown>;

function methodOf(api: ToolApi, tool: AnyTool): Method {
  const namespace = (api as unknown as Record<string, Record<string, Method>>)[camelCase(tool.module)];
  const method = namespace?.[camelCase(tool.slug)];
  assert.ok(method, `api.${camelCase(tool.module)}.${camelCase(tool.slug)} exists`);
  return method.bind(namespace);
}

describe('client against the real service', () => {
  let server: TestServer;
  let site: FixtureSite;
  let api: ToolApi;
  let dir: string;
  const sent: Sent[] = [];

  before(async () => {
    site = await startSite({
      '/': { body: PAGE },
      '/about': { body: PAGE },
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    });
    server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1' });
    api = new ToolApi({ apiKey: server.key, baseUrl: server.url, fetch: recordingFetch(sent) });
    dir = mkdtempSync(path.join(tmpdir(), 'toolapi-client-'));
  });
  after(async () => {
    await server.close();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('typed namespace methods return the result of the envelope', async () => {
    assert.deepEqual(await api.textUtilities.reverseText({ text: 'abc' }), { text: 'cba' });
    const slug = await api.textUtilities.convertToSlug({ text: 'Héllo World' });
    assert.equal(slug.slug, 'hello-world');
    const last = sent.at(-1);
    assert.equal(last?.method, 'POST');
    assert.equal(last?.headers['x-api-key'], server.key);
    assert.equal(last?.headers['content-type'], 'application/json');
  });

  // One tool of every module that has tools: an offline example with an exact result where the module
  // has one (deep-equal), else a URL tool against the loopback site, else a file tool with a real upload
  // (a conversion whose engine is not installed here is passed over for the next one).
  const modules = MODULE_NAMES.filter((m) => ALL_TOOLS.some((t) => t.module === m));
  for (const module of modules) {
    test(`module ${module}: a tool through api.${camelCase(module)}`, async (t) => {
      const tools = ALL_TOOLS.filter((tool) => tool.module === module);
      for (const tool of tools) {
        const example = tool.examples.find((e) => !e.needsNetwork && e.output !== undefined && !e.upload);
        if (!example) continue;
        const result = await methodOf(api, tool)(example.input);
        assert.deepEqual(result, example.output, `${tool.operationId}: ${example.title ?? ''}`);
        return;
      }
      const urlTool = tools.find((tool) => !tool.upload && 'url' in (tool.input as unknown as { shape: Record<string, unknown> }).shape);
      if (urlTool) {
        const result = (await methodOf(api, urlTool)({ url: `${site.origin}/` })) as Record<string, unknown>;
        assert.equal(typeof result, 'object', urlTool.operationId);
        assert.ok(
          site.requests.some((r) => r.startsWith('GET /')),
          `${urlTool.operationId} fetched the loopback page`,
        );
        return;
      }
      const unavailable: string[] = [];
      for (const tool of tools.filter((x) => x.upload)) {
        const spec = tool.upload!;
        let fixture: { bytes: Uint8Array; fileName: string } | undefined;
        for (const kind of spec.accept) fixture ??= await fixtureFor(kind);
        if (!fixture) continue;
        try {
          const result = await methodOf(api, tool)({ [spec.field]: { data: fixture.bytes, fileName: fixture.fileName } });
          if (tool.response === 'file') {
            const file = result as { fileName: string; download(): Promise<Uint8Array> };
            assert.ok((await file.download()).byteLength > 0, `${tool.operationId}: ${file.fileName} downloads`);
          } else {
            assert.equal(typeof result, 'object', tool.operationId);
            assert.notEqual(result, null);
          }
          return;
        } catch (error) {
          if (error instanceof ToolApiError && error.error === 'engine_unavailable') {
            unavailable.push(`${tool.operationId}: ${error.detail}`);
            continue;
          }
          throw error;
        }
      }
      if (unavailable.length > 0) {
        t.skip(`every callable tool of ${module} needs an engine missing here: ${unavailable.join('; ')}`);
        return;
      }
      assert.fail(`no tool of ${module} can be called offline: give one an example with an exact output, or teach test/client/fixtures.ts its file format`);
    });
  }

  test('a GET tool is called with GET and its fields in the query string', async () => {
    const result = await api.seoApis.metaTagsAnalyzer({ url: `${site.origin}/` });
    assert.equal(typeof result.score, 'number');
    const last = sent.at(-1);
    assert.equal(last?.method, 'GET');
    assert.equal(last?.url, `${server.url}/api/v1/seo-apis/meta-tags-analyzer?url=${encodeURIComponent(`${site.origin}/`)}`);
  });

  test('documents/md-to-html: a Markdown upload as path, bytes, Blob, stream and named data; download() to bytes and to a path', async () => {
    const markdown = '# Hello client\n\nSome *emphasis* and a [link](https://example.com).\n';
    const mdPath = path.join(dir, 'notes.md');
    writeFileSync(mdPath, markdown);
    const bytes = new TextEncoder().encode(markdown);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    const inputs = [mdPath, Buffer.from(markdown), new Blob([markdown]), stream, { data: bytes, fileName: 'named.md' }];
    const results = [];
    for (const file of inputs) results.push(await api.documents.mdToHtml({ file }));
    assert.equal(results[0]?.fileName, 'notes.html', 'a path uploads under its base name');
    assert.equal(results[4]?.fileName, 'named.html');
    for (const result of results) {
      assert.equal(result.mimeType, 'text/html');
      assert.match(result.downloadUrl, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/files\//);
      assert.deepEqual(Object.keys(result).sort(), ['downloadUrl', 'expiresAt', 'fileId', 'fileName', 'mimeType', 'sizeBytes'], 'download() is not enumerable');
    }
    const upload = sent.filter((s) => s.url.endsWith('/api/v1/documents/md-to-html')).at(-1);
    assert.ok(upload?.body instanceof FormData, 'uploads go as multipart/form-data');
    assert.equal(upload?.headers['content-type'], undefined, 'fetch sets the multipart boundary');

    const html = new TextDecoder().decode(await results[0]!.download());
    assert.match(html, /<h1[^>]*>Hello client<\/h1>/);
    assert.match(html, /<em>emphasis<\/em>/);
    const download = sent.at(-1);
    assert.equal(download?.url, results[0]?.downloadUrl);
    assert.equal(download?.headers['x-api-key'], undefined, 'no key is sent with the download');

    const saved = await results[1]!.download(path.join(dir, 'out.html'));
    assert.deepEqual(saved, { path: path.join(dir, 'out.html'), sizeBytes: results[1]!.sizeBytes });
    const secondHtml = new TextDecoder().decode(await results[1]!.download());
    assert.equal(readFileSync(saved.path, 'utf8'), secondHtml);
    const intoDir = await results[4]!.download(dir);
    assert.equal(intoDir.path, path.join(dir, 'named.html'), 'a directory gets the result file name');
    const intoNewDir = await results[4]!.download(path.join(dir, 'not', 'yet', 'there') + path.sep);
    assert.equal(intoNewDir.sizeBytes, results[4]!.sizeBytes);
    assert.equal(intoNewDir.path, path.join(dir, 'not', 'yet', 'there', 'named.html'), 'a target ending in a separator is a folder, made when missing');
    const nested = await results[1]!.download(path.join(dir, 'deeper', 'out.html'));
    assert.equal(readFileSync(nested.path, 'utf8'), secondHtml, "a file path's missing parent folders are made");
  });

  test('a missing upload path is a LocalFileError naming the path, before any request is sent', async () => {
    const before = sent.length;
    const missing = path.join(dir, 'no-such-file.md');
    await assert.rejects(api.documents.mdToHtml({ file: missing }), (error: unknown) => {
      assert.ok(error instanceof LocalFileError, String(error));
      assert.equal(error.path, missing);
      assert.match(error.detail, /no-such-file\.md: cannot read the file to upload \(ENOENT\)/);
      return true;
    });
    assert.equal(sent.length, before, 'nothing was sent');
  });

  test('convertors/zip-extract: file results inside a result download with api.download(entry)', async () => {
    const zip = await fixtureFor('zip');
    assert.ok(zip);
    const result = await api.convertors.zipExtract({ file: { data: zip.bytes, fileName: zip.fileName } });
    assert.equal(result.fileCount, 2);
    const readme = result.entries.find((e) => e.path === 'readme.txt');
    assert.ok(readme);
    assert.equal(new TextDecoder().decode(await api.download(readme)), 'hello from the zip\n');
    const saved = await api.download(readme, dir);
    assert.equal(saved.path, path.join(dir, readme.fileName));
    assert.equal(readFileSync(saved.path, 'utf8'), 'hello from the zip\n');
  });

  test('file tool fields beside the upload travel as JSON (fileName names the output)', async () => {
    const result = await api.documents.mdToHtml({ file: new Blob(['# T\n']), fileName: 'final' });
    assert.equal(result.fileName, 'final.html');
  });

  test('call() and callWithResponse() by operation id; warnings, request id and quota headers', async () => {
    assert.deepEqual(await api.call('textUtilities.reverseText', { text: 'xyz' }), { text: 'zyx' });
    const metas: ResponseMeta[] = [];
    const response = await api.callWithResponse('textUtilities.reverseText', { text: 'ab' }, { requestId: 'client-test-1', onResponse: (m) => metas.push(m) });
    assert.deepEqual(response.result, { text: 'ba' });
    assert.equal(response.status, 200);
    assert.equal(response.requestId, 'client-test-1');
    assert.equal(typeof response.quotaRemaining, 'number');
    assert.equal(response.attempts, 1);
    assert.equal(metas.length, 1);
    assert.deepEqual(response.warnings, []);
    const warned = await api.callWithResponse('textUtilities.convertToXmlTags', { text: 'a\u0001b' });
    assert.equal(warned.warnings.length, 1);
    assert.match(warned.warnings[0] ?? '', /Removed 1 character/);
  });

  test('a 400 names the field; an unknown operation id is a 404 before any request', async () => {
    await assert.rejects(
      // @ts-expect-error the field has the wrong type on purpose: the server refuses it
      api.textUtilities.reverseText({ text: 42 }),
      (error: unknown) => {
        assert.ok(error instanceof ToolApiError);
        assert.equal(error.status, 400);
        assert.equal(error.code, 400);
        assert.equal(error.error, 'validation_failed');
        assert.match(error.detail, /^text\b/);
        assert.match(error.requestId ?? '', /.+/);
        assert.deepEqual(Object.keys(error.toJSON()).sort(), ['code', 'detail', 'error', 'message', 'requestId', 'status']);
        return true;
      },
    );
    const before = sent.length;
    await assert.rejects(
      api.callDynamic('textUtilities.noSuchTool', {}),
      (error: unknown) => error instanceof ToolApiError && error.status === 404 && /noSuchTool/.test(error.detail),
    );
    assert.ok(
      sent.slice(before).every((s) => s.url.endsWith('/api/v1/catalog')),
      'only the catalog was asked',
    );
  });

  test('tools(search) lists the catalog; usage() reports the credits', async () => {
    const all = await api.tools();
    assert.equal(all.length, ALL_TOOLS.length);
    const found = await api.tools('reverse text');
    assert.equal(found[0]?.operationId, 'textUtilities.reverseText');
    assert.ok(found.every((t) => `${t.name} ${t.description} ${t.slug} ${(t.keywords ?? []).join(' ')}`.toLowerCase().includes('reverse')));
    const usage = await api.usage();
    assert.equal(usage.plan, 'free');
    assert.ok(usage.used > 0);
    assert.match(usage.period, /^\d{4}-\d{2}$/);
  });
});
