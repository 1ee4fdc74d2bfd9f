import { asFinding, SEVERITIES, type JobReport, type MergedFinding, type RankedFix, type Severity } from './report.ts';

/**
 * verify_task's comparison (docs/contract.md "Audit results share one shape"): a baseline of any accepted
 * shape against a fresh run. Findings are compared by their stable id; a baseline finding counts as resolved only when
 * a step that can report it ran successfully in the fresh run, so a failed step never passes for a fix.
 */
export const GATE_MIN_SCORE = 70;

export type Gate = 'pass' | 'fail' | 'unknown';

export interface BaselineView {
  target: { kind: 'tool' | 'workflow'; id: string } | undefined;
  goal: string | undefined;
  /** The baseline ran a chain (its operationIds): re-run it whole, from the goal. */
  chain: string[] | undefined;
  input: Record<string, unknown> | undefined;
  status: string | undefined;
  score: number | null;
  scores: Record<string, number>;
  findings: MergedFinding[];
}

export interface ScoreDelta {
  before: number | null;
  after: number | null;
  delta: number | null;
}

export interface Delta {
  status: 'improved' | 'regressed' | 'unchanged' | 'mixed' | 'not_comparable';
  scoreDeltas: Record<string, ScoreDelta>;
  newFindings: MergedFinding[];
  resolvedFindings: MergedFinding[];
  /** Baseline findings whose tools did not run successfully this time: neither resolved nor confirmed. */
  unverifiedFindings: MergedFinding[];
  remainingFindings: MergedFinding[];
  remainingFixes: RankedFix[];
  nextActions: string[];
  gate: Gate;
  gateReason: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The job report inside a baseline: a solve_task result, a verify result (its `after`), a get_run poll
 * payload (its `result`, then possibly `after`), or a raw job report / audit result.
 */
export function unwrapBaseline(baseline: unknown): Record<string, unknown> | undefined {
  let current: unknown = baseline;
  for (let depth = 0; depth < 4 && isRecord(current); depth++) {
    if (typeof current.runId === 'string' && 'result' in current && isRecord(current.result)) {
      current = current.result;
      continue;
    }
    if (isRecord(current.after) && (isRecord(current.delta) || 'before' in current)) {
      current = current.after;
      continue;
    }
    break;
  }
  return isRecord(current) ? current : undefined;
}

export function viewOf(baseline: unknown): BaselineView | undefined {
  const report = unwrapBaseline(baseline);
  if (!report) return undefined;
  const target =
    isRecord(report.target) && typeof report.target.id === 'string' && (report.target.kind === 'tool' || report.target.kind === 'workflow')
      ? { kind: report.target.kind as 'tool' | 'workflow', id: report.target.id }
      : undefined;
  const scores: Record<string, number> = {};
  if (isRecord(report.scores)) for (const [k, v] of Object.entries(report.scores)) if (typeof v === 'number' && Number.isFinite(v)) scores[k] = v;
  const score = typeof report.score === 'number' && Number.isFinite(report.score) ? report.score : null;
  const findings: MergedFinding[] = [];
  if (Array.isArray(report.findings)) {
    for (const raw of report.findings) {
      const f = asFinding(raw);
      if (!f) continue;
      const sources = isRecord(raw) && Array.isArray(raw.sources) ? raw.sources.filter((s): s is string => typeof s === 'string') : [];
      findings.push({ ...f, sources });
    }
  }
  const chain = Array.isArray(report.chain) && report.chain.every((id) => typeof id === 'string') ? (report.chain as string[]) : undefined;
  return {
    target,
    goal: typeof report.goal === 'string' ? report.goal : undefined,
    chain,
    input: isRecord(report.input) ? report.input : undefined,
    status: typeof report.status === 'string' ? report.status : undefined,
    score,
    scores,
    findings,
  };
}

/** Whether the baseline holds anything to compare (scores or findings). */
export function comparable(view: BaselineView): boolean {
  return view.score !== null || Object.keys(view.scores).length > 0 || view.findings.length > 0;
}

export function computeDelta(before: BaselineView, after: JobReport): Delta {
  const okSources = new Set(after.steps.filter((s) => s.status === 'ok').map((s) => s.operationId));
  const allSources = new Set(after.steps.map((s) => s.operationId));
  const afterIds = new Set(after.findings.map((f) => f.id));
  const beforeIds = new Set(before.findings.map((f) => f.id));

  const newFindings = after.findings.filter((f) => !beforeIds.has(f.id));
  const resolvedFindings: MergedFinding[] = [];
  const unverifiedFindings: MergedFinding[] = [];
  for (const f of before.findings) {
    if (afterIds.has(f.id)) continue;
    // Resolved only if a tool that reported it ran fine this time; a finding from a step the fresh run
    // does not have (a local analysis verified live, a raw report without sources) needs a complete run.
    const checkedAgain = f.sources.some((s) => okSources.has(s)) || (f.sources.every((s) => !allSources.has(s)) && after.status === 'completed');
    (checkedAgain ? resolvedFindings : unverifiedFindings).push(f);
  }

  const scoreDeltas: Record<string, ScoreDelta> = {};
  const keys = new Set([...Object.keys(before.scores), ...Object.keys(after.scores)]);
  for (const key of keys) scoreDeltas[key] = deltaOf(before.scores[key] ?? null, after.scores[key] ?? null);
  scoreDeltas.overall = deltaOf(before.score, after.score);

  const { gate, reason } = gateOf(after, unverifiedFindings);
  const diffs = Object.values(scoreDeltas)
    .map((d) => d.delta)
    .filter((d): d is number => d !== null);
  const better = resolvedFindings.length > 0 || diffs.some((d) => d > 0);
  const worse = newFindings.some((f) => f.severity !== 'info') || diffs.some((d) => d < 0);
  const status: Delta['status'] =
    after.status === 'error' || (!comparable(before) && after.findings.length === 0 && after.score === null)
      ? 'not_comparable'
      : better && worse
        ? 'mixed'
        : better
          ? 'improved'
          : worse
            ? 'regressed'
            : 'unchanged';

  return {
    status,
    scoreDeltas,
    newFindings,
    resolvedFindings,
    unverifiedFindings,
    remainingFindings: after.findings,
    remainingFixes: after.fixes,
    nextActions: nextActionsOf(gate, after, unverifiedFindings),
    gate,
    gateReason: reason,
  };
}

function deltaOf(before: number | null, after: number | null): ScoreDelta {
  return { before, after, delta: before !== null && after !== null ? after - before : null };
}

function gateOf(after: JobReport, unverified: MergedFinding[]): { gate: Gate; reason: string } {
  if (after.status === 'error') return { gate: 'unknown', reason: 'The fresh run failed: nothing could be judged.' };
  const high = after.findings.filter((f) => f.severity === 'high');
  if (high.length > 0)
    return {
      gate: 'fail',
      reason: `${high.length} high-severity finding(s) remain: ${high
        .slice(0, 3)
        .map((f) => f.id)
        .join(', ')}.`,
    };
  const low = Object.entries(after.scores).filter(([, s]) => s < GATE_MIN_SCORE);
  if (after.score !== null && after.score < GATE_MIN_SCORE) low.unshift(['overall', after.score]);
  if (low.length > 0) return { gate: 'fail', reason: `Score under ${GATE_MIN_SCORE}: ${low.map(([k, s]) => `${k} ${s}`).join(', ')}.` };
  if (after.status === 'partial') return { gate: 'unknown', reason: 'Some steps failed in the fresh run, so a pass cannot be confirmed.' };
  if (unverified.some((f) => f.severity === 'high' || f.severity === 'medium')) {
    return { gate: 'unknown', reason: 'Baseline findings could not be re-checked (their tools did not run).' };
  }
  const judged = after.score !== null || after.steps.some((s) => s.status === 'ok' && (s.score !== undefined || s.findings !== undefined));
  if (!judged) return { gate: 'unknown', reason: 'The target reports no score or findings to judge.' };
  return { gate: 'pass', reason: `No high-severity findings and every score is at least ${GATE_MIN_SCORE}.` };
}

function nextActionsOf(gate: Gate, after: JobReport, unverified: MergedFinding[]): string[] {
  if (gate === 'pass') {
    const rest = after.findings.filter((f) => f.severity === 'medium' || f.severity === 'low').length;
    return rest > 0 ? [`Gate passes. ${rest} medium/low finding(s) remain: fix them or accept them by policy.`] : ['Gate passes: nothing left to fix.'];
  }
  if (gate === 'unknown') {
    const failed = after.steps.filter((s) => s.status === 'error').map((s) => `${s.id} (${s.error?.code ?? 'error'})`);
    const actions = failed.length > 0 ? [`Fix what failed in the fresh run: ${failed.join(', ')}; then call verify_task again.`] : [];
    if (unverified.length > 0) actions.push(`${unverified.length} baseline finding(s) could not be re-checked.`);
    return actions.length > 0 ? actions : ['Verify again once the target reports scores or findings.'];
  }
  const ordered = [...after.fixes].sort((a, b) => SEVERITIES.indexOf(a.severity as Severity) - SEVERITIES.indexOf(b.severity as Severity) || a.rank - b.rank);
  return [
    ...ordered.slice(0, 3).map((f) => `Apply fix ${f.rank} (${f.severity}): ${f.fix.length > 120 ? `${f.fix.slice(0, 119)}…` : f.fix}`),
    'Then call verify_task with this result as the baseline.',
  ];
}
