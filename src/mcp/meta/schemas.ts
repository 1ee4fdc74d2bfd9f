import { z } from 'zod';

/** The schemas the meta-tools share: run options, job reports, suggestions and verify deltas. */

const severity = z.enum(['high', 'medium', 'low', 'info']);
const responseMode = z
  .enum(['compact', 'full', 'dataRef'])
  .optional()
  .describe(
    "compact (default): merged scores, findings and ranked fixes, no duplicated step payloads. full: adds every step's raw result. dataRef: compact plus a dataRefId whose raw results fetch_payload returns for an hour.",
  );
export const asyncFlag = z
  .boolean()
  .optional()
  .describe(
    'true: return {status: "accepted", runId} at once and run in the background; poll get_run {runId}. An mcp.job.finished webhook is sent when configured.',
  );
const enhance = z
  .boolean()
  .optional()
  .describe('Analysis of input.html / input.text is local and free; true also runs the live tools on input.url (billed at their cost).');
export const inputObject = z.record(z.string(), z.unknown());

/** A skill as list_skills lists it; load_skill adds its examples and instructions. */
export const skillSummary = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  kind: z.enum(['run', 'fix-verify']),
  description: z.string(),
  workflow: z.string(),
  tools: z.array(z.string()),
  cost: z.number(),
  pairsWith: z.string().nullable(),
});

export const target = z
  .object({ kind: z.enum(['tool', 'workflow']), id: z.string(), title: z.string() })
  .describe('What ran (or would run): a tool operationId or a workflow id');
const finding = z.object({
  id: z.string().describe('Stable id: the same problem has the same id on the next run'),
  severity,
  title: z.string(),
  evidence: z.string(),
  fix: z.string(),
  sources: z.array(z.string()).describe('Steps that reported it'),
});
const rankedFix = z.object({ rank: z.number().int(), severity, fix: z.string(), findingIds: z.array(z.string()), sources: z.array(z.string()) });
const stepError = z.object({
  code: z.string().describe('Stable error code, as in REST (e.g. validation_failed, quota_exceeded)'),
  status: z.number().int(),
  message: z.string(),
  detail: z.string(),
});
const step = z.object({
  id: z.string(),
  operationId: z.string(),
  title: z.string(),
  status: z.enum(['ok', 'error', 'skipped']),
  durationMs: z.number(),
  credits: z.number().describe('Credits this step spent'),
  score: z.number().optional(),
  findings: z.number().int().optional().describe('How many findings the step reported'),
  summary: z.record(z.string(), z.unknown()).optional(),
  result: z.unknown().optional().describe("The step's whole result when it is small and is the point of the run"),
  error: stepError.optional(),
  reason: z.string().optional().describe('Why the step was skipped'),
  warnings: z.array(z.string()).optional(),
});
export const candidate = z.object({
  kind: z.enum(['tool', 'workflow']),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  cost: z.number(),
  requiredInputs: z.array(z.string()),
});

const reportFields = {
  goal: z.string().optional(),
  target: target.optional(),
  confidence: z.number().optional().describe('0–1: how sure the router was of the target'),
  analysis: z.enum(['live', 'local', 'local+live']).optional(),
  input: inputObject.optional().describe('The input the run used (given fields plus what was taken from the goal)'),
  score: z.number().nullable().optional().describe('Mean of the step scores (0–100); null when nothing scores'),
  scores: z.record(z.string(), z.number()).optional().describe('Score per step'),
  findings: z.array(finding).optional().describe('Merged findings, most severe first'),
  fixes: z.array(rankedFix).optional().describe('What to change, most important first'),
  steps: z.array(step).optional(),
  warnings: z.array(z.string()).optional(),
  durationMs: z.number().optional(),
  finishedAt: z.string().optional(),
  responseMode: z.enum(['compact', 'full', 'dataRef']).optional(),
  results: z.record(z.string(), z.unknown()).optional().describe('full mode: raw result of each step'),
  dataRef: z.object({ dataRefId: z.string(), expiresAt: z.string() }).optional().describe('dataRef mode: read the raw results with fetch_payload'),
  chain: z.array(z.string()).optional().describe("A chain's steps (operationIds, in order); verify_task re-runs the whole chain"),
  creditsUsed: z.number().describe('Credits this call spent (0 for suggest, need_input and local analysis)'),
  nextActions: z.array(z.string()).describe('Short ordered steps for the host loop'),
};
const askFields = {
  reason: z.string().optional(),
  hint: z.string().optional(),
  candidates: z.array(candidate).optional().describe('suggest: what the goal could mean'),
  exampleGoals: z.array(z.string()).optional(),
  missing: z.array(z.string()).optional().describe('need_input: fields to add ("a or b" when either does)'),
  missingInputs: z.array(z.array(z.string())).optional(),
  exampleInput: inputObject.optional(),
};
const acceptedFields = {
  runId: z.string().optional().describe('accepted: poll get_run with it'),
  createdAt: z.string().optional(),
};
const jobReport = z.object({ status: z.enum(['completed', 'partial', 'error']), ...reportFields });
export const solveOutput = z
  .object({
    status: z
      .enum(['completed', 'partial', 'error', 'suggest', 'unsupported', 'need_input', 'accepted'])
      .describe(
        'completed/partial/error: a job report; suggest: the goal was not clear (nothing ran, free); need_input: inputs are missing (free); accepted: async run, poll get_run',
      ),
    ...reportFields,
    ...askFields,
    ...acceptedFields,
  })
  .describe('A job report, a suggestion, a request for input, or an accepted async run');
