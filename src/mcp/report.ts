/**
 * The job report: what a run of a tool or workflow did, merged the way docs/contract.md "Audit results share one
 * shape" describes — scores per step and overall, findings by stable id (one entry per problem, whichever
 * tools saw it), fixes ranked by severity, and per-step status, time and credits.
 */
export type Severity = 'high' | 'medium' | 'low' | 'info';
export type ResponseMode = 'compact' | 'full' | 'dataRef';
export type JobStatus = 'completed' | 'partial' | 'error';

export const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low', 'info'];

export interface MergedFinding {
  id: string;
  severity: Severity;
  title: string;
  evidence: string;
  fix: string;
  /** The steps (operationIds, or `local.*`) that reported it. */
  sources: string[];
}

export interface RankedFix {
  rank: number;
  severity: Severity;
  fix: string;
  findingIds: string[];
  sources: string[];
}

export interface StepError {
  code: string;
  status: number;
  message: string;
  detail: string;
}

export interface StepReport {
  id: string;
  operationId: string;
  title: string;
  status: 'ok' | 'error' | 'skipped';
  durationMs: number;
  credits: number;
  score?: number;
  findings?: number;
  /** compact: the scalar facts of the result (strings clipped), arrays as counts. */
  summary?: Record<string, unknown>;
  /** The whole result, when it is small and is the point of the run (converters, calculators). */
  result?: unknown;
  error?: StepError;
  reason?: string;
  warnings?: string[];
}

export interface TargetRef {
  kind: 'tool' | 'workflow';
  id: string;
  title: string;
}

export interface JobReport {
  status: JobStatus;
  goal?: string;
  target: TargetRef;
  confidence?: number;
  /** live: the tools ran; local: input.html/text analysed here, free; local+live: both (enhance). */
  analysis: 'live' | 'local' | 'local+live';
  input: Record<string, unknown>;
  /** The fields of `input` taken from the goal's text, with where each came from. */
  extractedInput?: Record<string, { value: unknown; from: string }>;
  /** Mean of the step scores; null when no step scores. */
  score: number | null;
  scores: Record<string, number>;
  findings: MergedFinding[];
  fixes: RankedFix[];
  steps: StepReport[];
  creditsUsed: number;
  warnings: string[];
  nextActions: string[];
  durationMs: number;
  finishedAt: string;
  responseMode: ResponseMode;
  /** full: the raw result of every step that ran, by step id. */
  results?: Record<string, unknown>;
  /** dataRef: where fetch_payload reads the raw results until `expiresAt`. */
  dataRef?: { dataRefId: string; expiresAt: string };
  /** A chain's steps (operationIds, in order): verify_task re-runs the whole chain from `goal`. */
  chain?: string[];
}

const SEVERITY_SET = new Set<string>(SEVERITIES);

/** A finding of the shared audit shape, or undefined when the value is not one. */
export function asFinding(value: unknown): Omit<MergedFinding, 'sources'> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const f = value as Record<string, unknown>;
  if (typeof f.id !== 'string' || typeof f.title !== 'string' || typeof f.severity !== 'string' || !SEVERITY_SET.has(f.severity)) return undefined;
  return {
    id: f.id,
    severity: f.severity as Severity,
    title: f.title,
    evidence: typeof f.evidence === 'string' ? f.evidence : JSON.stringify(f.evidence ?? ''),
    fix: typeof f.fix === 'string' ? f.fix : '',
  };
}

/** Score and findings of a result of the shared audit shape. */
export function auditOf(result: unknown): { score: number | undefined; findings: Array<Omit<MergedFinding, 'sources'>> } {
  if (typeof result !== 'object' || result === null) return { score: undefined, findings: [] };
  const r = result as Record<string, unknown>;
  const score = typeof r.score === 'number' && Number.isFinite(r.score) ? r.score : undefined;
  const findings = Array.isArray(r.findings) ? r.findings.map(asFinding).filter((f): f is Omit<MergedFinding, 'sources'> => f !== undefined) : [];
  return { score, findings };
}

const rankOf = (s: Severity): number => SEVERITIES.indexOf(s);

