import type { Registry } from '../registry/registry.ts';
import type { Workflow } from './workflows.ts';

/**
 * Skills (playbooks): named, documented ways to use a workflow, for an agent to read with load_skill and
 * run in one step with run_playbook. Every workflow has one; every audit workflow also has a
 * `fix-verify-<workflow>` skill that pairs the run with verify_task until the gate passes.
 */
export interface Skill {
  id: string;
  title: string;
  category: string;
  kind: 'run' | 'fix-verify';
  description: string;
  workflow: string;
  tools: string[];
  /** Credits of one run when every step runs. */
  cost: number;
  pairsWith: 'verify_task' | null;
  exampleGoals: string[];
  exampleInput: Record<string, unknown>;
  /** Markdown for the agent. */
  instructions: string;
}

export function buildSkills(workflows: readonly Workflow[], registry: Registry): Skill[] {
  const skills: Skill[] = [];
  for (const workflow of workflows) {
    const tools = workflow.steps.map((s) => s.operationId);
    const cost = tools.reduce((sum, id) => sum + (registry.byOperationId(id)?.cost ?? 0), 0);
    const base = {
      category: workflow.category,
      workflow: workflow.id,
      tools,
      cost,
      exampleGoals: workflow.exampleGoals,
      exampleInput: workflow.exampleInput,
    };
    skills.push({
      ...base,
      id: workflow.id,
      title: workflow.title,
      kind: 'run',
      description: workflow.description,
      pairsWith: null,
      instructions: runInstructions(workflow, registry, cost),
    });
    if (workflow.merge === 'audit') {
      skills.push({
        ...base,
        id: `fix-verify-${workflow.id}`,
        title: `Fix and verify: ${workflow.title}`,
        kind: 'fix-verify',
        description: `Runs ${workflow.id} for a baseline, then — after the fixes are applied — re-runs it with verify_task and reports what was resolved, what is new and whether the gate passes. Repeat until delta.gate is "pass".`,
        pairsWith: 'verify_task',
        instructions: fixVerifyInstructions(workflow, cost),
      });
    }
  }
  return skills;
}

function inputLines(workflow: Workflow): string {
  const required = new Set(workflow.requires.flat());
  return Object.entries(workflow.inputs)
    .map(([name, field]) => {
      const group = workflow.requires.find((g) => g.includes(name));
      const need = group
        ? group.length > 1
          ? ` (one of ${group.map((g) => `\`${g}\``).join(', ')} is required)`
          : ' (required)'
        : required.has(name)
          ? ' (required)'
          : ' (optional)';
      return `- \`${name}\`${need}: ${field.description}`;
    })
    .join('\n');
}

function runInstructions(workflow: Workflow, registry: Registry, cost: number): string {
  const steps = workflow.steps
    .map((s, i) => {
      const tool = registry.byOperationId(s.operationId);
      return `${i + 1}. \`${s.operationId}\` — ${tool?.title ?? s.operationId} (${tool?.cost ?? 0} credit${tool?.cost === 1 ? '' : 's'})`;
    })
    .join('\n');
  const local = workflow.local
    ? '\n\n## Checking HTML before it is deployed\nPass the page as `input.html` (or plain copy as `input.text` where the workflow reads text): it is analysed locally, nothing is fetched and nothing is billed. Add `enhance: true` to also run the live tools on `input.url` (billed).'
    : '';
  const read =
    workflow.merge === 'audit'
      ? '3. Read `score` (0–100), `findings` (stable ids, most severe first) and `fixes` (ranked). Each fix says what to change.\n4. To confirm fixes, use the skill `fix-verify-' +
        workflow.id +
        '` or call `verify_task` with this result as `baseline`.'
      : '3. Read each step\'s `result` in `steps` (use `responseMode: "full"` or `"dataRef"` + `fetch_payload` for large results).';
  return `# ${workflow.title}

${workflow.description}

## When to use
${workflow.exampleGoals.map((g) => `- "${g}"`).join('\n')}

## Input
${inputLines(workflow)}

Example: \`${JSON.stringify(workflow.exampleInput)}\`

## What runs
${steps}

A full run costs ${cost} credit${cost === 1 ? '' : 's'} (the sum of the steps that run; a step whose input is missing is skipped and costs nothing).

## How
1. Optional: \`plan_task\` with your goal shows the plan and the credit estimate for free.
2. Call \`run_playbook\` with \`{"skillId": "${workflow.id}", "input": {…}}\` (or \`run_workflow\` with \`"workflowId": "${workflow.id}"\`). Add \`"async": true\` for a \`runId\` to poll with \`get_run\`.
${read}${local}
`;
}

function fixVerifyInstructions(workflow: Workflow, cost: number): string {
  return `# Fix and verify: ${workflow.title}

A loop for an agent that can change the site, code or configuration: measure, fix, re-measure, until the gate passes.

## Input
${inputLines(workflow)}

## Loop
1. **Baseline**: \`run_playbook\` with \`{"skillId": "fix-verify-${workflow.id}", "input": {…}}\` (${cost} credits). Keep the whole result.
2. **Fix**: apply \`fixes\` in rank order (high severity first). Do not invent changes the findings do not ask for.
3. **Verify**: \`run_playbook\` with \`{"skillId": "fix-verify-${workflow.id}", "baseline": <the result of step 1>}\` — or \`verify_task\` with the same \`baseline\`. It re-runs the workflow fresh (billed again) and returns \`before\`, \`after\` and \`delta\`: \`scoreDeltas\`, \`resolvedFindings\`, \`newFindings\`, \`remainingFindings\`, \`remainingFixes\`, \`nextActions\` and \`gate\`.
4. **Repeat** steps 2–3 with the newest result as the baseline (the \`after\` part works too) until \`delta.gate\` is \`pass\`.

## The gate
- \`fail\`: a high-severity finding remains, or a score is under 70.
- \`pass\`: neither; residual medium and low findings may be accepted by policy.
- \`unknown\`: the fresh run could not judge (a step failed): fix what \`steps[].error\` names and verify again. A failing fresh run is reported as \`error\` / \`partial\`, never as verified.
`;
}
