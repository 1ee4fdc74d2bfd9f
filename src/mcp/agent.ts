import { ToolError } from '../core/errors.ts';
import { closestNames } from '../lib/did-you-mean.ts';
import type { Registry } from '../registry/registry.ts';
import type { Catalog, CatalogItem, RankedItem } from './catalog.ts';
import { completeInput } from './inputs.ts';
import { planSteps, runJob, type PayloadSink, type PlannedStep, type StepInvoker } from './jobs.ts';
import { redactInput, withoutRedacted, type JobReport, type TargetRef } from './report.ts';
import { plannedSteps, runChain, type ChainLink } from './chains.ts';
import type { Extracted } from './goal-values.ts';
import { missingFor, route, routeChain, usesLocalAnalysis, type RouteDecision } from './router.ts';
import type { PlanArgs, PlaybookArgs, RunOptions, SolveArgs, VerifyArgs, WorkflowArgs } from './meta/schemas.ts';
import type { Skill } from './skills.ts';
import { computeDelta, viewOf, type BaselineView, type Delta } from './verify.ts';

/**
 * The agent loop of the MCP interface without the transport: plan, solve, run a workflow or playbook, and
 * verify. Answers that execute nothing (suggest, need_input, plan) are free; everything that executes
 * goes through the caller's StepInvoker, i.e. the REST pipeline with the caller's key.
 */
export interface Candidate {
  kind: 'tool' | 'workflow';
  id: string;
  title: string;
  description: string;
  cost: number;
  requiredInputs: string[];
}

export interface SuggestResult {
  /** `unsupported`: no tool here does the job; `candidates` are the closest real capabilities. */
  status: 'suggest' | 'unsupported';
  goal: string;
  confidence: number;
  reason: string;
  hint: string;
  candidates: Candidate[];
  exampleGoals: string[];
  nextActions: string[];
  creditsUsed: 0;
}

export interface NeedInputResult {
  status: 'need_input';
  goal?: string;
  target: TargetRef;
  confidence?: number;
  /** Each entry one needed field, or "a or b" when either does. */
  missing: string[];
  missingInputs: string[][];
  exampleInput: Record<string, unknown>;
  input: Record<string, unknown>;
  hint: string;
  nextActions: string[];
  creditsUsed: 0;
}

export type SolveResult = JobReport | SuggestResult | NeedInputResult;

export interface PlanResult {
  status: 'planned' | 'suggest' | 'need_input' | 'unsupported';
  goal: string;
  wouldExecute: boolean;
  target?: TargetRef;
  confidence: number;
  analysis?: 'live' | 'local' | 'local+live';
  steps: PlannedStep[];
  creditEstimate: number;
  missingInputs: string[];
  input: Record<string, unknown>;
  /** Fields taken from the goal's text, with where each came from. */
  extractedInput?: Record<string, Extracted>;
  /** A goal of several operations: each step's part of the goal, its tool and what feeds it. */
  chain?: Array<{
    goal: string;
    operationId: string;
    title: string;
    cost: number;
    fedBy?: string;
    missingInputs: string[];
    extractedInput: Record<string, Extracted>;
  }>;
  alternatives: Candidate[];
  hint: string;
  nextActions: string[];
  creditsUsed: 0;
}

export interface VerifyResult {
  status: 'verified' | 'partial' | 'error' | 'suggest' | 'unsupported' | 'need_input';
  goal?: string;
  target?: TargetRef;
  before: {
    status: string | null;
    score: number | null;
    scores: Record<string, number>;
    findings: Array<{ id: string; severity: string; title: string }>;
  } | null;
  after: JobReport | null;
  delta: Delta;
  hint?: string;
  candidates?: Candidate[];
  missing?: string[];
  nextActions: string[];
  creditsUsed: number;
}

export interface AgentDeps {
  registry: Registry;
  catalog: Catalog;
  skills: readonly Skill[];
  now: () => Date;
  /** Stores dataRef payloads of one account. */
  payloadsFor(accountId: string): PayloadSink;
}

