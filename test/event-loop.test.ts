import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { z } from 'zod';
import { asToolError } from '../src/core/errors.ts';
import { createCpuPool } from '../src/engines/cpu/index.ts';
import type { AnyTool } from '../src/registry/define-tool.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';
import { run } from './helpers/invoke.ts';
import { invoke } from '../src/core/invoke.ts';
import { pino } from 'pino';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLoopDelaySampler, isStall } from './helpers/loop-delay.ts';
import { warmLibraries } from '../src/lib/lazy.ts';

// Loaded as the service loads them before it listens (src/main.ts): a first use is not a stall.
await warmLibraries();

/**
 * No tool can stall the event loop every caller shares: each JSON tool runs with its largest allowed input
 * (its first example, every long string field grown to its limit, every array to its item limit) through the
 * pipeline with the CPU worker pool, while perf_hooks samples the loop's delay. Engines other than the pool are
 * absent, so URL tools stop at once (they are measured with their engines in their own suites).
 */
const pool = createCpuPool({ threads: 1 });
after(() => pool.close());

const TARGET_CHARS = 1_000_000;
const silent = pino({ level: 'silent' });

interface JsonSchema {
  type?: string;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}

/** The example value grown to the schema's limit: strings repeated up to maxLength, arrays up to maxItems. */
function grow(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema) return value;
  if (typeof value === 'string' && schema.type === 'string') {
    const limit = Math.min(schema.maxLength ?? TARGET_CHARS, TARGET_CHARS);
    if (limit < 10_000 || value.length === 0) return value;
    const separator = value.includes('\n') ? '\n' : ' ';
    let grown = value;
    while (grown.length + separator.length + value.length <= limit)
      grown += separator + grown.slice(0, Math.min(grown.length, limit - grown.length - separator.length));
    return grown.slice(0, limit);
  }
  if (Array.isArray(value) && schema.type === 'array' && value.length > 0) {
    const limit = Math.min(schema.maxItems ?? 1000, 10_000);
    const items = value.map((item) => grow(item, schema.items));
    const grown: unknown[] = [];
    while (grown.length < limit) grown.push(...items);
    return grown.slice(0, limit);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, grow(inner, schema.properties?.[key])]));
  }
  return value;
}

function largestInput(tool: AnyTool): unknown {
  const example = tool.examples[0]?.input;
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return grow(example, schema);
}

test('every JSON tool at its largest input leaves the event loop responsive (p99 delay < 50 ms)', { timeout: 600_000 }, async () => {
  const sampler = createLoopDelaySampler();
  const worst: { tool: string; maxMs: number; cpuMs: number; ms: number }[] = [];
  for (const tool of ALL_TOOLS.filter((t) => !t.upload)) {
    const input = largestInput(tool);
    const started = performance.now();
    const { maxMs, cpuMs, error } = await sampler.measure(() => run(tool, input, { engines: { cpu: pool } }));
    if (error) {
      const mapped = asToolError(error);
      assert.ok(mapped.status < 500 || mapped.code === 'engine_unavailable' || mapped.code === 'timeout', `${tool.operationId}: ${String(error)}`);
    }
    worst.push({ tool: tool.operationId, maxMs, cpuMs, ms: performance.now() - started });
  }
  worst.sort((a, b) => b.maxMs - a.maxMs);
  const p99 = sampler.histogram.percentile(99) / 1000;
  console.log(
    `event loop while ${worst.length} tools ran at their largest inputs: p99 ${p99.toFixed(1)} ms, max ${(sampler.histogram.max / 1000).toFixed(1)} ms; longest stalls: ${worst
      .slice(0, 8)
      .map((w) => `${w.tool} ${w.maxMs.toFixed(0)} ms (call ${w.ms.toFixed(0)} ms, main-thread CPU ${w.cpuMs.toFixed(0)} ms)`)
      .join(', ')}`,
  );
  assert.ok(p99 < 50, `p99 event-loop delay ${p99.toFixed(1)} ms`);
  // A single stall long enough to be a tool running on the loop (not the machine being busy: see isStall).
  // A stall seen once is measured again: a tool that blocks the loop does so every time, while a collection of
  // the garbage earlier tools left (or a busy machine) lands on whichever call happens to be running.
  const stalled: string[] = [];
  for (const suspect of worst.filter(isStall)) {
    const tool = ALL_TOOLS.find((t) => t.operationId === suspect.tool)!;
    const again = await sampler.measure(() => run(tool, largestInput(tool), { engines: { cpu: pool } }));
    console.log(
      `${suspect.tool} stalled ${suspect.maxMs.toFixed(0)} ms; measured again: ${again.maxMs.toFixed(0)} ms (main-thread CPU ${again.cpuMs.toFixed(0)} ms)`,
    );
    if (isStall(again)) stalled.push(suspect.tool);
  }
  assert.deepEqual(stalled, [], 'tools that blocked the event loop');
});

