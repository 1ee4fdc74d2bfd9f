import { writeFileSync } from 'node:fs';
import type { RoutingExamples } from '../../../src/mcp/reranker.ts';
import { HALVES, loadHalf, UNREAD, type Half } from './measure.ts';

/**
 * The labelled goals the router's learned models train on (src/mcp/reranker.ts): every set whose misses are read, the
 * sets the router is tuned on (dev7 and dev8 from router9, dev9 and dev10 from router11; dev14 … dev24 and dev26 … dev29 from router22).
 * held-out.json is never read (README.md "Rule"), and dev12, dev13, dev17, dev20, dev21, dev23, dev25, dev30, dev31 and dev32 are left out
 * so that they still measure goals neither the rules nor the models were made from. Run
 * `bash scripts/run.sh test test/mcp/eval/examples.ts` after changing one of these sets; eval.test.ts checks that the
 * committed file is what this makes.
 */
export const TRAINING_SETS: Half[] = HALVES.filter((set) => !UNREAD.has(set));

/**
 * The sets whose impossible goals the scope model learns "no tool fits" from. Not dev14 … dev24: their impossible goals
 * (up to half of each set) were written to sit as close to real tools as words allow, and learned from they taught the
 * scope model to refuse plain requests ("check the ssl certificate of …", "vat rate 20 on 150"); README.md "router22".
 */
const NEAR_MISS_SETS: ReadonlySet<Half> = new Set(['dev14', 'dev15', 'dev16', 'dev18', 'dev19', 'dev22', 'dev24']);
export const OUT_OF_SCOPE_SETS: readonly Half[] = TRAINING_SETS.filter((set) => !NEAR_MISS_SETS.has(set));

export function routingExamples(sets: readonly Half[] = TRAINING_SETS): RoutingExamples {
  const goals = sets.flatMap(loadHalf);
  return {
    goals: goals.filter((g) => g.expected && g.expected.length > 0).map((g) => [g.goal, ...(g.expected ?? [])] as [string, ...string[]]),
    outOfScope: sets
      .filter((set) => OUT_OF_SCOPE_SETS.includes(set))
      .flatMap(loadHalf)
      .filter((g) => g.impossible)
      .map((g) => g.goal),
  };
}

export const EXAMPLES_FILE = new URL('../../../src/mcp/routing-examples.json', import.meta.url);

/** One goal per line, so that a change to a set shows as a small diff. */
export function serialise(examples: RoutingExamples): string {
  const lines = (values: unknown[]): string => values.map((v) => `    ${JSON.stringify(v)}`).join(',\n');
  return `{\n  "goals": [\n${lines(examples.goals)}\n  ],\n  "outOfScope": [\n${lines(examples.outOfScope)}\n  ]\n}\n`;
}

if (import.meta.main) writeFileSync(EXAMPLES_FILE, serialise(routingExamples()));
