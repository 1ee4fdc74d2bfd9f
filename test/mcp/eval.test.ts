import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { EXAMPLES_FILE, routingExamples, serialise } from './eval/examples.ts';
import { loadHalf, measure, pct } from './eval/measure.ts';

/**
 * The router on the evaluation set of test/mcp/eval (775 goals written without reading the router, split into a
 * tuning half and a held-out half that is never used while tuning, plus eleven development sets written later
 * from the catalog: dev, dev2 … dev11; see its README). The floors below are the figures measured when the router last
 * changed: they catch a regression. They are not the goal, which is 95 % top-1 for plan_task and 90 % for
 * discover_tools on the held-out half, and no pick for an impossible goal.
 */
// Measured 2026-11-26 after the router11 changes (issue 17: the learned models of src/mcp/reranker.ts are trained on
// tuning, dev and dev2 … dev10, so their figures are trained-on figures; plan_task top-1 / discover_tools top-1):
// tuning 351 / 351 of 352, dev 284 / 285 of 286, dev2 348 / 349 of 350, dev3 388 / 390 of 391, dev4 388 / 390 of 400,
// dev5 313 / 313 of 325, dev6 336 / 338 of 348, dev7 404 / 406 of 421, dev8 366 / 375 of 387, dev9 645 / 653 of 660
// (1 impossible goal picked), dev10 362 / 366 of 381 (1 vague goal executed). Leave-one-set-out (test/mcp/eval/loso.ts:
// each scored by models trained on the other ten) gives 4,111 and 4,164 of 4,301, 25 impossible goals picked. dev11
// was written before any router11 change and neither trained nor tuned on: 345 / 357 of 390 and 11 of 63 impossible
// goals picked before, 351 / 361 and 11 after. discover_tools is measured as the MCP tool answers (the router's pick
// first). The held-out half's floor is the figure measured after router11's last change (94.7 % / 96.4 %, 340 and 346
// of 359, 1 impossible goal picked, 0 vague executed; 94.2 % / 95.8 % and 1 after router10, 93.9 % / 95.8 % after
// router9, 94.4 % / 95.8 % and 2 after router7): a known gap, not a target; it is measured again only after router
// changes.
const FLOORS = {
  tuning: { plan: 0.997, discover: 0.997, impossiblePicked: 0, vagueExecuted: 0 },
  dev: { plan: 0.993, discover: 0.996, impossiblePicked: 0, vagueExecuted: 0 },
  dev2: { plan: 0.994, discover: 0.997, impossiblePicked: 0, vagueExecuted: 0 },
  dev3: { plan: 0.992, discover: 0.997, impossiblePicked: 0, vagueExecuted: 0 },
  dev4: { plan: 0.97, discover: 0.975, impossiblePicked: 0, vagueExecuted: 0 },
  dev5: { plan: 0.963, discover: 0.963, impossiblePicked: 0, vagueExecuted: 0 },
  dev6: { plan: 0.965, discover: 0.971, impossiblePicked: 0, vagueExecuted: 0 },
  dev7: { plan: 0.959, discover: 0.964, impossiblePicked: 0, vagueExecuted: 0 },
  dev8: { plan: 0.945, discover: 0.968, impossiblePicked: 0, vagueExecuted: 0 },
  dev9: { plan: 0.977, discover: 0.989, impossiblePicked: 1, vagueExecuted: 0 },
  dev10: { plan: 0.95, discover: 0.96, impossiblePicked: 0, vagueExecuted: 1 },
  dev11: { plan: 0.9, discover: 0.925, impossiblePicked: 11, vagueExecuted: 0 },
  dev12: { plan: 0.87, discover: 0.9, impossiblePicked: 9, vagueExecuted: 0 },
  'held-out': { plan: 0.947, discover: 0.963, impossiblePicked: 1, vagueExecuted: 0 },
} as const;

for (const half of ['tuning', 'dev', 'dev2', 'dev3', 'dev4', 'dev5', 'dev6', 'dev7', 'dev8', 'dev9', 'dev10', 'dev11', 'dev12', 'held-out'] as const) {
  test(`routing evaluation, ${half} half: plan_task and discover_tools top-1 at or above the last measured floor`, (t) => {
    const f = measure(loadHalf(half));
    t.diagnostic(
      `${half}: ${f.goals} goals; plan_task top-1 ${pct(f.planTop1, f.goals)}, top-3 ${pct(f.planTop3, f.goals)}; discover_tools top-1 ${pct(f.discoverTop1, f.goals)}; impossible goals picked ${f.impossiblePicked.length}; vague goals executed ${f.vagueExecuted.length}`,
    );
    const floor = FLOORS[half];
    assert.ok(f.planTop1 / f.goals >= floor.plan, `plan_task top-1 ${pct(f.planTop1, f.goals)} < ${floor.plan * 100} %`);
    assert.ok(f.discoverTop1 / f.goals >= floor.discover, `discover_tools top-1 ${pct(f.discoverTop1, f.goals)} < ${floor.discover * 100} %`);
    assert.ok(f.impossiblePicked.length <= floor.impossiblePicked, `impossible goals picked: ${f.impossiblePicked.length}`);
    assert.ok(f.vagueExecuted.length <= floor.vagueExecuted, `vague goals executed: ${f.vagueExecuted.length}`);
  });
}

test('a goal no tool here does is "unsupported", with the closest capabilities, never a near miss', () => {
  // Conversions the catalog lacks: DOCX to ODT (only ODT to DOCX is there), and TOML or ICO files, which no tool makes.
  const missingConversions = ['please convert report.docx to odt', 'save settings.json as settings.toml', 'export my logo.png as an .ico'];
  // Files of a registered type that no tool reads (EPS, Keynote), however clearly the target is named.
  const unreadSources = ['convert my drawing.eps to a png', 'turn keynote slides.key into a pptx'];
  // Making what the catalog only checks, reading what it only makes.
  const otherOperation = ['draft a sitemap.xml for my online shop', 'create a security.txt for my company site', 'read the qr code on this poster photo'];
  for (const goal of [
    'order a large pepperoni pizza to my office',
    'download this youtube video as mp4',
    'current bitcoin price in usd',
    ...missingConversions,
    ...unreadSources,
    ...otherOperation,
  ]) {
    const f = measure([{ goal, impossible: true }]);
    assert.deepEqual(f.impossiblePicked, [], goal);
  }
});

test('the same words with the operation a tool does, or a file it reads, still pick it', () => {
  for (const [goal, id] of [
    ['generate a qr code for https://shop.example/menu', 'marketingApis.qrCodeGenerator'],
    ['validate the sitemap at https://shop.example/sitemap.xml', 'seoApis.sitemapXmlValidator'],
    ['convert logo.png to a jpg', 'convertors.toJpg'],
  ] as const) {
    assert.equal(measure([{ goal, expected: [id] }]).planTop1, 1, goal);
  }
});

test('the router learns only from the tuning and dev sets: its committed examples are what examples.ts makes of them', () => {
  // A goal of held-out.json or dev11.json in src/mcp/routing-examples.json would make their figures trained-on ones.
  assert.equal(readFileSync(EXAMPLES_FILE, 'utf8'), serialise(routingExamples()), 'run: bash scripts/run.sh test test/mcp/eval/examples.ts');
});
