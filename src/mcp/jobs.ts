import { performance } from 'node:perf_hooks';
import { asToolError, ToolError } from '../core/errors.ts';
import type { InvokeResult } from '../core/invoke.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import { jsonSchemaOf } from '../registry/json-schema.ts';
import type { Registry } from '../registry/registry.ts';
import type { CatalogItem } from './catalog.ts';
import { isPresent } from './inputs.ts';
import { analyzeLocally, type LocalResult } from './local.ts';
import {
  auditOf,
  jsonSize,
  meanScore,
  mergeFindings,
  rankFixes,
  redactInput,
  summarize,
  type JobReport,
  type MergedFinding,
  type ResponseMode,
  type StepReport,
} from './report.ts';
import { stepId, TRANSFORMS, type StepSource, type Workflow, type WorkflowStep } from './workflows.ts';

/**
 * Runs a target (a tool or a workflow) for one caller and builds the job report. Every tool call goes
 * through the caller's `StepInvoker`, i.e. the REST pipeline with the caller's key: same validation,
 * billing and errors. Local analysis runs here and bills nothing.
 */
export interface StepInvoker {
  invoke(tool: AnyTool, input: unknown, label: string): Promise<InvokeResult>;
  signal?: AbortSignal | undefined;
  /** Told after each step: `done` of `total` steps finished (MCP progress notifications). */
  progress?: ((done: number, total: number, message: string) => void) | undefined;
  /** The text of a stored file of the caller (a chain feeding a file result into a text input); `label` names the step. */
  readText?: ((fileId: string, label: string) => Promise<string>) | undefined;
}

export interface PayloadSink {
  save(payload: unknown): Promise<{ dataRefId: string; expiresAt: string }>;
}

export interface JobRequest {
  item: CatalogItem;
  input: Record<string, unknown>;
  /** Analyse input.html / input.text locally (free). */
  local: boolean;
  /** Also run the live tools of a local-capable workflow (billed). */
  enhance: boolean;
  responseMode: ResponseMode;
  goal?: string | undefined;
  confidence?: number | undefined;
}

export interface JobEnv {
  registry: Registry;
  now: () => Date;
  payloads: PayloadSink;
}

/** Errors after which no further step can succeed for this caller. */
const ACCOUNT_ERRORS = new Set(['unauthorized', 'quota_exceeded', 'rate_limited']);
/** A small result that is the point of the run (a conversion, a calculation) is kept in compact reports. */
const INLINE_RESULT_CHARS = 6000;
const COMPACT_FINDINGS = 100;

interface StepOutcome {
  report: StepReport;
  result?: unknown;
}

