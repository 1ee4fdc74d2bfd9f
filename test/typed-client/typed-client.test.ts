import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * What a user of the OpenAPI document does: generate types with openapi-typescript from the served document,
 * write a small openapi-fetch client against them, type-check it (the project's tsc), and run it against a
 * real server: a JSON tool, a file tool with a multipart upload, and the download of its result.
 *
 * openapi-typescript needs the TypeScript 5 compiler API, which the project's TypeScript 7 no longer has: this
 * folder is an npm workspace with its own TypeScript 5 for it (package.json here).
 */
const ROOT = path.join(import.meta.dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** What users write, checked by tsc against the generated `paths`. Exported `run` is called by the test. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

export async function run(baseUrl: string, apiKey: string): Promise<{ reversed: string; html: string; fileName: string }> {
  const client = createClient<paths, 'application/json'>({ baseUrl, headers: { 'X-Api-Key': apiKey } });

  const reversed = await client.POST('/api/v1/text-utilities/reverse-text', { body: { text: 'héllo 👍🏽' } });
  if (!reversed.data) throw new Error(\`reverse-text: \${JSON.stringify(reversed.error)}\`);
  // Without Prefer: respond-async the answer is the result; the 202 job shape is the other member of the union.
  const reversedResult = reversed.data.result;
  if ('jobId' in reversedResult) throw new Error('reverse-text answered as a job without being asked');
  const text: string = reversedResult.text;

  const converted = await client.POST('/api/v1/documents/md-to-html', {
    body: { file: new Blob(['# Hello\\n\\nFrom a *typed* client.\\n'], { type: 'text/markdown' }), fileName: 'hello' },
    bodySerializer(body) {
      const form = new FormData();
      form.append('file', body.file, 'hello.md');
      if (body.fileName !== undefined) form.append('fileName', body.fileName);
      return form;
    },
  });
  if (!converted.data) throw new Error(\`md-to-html: \${JSON.stringify(converted.error)}\`);
  const convertedResult = converted.data.result;
  if ('jobId' in convertedResult) throw new Error('md-to-html answered as a job without being asked');
  const { downloadUrl, fileName, mimeType } = convertedResult;
  if (mimeType !== 'text/html') throw new Error(\`unexpected \${mimeType}\`);
  const download = await fetch(downloadUrl);
  if (!download.ok) throw new Error(\`download: \${download.status}\`);
  return { reversed: text, html: await download.text(), fileName };
}

/** Never called: each line must be a type error (tsc reports an unused directive). */
export async function typeErrors(client: ReturnType<typeof createClient<paths, 'application/json'>>): Promise<void> {
  // @ts-expect-error text must be a string
  await client.POST('/api/v1/text-utilities/reverse-text', { body: { text: 42 } });
  // @ts-expect-error the result has no such field
  void (await client.POST('/api/v1/text-utilities/reverse-text', { body: { text: 'a' } })).data?.result.nope;
  // @ts-expect-error a file tool's form needs its file
  await client.POST('/api/v1/documents/md-to-html', { body: { fileName: 'x' } });
  // @ts-expect-error no such route
  await client.POST('/api/v1/text-utilities/no-such-tool', { body: {} });
}
`;

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

test('a client generated with openapi-typescript type-checks and calls a JSON tool, a file tool and the download', async () => {
  const document = (await (await server.get('/api/v1/openapi.json')).json()) as Record<string, unknown>;
  // Under the repository so that the client resolves openapi-fetch from its node_modules; .tmp/ is git-ignored.
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, '.tmp', 'typed-client-'));
  try {
    // Uploads are Blobs in the browser and in Node (openapi-typescript's documented transform for format: binary).
    const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
    const ast = await openapiTS(document as never, { transform: (schema) => (schema.format === 'binary' ? blob : undefined) });
    writeFileSync(path.join(dir, 'api.ts'), astToString(ast));
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(ROOT, 'tsconfig.json'),
        compilerOptions: { types: ['node'], typeRoots: [path.join(ROOT, 'node_modules/@types')] },
        files: ['client.ts'],
        include: [],
      }),
    );
    const tsc = spawnSync(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    assert.equal(tsc.status, 0, `tsc: ${tsc.stdout}${tsc.stderr}`);

    const client = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as {
      run(baseUrl: string, apiKey: string): Promise<{ reversed: string; html: string; fileName: string }>;
    };
    const result = await client.run(server.url, server.key);
    assert.equal(result.reversed, '👍🏽 olléh');
    assert.equal(result.fileName, 'hello.html');
    assert.match(result.html, /<h1[^>]*>Hello<\/h1>/);
    assert.match(result.html, /<em>typed<\/em>/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