export interface AgentCaller {
  accountId: string;
  invoker: StepInvoker;
}

const POPULAR = ['full-seo-audit', 'full-security-audit', 'core-web-vitals-job', 'content-optimization', 'email-auth-security-job', 'dev-json-pipeline-job'];

export interface Agent {
  /**
   * `decision`: the route of this goal (with its input and options) when the caller has it already, so that it is
   * not routed twice (the routing evaluation gives the same route to plan and to discover_tools).
   */
  plan(args: PlanArgs, decision?: RouteDecision): PlanResult;
  solve(args: SolveArgs, caller: AgentCaller): Promise<SolveResult>;
  runWorkflow(args: WorkflowArgs, caller: AgentCaller): Promise<SolveResult>;
  runPlaybook(args: PlaybookArgs, caller: AgentCaller): Promise<SolveResult | VerifyResult>;
  verify(args: VerifyArgs, caller: AgentCaller): Promise<VerifyResult>;
  skill(id: string): Skill | undefined;
}

export function createAgent(deps: AgentDeps): Agent {
  const { catalog, registry } = deps;
  const skillsById = new Map(deps.skills.map((s) => [s.id, s]));

  const candidateOf = (item: CatalogItem): Candidate => ({
    kind: item.kind,
    id: item.id,
    title: item.title,
    description: item.description.length > 200 ? `${item.description.slice(0, 199)}…` : item.description,
    cost: item.cost,
    requiredInputs: item.needs.map((g) => g.join(' or ')),
  });

  const suggestion = (decision: RouteDecision): SuggestResult => {
    const pool: CatalogItem[] =
      decision.alternatives.length > 0
        ? decision.alternatives.map((r: RankedItem) => r.item)
        : POPULAR.map((id) => catalog.get(id)).filter((i): i is CatalogItem => i !== undefined);
    const candidates = pool.slice(0, 5).map(candidateOf);
    const exampleGoals = pool
      .slice(0, 5)
      .flatMap((item) => (item.exampleGoals.length > 0 ? item.exampleGoals.slice(0, 1) : [`${item.title}: ${JSON.stringify(item.exampleInput).slice(0, 120)}`]))
      .slice(0, 5);
    const vague = decision.confidence === 0;
    const unsupported = decision.action === 'unsupported';
    return {
      status: unsupported ? 'unsupported' : 'suggest',
      goal: decision.goal,
      confidence: decision.confidence,
      reason: decision.reason,
      hint: unsupported
        ? 'No tool here does this job, so nothing was run and nothing was billed. The candidates are the closest things the catalog does; tell the user what is not possible.'
        : vague
          ? 'Say what to do and on what: the kind of check, conversion or calculation, and its input (a URL, a text…). Nothing was run and nothing was billed.'
          : 'Several tools fit this goal. Pick one from candidates, or say more precisely what you want. Nothing was run and nothing was billed.',
      candidates,
      exampleGoals,
      nextActions: [
        'Call solve_task again with a goal that names the task (see exampleGoals).',
        'Or run a candidate directly: run_workflow {workflowId} for a workflow, invoke_tool {operationId, input} for a tool (use the ids in candidates; do not invent ids).',
        'discover_tools {query} searches the whole catalog.',
      ],
      creditsUsed: 0,
    };
  };

  const needInput = (
    item: CatalogItem,
    input: Record<string, unknown>,
    missing: string[][],
    goal: string | undefined,
    confidence: number | undefined,
  ): NeedInputResult => {
    const names = missing.map((group) => group.join(' or '));
    const example: Record<string, unknown> = { ...input };
    for (const group of missing) {
      const field = group.find((f) => f in item.exampleInput) ?? group[0];
      if (field) example[field] = item.exampleInput[field] ?? `<${field}>`;
    }
    return {
      status: 'need_input',
      ...(goal !== undefined ? { goal } : {}),
      target: { kind: item.kind, id: item.id, title: item.title },
      ...(confidence !== undefined ? { confidence } : {}),
      missing: names,
      missingInputs: missing,
      exampleInput: Object.keys(example).length > 0 ? redactInput(example) : item.exampleInput,
      input: redactInput(input),
      hint: `${item.title} needs ${names.join(', ')}. Nothing was run and nothing was billed.`,
      nextActions: [
        `Call again with input containing ${names.map((n) => `"${n}"`).join(', ')} (see exampleInput).`,
        item.kind === 'workflow' ? `Or call run_workflow {workflowId: "${item.id}", input}.` : `Or call invoke_tool {operationId: "${item.id}", input}.`,
      ],
      creditsUsed: 0,
    };
  };

  const execute = (
    item: CatalogItem,
    input: Record<string, unknown>,
    options: RunOptions,
    caller: AgentCaller,
    goal?: string,
    confidence?: number,
  ): Promise<JobReport> =>
    runJob(
      {
        item,
        input,
        local: usesLocalAnalysis(item, input, options.enhance === true),
        enhance: options.enhance === true,
        responseMode: options.responseMode ?? 'compact',
        goal,
        confidence,
      },
      caller.invoker,
      { registry, now: deps.now, payloads: deps.payloadsFor(caller.accountId) },
    );

  /**
   * A workflow given a field it does not take (`spend` for `cost`) would skip the steps that need the real
   * one and still bill the rest: it is need_input instead, naming the field meant.
   */
  const unknownFields = (
    item: CatalogItem,
    given: Record<string, unknown>,
    goal: string | undefined,
    confidence: number | undefined,
  ): NeedInputResult | undefined => {
    if (item.kind !== 'workflow') return undefined;
    const unknown = Object.keys(given).filter((key) => !item.fields.includes(key));
    if (unknown.length === 0) return undefined;
    // The closest name, else the field whose description uses the word ("spend" -> cost: "Ad spend").
    const described = (key: string): string | undefined =>
      Object.entries(item.workflow?.inputs ?? {}).find(([, input]) => new RegExp(`\\b${key.replace(/[^\w]/g, '')}\\b`, 'i').test(input.description))?.[0];
    const meant = unknown.map((key) => closestNames(key, item.fields, 1)[0] ?? described(key));
    const missing = [...new Set(meant.map((m, i) => (m ? [m] : item.fields.filter((f) => !(f in given)))).map((g) => g.join('|')))].map((g) => g.split('|'));
    const known = Object.fromEntries(Object.entries(given).filter(([key]) => item.fields.includes(key)));
    const asked = needInput(item, known, missing, goal, confidence);
    const named = unknown.map((key, i) => `"${key}"${meant[i] ? ` (did you mean "${meant[i]}"?)` : ''}`).join(', ');
    return { ...asked, hint: `${item.title} does not take ${named}; its fields are ${item.fields.join(', ')}. Nothing was run and nothing was billed.` };
  };

  /** Runs a known target, or answers need_input without running anything. */
  const runItem = async (
    item: CatalogItem,
    given: Record<string, unknown>,
    options: RunOptions,
    caller: AgentCaller,
    goal?: string,
    confidence?: number,
  ): Promise<SolveResult> => {
    const wrong = unknownFields(item, given, goal, confidence);
    if (wrong) return wrong;
    const input = completeInput(item, given);
    const local = usesLocalAnalysis(item, input, options.enhance === true);
    const missing = local ? [] : missingFor(item, input, options.enhance === true);
    if (missing.length > 0) return needInput(item, input, missing, goal, confidence);
    return execute(item, input, options, caller, goal, confidence);
  };

  const workflowItem = (id: string): CatalogItem => {
    const item = catalog.workflow(id);
    if (!item) {
      const similar = catalog.similarIds(id).filter((s) => catalog.workflow(s));
      throw new ToolError(
        'not_found',
        `workflowId: no workflow "${id}"${similar.length > 0 ? `; did you mean ${similar.map((s) => `"${s}"`).join(', ')}?` : ''} (list_skills lists every workflow).`,
      );
    }
    return item;
  };

  const verify = async (args: VerifyArgs, caller: AgentCaller, forced?: CatalogItem): Promise<VerifyResult> => {
    const view = viewOf(args.baseline);
    if (!view)
      throw new ToolError(
        'validation_failed',
        'baseline: expected an object — a solve_task result, the after part of a verify_task result, a get_run payload or a job report.',
      );
    const before = beforeOf(view);
    if (!forced && view.chain) return verifyChain(view, before, args, caller);
    let item = forced ?? (view.target ? catalog.get(view.target.id) : undefined);
    if (!item && view.target) throw new ToolError('not_found', `baseline.target.id: "${view.target.id}" is not in the catalog any more.`);
    let confidence: number | undefined;
    // Secret fields were redacted from the baseline's input: they have to be given again.
    const given = { ...withoutRedacted(view.input ?? {}), ...(args.input ?? {}) };
    if (!item) {
      if (!args.goal) {
        return {
          status: 'need_input',
          before,
          after: null,
          delta: unjudged('The baseline names no target: pass the goal (or a baseline that has `target`).'),
          missing: ['goal'],
          hint: 'The baseline has no target; pass goal so the check can be re-run. Nothing was billed.',
          nextActions: ['Call verify_task again with goal (or with a baseline returned by solve_task).'],
          creditsUsed: 0,
        };
      }
      const decision = route(catalog, args.goal, given, { enhance: args.enhance === true });
      if (decision.action === 'suggest' || decision.action === 'unsupported' || !decision.target) {
        const s = suggestion(decision);
        return {
          status: s.status,
          goal: args.goal,
          before,
          after: null,
          delta: unjudged(s.reason),
          hint: s.hint,
          candidates: s.candidates,
          nextActions: s.nextActions,
          creditsUsed: 0,
        };
      }
      item = decision.target;
      confidence = decision.confidence;
      Object.assign(given, decision.input);
    }
    const outcome = await runItem(item, given, args, caller, args.goal, confidence);
    const target: TargetRef = { kind: item.kind, id: item.id, title: item.title };
    if (outcome.status === 'need_input') {
      return {
        status: 'need_input',
        ...(args.goal ? { goal: args.goal } : {}),
        target,
        before,
        after: null,
        delta: unjudged(outcome.hint),
        missing: outcome.missing,
        hint: outcome.hint,
        nextActions: outcome.nextActions,
        creditsUsed: 0,
      };
    }
    if (!isJobReport(outcome)) throw new ToolError('internal_error', 'unexpected suggestion for a known target');
    return judged(view, before, outcome, args.goal, target);
  };

  /** A chain baseline: the whole chain is planned again from its goal and run, then compared step by step. */
  const verifyChain = async (view: BaselineView, before: VerifyResult['before'], args: VerifyArgs, caller: AgentCaller): Promise<VerifyResult> => {
    const goal = args.goal ?? view.goal;
    if (!goal) throw new ToolError('validation_failed', 'goal: the baseline ran a chain but holds no goal; pass the goal the chain was run with.');
    const given = { ...withoutRedacted(view.input ?? {}), ...(args.input ?? {}) };
    const chain = routeChain(catalog, goal, given, { enhance: args.enhance === true });
    if (!chain) throw new ToolError('validation_failed', `goal: "${goal}" does not plan as a chain of steps; pass the goal the chain was run with.`);
    const target: TargetRef = { kind: 'tool', id: chain[0]!.item.id, title: chain.map((l) => l.item.title).join(' → ') };
    const blocked = chain.find((link) => link.missing.length > 0);
    if (blocked) {
      const asked = needInput(blocked.item, blocked.input, blocked.missing, goal, undefined);
      return {
        status: 'need_input',
        goal,
        target,
        before,
        after: null,
        delta: unjudged(asked.hint),
        missing: asked.missing,
        hint: asked.hint,
        nextActions: asked.nextActions,
        creditsUsed: 0,
      };
    }
    const confidence = Math.min(...chain.map((l) => l.confidence));
    const report = await runChain(chain, goal, confidence, args.responseMode ?? 'compact', caller.invoker, { registry, now: deps.now });
    return judged(view, before, report, goal, target);
  };

  return {
    skill: (id) => skillsById.get(id),

    plan(args, routed) {
      const chain = routeChain(catalog, args.goal, args.input ?? {}, { enhance: args.enhance === true });
      if (chain) return planOfChain(chain, args.goal);
      const decision = routed ?? route(catalog, args.goal, args.input ?? {}, { enhance: args.enhance === true });
      const alternatives = (decision.action === 'suggest' ? decision.alternatives : decision.alternatives.slice(0, 4)).map((r) => candidateOf(r.item));
      if (decision.action === 'suggest' || decision.action === 'unsupported' || !decision.target) {
        const s = suggestion(decision);
        return {
          status: s.status,
          goal: args.goal,
          wouldExecute: false,
          confidence: decision.confidence,
          steps: [],
          creditEstimate: 0,
          missingInputs: [],
          input: args.input ?? {},
          alternatives: s.candidates,
          hint: s.hint,
          nextActions: s.nextActions,
          creditsUsed: 0,
        };
      }
      const item = decision.target;
      const steps = planSteps({ item, input: decision.input, local: decision.local, enhance: args.enhance === true }, registry);
      const creditEstimate = steps.filter((s) => s.willRun).reduce((sum, s) => sum + s.cost, 0);
      const missing = decision.missing.map((g) => g.join(' or '));
      const target = { kind: item.kind, id: item.id, title: item.title };
      const ready = decision.action === 'execute';
      return {
        status: ready ? 'planned' : 'need_input',
        goal: args.goal,
        wouldExecute: ready,
        target,
        confidence: decision.confidence,
        analysis: decision.local ? (args.enhance ? 'local+live' : 'local') : 'live',
        steps,
        creditEstimate,
        missingInputs: missing,
        input: decision.input,
        ...(Object.keys(decision.extracted).length > 0 ? { extractedInput: decision.extracted } : {}),
        alternatives,
        hint: ready
          ? `solve_task with this goal would run ${item.kind} ${item.id} for about ${creditEstimate} credit(s)${decision.local ? ' (the local analysis itself is free)' : ''}.`
          : `${item.title} needs ${missing.join(', ')} before it can run.`,
        nextActions: ready
          ? [
              `Call solve_task with the same goal and input to run it (${creditEstimate} credits).`,
              ...(item.kind === 'workflow' ? [`Or run_workflow {workflowId: "${item.id}"}.`] : [`Or invoke_tool {operationId: "${item.id}"}.`]),
            ]
          : [`Add ${missing.join(', ')} to input and plan or solve again.`],
        creditsUsed: 0,
      };
    },

    async solve(args, caller) {
      const chain = routeChain(catalog, args.goal, args.input ?? {}, { enhance: args.enhance === true });
      if (chain) {
        const blocked = chain.find((link) => link.missing.length > 0);
        if (blocked) return needInput(blocked.item, blocked.input, blocked.missing, args.goal, Math.min(...chain.map((l) => l.confidence)));
        const report = await runChain(chain, args.goal, Math.min(...chain.map((l) => l.confidence)), args.responseMode ?? 'compact', caller.invoker, {
          registry,
          now: deps.now,
        });
        return { ...report, extractedInput: chain[0]!.extracted };
      }
      const decision = route(catalog, args.goal, args.input ?? {}, { enhance: args.enhance === true });
      if (decision.action === 'suggest' || decision.action === 'unsupported' || !decision.target) return suggestion(decision);
      if (decision.action === 'need_input') return needInput(decision.target, decision.input, decision.missing, args.goal, decision.confidence);
      const wrong = unknownFields(decision.target, args.input ?? {}, args.goal, decision.confidence);
      if (wrong) return wrong;
      const report = await execute(decision.target, decision.input, args, caller, args.goal, decision.confidence);
      return Object.keys(decision.extracted).length > 0 ? { ...report, extractedInput: decision.extracted } : report;
    },

    async runWorkflow(args, caller) {
      return runItem(workflowItem(args.workflowId), args.input ?? {}, args, caller);
    },

    async runPlaybook(args, caller) {
      const skill = skillsById.get(args.skillId);
      if (!skill) {
        const ids = [...skillsById.keys()];
        const close = ids.filter((id) => id.includes(args.skillId) || args.skillId.includes(id)).slice(0, 3);
        throw new ToolError(
          'not_found',
          `skillId: no skill "${args.skillId}"${close.length > 0 ? `; did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : ''} (list_skills lists them).`,
        );
      }
      const item = workflowItem(skill.workflow);
      if (args.baseline !== undefined && args.baseline !== null) return verify({ ...args, baseline: args.baseline }, caller, item);
      return runItem(item, args.input ?? {}, args, caller);
    },

    verify: (args, caller) => verify(args, caller),
  };
}

/** plan_task for a chain: every step with its cost, what feeds it and what it still needs. */
function planOfChain(chain: ChainLink[], goal: string): PlanResult {
  const steps = plannedSteps(chain);
  const creditEstimate = chain.reduce((sum, link) => sum + link.item.cost, 0);
  const missing = chain.flatMap((link, i) => link.missing.map((g) => `step ${i + 1}: ${g.join(' or ')}`));
  const ready = missing.length === 0;
  const first = chain[0]!;
  return {
    status: ready ? 'planned' : 'need_input',
    goal,
    wouldExecute: ready,
    target: { kind: 'tool', id: first.item.id, title: chain.map((l) => l.item.title).join(' → ') },
    confidence: Math.min(...chain.map((l) => l.confidence)),
    analysis: 'live',
    steps,
    creditEstimate,
    missingInputs: missing,
    input: first.input,
    ...(Object.keys(first.extracted).length > 0 ? { extractedInput: first.extracted } : {}),
    chain: chain.map((link, i) => ({
      goal: link.goal,
      operationId: link.item.id,
      title: link.item.title,
      cost: link.item.cost,
      ...(link.fed ? { fedBy: `step ${i}'s result fills ${link.fed}` } : {}),
      missingInputs: link.missing.map((g) => g.join(' or ')),
      extractedInput: link.extracted,
    })),
    alternatives: [],
    hint: ready
      ? `solve_task with this goal would run ${chain.length} steps in order, each result feeding the next, for ${creditEstimate} credit(s); each step is billed as it runs.`
      : `The chain needs ${missing.join(', ')} before it can run.`,
    nextActions: ready
      ? [`Call solve_task with the same goal and input to run the chain (${creditEstimate} credits).`]
      : [`Add ${missing.join(', ')} to input and plan or solve again.`],
    creditsUsed: 0,
  };
}

