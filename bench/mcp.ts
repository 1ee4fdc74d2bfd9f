/**
 * MCP router latency, in-process (no HTTP): the discover_tools and plan_task handlers over the whole
 * catalog — one discover query per tool and workflow (its title, then its keywords), one plan per goal of
 * the routing evaluation set plus one per workflow example goal. Target: p50 under 5 ms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAgent } from '../src/mcp/agent.ts';
import { buildCatalog } from '../src/mcp/catalog.ts';
import { buildSkills } from '../src/mcp/skills.ts';
import type { CallContext, McpCore } from '../src/mcp/meta/define.ts';
import { META_TOOLS } from '../src/mcp/tools.ts';
import { createRegistry } from '../src/registry/registry.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';

const TARGET_P50_MS = 5;

const t0 = performance.now();
const registry = createRegistry(ALL_TOOLS);
const catalog = buildCatalog(registry);
const buildMs = performance.now() - t0;
const skills = buildSkills(catalog.workflows, registry);
const now = (): Date => new Date();
const agent = createAgent({ registry, catalog, skills, now, payloadsFor: () => ({ save: () => Promise.reject(new Error('not used')) }) });
const unused = (): never => {
  throw new Error('not used by discover_tools / plan_task');
};
const core: McpCore = {
  registry,
  catalog,
  agent,
  skills,
  runs: { create: unused, claim: unused, renew: unused, finish: unused, get: unused, list: unused, failInterrupted: unused, unclaimed: unused, prune: unused },
  payloads: { save: unused, read: unused, prune: unused },
  enqueue: unused,
  invokeDeps: {},
  now,
};
const ctx: CallContext = {
  accountId: 'bench',
  keyId: 'bench',
  identity: { accountId: 'bench', keyId: 'bench' },
  requestId: 'bench',
  log: { error() {}, warn() {}, info() {}, debug() {} },
  signal: new AbortController().signal,
};
const handler = (name: string): ((args: Record<string, unknown>) => Promise<Record<string, unknown>>) => {
  const tool = META_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(name);
  return (args) => tool.call(args, ctx, core);
};

const discoverQueries = catalog.items.flatMap((item) => [item.title, item.keywords.slice(0, 3).join(' ')]);
const evalGoals = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../test/mcp/routing-eval.json'), 'utf8')) as {
    goals: Array<{ goal: string; input?: Record<string, unknown> }>;
  }
).goals;
const planGoals = [...evalGoals, ...catalog.workflows.flatMap((w) => w.exampleGoals.map((goal) => ({ goal, input: w.exampleInput })))];

/**
 * Latency of each call, once: the router remembers the searches and readings of the last goals it saw (a client plans a
 * goal, then solves it), so the first time a goal is seen and the same goal again are measured apart.
 */
async function timed(calls: Array<() => Promise<unknown>>): Promise<number[]> {
  const samples: number[] = [];
  for (const call of calls) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return samples;
}

function row(name: string, samples: number[]): string {
  samples.sort((a, b) => a - b);
  const at = (q: number): number => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  const p50 = at(0.5);
  const verdict = p50 < TARGET_P50_MS ? 'ok' : 'OVER TARGET';
  return `${name.padEnd(52)} ${String(samples.length).padStart(6)} calls   p50 ${p50.toFixed(2).padStart(6)} ms   p99 ${at(0.99).toFixed(2).padStart(6)} ms   (target p50 < ${TARGET_P50_MS} ms: ${verdict})`;
}

/** Warms up (JIT) on every other call, then times the others: first seen, then again. */
async function measure(name: string, calls: Array<() => Promise<unknown>>): Promise<string[]> {
  const warm = calls.filter((_, i) => i % 2 === 0);
  const measured = calls.filter((_, i) => i % 2 === 1);
  for (let round = 0; round < 2; round++) await timed(warm);
  const first = await timed(measured);
  const again = await timed(measured);
  return [row(`${name}, first time`, first), row(`${name}, same again`, again)];
}

const discover = handler('discover_tools');
const plan = handler('plan_task');
const rows = [
  ...(await measure(
    `discover_tools (${discoverQueries.length} queries)`,
    discoverQueries.map((query) => () => discover({ query })),
  )),
  ...(await measure(
    `plan_task (${planGoals.length} goals)`,
    planGoals.map((g) => () => plan({ goal: g.goal, ...(g.input ? { input: g.input } : {}) })),
  )),
];
console.log(`catalog: ${registry.tools.length} tools, ${catalog.workflows.length} workflows, index built in ${buildMs.toFixed(0)} ms`);
for (const line of rows) console.log(line);
