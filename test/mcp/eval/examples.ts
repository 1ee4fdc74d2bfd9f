import { writeFileSync } from 'node:fs';
import type { RoutingExamples } from '../../../src/mcp/reranker.ts';
import { loadHalf, type Half } from './measure.ts';

/**
 * The labelled goals the router's learned models train on (src/mcp/reranker.ts), from the sets the router is tuned
 * on (dev7 and dev8 from router9, dev9 and dev10 from router11). held-out.json is never read (README.md "Rule") and
 * dev11.json is left out so that it still measures goals the models never saw. Run
 * `bash scripts/run.sh test test/mcp/eval/examples.ts` after changing one of these sets; eval.test.ts checks that the
 * committed file is what this makes.
 */
export const TRAINING_SETS: Half[] = ['tuning', 'dev', 'dev2', 'dev3', 'dev4', 'dev5', 'dev6', 'dev7', 'dev8', 'dev9', 'dev10', 'dev11'];

export function routingExamples(sets: readonly Half[] = TRAINING_SETS): RoutingExamples {
  const goals = sets.flatMap(loadHalf);
  return {
    goals: goals.filter((g) => g.expected && g.expected.length > 0).map((g) => [g.goal, ...(g.expected ?? [])] as [string, ...string[]]),
    outOfScope: goals.filter((g) => g.impossible).map((g) => g.goal),
  };
}

export const EXAMPLES_FILE = new URL('../../../src/mcp/routing-examples.json', import.meta.url);

/** One goal per line, so that a change to a set shows as a small diff. */
export function serialise(examples: RoutingExamples): string {
  const lines = (values: unknown[]): string => values.map((v) => `    ${JSON.stringify(v)}`).join(',\n');
  return `{\n  "goals": [\n${lines(examples.goals)}\n  ],\n  "outOfScope": [\n${lines(examples.outOfScope)}\n  ]\n}\n`;
}

if (import.meta.main) writeFileSync(EXAMPLES_FILE, serialise(routingExamples()));
