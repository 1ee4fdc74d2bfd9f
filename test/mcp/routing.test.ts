import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { availableWorkflows, buildCatalog, LazyCatalog } from '../../src/mcp/catalog.ts';
import { resolveInput } from '../../src/mcp/inputs.ts';
import { route } from '../../src/mcp/router.ts';
import { words } from '../../src/mcp/text.ts';
import { WORKFLOWS } from '../../src/mcp/workflows.ts';
import { createRegistry } from '../../src/registry/registry.ts';
import { ALL_TOOLS } from '../../src/tools/index.ts';

/**
 * The router against a committed evaluation set (test/mcp/routing-eval.json): plain-language goals with
 * the targets that count as right, and vague goals that must never execute. Goals whose targets are not
 * in the registry yet (modules still being written) are skipped and counted.
 */
interface EvalGoal {
  goal: string;
  input?: Record<string, unknown>;
  expected?: string[];
  vague?: boolean;
}

const evalSet = JSON.parse(readFileSync(new URL('./routing-eval.json', import.meta.url), 'utf8')) as { goals: EvalGoal[] };
const registry = createRegistry(ALL_TOOLS);
const catalog = buildCatalog(registry);

test('a lazy catalog (test servers) is built once, on its first question, and answers as the built one', () => {
  const workflows = availableWorkflows(registry);
  let builds = 0;
  const lazy = new LazyCatalog(workflows, () => {
    builds++;
    return buildCatalog(registry, undefined, workflows);
  });
  assert.equal(lazy.workflows.length, catalog.workflows.length);
  assert.equal(builds, 0, 'listing the workflows (the MCP prompts) builds nothing');
  const goal = 'convert this word document to pdf';
  assert.deepEqual(
    lazy.rank(goal).ranked.map((r) => r.item.id),
    catalog.rank(goal).ranked.map((r) => r.item.id),
  );
  assert.deepEqual(
    lazy.search('sha256 hash').map((r) => r.item.id),
    catalog.search('sha256 hash').map((r) => r.item.id),
  );
  assert.equal(lazy.items.length, catalog.items.length);
  assert.equal(builds, 1);
});

test('the evaluation set is broad and held out from the indexed example goals', () => {
  const goals = evalSet.goals;
  assert.ok(goals.length >= 150, `${goals.length} goals`);
  assert.ok(goals.filter((g) => g.vague).length >= 20, 'at least 20 vague goals');
  const evaluated = goals.filter((g) => !g.vague && g.expected?.some((id) => catalog.get(id)));
  // Every module that has tools, and every workflow that runs, is a target of several phrasings.
  for (const module of registry.modules()) {
    const n = evaluated.filter((g) => g.expected?.some((id) => catalog.get(id)?.module === module)).length;
    assert.ok(n >= 2, `module ${module}: ${n} goals`);
  }
  for (const workflow of catalog.workflows) {
    const n = evaluated.filter((g) => g.expected?.includes(workflow.id)).length;
    assert.ok(n >= 2, `workflow ${workflow.id}: ${n} goals`);
  }
  // Goals are not copies of the example goals the index holds (that would test memory, not routing).
  const set = (text: string): Set<string> => new Set(words(text));
  const examples = WORKFLOWS.flatMap((w) => w.exampleGoals).map(set);
  for (const g of goals) {
    const a = set(g.goal);
    for (const b of examples) {
      const common = [...a].filter((w) => b.has(w)).length;
      const jaccard = common / new Set([...a, ...b]).size;
      assert.ok(jaccard <= 0.72, `"${g.goal}" is too close to an example goal (${jaccard.toFixed(2)})`);
    }
  }
});

test('routing: at least 90 % top-1, and no vague goal executes', () => {
  let evaluated = 0;
  let top1 = 0;
  let top3 = 0;
  let skipped = 0;
  const misses: string[] = [];
  const vagueRuns: string[] = [];
  for (const g of evalSet.goals) {
    const decision = route(catalog, g.goal, g.input ?? {});
    if (g.vague) {
      if (decision.action === 'execute') vagueRuns.push(`${g.goal} -> ${decision.target?.id}`);
      continue;
    }
    const expected = g.expected ?? [];
    if (!expected.some((id) => catalog.get(id))) {
      skipped++;
      continue;
    }
    evaluated++;
    const ranked =
      decision.action === 'suggest' ? decision.alternatives.map((a) => a.item.id) : [decision.target?.id, ...decision.alternatives.map((a) => a.item.id)];
    const hit = decision.action !== 'suggest' && expected.includes(decision.target?.id ?? '');
    if (hit) top1++;
    else misses.push(`${g.goal} -> ${decision.action} ${decision.target?.id ?? '-'} (${decision.confidence}); expected ${expected.join(' | ')}`);
    if (ranked.slice(0, 3).some((id) => id && expected.includes(id))) top3++;
  }
  const pct = (n: number): string => `${((100 * n) / evaluated).toFixed(1)} %`;
  console.log(
    `routing eval: ${evaluated} goals evaluated (${skipped} skipped: target not in the registry), top-1 ${pct(top1)}, top-3 ${pct(top3)}, vague executed ${vagueRuns.length}`,
  );
  if (misses.length > 0) console.log(`misses:\n  ${misses.join('\n  ')}`);
  assert.ok(evaluated >= 150, `${evaluated} goals evaluated`);
  assert.deepEqual(vagueRuns, [], 'a vague goal executed');
  assert.ok(top1 / evaluated >= 0.9, `top-1 ${pct(top1)} is under 90 %`);
});

test('every workflow whose tools exist is in the catalog; the others are skipped', () => {
  for (const workflow of WORKFLOWS) {
    const present = workflow.steps.every((s) => registry.byOperationId(s.operationId));
    assert.equal(Boolean(catalog.workflow(workflow.id)), present, workflow.id);
  }
});

test('inputs come from the goal: URLs, domains, two URLs for a diff, quoted text', () => {
  const headers = route(catalog, 'grade the http security headers of example.com');
  assert.equal(headers.action, 'execute');
  assert.equal(headers.input.url, 'example.com');
  const mail = route(catalog, 'verify the dmarc and spf records of https://www.example.org/contact');
  assert.equal(mail.input.url, 'https://www.example.org/contact');
  const workflow = catalog.workflow('email-auth-security-job');
  assert.ok(workflow);
  assert.deepEqual(resolveInput(workflow, 'mail of https://www.example.org/contact', {}), {
    url: 'https://www.example.org/contact',
    domain: 'www.example.org',
  });
  assert.deepEqual(resolveInput(workflow, 'mail of example.org', {}), { domain: 'example.org', url: 'example.org' });
  const diff = route(catalog, 'compare versions: did the redesign at https://new.example.com lose SEO signals that https://old.example.com had');
  assert.equal(diff.input.beforeUrl, 'https://new.example.com');
  assert.equal(diff.input.afterUrl, 'https://old.example.com');
  const reverse = route(catalog, 'reverse the text "hello world"');
  assert.deepEqual(reverse.input, { text: 'hello world' });
  const robots = route(catalog, 'check robots.txt of example.com');
  assert.equal(robots.target?.id, 'seoApis.robotsTxtChecker', 'robots.txt is not taken for a domain');
  const given = route(catalog, 'grade the http security headers', { url: 'https://given.example' });
  assert.equal(given.input.url, 'https://given.example', 'given input wins');
});
