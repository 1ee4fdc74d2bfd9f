import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { startTestDnsServer, type TestDnsServer, type ZoneEntry } from './helpers/dns-server.ts';
import { selfSignedCert, startSite } from './helpers/fixture-site.ts';
import { createRegistry } from '../src/registry/registry.ts';
import { jsonSchemaOf } from '../src/registry/json-schema.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';
import type { AnyTool, ExampleSite, ToolExample } from '../src/registry/define-tool.ts';

/** Examples are tests: every example of every tool goes through real HTTP, top level and nested under `inputs`. */
const registry = createRegistry(ALL_TOOLS);
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

async function call(
  tool: AnyTool,
  input: unknown,
  upload?: { fileName: string; content?: string },
): Promise<{ status: number; body: unknown; contentType: string }> {
  const response = upload ? await postForm(tool, input, upload) : await server.post(tool.path, input);
  const contentType = response.headers.get('content-type') ?? '';
  const body: unknown = contentType.includes('json') ? await response.json() : await response.text();
  return { status: response.status, body, contentType };
}

/** A file tool's example: its fields and its text file as multipart/form-data, as a browser form would send them. */
function postForm(tool: AnyTool, input: unknown, upload: { fileName: string; content?: string }): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  form.append(tool.upload?.field ?? 'file', new Blob([upload.content ?? '']), upload.fileName);
  return fetch(server.url + tool.path, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
}

function resultOf(tool: AnyTool, body: unknown): unknown {
  if (tool.response === 'bare-json' || tool.response === 'text') return body;
  return (body as { result: unknown }).result;
}

for (const module of registry.modules()) {
  describe(module, () => {
    for (const tool of registry.inModule(module)) {
      for (const [i, example] of tool.examples.entries()) {
        const name = `${tool.slug}: ${example.title ?? `example ${i + 1}`}`;
        if (example.needsNetwork || example.site) continue; // a public site (documentation only), or the site examples below
        // A binary upload is documentation only here; the module's own tests convert real fixtures.
        if (example.upload && example.upload.content === undefined) continue;
        test(name, async () => {
          const bodies = example.upload ? [example.input] : [example.input, { inputs: example.input }];
          for (const body of bodies) {
            const { status, body: answer } = await call(tool, body, example.upload);
            assert.equal(status, tool.successStatus, JSON.stringify(answer));
            if (tool.response === 'envelope' || tool.response === 'file') {
              assert.deepEqual(
                { status: (answer as { status: unknown }).status, code: (answer as { code: unknown }).code },
                { status: true, code: tool.successStatus },
              );
            }
            const result = resultOf(tool, answer);
            assert.ok(tool.output.safeParse(result).success, 'result matches the output schema');
            if (example.output !== undefined) assert.deepEqual(result, example.output);
            assertFinds(example, result);
            if (tool.response === 'file') {
              const { downloadUrl, sizeBytes } = result as { downloadUrl: string; sizeBytes: number };
              const file = await fetch(downloadUrl);
              assert.equal(file.status, 200, 'the download link works without a key');
              assert.equal((await file.arrayBuffer()).byteLength, sizeBytes);
            }
          }
        });
      }
    }
  });
}

/**
 * Site examples: each example's made-up site is served on loopback (its origin rewritten to the server's)
 * and the findings the example promises must be in the result. The service may fetch 127.0.0.1 here, and
 * resolves names only through a loopback DNS server holding the examples' records.
 */
describe('site examples', () => {
  const siteExamples = registry.tools.flatMap((tool) => tool.examples.filter((e) => e.site).map((example) => ({ tool, example })));
  let siteServer: TestServer;
  let dns: TestDnsServer;
  before(async () => {
    const zone: Record<string, ZoneEntry> = {};
    for (const { example } of siteExamples) Object.assign(zone, example.site!.dns);
    dns = await startTestDnsServer(zone);
    siteServer = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1', TOOLAPI_FETCH_TIMEOUT_MS: '5000', TOOLAPI_DNS_SERVERS: dns.address });
  });
  after(async () => {
    await siteServer.close();
    await dns.close();
  });

  for (const { tool, example } of siteExamples) {
    test(`${tool.operationId}: ${example.title}`, async () => {
      const site = example.site!;
      const served = await serveSite(site);
      try {
        const input = served.rewrite(example.input);
        const response = await siteServer.post(tool.path, input);
        const body = (await response.json()) as { result: unknown };
        assert.equal(response.status, tool.successStatus, JSON.stringify(body).slice(0, 2000));
        assert.ok(tool.output.safeParse(body.result).success, 'result matches the output schema');
        assertFinds(example, body.result);
      } finally {
        await served.close();
      }
    });
  }
});

function assertFinds(example: ToolExample<unknown, unknown>, result: unknown): void {
  const found = ((result as { findings?: { id: string }[] }).findings ?? []).map((f) => f.id);
  for (const id of example.finds ?? []) assert.ok(found.includes(id), `finds ${id}; found ${found.join(', ')}`);
}

/** Serves an example site on loopback; `rewrite` swaps its origin (http or https) for the server's in any value. */
async function serveSite(site: ExampleSite): Promise<{ rewrite<T>(value: T): T; close(): Promise<void> }> {
  const fixture = await startSite({}, site.tls ? { tls: selfSignedCert({ altNames: ['IP:127.0.0.1'] }) } : {});
  const origin = new RegExp(`https?://${new URL(site.origin).host.replaceAll('.', '\\.')}`, 'g');
  const rewrite = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(origin, fixture.origin)) as T;
  for (const [route, page] of Object.entries(site.pages)) fixture.routes.set(route, rewrite(page));
  return { rewrite, close: () => fixture.close() };
}

/**
 * Every checker (a tool whose result has `findings` or `valid`) has an example that catches something: one
 * with `finds` (run above), or an offline example whose expected result holds a finding above `info` or `valid: false`.
 */
test('every checker has an example whose input is broken in a way it promises to catch', () => {
  const catches = (e: ToolExample<unknown, unknown>): boolean => {
    if (e.finds && e.finds.length > 0) return true;
    const output = e.output as { findings?: { severity: string }[]; valid?: boolean } | undefined;
    return output?.valid === false || (output?.findings ?? []).some((f) => f.severity !== 'info');
  };
  const missing = registry.tools.filter((tool) => {
    const properties = Object.keys((jsonSchemaOf(tool.output, 'output').properties ?? {}) as object);
    const checker = properties.includes('findings') || properties.includes('valid');
    return checker && !tool.examples.some(catches);
  });
  assert.deepEqual(
    missing.map((t) => t.operationId),
    [],
  );
});
