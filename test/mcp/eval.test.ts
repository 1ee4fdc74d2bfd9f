import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { EXAMPLES_FILE, routingExamples, serialise } from './eval/examples.ts';
import { HALVES, type Half, loadHalf, measure, pct, UNREAD } from './eval/measure.ts';

/**
 * The router on the evaluation set of test/mcp/eval (775 goals written without reading the router, split into a
 * tuning half and a held-out half that is never used while tuning, plus twenty-three development sets written later
 * from the catalog: dev, dev2 … dev25; see its README). The floors below are the figures measured when the router last
 * changed: they catch a regression. The goal is 95 % top-1 for plan_task and 90 % for discover_tools on the held-out
 * half, and no pick for an impossible goal.
 */
// Measured 2026-11-27 after router19's last change, the same after router20 and router21 (issue 17: the learned models of src/mcp/reranker.ts are trained on
// tuning, dev and dev2 … dev11, so their figures are trained-on figures; plan_task top-1 / discover_tools top-1):
// tuning 350 / 350 of 352, dev 286 / 286 of 286, dev2 349 / 350 of 350, dev3 389 / 391 of 391, dev4 392 / 393 of 400,
// dev5 316 / 316 of 326, dev6 340 / 341 of 348, dev7 410 / 409 of 423, dev8 381 / 384 of 389, dev9 652 / 654 of 664,
// dev10 372 / 376 of 381 (1 vague goal executed), dev11 380 / 385 of 390. Leave-one-set-out (test/mcp/eval/loso.ts: each
// scored by models trained on the other eleven) gives 4,552 and 4,588 of 4,700, no impossible goal picked. dev14, dev15,
// dev16, dev18, dev19, dev22 and dev24 were each scored blind and are rule sources since: dev14 367 / 372 of 381, 0 of 75
// impossible goals picked; dev15 222 / 228 of 232, 4 of 156 (0 vague goals executed since router21); dev16 147 / 150 of 175, 4 of 134; dev18 150 / 153 of 170,
// 0; dev19 160 / 164 of 178, 1; dev22 206 / 211 of 230, 3 of 85 (blind at the start of router17: 185 / 198, 15); dev24
// 156 / 160 of 172, 2 of 90 (blind at the start of router19: 147 / 156, 16).
// dev12, dev13, dev17, dev20, dev21, dev23 and dev25 were neither trained nor tuned on (their aggregates were watched,
// their misses never read): dev12 349 / 363 of 385, 4 of 65; dev13 362 / 367 of 374, 2 of 70; dev17 214 / 223 of 242,
// 16 of 90; dev20 183 / 183 of 225, 21 of 90; dev21 193 / 200 of 227, 13 of 91; dev23 169 / 179 of 207, 21 of 80;
// dev25, written at the start of router19, 141 / 149 of 175, 9 of 71 (at the start: 141 / 148, 9). discover_tools is
// measured as the MCP tool answers (the router's pick first). The held-out half's floor is the figure measured after
// router19's last change (95.5 % / 97.2 %, 343 and 349 of 359, 1 impossible goal picked, 0 vague executed), the same
// as after router17 and router18: the plan_task target is met, the one impossible goal still picked is a known gap; it
// is measured again only after router changes.
const FLOORS = {
  tuning: { plan: 0.994, discover: 0.994, impossiblePicked: 0, vagueExecuted: 0 },
  dev: { plan: 1, discover: 1, impossiblePicked: 0, vagueExecuted: 0 },
  dev2: { plan: 0.997, discover: 1, impossiblePicked: 0, vagueExecuted: 0 },
  dev3: { plan: 0.994, discover: 1, impossiblePicked: 0, vagueExecuted: 0 },
  dev4: { plan: 0.98, discover: 0.982, impossiblePicked: 0, vagueExecuted: 0 },
  dev5: { plan: 0.969, discover: 0.969, impossiblePicked: 0, vagueExecuted: 0 },
  dev6: { plan: 0.977, discover: 0.979, impossiblePicked: 0, vagueExecuted: 0 },
  dev7: { plan: 0.969, discover: 0.966, impossiblePicked: 0, vagueExecuted: 0 },
  dev8: { plan: 0.979, discover: 0.987, impossiblePicked: 0, vagueExecuted: 0 },
  dev9: { plan: 0.981, discover: 0.984, impossiblePicked: 0, vagueExecuted: 0 },
  dev10: { plan: 0.976, discover: 0.986, impossiblePicked: 0, vagueExecuted: 1 },
  dev11: { plan: 0.974, discover: 0.987, impossiblePicked: 0, vagueExecuted: 0 },
  dev12: { plan: 0.906, discover: 0.942, impossiblePicked: 4, vagueExecuted: 0 },
  dev13: { plan: 0.967, discover: 0.981, impossiblePicked: 2, vagueExecuted: 0 },
  dev14: { plan: 0.963, discover: 0.976, impossiblePicked: 0, vagueExecuted: 0 },
  dev15: { plan: 0.956, discover: 0.982, impossiblePicked: 4, vagueExecuted: 0 },
  dev16: { plan: 0.84, discover: 0.857, impossiblePicked: 4, vagueExecuted: 0 },
  dev17: { plan: 0.884, discover: 0.921, impossiblePicked: 16, vagueExecuted: 1 },
  dev18: { plan: 0.882, discover: 0.9, impossiblePicked: 0, vagueExecuted: 1 },
  dev19: { plan: 0.898, discover: 0.921, impossiblePicked: 1, vagueExecuted: 1 },
  dev20: { plan: 0.813, discover: 0.813, impossiblePicked: 21, vagueExecuted: 0 },
  dev21: { plan: 0.85, discover: 0.881, impossiblePicked: 13, vagueExecuted: 0 },
  dev22: { plan: 0.895, discover: 0.917, impossiblePicked: 3, vagueExecuted: 0 },
  dev23: { plan: 0.816, discover: 0.864, impossiblePicked: 21, vagueExecuted: 0 },
  dev24: { plan: 0.906, discover: 0.93, impossiblePicked: 2, vagueExecuted: 1 },
  dev25: { plan: 0.805, discover: 0.851, impossiblePicked: 8, vagueExecuted: 0 },
  'held-out': { plan: 0.955, discover: 0.972, impossiblePicked: 1, vagueExecuted: 0 },
} as const satisfies Record<Half, { plan: number; discover: number; impossiblePicked: number; vagueExecuted: number }>;