test('a cpu tool answers the same in a worker thread as inline: every example of every cpu tool, run in the pool', async () => {
  const cpuTools = ALL_TOOLS.filter((t) => t.cpu && !t.upload);
  assert.ok(cpuTools.length >= 90, `${cpuTools.length} cpu tools`);
  const now = new Date('2026-06-01T12:00:00Z');
  for (const tool of cpuTools) {
    for (const example of tool.examples) {
      if (example.output === undefined) continue;
      const inline = await run(tool, example.input, { now: () => now });
      const pooled = await pool.run(
        {
          kind: 'tool',
          module: tool.module,
          slug: tool.slug,
          input: example.input,
          uploads: [],
          requestId: 'test',
          now: now.getTime(),
          plan: { name: 'free', bulkUrlLimit: 5 },
        },
        new AbortController().signal,
      );
      assert.deepEqual(tool.output.parse(pooled.output), inline.result, `${tool.operationId}: ${example.title ?? ''}`);
      assert.deepEqual(pooled.warnings, inline.warnings, `${tool.operationId} warnings`);
    }
  }
});

test('an upload tool in the pool reads its upload there: a 1 MB CSV gives the same JSON as inline, without stalling the loop', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpu-upload-'));
  try {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},"name ${i}, jr",${(i * 0.37).toFixed(2)},${i % 2 === 0}`);
    const file = path.join(dir, 'big.csv');
    writeFileSync(file, `id,name,amount,active\n${rows.join('\n')}\n`);
    const upload = { field: 'file', path: file, fileName: 'big.csv', sizeBytes: statSync(file).size };
    const tool = ALL_TOOLS.find((t) => t.operationId === 'web.csvToJson')!;
    const call = (deps: Parameters<typeof invoke>[3]) =>
      invoke(tool, { inferTypes: 'true' }, { requestId: 'test', log: silent, uploads: [upload] }, { ...deps, scratchRoot: dir });
    const sampler = createLoopDelaySampler();
    let pooled: unknown;
    const measured = await sampler.measure(async () => {
      pooled = (await call({ engines: { cpu: pool } })).result;
    });
    const inline = (await call({})).result as Record<string, unknown>[];
    assert.equal(inline.length, 20_000);
    assert.deepEqual(inline[7], { id: 7, name: 'name 7, jr', amount: 2.59, active: false });
    assert.deepEqual(pooled, inline);
    assert.ok(!isStall(measured), `the loop stalled ${measured.maxMs.toFixed(0)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a call past its deadline terminates its worker thread and answers 503 timeout; the pool keeps serving', async () => {
  const compare = ALL_TOOLS.find((t) => t.operationId === 'textUtilities.compareTexts')!;
  const slow = { ...compare, timeoutMs: 200 } as AnyTool;
  const input = largestInput(compare);
  const started = performance.now();
  await assert.rejects(run(slow, input, { engines: { cpu: pool } }), (error: unknown) => asToolError(error).code === 'timeout');
  assert.ok(performance.now() - started < 2000, 'the caller is answered at the deadline, not when the work would end');
  const after = await run(compare, { text1: 'a b', text2: 'a c' }, { engines: { cpu: pool } });
  assert.ok(after.result);
});

test('past the bounded queue, calls are refused with 503 and Retry-After instead of piling up', async () => {
  const tiny = createCpuPool({ threads: 1, maxQueue: 1 });
  try {
    const compare = ALL_TOOLS.find((t) => t.operationId === 'textUtilities.compareTexts')!;
    const job = {
      kind: 'tool' as const,
      module: compare.module,
      slug: compare.slug,
      input: compare.examples[0]!.input,
      uploads: [],
      requestId: 'test',
      now: Date.now(),
      plan: { name: 'free', bulkUrlLimit: 5 },
    };
    await tiny.run(job, new AbortController().signal); // a warm thread, as under steady load
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => tiny.run(job, new AbortController().signal)));
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'fulfilled', 'rejected', 'rejected'],
      'one running, one queued, the rest refused',
    );
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      const error = asToolError((outcome as PromiseRejectedResult).reason);
      assert.equal(error.status, 503);
      assert.equal(error.headers['retry-after'], '2');
    }
  } finally {
    await tiny.close();
  }
});
