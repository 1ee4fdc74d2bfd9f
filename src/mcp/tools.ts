import { z } from 'zod';
import type { Log } from '../core/context.ts';
import { ToolError } from '../core/errors.ts';
import type { CallerIdentity, InvokeDeps } from '../core/invoke.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import { jsonSchemaOf, type JsonSchema } from '../registry/json-schema.ts';
import { isModuleName, MODULE_NAMES } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';
import type { Agent, AgentCaller } from './agent.ts';
import type { Catalog, CatalogItem } from './catalog.ts';
import { invokeWithFiles } from './file-inputs.ts';
import type { StepInvoker } from './jobs.ts';
import type { PayloadStore, RunRecord, RunStore } from './runs.ts';
import type { Skill } from './skills.ts';

/**
 * The twelve meta-tools of the agent interface (docs/contract.md "MCP"): each has an input schema (zod, checked
 * here), an output schema (JSON Schema the client validates `structuredContent` against), annotations and
 * a description written for a model. Handlers return the structured result or throw a ToolError, which
 * the MCP server turns into an `isError` result with the same stable code as REST.
 */
export interface CallContext {
  accountId: string;
  keyId: string;
  /** The caller as the transport resolved it: every step is admitted (and billed) with it, never re-authenticated. */
  identity: CallerIdentity;
  requestId: string;
  log: Log;
  signal: AbortSignal;
  /** Present when the client asked for progress notifications (a progressToken). */
  progress?: ((done: number, total: number, message: string) => void) | undefined;
}

export interface McpCore {
  registry: Registry;
  catalog: Catalog;
  agent: Agent;
  skills: readonly Skill[];
  runs: RunStore;
  payloads: PayloadStore;
  /** Schedules an accepted run (in-process, or through the PostgreSQL queue). */
  enqueue(run: RunRecord): Promise<void>;
  invokeDeps: InvokeDeps;
  now: () => Date;
}

export interface MetaTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodType;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  handler(args: Record<string, unknown>, ctx: CallContext, core: McpCore): Promise<Record<string, unknown>>;
}

// ---- shared schemas -------------------------------------------------------------------------------

const severity = z.enum(['high', 'medium', 'low', 'info']);
const responseMode = z
  .enum(['compact', 'full', 'dataRef'])
  .optional()
  .describe(
    "compact (default): merged scores, findings and ranked fixes, no duplicated step payloads. full: adds every step's raw result. dataRef: compact plus a dataRefId whose raw results fetch_payload returns for an hour.",
  );
const asyncFlag = z
  .boolean()
  .optional()
  .describe(
    'true: return {status: "accepted", runId} at once and run in the background; poll get_run {runId}. An mcp.job.finished webhook is sent when configured.',
  );
const enhance = z
  .boolean()
  .optional()
  .describe('Analysis of input.html / input.text is local and free; true also runs the live tools on input.url (billed at their cost).');
const inputObject = z.record(z.string(), z.unknown());

const target = z
  .object({ kind: z.enum(['tool', 'workflow']), id: z.string(), title: z.string() })
  .describe('What ran (or would run): a tool operationId or a workflow id');
