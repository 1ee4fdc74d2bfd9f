import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Ran, runToEnd } from '../helpers/process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * `npm pack` of client/ gives a package that installs offline in a clean project and works from ESM
 * (import) and CommonJS (require) against the real service, with type declarations that compile for
 * both under `module: nodenext` without @types/node (as in a browser or edge project).
 */
const ROOT = path.join(import.meta.dirname, '../..');
const CLIENT = path.join(ROOT, 'client');
const NODE_BIN = path.dirname(process.execPath);
const NPM_CLI = [path.join(NODE_BIN, '../lib/node_modules/npm/bin/npm-cli.js'), path.join(NODE_BIN, 'node_modules/npm/bin/npm-cli.js')].find(existsSync);
const ENV = {
  ...process.env,
  PATH: `${NODE_BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

/** Runs a command in `cwd` with this file's environment. */
const run = (command: string, args: string[], cwd: string): Promise<Ran> => runToEnd(command, args, { cwd, env: ENV });

async function npm(args: string[], cwd: string): Promise<Ran> {
  const result = NPM_CLI ? await run(process.execPath, [NPM_CLI, ...args], cwd) : await run('npm', args, cwd);
  assert.equal(result.code, 0, `npm ${args.join(' ')}: ${result.stdout}${result.stderr}`);
  return result;
}

async function node(args: string[], cwd: string): Promise<string> {
  const result = await run(process.execPath, args, cwd);
  assert.equal(result.code, 0, `node ${args.join(' ')}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

const USE = (load: string) => `${load}
const [url, key, dir, mode] = process.argv.slice(2);
// As on Node 18 to 20.15, which have no process.getBuiltinModule: the client imports node:fs instead.
if (mode === 'no-getBuiltinModule') process.getBuiltinModule = undefined;
const api = new ToolApi({ apiKey: key, baseUrl: url });
const reversed = await api.textUtilities.reverseText({ text: 'packed' });
const viaCall = await api.call('textUtilities.reverseText', { text: 'abc' });
let unauthorized = '';
try { await new ToolApi({ apiKey: 'tk_bad', baseUrl: url }).textUtilities.reverseText({ text: 'x' }); } catch (e) { unauthorized = e instanceof UnauthorizedError && e instanceof ToolApiError ? e.error : 'wrong class'; }
// A path upload and a download to a path use Node's fs, loaded at call time.
const file = await api.documents.mdToHtml({ file: dir + '/in.md' });
const saved = await file.download(dir + '/out-' + process.version + '-' + (typeof require === 'function' ? 'cjs' : 'esm') + '.html');
console.log(JSON.stringify({ reversed, viaCall, unauthorized, operations: Object.keys(OPERATIONS).length, fileName: file.fileName, saved: saved.sizeBytes === file.sizeBytes }));`;

/** Other Node versions on this machine (e.g. a system Node 20) run the packed package too. */
const OTHER_NODES = ['/usr/bin/node', '/usr/local/bin/node']
  .filter((bin) => existsSync(bin))
  .filter((bin) => {
    const version = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    return Number(version.split('.')[0]) >= 18 && version !== process.versions.node;
  });

describe('npm pack of @toolapi/client', () => {
  let server: TestServer;
  let work: string;
  let tarball: string;

  before(async () => {
    server = await startTestServer();
    work = mkdtempSync(path.join(tmpdir(), 'toolapi-pack-'));
    // prepack builds dist/ (ESM, CJS, declarations) with tsc.
    const packed = await npm(['pack', '--json', '--pack-destination', work], CLIENT);
    const info = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(work, info[0]?.filename ?? '');
    assert.ok(existsSync(tarball), tarball);
    writeFileSync(path.join(work, 'files.json'), JSON.stringify(info[0]?.files.map((f) => f.path)));
  });
  after(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('the tarball holds the built package only, with no dependencies', () => {
    const files = JSON.parse(readFileSync(path.join(work, 'files.json'), 'utf8')) as string[];
    for (const needed of [
      'package.json',
      'README.md',
      'API.md',
      'dist/esm/index.js',
      'dist/esm/index.d.ts',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      'dist/cjs/package.json',
    ]) {
      assert.ok(files.includes(needed), `${needed} in ${files.join(', ')}`);
    }
    assert.ok(!files.some((f) => f.startsWith('src/') || f.startsWith('scripts/') || f.endsWith('.tgz')), files.join(', '));
  });

  test('installs offline in a clean project; import (ESM) and require (CJS) both work against the service', async () => {
    const project = path.join(work, 'consumer');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    await npm(['install', '--offline', '--no-audit', '--no-fund', tarball], project);
    const installed = JSON.parse(readFileSync(path.join(project, 'node_modules/@toolapi/client/package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(installed.dependencies, undefined, 'zero runtime dependencies');
    assert.deepEqual(
      readdirSync(path.join(project, 'node_modules')).filter((d) => !d.startsWith('.')),
      ['@toolapi'],
    );
    // Browsers and edge runtimes load it too: no static import of a Node built-in anywhere in the build.
    for (const flavour of ['esm', 'cjs']) {
      const dist = path.join(project, 'node_modules/@toolapi/client/dist', flavour);
      for (const file of readdirSync(dist, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.js'))) {
        const code = readFileSync(path.join(dist, file), 'utf8');
        assert.doesNotMatch(code, /(from\s*|require\()\s*['"](node:)?(fs|path|os|http|https|stream|buffer|url|crypto)(\/promises)?['"]/, `${flavour}/${file}`);
      }
    }

    writeFileSync(path.join(project, 'esm.mjs'), USE("import { ToolApi, ToolApiError, UnauthorizedError, OPERATIONS } from '@toolapi/client';"));
    writeFileSync(
      path.join(project, 'cjs.cjs'),
      `(async () => {\n${USE("const { ToolApi, ToolApiError, UnauthorizedError, OPERATIONS } = require('@toolapi/client');")}\n})().catch((e) => { console.error(e); process.exit(1); });`,
    );
    writeFileSync(path.join(project, 'in.md'), '# Packed\n');
    const runs = [[process.execPath, ''], [process.execPath, 'no-getBuiltinModule'], ...OTHER_NODES.map((bin) => [bin, ''])] as const;
    for (const [bin, mode] of runs) {
      for (const script of ['esm.mjs', 'cjs.cjs']) {
        const ran = await run(bin, [script, server.url, server.key, project, mode], project);
        assert.equal(ran.code, 0, `${bin} ${script} ${mode}: ${ran.stdout}${ran.stderr}`);
        const out = JSON.parse(ran.stdout) as Record<string, unknown>;
        const label = `${bin} ${script} ${mode}`;
        assert.deepEqual(out.reversed, { text: 'dekcap' }, label);
        assert.deepEqual(out.viaCall, { text: 'cba' }, label);
        assert.equal(out.unauthorized, 'unauthorized', label);
        assert.ok((out.operations as number) > 100, label);
        assert.equal(out.fileName, 'in.html', label);
        assert.equal(out.saved, true, label);
      }
    }
    const esmFile = (
      await node(['--input-type=module', '-e', "import('@toolapi/client').then((m) => console.log(typeof m.ToolApi, typeof m.default))"], project)
    ).trim();
    assert.equal(esmFile, 'function undefined');
    const cjsClass = (
      await node(
        ['-e', "const m = require('@toolapi/client'); console.log(typeof m.ToolApi, require.resolve('@toolapi/client').includes('/dist/cjs/'))"],
        project,
      )
    ).trim();
    assert.equal(cjsClass, 'function true');
  });

  test('its declarations type-check for ESM and CJS consumers (nodenext, DOM lib, no @types/node)', async () => {
    const project = path.join(work, 'typed');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'typed', version: '1.0.0', private: true }));
    await npm(['install', '--offline', '--no-audit', '--no-fund', tarball], project);
    const body = `
const api = new ToolApi({ apiKey: 'tk_x', baseUrl: 'https://api.example.com' });
export async function run(): Promise<string> {
  const { text } = await api.textUtilities.reverseText({ text: 'abc' });
  const file = await api.documents.mdToHtml({ file: new Blob(['# hi']) });
  const bytes: Uint8Array = await file.download();
  // @ts-expect-error a wrong field is caught in the consumer's project too
  await api.textUtilities.reverseText({ txt: 'abc' });
  return text + bytes.byteLength;
}
export const isRateLimit = (e: unknown): boolean => e instanceof RateLimitError;`;
    writeFileSync(path.join(project, 'esm.mts'), `import { ToolApi, RateLimitError } from '@toolapi/client';\n${body}`);
    writeFileSync(
      path.join(project, 'cjs.cts'),
      `import { ToolApi, RateLimitError } = require('@toolapi/client');\n${body.replace(/export /g, '')}\nexport = { run, isRateLimit };`.replace(
        "import { ToolApi, RateLimitError } = require('@toolapi/client');",
        "import client = require('@toolapi/client');\nconst { ToolApi, RateLimitError } = client;",
      ),
    );
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['esm.mts', 'cjs.cts'],
      }),
    );
    const tsc = await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], project);
    assert.equal(tsc.code, 0, `${tsc.stdout}${tsc.stderr}`);
  });
});
