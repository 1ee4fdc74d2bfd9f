import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

/**
 * Importing the tool registry must stay cheap: tests, the CLI and every CPU worker import it, and the
 * heavy libraries are loaded on first use (src/lib/lazy.ts, docs/architecture.md "Libraries loaded on first use"). This
 * checks the property itself, not a timing: a child process imports src/tools/index.ts with a module
 * hook that records every npm package loaded, then compares that set with the lazy libraries and a list
 * of packages known to be heavy (hundreds of modules, native code or large data).
 */
const ROOT = path.resolve(import.meta.dirname, '..');

const HEAVY = [
  // Declared lazy today; listed too so a static import added later is caught even if the lazy() call goes.
  'cheerio',
  'compromise',
  'culori',
  'exceljs',
  'iso-639-3',
  'libphonenumber-js',
  'pdf-lib',
  'prettier',
  'qrcode',
  'quicktype-core',
  'sql-formatter',
  'svgo',
  'jose',
  'yaml',
  'uuid',
  'turndown',
  'fast-xml-parser',
  'csp_evaluator',
  'cron-parser',
  'cronstrue',
  'diff',
  '@node-rs/argon2',
  'bcryptjs',
  'exifr',
  'file-type',
  'franc-min',
  'sentiment',
  'stopword',
  'random-words',
  'lorem-ipsum',
  'n2words',
  '@sindresorhus/slugify',
  '@stdlib/stats-base-dists-normal-cdf',
  'csv-parse',
  'csv-stringify',
  'tar-stream',
  'card-validator',
  'ibantools',
  // The HTML/XML parser stack (src/lib/markup.ts) and the archive and text-measuring libraries.
  'parse5',
  'parse5-htmlparser2-tree-adapter',
  'htmlparser2',
  'domutils',
  'dom-serializer',
  'entities',
  'yauzl',
  'yazl',
  'get-east-asian-width',
  'unicode-segmenter',
  'syllable',
  // Engines and the server: never part of the registry.
  'sharp',
  'potrace',
  'jimp',
  'terser',
  'lightningcss',
  'playwright-core',
  'heic-decode',
  'fastify',
  'pg',
  'pg-boss',
  'kysely',
  'better-sqlite3',
  '@aws-sdk/client-s3',
  '@modelcontextprotocol/sdk',
  'nodemailer',
  'piscina',
];

const CHILD = `
import { registerHooks } from 'node:module';
const packages = new Set();
let modules = 0;
registerHooks({
  load(url, context, next) {
    const match = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
    if (match) packages.add(match[1]);
    if (!url.startsWith('node:')) modules++;
    return next(url, context);
  },
});
// Every use of ICU's locale data (its first use loads it): none may happen while importing.
const intl = [];
const record = (name) => intl.push(name + ' at ' + (new Error().stack.split('\\n')[3] ?? '?').trim());
for (const [owner, method] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'], [String.prototype, 'localeCompare'], [Array.prototype, 'toLocaleString']]) {
  const original = owner[method];
  owner[method] = function (...args) { record(method); return original.apply(this, args); };
}
for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'Segmenter', 'DisplayNames', 'ListFormat', 'RelativeTimeFormat']) {
  const original = Intl[name];
  Intl[name] = new Proxy(original, { construct: (target, args) => { record('Intl.' + name); return new target(...args); }, apply: (target, self, args) => { record('Intl.' + name); return target(...args); } });
}
const { queryObjects } = await import('node:v8');
const { z } = await import('zod');
// Live z.object schemas (each query walks the whole heap, so one kind only): every tool's input is one.
const schemas = () => queryObjects(z.ZodObject, { format: 'count' });
const { ALL_TOOLS } = await import('./src/tools/index.ts');
const { lazyLibraries } = await import('./src/lib/lazy.ts');
const importIntl = [...intl];
const afterImport = schemas();
const { createRegistry } = await import('./src/registry/registry.ts');
const registry = createRegistry(ALL_TOOLS);
const afterRegistry = schemas();
const tool = registry.tools.find((t) => t.slug === 'comma-separate');
const first = tool.input;
const afterOneTool = schemas();
const cached = tool.input === first;
process.stdout.write(JSON.stringify({ tools: ALL_TOOLS.length, packages: [...packages], lazy: lazyLibraries(), modules, intl: importIntl, afterImport, afterRegistry, afterOneTool, cached }));
`;

/**
 * The most modules (files: TypeScript and npm packages) importing the registry may load. Each costs a
 * resolution, a compile-cache read and an evaluation, and together they are most of the import time
 * (docs/architecture.md "Libraries loaded on first use"). A new tool adds its file and may raise this by
 * one; a library or helper that only `run` needs is loaded there instead. (621 modules when this was set.)
 */
const MODULE_BUDGET = 635;

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

interface ImportReport {
  tools: number;
  packages: string[];
  lazy: string[];
  modules: number;
  intl: string[];
  afterImport: number;
  afterRegistry: number;
  afterOneTool: number;
  cached: boolean;
}

/** One child process imports the registry and reports on it (--no-warnings: v8.queryObjects is experimental). */
const report = lazyReport();

function lazyReport(): () => ImportReport {
  let result: ImportReport | undefined;
  return () => {
    if (result) return result;
    const child = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', CHILD], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    result = JSON.parse(child.stdout) as ImportReport;
    return result;
  };
}

test('importing the tool registry loads no heavy library: they load on first use', () => {
  const { tools, packages, lazy, modules } = report();
  assert.ok(tools > 300, `the registry lists ${tools} tools`);
  // The hook sees packages: a wrong pattern would make this test pass vacuously.
  assert.ok(packages.includes('zod'), `zod (every schema) is loaded: ${packages.join(', ')}`);
  assert.ok(lazy.length >= 30, `lib/lazy.ts knows ${lazy.length} libraries`);
  const loaded = new Set(packages);
  const early = [...new Set([...HEAVY, ...lazy.map(packageOf)])].filter((name) => loaded.has(name));
  assert.deepEqual(early, [], `loaded while importing the registry: ${early.join(', ')}`);
  assert.ok(modules >= tools, `the hook counts modules: ${modules} for ${tools} tools`);
  assert.ok(modules <= MODULE_BUDGET, `importing the registry loads ${modules} modules, more than its budget of ${MODULE_BUDGET}`);
});

/**
 * The most z.object schemas (live, counted by V8) importing the registry may leave: the few shared ones that
 * modules keep at their top level (shared output parts). A tool's own schemas are built on its first use
 * (docs/writing-tools.md "Schemas"); building them all at import once left 771 z.object (and ~9,000 zod schemas
 * in all) and took most of the import time and memory. (141 when this was set.)
 */
const SCHEMA_BUDGET = 150;

test('importing the registry and creating it build no tool schema, and use no ICU locale data', () => {
  const { afterImport, afterRegistry, afterOneTool, cached, intl } = report();
  assert.ok(afterImport <= SCHEMA_BUDGET, `importing the registry leaves ${afterImport} z.object schemas, more than its budget of ${SCHEMA_BUDGET}`);
  assert.equal(afterRegistry, afterImport, 'createRegistry builds no schema');
  // The count sees schemas being built: reading one tool's input builds it (a few objects), once.
  assert.ok(afterOneTool > afterRegistry, `reading comma-separate's input built its schema (${afterRegistry} -> ${afterOneTool})`);
  assert.ok(cached, 'a tool builds its schema once and keeps it');
  // The first Intl formatter, collator or segmenter loads ICU's locale data: that waits for a tool's first call.
  assert.deepEqual(intl, [], 'ICU used while importing the registry');
});