const finding = z.looseObject({
  id: z.string().describe('Stable id: the same problem has the same id on the next run'),
  severity,
  title: z.string(),
  evidence: z.string(),
  fix: z.string(),
  sources: z.array(z.string()).describe('Steps that reported it'),
});
const rankedFix = z.looseObject({ rank: z.number().int(), severity, fix: z.string(), findingIds: z.array(z.string()), sources: z.array(z.string()) });
const stepError = z.looseObject({
  code: z.string().describe('Stable error code, as in REST (e.g. validation_failed, quota_exceeded)'),
  status: z.number().int(),
  message: z.string(),
  detail: z.string(),
});
const step = z.looseObject({
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
const candidate = z.looseObject({
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
  dataRef: z.looseObject({ dataRefId: z.string(), expiresAt: z.string() }).optional().describe('dataRef mode: read the raw results with fetch_payload'),
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
const jobReport = z.looseObject({ status: z.enum(['completed', 'partial', 'error']), ...reportFields });
const solveOutput = z
  .looseObject({
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
const scoreDelta = z.looseObject({ before: z.number().nullable(), after: z.number().nullable(), delta: z.number().nullable() });
const delta = z.looseObject({
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
    .looseObject({
      status: z.string().nullable(),
      score: z.number().nullable(),
      scores: z.record(z.string(), z.number()),
      findings: z.array(z.looseObject({ id: z.string(), severity: z.string(), title: z.string() })),
    })
    .nullable()
    .optional(),
  after: jobReport.nullable().optional().describe('The fresh run (a job report); usable as the next baseline'),
  delta: delta.optional(),
};
const verifyOutput = z.looseObject({
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
const playbookOutput = z.looseObject({
  ...solveOutput.shape,
  status: z.enum(['completed', 'partial', 'error', 'suggest', 'unsupported', 'need_input', 'accepted', 'verified']),
  ...verifyFields,
});

// ---- helpers ----------------------------------------------------------------------------------------

function keyInvoker(ctx: CallContext, deps: InvokeDeps): StepInvoker {
  return {
    signal: ctx.signal,
    progress: ctx.progress,
    invoke: (tool: AnyTool, input: unknown, label: string) =>
      invokeWithFiles(tool, input, { requestId: `${ctx.requestId}:${label}`, log: ctx.log, signal: ctx.signal, identity: ctx.identity }, deps, ctx.accountId),
  };
}

function callerOf(ctx: CallContext, core: McpCore): AgentCaller {
  return { accountId: ctx.accountId, invoker: keyInvoker(ctx, core.invokeDeps) };
}

/** The four tools that run jobs: in the background with async, at once otherwise. */
export type JobTool = 'solve_task' | 'run_workflow' | 'run_playbook' | 'verify_task';

/** Runs a job request for a caller (the same code for a direct call and a queued run). */
export async function runJobTool(tool: JobTool, args: Record<string, unknown>, caller: AgentCaller, agent: Agent): Promise<Record<string, unknown>> {
  switch (tool) {
    case 'solve_task':
      return { ...(await agent.solve(args as unknown as Parameters<Agent['solve']>[0], caller)) };
    case 'run_workflow':
      return { ...(await agent.runWorkflow(args as unknown as Parameters<Agent['runWorkflow']>[0], caller)) };
    case 'run_playbook':
      return { ...(await agent.runPlaybook(args as unknown as Parameters<Agent['runPlaybook']>[0], caller)) };
    case 'verify_task':
      return { ...(await agent.verify(args as unknown as Parameters<Agent['verify']>[0], caller)) };
  }
}

async function jobOrAccept(tool: JobTool, args: Record<string, unknown>, ctx: CallContext, core: McpCore): Promise<Record<string, unknown>> {
  const { async: background, ...request } = args;
  if (background !== true) return runJobTool(tool, request, callerOf(ctx, core), core.agent);
  const run = await core.runs.create({ accountId: ctx.accountId, keyId: ctx.keyId, tool, request });
  await core.enqueue(run);
  return {
    status: 'accepted',
    runId: run.runId,
    createdAt: run.createdAt,
    hint: 'The run continues in the background; it is billed as it executes. Poll get_run until status is not "accepted".',
    nextActions: [`Call get_run {"runId": "${run.runId}"} until status is completed, partial or error; then read resultStatus and result.`],
    creditsUsed: 0,
  };
}

function resolveTool(registry: Registry, id: string): AnyTool | undefined {
  const direct = registry.byOperationId(id);
  if (direct) return direct;
  const path = id.replace(/^\/+/, '').replace(/^api\/v1\//, '');
  return registry.byPath(`/api/v1/${path}`);
}

function unknownId(catalog: Catalog, field: string, id: string, what: string): ToolError {
  const similar = catalog.similarIds(id);
  const error = new ToolError(
    'not_found',
    `${field}: no ${what} "${id}"${similar.length > 0 ? `; did you mean ${similar.map((s) => `"${s}"`).join(', ')}?` : ''} Use discover_tools to search; never guess ids.`,
  );
  return Object.assign(error, { suggestions: similar });
}

function workflowInputSchema(item: CatalogItem): JsonSchema {
  const workflow = item.workflow;
  if (!workflow) return {};
  const typeOf = (t: string): JsonSchema => (t === 'json' ? {} : t === 'array' ? { type: 'array' } : { type: t });
  const required = workflow.requires.filter((g) => g.length === 1).map((g) => g[0] as string);
  const anyOf = workflow.requires.filter((g) => g.length > 1).map((g) => ({ anyOf: g.map((f) => ({ required: [f] })) }));
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(workflow.inputs).map(([name, f]) => [name, { ...typeOf(f.type), description: f.description }])),
    ...(required.length > 0 ? { required } : {}),
    ...(anyOf.length > 0 ? { allOf: anyOf } : {}),
  };
}

function describeItem(item: CatalogItem, score?: number): Record<string, unknown> {
  return {
    kind: item.kind,
    id: item.id,
    title: item.title,
    description: item.description,
    group: item.group,
    cost: item.cost,
    requiredInputs: item.requires.map((g) => g.join(' or ')),
    ...(item.kind === 'workflow' ? { tools: item.operationIds } : { path: item.tool?.path }),
    ...(score !== undefined ? { score: Math.round(score * 100) / 100 } : {}),
  };
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const runs = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

// ---- the twelve tools ------------------------------------------------------------------------------

export const META_TOOLS: MetaTool[] = [
  {
    name: 'plan_task',
    title: 'Plan a task (free)',
    description:
      'Free. Turns a plain-language goal into a plan without running anything: the tool or workflow that would run, its steps with their credit cost, ' +
      "the credit estimate, the router's confidence, missing required inputs and alternatives. Call it first when cost matters; then solve_task with the same goal and input. " +
      'A vague goal returns status "suggest" with candidates; a job no tool here does returns "unsupported" with the closest capabilities.',
    input: z.object({
      goal: z.string().min(1).max(2000).describe('What to do, in plain language, e.g. "audit the security headers of https://example.com"'),
      input: inputObject
        .optional()
        .describe('Inputs for the task, e.g. {"url": "https://example.com"} or {"text": "…"}; a URL or domain in the goal is used too'),
      enhance,
    }),
    output: z.looseObject({
      status: z.enum(['planned', 'suggest', 'unsupported', 'need_input']),
      goal: z.string(),
      wouldExecute: z.boolean().describe('Whether solve_task with the same arguments would execute (and bill)'),
      target: target.optional(),
      confidence: z.number(),
      analysis: z.enum(['live', 'local', 'local+live']).optional(),
      steps: z.array(
        z.looseObject({ id: z.string(), operationId: z.string(), title: z.string(), cost: z.number(), willRun: z.boolean(), reason: z.string().optional() }),
      ),
      creditEstimate: z.number().describe('Sum of the costs of the steps that would run'),
      missingInputs: z.array(z.string()),
      input: inputObject,
      alternatives: z.array(candidate),
      hint: z.string(),
      nextActions: z.array(z.string()),
      creditsUsed: z.literal(0),
    }),
    annotations: readOnly,
    handler: async (args, _ctx, core) => ({ ...core.agent.plan(args as { goal: string; input?: Record<string, unknown>; enhance?: boolean }) }),
  },
  {
    name: 'solve_task',
    title: 'Solve a task from a plain-language goal',
    description:
      'Picks the workflow or tool that fits a plain-language goal and runs it, returning one job report: target, confidence, merged score and findings ' +
      '(stable ids, severity high/medium/low/info), ranked fixes, per-step status, duration and credits. Billed: each tool that runs costs its credits. ' +
      'Runs only when the match is clear; otherwise answers "suggest" (free) with candidates and example goals, or "need_input" (free) naming the missing fields — ' +
      're-call with a clearer goal or the fields, never with invented ids. Put inputs in `input` ({url}, {text}, {html}…); a URL or domain in the goal is picked up. ' +
      'After applying fixes, call verify_task with this result as baseline.',
    input: z.object({
      goal: z.string().min(1).max(2000).describe('What to do, e.g. "check the SEO of https://example.com" or "convert 10 km to miles"'),
      input: inputObject.optional().describe('Inputs: {url}, {text}, {html}, or the fields of the target tool'),
      responseMode,
      async: asyncFlag,
      enhance,
    }),
    output: solveOutput,
    annotations: runs,
    handler: (args, ctx, core) => jobOrAccept('solve_task', args, ctx, core),
  },
  {
    name: 'run_playbook',
    title: 'Run a skill (playbook)',
    description:
      'Runs a skill from list_skills in one step: the workflow it maps to, with `input`. For a fix-verify-* skill (or any skill) given a `baseline` ' +
      '(an earlier result), it re-runs the workflow and returns the verify_task delta and gate instead. Billed like the workflow (sum of the steps that run).',
    input: z.object({
      skillId: z.string().min(1).max(200).describe('A skill id from list_skills, e.g. "full-security-audit" or "fix-verify-full-seo-audit"'),
      input: inputObject.optional().describe('The workflow input (load_skill shows the fields and an example)'),
      baseline: z.unknown().optional().describe('An earlier result to verify against (turns the run into verify_task)'),
      responseMode,
      async: asyncFlag,
      enhance,
    }),
    output: playbookOutput,
    annotations: runs,
    handler: (args, ctx, core) => jobOrAccept('run_playbook', args, ctx, core),
  },
  {
    name: 'verify_task',
    title: 'Verify fixes against a baseline',
    description:
      "Re-runs the baseline's target fresh and compares: before, after and delta {status, scoreDeltas, newFindings, resolvedFindings, remainingFindings, remainingFixes, nextActions, gate}. " +
      'gate is "fail" while a high-severity finding or a score under 70 remains, "pass" otherwise, "unknown" when the fresh run could not judge. ' +
      'baseline may be a solve_task / run_workflow result, the `after` of an earlier verify, a get_run payload, or a raw job report; without a target in it, pass `goal`. ' +
      'A failing fresh run comes back as error/partial/suggest, never as a false "verified". Billed like the fresh run.',
    input: z.object({
      goal: z.string().max(2000).optional().describe('The goal, needed only when the baseline names no target'),
      baseline: z.unknown().describe('The earlier result to compare with'),
      input: inputObject.optional().describe("Overrides of the baseline's input (e.g. a new html)"),
      responseMode,
      async: asyncFlag,
      enhance,
    }),
    output: verifyOutput,
    annotations: runs,
    handler: (args, ctx, core) => {
      if (args.baseline === undefined || args.baseline === null)
        throw new ToolError('validation_failed', 'baseline: is required (an earlier solve_task, run_workflow, verify_task or get_run result).');
      return jobOrAccept('verify_task', args, ctx, core);
    },
  },
  {
    name: 'discover_tools',
    title: 'Search the catalog (free)',
    description:
      'Free. Searches every tool and workflow by meaning: titles, descriptions, keywords and example goals, with fuzzy and prefix matching and synonyms ' +
      '("ssl" finds TLS certificate tools). Filter by module (e.g. "seo-apis") or workflow category (seo, security, marketing, developer, performance). ' +
      'Without a query it lists the module. Use the returned ids with get_tool_schema, invoke_tool or run_workflow.',
    input: z.object({
      query: z.string().max(500).optional().describe('What you are looking for, e.g. "check ssl certificate expiry"'),
      module: z
        .string()
        .max(60)
        .optional()
        .describe(`A module (${MODULE_NAMES.join(', ')}) or a workflow category`),
      kind: z.enum(['tool', 'workflow']).optional(),
      limit: z.number().int().min(1).max(50).optional().describe('Default 10'),
    }),
    output: z.looseObject({
      query: z.string(),
      total: z.number().int(),
      results: z.array(
        z.looseObject({
          kind: z.enum(['tool', 'workflow']),
          id: z.string(),
          title: z.string(),
          description: z.string(),
          group: z.string(),
          cost: z.number(),
          requiredInputs: z.array(z.string()),
        }),
      ),
      modules: z.array(z.looseObject({ module: z.string(), tools: z.number().int() })).optional(),
      nextActions: z.array(z.string()),
    }),
    annotations: readOnly,
    handler: async (args, _ctx, core) => {
      const query = typeof args.query === 'string' ? args.query : '';
      const group = typeof args.module === 'string' && args.module ? args.module : undefined;
      if (group && !isModuleName(group) && !core.catalog.items.some((i) => i.group === group)) {
        throw new ToolError(
          'validation_failed',
          `module: unknown; use one of ${MODULE_NAMES.join(', ')} or a workflow category (seo, security, marketing, developer, performance).`,
        );
      }
      const kind = args.kind === 'tool' || args.kind === 'workflow' ? args.kind : undefined;
      const limit = typeof args.limit === 'number' ? args.limit : 10;
      const hits = core.catalog.search(query, { ...(group ? { group } : {}), ...(kind ? { kind } : {}), limit });
      const results = hits.map((h) => describeItem(h.item, query ? h.score : undefined));
      const modules = query || group ? undefined : core.registry.modules().map((m) => ({ module: m, tools: core.registry.inModule(m).length }));
      return {
        query,
        total: results.length,
        results,
        ...(modules ? { modules } : {}),
        nextActions:
          results.length > 0
            ? ["get_tool_schema {operationId} shows a tool's input schema and examples; invoke_tool runs it; run_workflow runs a workflow."]
            : ['Try other words, or list a module with discover_tools {module}.'],
      };
    },
  },
  {
    name: 'get_tool_schema',
    title: 'Schema of a tool or workflow (free)',
    description:
      'Free. The input and output JSON Schema of one tool (by operationId, e.g. "securityApis.hashGenerator", or module/slug) with its examples and cost; ' +
      'for a workflow id, its input fields, steps and cost. Unknown ids return not_found with the closest real ids.',
    input: z.object({
      operationId: z.string().min(1).max(200).describe('A tool operationId (or module/slug) or a workflow id, as discover_tools returns them'),
    }),
    output: z.looseObject({
      kind: z.enum(['tool', 'workflow']),
      id: z.string(),
      title: z.string(),
      description: z.string(),
      cost: z.number(),
      inputSchema: z.record(z.string(), z.unknown()),
      outputSchema: z.record(z.string(), z.unknown()).optional(),
      requiredInputs: z.array(z.string()),
      examples: z.array(z.looseObject({ title: z.string().optional(), input: z.unknown(), output: z.unknown().optional() })),
    }),
    annotations: readOnly,
    handler: async (args, _ctx, core) => {
      const id = String(args.operationId);
      const tool = resolveTool(core.registry, id);
      if (tool) {
        const item = core.catalog.tool(tool.operationId);
        return {
          kind: 'tool',
          id: tool.operationId,
          operationId: tool.operationId,
          module: tool.module,
          slug: tool.slug,
          title: tool.title,
          description: tool.description,
          method: tool.method,
          path: tool.path,
          cost: tool.cost,
          inputSchema: jsonSchemaOf(tool.input, 'input'),
          outputSchema: jsonSchemaOf(tool.output, 'output'),
          requiredInputs: item ? item.requires.map((g) => g.join(' or ')) : [],
          examples: tool.examples.map((e) => ({
            ...(e.title ? { title: e.title } : {}),
            input: e.input,
            ...(e.output !== undefined ? { output: e.output } : {}),
          })),
        };
      }
      const workflow = core.catalog.workflow(id);
      if (workflow?.workflow) {
        return {
          kind: 'workflow',
          id: workflow.id,
          title: workflow.title,
          description: workflow.description,
          cost: workflow.cost,
          inputSchema: workflowInputSchema(workflow),
          requiredInputs: workflow.requires.map((g) => g.join(' or ')),
          steps: workflow.workflow.steps.map((s) => ({ operationId: s.operationId, cost: core.registry.byOperationId(s.operationId)?.cost ?? 0 })),
          examples: [{ title: workflow.exampleGoals[0], input: workflow.exampleInput }],
        };
      }
      throw unknownId(core.catalog, 'operationId', id, 'tool or workflow');
    },
  },
  {
    name: 'invoke_tool',
    title: 'Call one tool by operationId',
    description:
      'Calls one tool directly with its input, exactly like its REST endpoint: same validation, same errors (stable codes such as validation_failed naming the field), ' +
      "same billing (the tool's cost in credits on success, nothing on failure). Get the operationId from discover_tools and the fields from get_tool_schema; " +
      'an unknown operationId returns not_found with the closest real ids.',
    input: z.object({
      operationId: z.string().min(1).max(200).describe('e.g. "textUtilities.reverseText" (or "text-utilities/reverse-text")'),
      input: inputObject.optional().describe("The tool's fields, as in its inputSchema"),
    }),
    output: z.looseObject({
      operationId: z.string(),
      title: z.string(),
      result: z.unknown().describe("The tool's result, as the `result` of the REST envelope"),
      warnings: z.array(z.string()),
      creditsUsed: z.number(),
    }),
    annotations: runs,
    handler: async (args, ctx, core) => {
      const id = String(args.operationId);
      const tool = resolveTool(core.registry, id);
      if (!tool) throw unknownId(core.catalog, 'operationId', id, 'tool');
      const outcome = await keyInvoker(ctx, core.invokeDeps).invoke(tool, args.input ?? {}, tool.operationId);
      return { operationId: tool.operationId, title: tool.title, result: outcome.result, warnings: outcome.warnings, creditsUsed: tool.cost };
    },
  },
  {
    name: 'fetch_payload',
    title: 'Fetch the raw results of a dataRef (free)',
    description:
      'Free. Returns the raw step results stored by a responseMode "dataRef" run (available for an hour): all of them, or one step with `stepId`. ' +
      'Only the account that ran the job can read it.',
    input: z.object({
      dataRefId: z.string().min(1).max(100).describe('The dataRef.dataRefId of a job report'),
      stepId: z.string().max(200).optional().describe("Only this step's result (a steps[].id)"),
    }),
    output: z.looseObject({ dataRefId: z.string(), expiresAt: z.string(), stepId: z.string().optional(), payload: z.unknown() }),
    annotations: readOnly,
    handler: async (args, ctx, core) => {
      const dataRefId = String(args.dataRefId);
      const stored = await core.payloads.read(ctx.accountId, dataRefId);
      if (!stored)
        throw new ToolError('not_found', `dataRefId: "${dataRefId}" does not exist, has expired (payloads are kept 1 hour) or belongs to another account.`);
      if (typeof args.stepId === 'string' && args.stepId) {
        const results = (stored.payload as { results?: Record<string, unknown> }).results ?? {};
        if (!(args.stepId in results))
          throw new ToolError('not_found', `stepId: no result "${args.stepId}" in this payload; it has ${Object.keys(results).join(', ') || 'none'}.`);
        return { dataRefId, expiresAt: stored.expiresAt, stepId: args.stepId, payload: results[args.stepId] };
      }
      return { dataRefId, expiresAt: stored.expiresAt, payload: stored.payload };
    },
  },
  {
    name: 'get_run',
    title: 'Poll an async run (free)',
    description:
      'Free. The state of a run started with async: true: status accepted (still running), completed, partial or error; resultStatus (the status inside the result: ' +
      'completed, partial, suggest, need_input, verified…) and result (the same payload the synchronous call would have returned). Runs survive restarts of the service.',
    input: z.object({ runId: z.string().min(1).max(100).describe('The runId an async call returned') }),
    output: z.looseObject({
      runId: z.string(),
      status: z.enum(['accepted', 'completed', 'partial', 'error']).describe('completed means the job finished, not that routing succeeded: read resultStatus'),
      resultStatus: z.string().nullable(),
      result: z.unknown(),
      tool: z.string(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
      error: z.string().nullable().optional(),
      nextActions: z.array(z.string()),
    }),
    annotations: readOnly,
    handler: async (args, ctx, core) => {
      const runId = String(args.runId);
      const run = await core.runs.get(runId, ctx.accountId);
      if (!run) throw new ToolError('not_found', `runId: "${runId}" does not exist or belongs to another account.`);
      return {
        runId: run.runId,
        status: run.status,
        resultStatus: run.resultStatus,
        result: run.result,
        tool: run.tool,
        createdAt: run.createdAt,
        finishedAt: run.finishedAt,
        ...(run.error ? { error: run.error } : {}),
        nextActions:
          run.status === 'accepted'
            ? ['Still running: call get_run again in a few seconds.']
            : ['Read resultStatus and result; a job report can be the baseline of verify_task.'],
      };
    },
  },
  {
    name: 'list_skills',
    title: 'List skills (free)',
    description:
      'Free. The skills (playbooks): one per workflow, plus fix-verify-* skills that pair a workflow with verify_task until the gate passes. ' +
      'Each has an id, category, description, the tools it runs and its cost. load_skill returns the instructions; run_playbook runs one.',
    input: z.object({
      category: z.string().max(60).optional().describe('seo, security, marketing, developer, performance or documents'),
      kind: z.enum(['run', 'fix-verify']).optional(),
    }),
    output: z.looseObject({
      total: z.number().int(),
      skills: z.array(
        z.looseObject({
          id: z.string(),
          title: z.string(),
          category: z.string(),
          kind: z.enum(['run', 'fix-verify']),
          description: z.string(),
          workflow: z.string(),
          tools: z.array(z.string()),
          cost: z.number(),
          pairsWith: z.string().nullable(),
        }),
      ),
      categories: z.array(z.string()),
    }),
    annotations: readOnly,
    handler: async (args, _ctx, core) => {
      const list = core.skills.filter((s) => (!args.category || s.category === args.category) && (!args.kind || s.kind === args.kind));
      return {
        total: list.length,
        skills: list.map(({ instructions: _i, exampleGoals: _g, exampleInput: _e, ...rest }) => rest),
        categories: [...new Set(core.skills.map((s) => s.category))],
      };
    },
  },
  {
    name: 'load_skill',
    title: "Load a skill's instructions (free)",
    description:
      'Free. One skill in full: markdown instructions for the agent, the tools it runs, its cost, example goals and an example input for run_playbook.',
    input: z.object({ skillId: z.string().min(1).max(200).describe('A skill id from list_skills') }),
    output: z.looseObject({
      id: z.string(),
      title: z.string(),
      category: z.string(),
      kind: z.enum(['run', 'fix-verify']),
      description: z.string(),
      workflow: z.string(),
      tools: z.array(z.string()),
      cost: z.number(),
      pairsWith: z.string().nullable(),
      exampleGoals: z.array(z.string()),
      exampleInput: inputObject,
      instructions: z.string().describe('Markdown'),
    }),
    annotations: readOnly,
    handler: async (args, _ctx, core) => {
      const skill = core.agent.skill(String(args.skillId));
      if (!skill) {
        const close = core.skills
          .map((s) => s.id)
          .filter((id) => id.includes(String(args.skillId)) || String(args.skillId).includes(id))
          .slice(0, 3);
        throw new ToolError(
          'not_found',
          `skillId: no skill "${String(args.skillId)}"${close.length > 0 ? `; did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : ''} (list_skills lists them).`,
        );
      }
      return { ...skill };
    },
  },
  {
    name: 'run_workflow',
    title: 'Run a workflow by id',
    description:
      'Runs a named workflow (ids from list_skills / discover_tools, e.g. "full-seo-audit", "full-security-audit") on one input and returns the merged job report ' +
      '(scores, findings, ranked fixes, per-step status and credits). Billed: the sum of the steps that run. Missing inputs return need_input (free). ' +
      'SEO/content workflows analyse `input.html` / `input.text` locally for free unless enhance is true.',
    input: z.object({
      workflowId: z.string().min(1).max(200).describe('e.g. "full-seo-audit"'),
      input: inputObject.optional().describe('The workflow input, e.g. {"url": "https://example.com"}'),
      responseMode,
      async: asyncFlag,
      enhance,
    }),
    output: solveOutput,
    annotations: runs,
    handler: (args, ctx, core) => jobOrAccept('run_workflow', args, ctx, core),
  },
];

/** The tools/list entries: computed once. */
export function toolListing(): Array<Record<string, unknown>> {
  return META_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: 'object', ...stripRoot(jsonSchemaOf(tool.input, 'input')) },
    outputSchema: { type: 'object', ...stripRoot(jsonSchemaOf(tool.output, 'input')) },
    annotations: { title: tool.title, ...tool.annotations },
  }));
}

function stripRoot(schema: JsonSchema): JsonSchema {
  const { $schema: _s, ...rest } = schema;
  return rest;
}