export async function runJob(request: JobRequest, invoker: StepInvoker, env: JobEnv): Promise<JobReport> {
  const started = performance.now();
  const { item } = request;
  const warnings: string[] = [];
  const outcomes: StepOutcome[] = [];
  const sources: Array<{ source: string; findings: MergedFinding[] }> = [];
  const scores: Record<string, number> = {};

  let localResult: LocalResult | undefined;
  const runsLocal = Boolean(item.workflow?.local) && (request.local || (request.enhance && (isPresent(request.input.html) || isPresent(request.input.text))));
  if (runsLocal && item.workflow?.local) {
    const t0 = performance.now();
    localResult = analyzeLocally(item.workflow.local, request.input);
    const id = `local.${localResult.kind}`;
    scores[id] = localResult.score;
    sources.push({ source: id, findings: localResult.findings.map((f) => ({ ...f, sources: [id] })) });
    outcomes.push({
      report: {
        id,
        operationId: id,
        title: `Local ${localResult.kind} analysis of the given ${isPresent(request.input.html) ? 'HTML' : 'text'} (free)`,
        status: 'ok',
        durationMs: Math.round(performance.now() - t0),
        credits: 0,
        score: localResult.score,
        findings: localResult.findings.length,
        summary: localResult.facts,
      },
      result: localResult,
    });
  }

  const runsLive = !request.local || request.enhance;
  if (runsLive) {
    const steps = item.workflow ? item.workflow.steps : [{ operationId: item.id }];
    const live = await runSteps(steps, item.workflow, request.input, invoker, env.registry);
    for (const outcome of live) {
      outcomes.push(outcome);
      const { report, result } = outcome;
      if (report.status !== 'ok') continue;
      const audit = auditOf(result);
      if (audit.score !== undefined) scores[report.id] = audit.score;
      sources.push({ source: report.operationId, findings: audit.findings.map((f) => ({ ...f, sources: [report.operationId] })) });
    }
  }

  const findings = mergeFindings(sources);
  const ran = outcomes.filter((o) => o.report.status !== 'skipped');
  const ok = ran.filter((o) => o.report.status === 'ok');
  const status = ok.length === 0 ? 'error' : ok.length < ran.length ? 'partial' : 'completed';
  if (ran.length === 0) warnings.push('No step could run: the input lacks what the steps need (see steps[].reason).');
  for (const o of outcomes) for (const w of o.report.warnings ?? []) warnings.push(`${o.report.id}: ${w}`);

  const keepsResults = item.workflow ? item.workflow.merge === 'results' : true;
  const results: Record<string, unknown> = {};
  for (const o of outcomes) {
    if (o.result === undefined) continue;
    results[o.report.id] = o.result;
    if (request.responseMode === 'full') continue;
    const audit = auditOf(o.result);
    const isAudit = audit.score !== undefined || audit.findings.length > 0;
    if (keepsResults && !isAudit && !o.report.id.startsWith('local.')) {
      if (jsonSize(o.result) <= INLINE_RESULT_CHARS) o.report.result = o.result;
      else {
        o.report.summary = summarize(o.result);
        warnings.push(`${o.report.id}: the result is large; only a summary is shown (responseMode "full" or "dataRef" returns it whole).`);
      }
    } else if (!o.report.id.startsWith('local.')) {
      o.report.summary = summarize(o.result);
    }
  }

  const fixes = rankFixes(findings);
  const report: JobReport = {
    status,
    ...(request.goal !== undefined ? { goal: request.goal } : {}),
    target: { kind: item.kind, id: item.id, title: item.title },
    ...(request.confidence !== undefined ? { confidence: request.confidence } : {}),
    analysis: runsLocal ? (runsLive ? 'local+live' : 'local') : 'live',
    input: redactInput(request.input),
    score: meanScore(scores),
    scores,
    findings: request.responseMode === 'full' ? findings : findings.slice(0, COMPACT_FINDINGS),
    fixes,
    steps: outcomes.map((o) => o.report),
    creditsUsed: outcomes.reduce((sum, o) => sum + o.report.credits, 0),
    warnings,
    nextActions: nextActionsOf(status, fixes, ok.length),
    durationMs: Math.round(performance.now() - started),
    finishedAt: env.now().toISOString(),
    responseMode: request.responseMode,
  };
  if (findings.length > COMPACT_FINDINGS && request.responseMode !== 'full') {
    warnings.push(`${findings.length} findings; the first ${COMPACT_FINDINGS} are shown (responseMode "full" or "dataRef" has all).`);
  }
  if (request.responseMode === 'full') report.results = results;
  if (request.responseMode === 'dataRef') {
    report.dataRef = await env.payloads.save({ target: report.target, input: report.input, findings, results });
  }
  return report;
}

function nextActionsOf(status: JobReport['status'], fixes: JobReport['fixes'], okSteps: number): string[] {
  if (status === 'error') return ['Read steps[].error: fix the input or the account problem it names, then call again.'];
  const actions = fixes.slice(0, 3).map((f) => `Apply fix ${f.rank} (${f.severity}): ${f.fix.length > 120 ? `${f.fix.slice(0, 119)}…` : f.fix}`);
  if (status === 'partial') actions.push('Some steps failed (steps[].error): fix their input and run again for a complete picture.');
  if (fixes.length > 0) actions.push('After applying the fixes, call verify_task with this result as the baseline.');
  else if (okSteps > 0) actions.push('Nothing to fix: use the results (steps[].result / summary, or fetch_payload for raw data).');
  return actions;
}