/** The verify answer for a fresh run: verified when it completed (its delta says whether the gate passes). */
function judged(view: BaselineView, before: VerifyResult['before'], after: JobReport, goal: string | undefined, target: TargetRef): VerifyResult {
  const delta = computeDelta(view, after);
  return {
    status: after.status === 'completed' ? 'verified' : after.status,
    ...(goal ? { goal } : {}),
    target,
    before,
    after,
    delta,
    nextActions: delta.nextActions,
    creditsUsed: after.creditsUsed,
  };
}

function beforeOf(view: BaselineView): VerifyResult['before'] {
  return {
    status: view.status ?? null,
    score: view.score,
    scores: view.scores,
    findings: view.findings.map((f) => ({ id: f.id, severity: f.severity, title: f.title })),
  };
}

function unjudged(reason: string): Delta {
  return {
    status: 'not_comparable',
    scoreDeltas: {},
    newFindings: [],
    resolvedFindings: [],
    unverifiedFindings: [],
    remainingFindings: [],
    remainingFixes: [],
    nextActions: [],
    gate: 'unknown',
    gateReason: reason,
  };
}

/** A run's report, as opposed to a suggestion (which names candidates instead of a target). */
function isJobReport(result: JobReport | SuggestResult): result is JobReport {
  return result.status !== 'suggest' && result.status !== 'unsupported';
}
