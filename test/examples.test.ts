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

async function call(tool: AnyTool, input: unknown): Promise<{ status: number; body: unknown; contentType: string }> {
  const response = await server.post(tool.path, input);
  const contentType = response.headers.get('content-type') ?? '';
  const body: unknown = contentType.includes('json') ? await response.json() : await response.text();
  return { status: response.status, body, contentType };
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
        test(name, async () => {
          for (const body of [example.input, { inputs: example.input }]) {
            const { status, body: answer } = await call(tool, body);
            assert.equal(status, tool.successStatus, JSON.stringify(answer));
            if (tool.response === 'envelope') {
              assert.deepEqual(
                { status: (answer as { status: unknown }).status, code: (answer as { code: unknown }).code },
                { status: true, code: tool.successStatus },
              );
            }
            const result = resultOf(tool, answer);
            assert.ok(tool.output.safeParse(result).success, 'result matches the output schema');
            if (example.output !== undefined) assert.deepEqual(result, example.output);
          }
        });
      }
    }
  });
}