for (const half of HALVES) {
  test(`routing evaluation, ${half} half: plan_task and discover_tools top-1 at or above the last measured floor`, (t) => {
    const f = measure(loadHalf(half));
    t.diagnostic(
      `${half}: ${f.goals} goals; plan_task top-1 ${pct(f.planTop1, f.goals)}, top-3 ${pct(f.planTop3, f.goals)}; discover_tools top-1 ${pct(f.discoverTop1, f.goals)}; impossible goals picked ${f.impossiblePicked.length}; vague goals executed ${f.vagueExecuted.length}; values filled ${f.valuesFilled} of ${f.values}`,
    );
    const floor = FLOORS[half];
    assert.ok(f.planTop1 / f.goals >= floor.plan, `plan_task top-1 ${pct(f.planTop1, f.goals)} < ${floor.plan * 100} %`);
    assert.ok(f.discoverTop1 / f.goals >= floor.discover, `discover_tools top-1 ${pct(f.discoverTop1, f.goals)} < ${floor.discover * 100} %`);
    assert.ok(f.impossiblePicked.length <= floor.impossiblePicked, `impossible goals picked: ${f.impossiblePicked.length}`);
    assert.ok(f.vagueExecuted.length <= floor.vagueExecuted, `vague goals executed: ${f.vagueExecuted.length}`);
    // Every call a plan would make passes the tool's own schema: a value read from the goal that its field refuses
    // is repaired or left out, never sent (the goals of the sets nobody reads are not printed).
    assert.equal(f.refusedCalls.length, 0, !UNREAD.has(half) ? f.refusedCalls.join('\n') : `${f.refusedCalls.length} calls refused`);
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
  // A goal of held-out.json, dev12.json, dev13.json or dev17.json in src/mcp/routing-examples.json would make their figures trained-on ones.
  assert.equal(readFileSync(EXAMPLES_FILE, 'utf8'), serialise(routingExamples()), 'run: bash scripts/run.sh test test/mcp/eval/examples.ts');
});