/** Runs workflow steps in dependency order (independent ones together); a step without its inputs is skipped. */
async function runSteps(
  steps: readonly WorkflowStep[],
  workflow: Workflow | undefined,
  input: Record<string, unknown>,
  invoker: StepInvoker,
  registry: Registry,
): Promise<StepOutcome[]> {
  const outcomes = new Map<string, StepOutcome>();
  const results = new Map<string, unknown>();
  let stop: string | undefined;
  const pending = [...steps];
  while (pending.length > 0) {
    const ready = pending.filter((step) => dependencies(step).every((dep) => outcomes.has(dep)));
    const wave = ready.length > 0 ? ready : pending.slice(0, 1);
    for (const step of wave) pending.splice(pending.indexOf(step), 1);
    await Promise.all(
      wave.map(async (step) => {
        const outcome = await runStep(step, workflow, input, results, outcomes, invoker, registry, stop);
        outcomes.set(stepId(step), outcome);
        invoker.progress?.(outcomes.size, steps.length, `${stepId(step)}: ${outcome.report.status}`);
        if (outcome.result !== undefined) results.set(stepId(step), outcome.result);
        const code = outcome.report.error?.code;
        if (code && ACCOUNT_ERRORS.has(code)) stop = `skipped after ${code} on ${outcome.report.id}`;
      }),
    );
  }
  return steps.map((step) => outcomes.get(stepId(step)) as StepOutcome);
}

function dependencies(step: WorkflowStep): string[] {
  return Object.values(step.input ?? {}).flatMap((source) => ('step' in source ? [source.step] : []));
}

async function runStep(
  step: WorkflowStep,
  workflow: Workflow | undefined,
  input: Record<string, unknown>,
  results: Map<string, unknown>,
  outcomes: Map<string, StepOutcome>,
  invoker: StepInvoker,
  registry: Registry,
  stop: string | undefined,
): Promise<StepOutcome> {
  const id = stepId(step);
  const tool = registry.byOperationId(step.operationId);
  const base = { id, operationId: step.operationId, title: tool?.title ?? step.operationId, durationMs: 0, credits: 0 };
  if (!tool) return { report: { ...base, status: 'error', error: errorOf(new ToolError('not_found', `${step.operationId}: not in the registry`)) } };
  if (stop) return { report: { ...base, status: 'skipped', reason: stop } };
  if (invoker.signal?.aborted) return { report: { ...base, status: 'skipped', reason: 'cancelled by the client before this step' } };
  const failedDep = dependencies(step).find((dep) => outcomes.get(dep)?.report.status !== 'ok');
  if (failedDep) return { report: { ...base, status: 'skipped', reason: `needs the result of ${failedDep}, which did not succeed` } };

  const stepInput = workflow ? stepInputOf(step, tool, input, results) : input;
  if (workflow) {
    const required = ((jsonSchemaOf(tool.input, 'input') as { required?: string[] }).required ?? []).filter((f) => !isPresent(stepInput[f]));
    if (required.length > 0) return { report: { ...base, status: 'skipped', reason: `needs ${required.join(', ')} (not in the input)` } };
  }
  const t0 = performance.now();
  try {
    const { result, warnings } = await invoker.invoke(tool, stepInput, id);
    const audit = auditOf(result);
    const report: StepReport = { ...base, status: 'ok', durationMs: Math.round(performance.now() - t0), credits: tool.cost };
    if (audit.score !== undefined) report.score = audit.score;
    if (audit.score !== undefined || audit.findings.length > 0) report.findings = audit.findings.length;
    if (warnings.length > 0) report.warnings = warnings;
    return { report, result };
  } catch (error) {
    return { report: { ...base, status: 'error', durationMs: Math.round(performance.now() - t0), error: errorOf(error) } };
  }
}