/** One entry per finding id: the highest severity seen, every source; ordered by severity, then by how many tools saw it. */
export function mergeFindings(perSource: Array<{ source: string; findings: Array<Omit<MergedFinding, 'sources'>> }>): MergedFinding[] {
  const byId = new Map<string, MergedFinding & { order: number }>();
  let order = 0;
  for (const { source, findings } of perSource) {
    for (const finding of findings) {
      const existing = byId.get(finding.id);
      if (!existing) {
        byId.set(finding.id, { ...finding, sources: [source], order: order++ });
        continue;
      }
      if (!existing.sources.includes(source)) existing.sources.push(source);
      if (rankOf(finding.severity) < rankOf(existing.severity)) {
        existing.severity = finding.severity;
        existing.title = finding.title;
        existing.evidence = finding.evidence;
        if (finding.fix) existing.fix = finding.fix;
      }
      if (!existing.fix && finding.fix) existing.fix = finding.fix;
    }
  }
  return [...byId.values()]
    .sort((a, b) => rankOf(a.severity) - rankOf(b.severity) || b.sources.length - a.sources.length || a.order - b.order)
    .map(({ order: _order, ...finding }) => finding);
}

/** Fixes to apply, most important first: one entry per distinct fix text; info findings carry no fix. */
export function rankFixes(findings: readonly MergedFinding[], limit = 25): RankedFix[] {
  const byText = new Map<string, RankedFix>();
  for (const finding of findings) {
    if (finding.severity === 'info' || !finding.fix.trim()) continue;
    const key = finding.fix.trim();
    const existing = byText.get(key);
    if (existing) {
      existing.findingIds.push(finding.id);
      for (const s of finding.sources) if (!existing.sources.includes(s)) existing.sources.push(s);
      continue;
    }
    byText.set(key, { rank: 0, severity: finding.severity, fix: key, findingIds: [finding.id], sources: [...finding.sources] });
  }
  return [...byText.values()].slice(0, limit).map((fix, i) => ({ ...fix, rank: i + 1 }));
}

export function meanScore(scores: Record<string, number>): number | null {
  const values = Object.values(scores);
  if (values.length === 0) return null;
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

const SKIP_SUMMARY = new Set(['score', 'scoreBreakdown', 'scoreMethod', 'checks', 'findings']);

/** The scalar facts of a result: strings clipped to 160 characters, arrays and objects as their sizes. */
export function summarize(result: unknown): Record<string, unknown> | undefined {
  if (typeof result !== 'object' || result === null) return result === undefined ? undefined : { value: clipValue(result) };
  const out: Record<string, unknown> = {};
  const sizes: Record<string, number> = {};
  for (const [key, value] of Object.entries(result as Record<string, unknown>)) {
    if (SKIP_SUMMARY.has(key)) continue;
    if (Array.isArray(value)) sizes[key] = value.length;
    else if (value !== null && typeof value === 'object') sizes[key] = Object.keys(value).length;
    else out[key] = clipValue(value);
    if (Object.keys(out).length >= 14) break;
  }
  if (Object.keys(sizes).length > 0) out.sizes = sizes;
  return out;
}

function clipValue(value: unknown): unknown {
  if (typeof value === 'string' && value.length > 160) return `${value.slice(0, 159)}…`;
  return value;
}

/** Size of a value as JSON text. */
export function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Input fields whose values are secrets: never echoed in reports nor kept in stored runs. */
const SENSITIVE_FIELD =
  /^(secret|secrets|password|passphrase|privatekey|private_key|apikey|api_key|clientsecret|client_secret|token|accesstoken|access_token|refreshtoken|refresh_token)$/i;
export const REDACTED = '[redacted]';

/** A copy of an input with secret-named fields replaced by "[redacted]". */
export function redactInput(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input))
    out[key] = SENSITIVE_FIELD.test(key) && value !== undefined && value !== null && value !== '' ? REDACTED : value;
  return out;
}

/** An input without the values a report redacted (they must be given again). */
export function withoutRedacted(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== REDACTED));
}
