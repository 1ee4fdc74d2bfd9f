import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { asToolError } from '../src/core/errors.ts';
import { createCpuPool } from '../src/engines/cpu/index.ts';
import { jsonSchemaOf, type JsonSchema } from '../src/registry/json-schema.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';
import { run } from './helpers/invoke.ts';
import { createLoopDelaySampler, isStall } from './helpers/loop-delay.ts';
import { warmLibraries } from '../src/lib/lazy.ts';

// Loaded as the service loads them before it listens (src/main.ts): a first use is not a stall.
await warmLibraries();

/**
 * Schema-driven fuzzing of every tool: inputs generated from each tool's JSON Schema (valid ones, and invalid
 * ones made by breaking a valid one: a wrong type, a missing required field, an out-of-range value, an unknown
 * field), run through the pipeline. No answer may be a 5xx, and the event loop must stay responsive. Only the CPU
 * pool is wired in: engines that reach the network or other processes are absent (their tools answer 501
 * engine_unavailable here and are fuzzed with their engines in their own suites), and file tools get no upload.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const pool = createCpuPool({ threads: 1 });
after(() => pool.close());

type Arb = fc.Arbitrary<unknown>;

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', 'a,b;c', '{"x":1}', '<p>x</p>', 'https://example.com/a?b=1', '2024-02-29', '1e308', '-0', 'null'),
);

function arbitraryOf(schema: JsonSchema, depth = 0): Arb {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options?.length) return fc.oneof(...options.map((s) => arbitraryOf(s, depth)));
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'string': {
      const max = Math.min(Number(schema.maxLength ?? 60), 60);
      const min = Math.min(Number(schema.minLength ?? 0), max);
      return text.map((s) => (s.length > max ? s.slice(0, max) : s.padEnd(min, 'x')));
    }
    case 'integer':
      return fc.integer({ min: Math.max(Number(schema.minimum ?? -1e6), -1e9), max: Math.min(Number(schema.maximum ?? 1e6), 1e9) });
    case 'number':
      return fc.double({
        min: Math.max(Number(schema.minimum ?? -1e9), -1e12),
        max: Math.min(Number(schema.maximum ?? 1e9), 1e12),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const items = schema.items ? arbitraryOf(schema.items as JsonSchema, depth + 1) : text;
      return fc.array(items, { minLength: Math.min(Number(schema.minItems ?? 0), 3), maxLength: Math.min(Number(schema.maxItems ?? 3), 3) });
    }
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const keys = Object.keys(properties);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 2 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryOf(properties[k]!, depth + 1)])), { requiredKeys: keys.filter((k) => required.has(k)) });
    }
    default:
      return fc.oneof(text, fc.integer(), fc.boolean());
  }
}

/** An example input with one field replaced by a value generated from that field's schema. */
function nearExample(schema: JsonSchema, examples: unknown[]): Arb {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const keys = Object.keys(properties);
  if (examples.length === 0 || keys.length === 0) return arbitraryOf(schema);
  return fc
    .tuple(fc.constantFrom(...examples), fc.constantFrom(...keys))
    .chain(([example, key]) => arbitraryOf(properties[key]!).map((value) => ({ ...(example as object), [key]: value })));
}

/** A valid-looking input broken one way. */
function broken(schema: JsonSchema): Arb {
  const properties = Object.keys((schema.properties ?? {}) as object);
  const valid = arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const field = properties.length > 0 ? fc.constantFrom(...properties) : fc.constant('x');
  const wrong = fc.oneof(fc.constant(null), fc.constant({ nested: [1, 2] }), fc.constant([]), fc.constant(-1), fc.constant(1e308), fc.constant(''));
  return fc.oneof(
    fc.tuple(valid, field, wrong).map(([input, key, value]) => ({ ...input, [key]: value })),
    fc.tuple(valid, field).map(([input, key]) => Object.fromEntries(Object.entries(input).filter(([k]) => k !== key))),
    fc.tuple(valid, fc.string({ minLength: 1, maxLength: 10 }), text).map(([input, key, value]) => ({ ...input, [`${key}_`]: value })),
    fc.constantFrom('not an object', 42, null, [] as unknown),
  );
}

