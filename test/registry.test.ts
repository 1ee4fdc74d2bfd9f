import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { test } from 'node:test';
import { z } from 'zod';
import { defineTool, type AnyTool } from '../src/registry/define-tool.ts';
import { camelCase, MODULE_NAMES } from '../src/registry/modules.ts';
import { createRegistry, schemaProblems } from '../src/registry/registry.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';

const registry = createRegistry(ALL_TOOLS);

test('every tool has a description, keywords and at least two examples, and a derived operationId', () => {
  for (const tool of registry.tools) {
    assert.ok(tool.description.length >= 10, `${tool.operationId}: description`);
    assert.ok(tool.keywords.length > 0, `${tool.operationId}: keywords`);
    assert.ok(tool.examples.length >= 2, `${tool.operationId}: examples`);
    assert.equal(tool.operationId, `${camelCase(tool.module)}.${camelCase(tool.slug)}`);
  }
});

test('every tool is a fast-properties object whose schemas are built on first read', () => {
  // V8's own check (%HasFastProperties), reached through its natives syntax: a tool in dictionary mode makes every
  // call's reads of its fields hash lookups (src/registry/define-tool.ts).
  setFlagsFromString('--allow-natives-syntax');
  const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;
  const slow = registry.tools.filter((tool) => !hasFastProperties(tool)).map((tool) => tool.operationId);
  assert.deepEqual(slow, []);
  let built = 0;
  const tool = defineTool({
    module: 'text-utilities',
    slug: 'lazy-probe',
    title: 'Lazy probe',
    description: 'A tool declared only by this test.',
    keywords: ['probe'],
    examples: [],
    input: () => (built++, z.object({ text: z.string() })),
    output: () => z.object({}),
    run: () => ({}),
  });
  assert.equal(built, 0);
  assert.equal(tool.input, tool.input);
  assert.equal(built, 1);
  // A copy (as the "-file" twins make) holds the schemas themselves.
  assert.equal({ ...tool }.input, tool.input);
});

test('operationIds and paths are unique and lookups find every tool', () => {
  const ids = new Set(registry.tools.map((t) => t.operationId));
  assert.equal(ids.size, registry.tools.length);
  for (const tool of registry.tools) {
    assert.equal(registry.byOperationId(tool.operationId), tool);
    assert.equal(registry.byPath(tool.path), tool);
  }
});

test('every tool file in src/tools/<module>/ is listed in its module index', async () => {
  const listed = new Set<AnyTool>(ALL_TOOLS);
  for (const module of MODULE_NAMES) {
    const dir = path.join(import.meta.dirname, '../src/tools', module);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'));
    for (const file of files) {
      const imported = (await import(path.join(dir, file))) as { default?: unknown };
      if (imported.default === undefined) continue; // a helper module of the folder, not a tool
      assert.ok(listed.has(imported.default as AnyTool), `${module}/${file} is not listed in ${module}/index.ts`);
    }
  }
});

test('the registry refuses broken declarations with a message naming each problem', () => {
  const base = {
    module: 'text-utilities' as const,
    title: 'x',
    description: 'A test tool that exists only in this test.',
    keywords: ['x'],
    input: () => z.object({ text: z.string() }),
    output: () => z.object({ text: z.string() }),
    run: ({ text }: { text: string }) => ({ text }),
  };
  const ok = { input: { text: 'a' }, output: { text: 'a' } };
  const oneExample = defineTool({ ...base, slug: 'one-example', examples: [ok] });
  const badSlug = defineTool({ ...base, slug: 'Bad_Slug', examples: [ok, ok] });
  const badExample = defineTool({ ...base, slug: 'bad-example', examples: [ok, { input: { text: 1 as unknown as string } }] });
  const twin = defineTool({ ...base, slug: 'twin', examples: [ok, ok] });
  assert.throws(
    () => createRegistry([oneExample, badSlug, badExample, twin, twin]),
    (error: Error) => {
      assert.match(error.message, /one-example: needs at least two examples/);
      assert.match(error.message, /Bad_Slug: slug must be kebab-case/);
      assert.match(error.message, /textUtilities\.twin: declared twice/);
      return true;
    },
  );
  // The schemas are built on first use, so their checks run apart from createRegistry (every tool's, below).
  assert.deepEqual(schemaProblems(badExample), ['text-utilities/bad-example: example 1 input does not match the schema']);
  assert.deepEqual(schemaProblems(twin), []);
  const notAnObject = defineTool({
    ...base,
    slug: 'not-an-object',
    input: () => z.string() as unknown as z.ZodObject<{ text: z.ZodString }>,
    examples: [ok, ok],
  });
  assert.deepEqual(schemaProblems(notAnObject), ['text-utilities/not-an-object: input must be a z.object']);
});

test('the input of every tool is a z.object that each of its examples matches', () => {
  assert.deepEqual(registry.tools.flatMap(schemaProblems), []);
});
