import { learnRouting, setLearnedRouting } from '../../../src/mcp/reranker.ts';
import { routingExamples, TRAINING_SETS } from './examples.ts';
import { catalog, loadHalf, measure, pct, type Half } from './measure.ts';

/**
 * Leave-one-set-out validation of the router's learned models (src/mcp/reranker.ts, README.md "Learned
 * re-ranking"): for each set they train on, train on the other three and score it, so that each figure is on goals
 * the models never saw (the rules of the router were tuned on all four: these figures are still optimistic; dev4,
 * which neither rules nor models were derived from, is the honest one). `--dev4` adds dev4 with the committed
 * models. Run: `bash scripts/run.sh test test/mcp/eval/loso.ts [--dev4]`.
 */
let plan = 0;
let discover = 0;
let goals = 0;
let impossible = 0;
const sets: Half[] = [...TRAINING_SETS, ...(process.argv.includes('--dev4') ? (['dev4'] as Half[]) : [])];
for (const held of sets) {
  setLearnedRouting(catalog, learnRouting(catalog.items, routingExamples(TRAINING_SETS.filter((s) => s !== held))));
  const f = measure(loadHalf(held));
  if (held !== 'dev4') {
    plan += f.planTop1;
    discover += f.discoverTop1;
    goals += f.goals;
    impossible += f.impossiblePicked.length;
  }
  console.log(
    `${held}${held === 'dev4' ? '' : ' (trained without it)'}: ${f.goals} goals; plan_task top-1 ${pct(f.planTop1, f.goals)}, top-3 ${pct(f.planTop3, f.goals)}; discover_tools top-1 ${pct(f.discoverTop1, f.goals)}; impossible picked ${f.impossiblePicked.length}; vague executed ${f.vagueExecuted.length}`,
  );
}
console.log(`leave-one-set-out, all four: plan_task top-1 ${pct(plan, goals)}; discover_tools top-1 ${pct(discover, goals)}; impossible picked ${impossible}`);