export function errorOf(error: unknown): { code: string; status: number; message: string; detail: string } {
  const e = asToolError(error);
  return { code: e.code, status: e.status, message: e.message, detail: e.detail };
}

/** The declared fields the workflow input has, then the step's explicit mappings. */
function stepInputOf(step: WorkflowStep, tool: AnyTool, input: Record<string, unknown>, results: Map<string, unknown>): Record<string, unknown> {
  const declared = Object.keys((jsonSchemaOf(tool.input, 'input') as { properties?: Record<string, unknown> }).properties ?? {});
  const out: Record<string, unknown> = {};
  for (const field of declared) if (isPresent(input[field])) out[field] = input[field];
  for (const [field, source] of Object.entries(step.input ?? {})) {
    const value = resolveSource(source, input, results);
    if (value === undefined) delete out[field];
    else out[field] = value;
  }
  return out;
}

function resolveSource(source: StepSource, input: Record<string, unknown>, results: Map<string, unknown>): unknown {
  if ('value' in source) return source.value;
  if ('step' in source) return pathOf(results.get(source.step), source.path);
  if ('list' in source) {
    const values = source.list.map((f) => input[f]).filter(isPresent);
    return values.length > 0 ? values : undefined;
  }
  if ('transform' in source) return TRANSFORMS[source.transform](input);
  const value = pathOf(input, source.from);
  return isPresent(value) ? value : source.fallback;
}

function pathOf(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export interface PlannedStep {
  id: string;
  operationId: string;
  title: string;
  cost: number;
  willRun: boolean;
  reason?: string;
}

/** What a run would execute with this input, without executing it (plan_task). */
export function planSteps(request: Pick<JobRequest, 'item' | 'input' | 'local' | 'enhance'>, registry: Registry): PlannedStep[] {
  const { item, input } = request;
  const planned: PlannedStep[] = [];
  const runsLocal = Boolean(item.workflow?.local) && (request.local || (request.enhance && (isPresent(input.html) || isPresent(input.text))));
  if (runsLocal)
    planned.push({
      id: `local.${item.workflow?.local}`,
      operationId: `local.${item.workflow?.local}`,
      title: 'Local analysis of the given HTML/text (free)',
      cost: 0,
      willRun: true,
    });
  if (request.local && !request.enhance) return planned;
  const steps = item.workflow ? item.workflow.steps : [{ operationId: item.id }];
  const running = new Set<string>();
  for (const step of steps) {
    const tool = registry.byOperationId(step.operationId);
    const id = stepId(step);
    if (!tool) {
      planned.push({ id, operationId: step.operationId, title: step.operationId, cost: 0, willRun: false, reason: 'not in the registry' });
      continue;
    }
    const deps = dependencies(step);
    const blocked = deps.find((d) => !running.has(d));
    if (blocked) {
      planned.push({ id, operationId: step.operationId, title: tool.title, cost: tool.cost, willRun: false, reason: `needs ${blocked}, which will not run` });
      continue;
    }
    if (item.workflow) {
      // Results of earlier steps are not known yet: fields they provide count as present.
      const fromSteps = Object.entries(step.input ?? {})
        .filter(([, s]) => 'step' in s)
        .map(([f]) => f);
      const stepInput = stepInputOf(
        { ...step, input: Object.fromEntries(Object.entries(step.input ?? {}).filter(([, s]) => !('step' in s))) },
        tool,
        input,
        new Map(),
      );
      const required = ((jsonSchemaOf(tool.input, 'input') as { required?: string[] }).required ?? []).filter(
        (f) => !isPresent(stepInput[f]) && !fromSteps.includes(f),
      );
      if (required.length > 0) {
        planned.push({ id, operationId: step.operationId, title: tool.title, cost: tool.cost, willRun: false, reason: `needs ${required.join(', ')}` });
        continue;
      }
    }
    running.add(id);
    planned.push({ id, operationId: step.operationId, title: tool.title, cost: tool.cost, willRun: true });
  }
  return planned;
}