const scoreDelta = z.object({ before: z.number().nullable(), after: z.number().nullable(), delta: z.number().nullable() });
const delta = z.object({
  status: z.enum(['improved', 'regressed', 'unchanged', 'mixed', 'not_comparable']),
  scoreDeltas: z.record(z.string(), scoreDelta),
  newFindings: z.array(finding),
  resolvedFindings: z.array(finding),
  unverifiedFindings: z.array(finding).describe('Baseline findings whose tools did not run successfully this time'),
  remainingFindings: z.array(finding),
  remainingFixes: z.array(rankedFix),
  nextActions: z.array(z.string()),
  gate: z
    .enum(['pass', 'fail', 'unknown'])
    .describe('fail while a high-severity finding or a score under 70 remains; unknown when the fresh run could not judge'),
  gateReason: z.string(),
});
const verifyFields = {
  before: z
    .object({
      status: z.string().nullable(),
      score: z.number().nullable(),
      scores: z.record(z.string(), z.number()),
      findings: z.array(z.object({ id: z.string(), severity: z.string(), title: z.string() })),
    })
    .nullable()
    .optional(),
  after: jobReport.nullable().optional().describe('The fresh run (a job report); usable as the next baseline'),
  delta: delta.optional(),
};
export const verifyOutput = z.object({
  status: z
    .enum(['verified', 'partial', 'error', 'suggest', 'unsupported', 'need_input', 'accepted'])
    .describe('verified: the fresh run completed (read delta.gate); partial/error: the fresh run failed in part or whole'),
  goal: z.string().optional(),
  target: target.optional(),
  ...verifyFields,
  hint: z.string().optional(),
  candidates: z.array(candidate).optional(),
  missing: z.array(z.string()).optional(),
  nextActions: z.array(z.string()),
  creditsUsed: z.number(),
  ...acceptedFields,
});
export const playbookOutput = z.object({
  ...solveOutput.shape,
  status: z.enum(['completed', 'partial', 'error', 'suggest', 'unsupported', 'need_input', 'accepted', 'verified']),
  ...verifyFields,
});

// ---- what the agent runs: the job tools' inputs without `async` (a queued run stores and re-reads these) ----

const goal = z.string().min(1).max(2000);

export const planRequest = z.object({
  goal: goal.describe('What to do, in plain language, e.g. "audit the security headers of https://example.com"'),
  input: inputObject.optional().describe('Inputs for the task, e.g. {"url": "https://example.com"} or {"text": "…"}; a URL or domain in the goal is used too'),
  enhance,
});

export const solveRequest = z.object({
  goal: goal.describe('What to do, e.g. "check the SEO of https://example.com" or "convert 10 km to miles"'),
  input: inputObject.optional().describe('Inputs: {url}, {text}, {html}, or the fields of the target tool'),
  responseMode,
  enhance,
});

export const workflowRequest = z.object({
  workflowId: z.string().min(1).max(200).describe('e.g. "full-seo-audit"'),
  input: inputObject.optional().describe('The workflow input, e.g. {"url": "https://example.com"}'),
  responseMode,
  enhance,
});

export const playbookRequest = z.object({
  skillId: z.string().min(1).max(200).describe('A skill id from list_skills, e.g. "full-security-audit" or "fix-verify-full-seo-audit"'),
  input: inputObject.optional().describe('The workflow input (load_skill shows the fields and an example)'),
  baseline: z.unknown().optional().describe('An earlier result to verify against (turns the run into verify_task)'),
  responseMode,
  enhance,
});

export const verifyRequest = z.object({
  goal: z.string().max(2000).optional().describe('The goal, needed only when the baseline names no target'),
  baseline: z.unknown().describe('The earlier result to compare with'),
  input: inputObject.optional().describe("Overrides of the baseline's input (e.g. a new html)"),
  responseMode,
  enhance,
});

export type PlanArgs = z.infer<typeof planRequest>;
export type SolveArgs = z.infer<typeof solveRequest>;
export type WorkflowArgs = z.infer<typeof workflowRequest>;
export type PlaybookArgs = z.infer<typeof playbookRequest>;
export type VerifyArgs = z.infer<typeof verifyRequest>;
/** Run options every job tool takes. */
export type RunOptions = Pick<SolveArgs, 'responseMode' | 'enhance'>;
