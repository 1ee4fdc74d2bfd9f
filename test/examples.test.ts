import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { createRegistry } from '../src/registry/registry.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';
import type { AnyTool } from '../src/registry/define-tool.ts';

/** Examples are tests: every example of every tool goes through real HTTP, top level and nested under `inputs`. */
const registry = createRegistry(ALL_TOOLS);
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

async function call(tool: AnyTool, input: unknown, upload?: { fileName: string; content?: string }): Promise<{ status: number; body: unknown; contentType: string }> {
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
        if (example.needsNetwork) continue; // documentation of a URL tool; test/url-tools runs it on loopback
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
