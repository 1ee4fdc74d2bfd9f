import { learnRouting, setLearnedRouting } from '../../../src/mcp/reranker.ts';
import { routingExamples, TRAINING_SETS } from './examples.ts';
import { catalog, loadHalf, measure, pct, UNREAD } from './measure.ts';

/**
 * Leave-one-set-out validation of the router's learned models (src/mcp/reranker.ts, README.md "Learned
 * re-ranking"): for each set they train on, train on the others and score it, so that each figure is on goals the
 * models never saw (the rules of the router were tuned on most of them: these figures are still optimistic; dev12,
 * dev13, dev17, dev20, dev21, dev23, dev25, dev30, dev31 and dev32, which neither rules nor models were derived from, are the honest ones). `--dev12` …
 * `--dev32` add those sets, scored by the models trained on every training set. Run: `bash scripts/run.sh test test/mcp/eval/loso.ts [--dev12] … [--dev32]`.
 */
let plan = 0;
let discover = 0;
let goals = 0;
let impossible = 0;
const unseen = [...UNREAD].filter((set) => set !== 'held-out' && process.argv.includes(`--${set}`));
for (const held of [...TRAINING_SETS, ...unseen]) {
  const trained = TRAINING_SETS.includes(held);
  setLearnedRouting(catalog, learnRouting(catalog.items, routingExamples(TRAINING_SETS.filter((s) => s !== held))));
  const f = measure(loadHalf(held));
  if (trained) {
    plan += f.planTop1;
    discover += f.discoverTop1;
    goals += f.goals;
    impossible += f.impossiblePicked.length;
  }
  console.log(
    `${held}${trained ? ' (trained without it)' : ''}: ${f.goals} goals; plan_task top-1 ${pct(f.planTop1, f.goals)} (${f.planTop1}), top-3 ${pct(f.planTop3, f.goals)}; discover_tools top-1 ${pct(f.discoverTop1, f.goals)} (${f.discoverTop1}); impossible picked ${f.impossiblePicked.length}; vague executed ${f.vagueExecuted.length}`,
  );
}
console.log(
  `leave-one-set-out, all ${TRAINING_SETS.length}: plan_task top-1 ${pct(plan, goals)} (${plan} of ${goals}); discover_tools top-1 ${pct(discover, goals)} (${discover}); impossible picked ${impossible}`,
);
