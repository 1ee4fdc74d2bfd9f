/**
 * `npm run examples:report`: per module, how the tools' examples know their expected output — checked against
 * an outside reference (`reference`), recorded from a run (`snapshot`), not yet marked either way, asserting
 * the findings a made-up broken site must produce (`finds`), or with no fixed output (random results, examples
 * that need the network).
 */
import { ALL_TOOLS } from '../src/tools/index.ts';

interface Counts {
  reference: number;
  snapshot: number;
  unmarked: number;
  finds: number;
  noOutput: number;
}

const byModule = new Map<string, Counts>();
for (const tool of ALL_TOOLS) {
  const counts = byModule.get(tool.module) ?? { reference: 0, snapshot: 0, unmarked: 0, finds: 0, noOutput: 0 };
  for (const example of tool.examples) {
    if (example.output === undefined) counts[example.finds ? 'finds' : 'noOutput']++;
    else if (example.reference) counts.reference++;
    else if (example.snapshot) counts.snapshot++;
    else counts.unmarked++;
  }
  byModule.set(tool.module, counts);
}
const total: Counts = { reference: 0, snapshot: 0, unmarked: 0, finds: 0, noOutput: 0 };
const rows = [...byModule].map(([module, c]) => {
  for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += c[key];
  return `${module.padEnd(20)} ${String(c.reference).padStart(9)} ${String(c.snapshot).padStart(8)} ${String(c.unmarked).padStart(8)} ${String(c.finds).padStart(5)} ${String(c.noOutput).padStart(9)}`;
});
process.stdout.write(
  [
    `${'module'.padEnd(20)} reference snapshot unmarked finds no output`,
    ...rows,
    `${'total'.padEnd(20)} ${String(total.reference).padStart(9)} ${String(total.snapshot).padStart(8)} ${String(total.unmarked).padStart(8)} ${String(total.finds).padStart(5)} ${String(total.noOutput).padStart(9)}`,
  ].join('\n') + '\n',
);