test(`fuzz: every tool, ${RUNS} generated, ${RUNS} near-example and ${RUNS} invalid inputs from its schema, never a 5xx nor a stalled event loop (seed ${SEED})`, {
  timeout: 900_000,
}, async () => {
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${RUNS} runs per kind per tool`);
  const sampler = createLoopDelaySampler();
  const totals = { calls: 0, ok: 0, refused4xx: 0, engineAbsent: 0 };
  const failures: string[] = [];
  const stalls: { tool: string; ms: number; cpuMs: number; again: () => Promise<{ maxMs: number; cpuMs: number }> }[] = [];
  for (const [index, tool] of ALL_TOOLS.entries()) {
    const schema = jsonSchemaOf(tool.input, 'input');
    const kinds = [
      ['generated', arbitraryOf(schema)],
      [
        'near an example',
        nearExample(
          schema,
          tool.examples.map((e) => e.input),
        ),
      ],
      ['invalid', broken(schema)],
    ] as const;
    const cases = kinds.flatMap(([kind, arbitrary], k) =>
      fc.sample(arbitrary, { numRuns: RUNS, seed: SEED + index * 3 + k }).map((input) => ({ kind, input })),
    );
    const runCases = async () => {
      for (const { kind, input } of cases) {
        totals.calls++;
        try {
          await run(tool, input, { engines: { cpu: pool }, now: () => new Date('2026-06-15T12:00:00Z') });
          totals.ok++;
        } catch (error) {
          const mapped = asToolError(error);
          if (mapped.code === 'engine_unavailable') totals.engineAbsent++;
          else if (mapped.status < 500) totals.refused4xx++;
          else
            failures.push(
              `${tool.operationId} (${kind}) ${mapped.status} ${mapped.code}: ${JSON.stringify(input)?.slice(0, 200)} -> ${String((error as Error).stack ?? error).slice(0, 300)}`,
            );
        }
      }
    };
    const { maxMs, cpuMs } = await sampler.measure(runCases);
    stalls.push({ tool: tool.operationId, ms: maxMs, cpuMs, again: () => sampler.measure(runCases) });
  }
  stalls.sort((a, b) => b.ms - a.ms);
  console.log(
    `longest event-loop delays: ${stalls
      .slice(0, 6)
      .map((s) => `${s.tool} ${s.ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
  const p99 = sampler.histogram.percentile(99) / 1000;
  console.log(
    `fuzz totals: ${ALL_TOOLS.length} tools, ${totals.calls} calls, ${totals.ok} answered 2xx, ${totals.refused4xx} refused with a 4xx, ${totals.engineAbsent} engine_unavailable (engine absent here), ${failures.length} 5xx; event-loop delay p99 ${p99.toFixed(1)} ms, max ${(sampler.histogram.max / 1000).toFixed(0)} ms`,
  );
  assert.deepEqual(failures, [], `5xx answers (seed ${SEED})`);
  // A stall is a tool holding the loop long enough to be felt by every other caller (see isStall). One seen once
  // is measured again on the same inputs: a tool that blocks the loop does so every time, while a collection of
  // garbage earlier tools left lands on whichever tool happens to be running.
  const stalled: string[] = [];
  for (const suspect of stalls.filter((s) => isStall({ maxMs: s.ms, cpuMs: s.cpuMs }))) {
    const again = await suspect.again();
    console.log(
      `${suspect.tool} stalled ${suspect.ms.toFixed(0)} ms; measured again: ${again.maxMs.toFixed(0)} ms (main-thread CPU ${again.cpuMs.toFixed(0)} ms)`,
    );
    if (isStall(again)) stalled.push(suspect.tool);
  }
  assert.deepEqual(stalled, [], 'tools that stalled the event loop');
});

test('a lone UTF-16 surrogate (valid JSON, no UTF-8 form) in any text field of any example is never a 5xx', async () => {
  const failures: string[] = [];
  for (const tool of ALL_TOOLS) {
    for (const example of tool.examples) {
      if (example.needsNetwork || example.site || example.upload) continue;
      const input = example.input as Record<string, unknown>;
      for (const [field, value] of Object.entries(input)) {
        if (typeof value !== 'string') continue;
        for (const broken of [`${value}\ud800`, `\udc00${value}`]) {
          try {
            await run(tool, { ...input, [field]: broken }, { engines: { cpu: pool }, now: () => new Date('2026-06-15T12:00:00Z') });
          } catch (error) {
            const refusal = asToolError(error);
            if (refusal.status >= 500 && refusal.code !== 'engine_unavailable')
              failures.push(`${tool.operationId} ${field}: ${refusal.status} ${refusal.detail}`);
          }
        }
      }
    }
  }
  assert.deepEqual(failures, []);
});
