import { z } from 'zod';
import { compareSeverity, findingSchema, type Finding, type Severity } from '../audit.ts';

export { compareSeverity, findingSchema, type Finding, type Severity };

/**
 * The shared shape of audit results (docs/contract.md "Audit results share one shape"): a 0–100 score, the
 * breakdown of what counted, every check with its status/evidence/fix, and findings with stable ids.
 *
 * Scoring: each check has a weight (its points). Pass earns all of them, warn half, fail none; checks
 * with status `info` or weight 0 do not count. score = round(100 × earned ÷ possible); 100 when nothing counted.
 */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'info';

export interface CheckInput {
  /** Stable id (kebab-case); a finding raised by it uses `findingId ?? id`. */
  id: string;
  /** What is checked, e.g. "Title length". */
  title: string;
  status: CheckStatus;
  /** Points this check is worth (default 10). */
  weight?: number;
  /** Severity of the finding when the check warns or fails (default: fail → medium, warn → low). */
  severity?: Severity;
  /** The tag, header or value found. */
  evidence: string;
  /** What to change; empty when the check passed. */
  fix?: string;
  /** Finding title when the check does not pass (default `title`). */
  problem?: string;
  findingId?: string;
}

export interface Check {
  id: string;
  title: string;
  status: CheckStatus;
  points: number;
  maxPoints: number;
  evidence: string;
  fix: string;
}

export interface Audit {
  score: number;
  scoreBreakdown: Record<string, string>;
  scoreMethod: string;
  checks: Check[];
  findings: Finding[];
}

export const SCORE_METHOD =
  'Each check is worth its maxPoints; pass earns all, warn half, fail none (info checks do not count). score = round(100 × earned ÷ possible).';

export const checkSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['pass', 'warn', 'fail', 'info']),
  points: z.number(),
  maxPoints: z.number(),
  evidence: z.string(),
  fix: z.string(),
});

/** The audit fields every checking tool returns beside its own. */
export const auditShape = {
  score: z.number().int().min(0).max(100).describe('0–100; see scoreMethod'),
  scoreBreakdown: z.record(z.string(), z.string()).describe('Points earned per check id, as "earned/possible status"'),
  scoreMethod: z.string().describe('How the score is computed'),
  checks: z.array(checkSchema).describe('Every check: status (pass/warn/fail/info), points, evidence and fix'),
  findings: z.array(findingSchema).describe('Problems found (warn/fail checks and notes), with stable ids, evidence and fixes'),
};

export function buildAudit(inputs: CheckInput[], extraFindings: Finding[] = []): Audit {
  let earned = 0;
  let possible = 0;
  const checks: Check[] = [];
  const scoreBreakdown: Record<string, string> = {};
  const findings: Finding[] = [];
  for (const c of inputs) {
    const weight = c.status === 'info' ? 0 : (c.weight ?? 10);
    const points = c.status === 'pass' ? weight : c.status === 'warn' ? weight / 2 : 0;
    earned += points;
    possible += weight;
    checks.push({ id: c.id, title: c.title, status: c.status, points, maxPoints: weight, evidence: c.evidence, fix: c.status === 'pass' ? '' : (c.fix ?? '') });
    if (weight > 0) scoreBreakdown[c.id] = `${formatPoints(points)}/${weight} ${c.status}`;
    if (c.status === 'warn' || c.status === 'fail') {
      findings.push({
        id: c.findingId ?? c.id,
        severity: c.severity ?? (c.status === 'fail' ? 'medium' : 'low'),
        title: c.problem ?? c.title,
        evidence: c.evidence,
        fix: c.fix ?? '',
      });
    }
  }
  findings.push(...extraFindings);
  findings.sort(compareSeverity);
  const score = possible === 0 ? 100 : Math.round((100 * earned) / possible);
  return { score, scoreBreakdown, scoreMethod: SCORE_METHOD, checks, findings };
}

function formatPoints(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** Shortens evidence to a readable length. */
export function clip(text: string, max = 200): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}
