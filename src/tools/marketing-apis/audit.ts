import { z } from 'zod';
import { findingSchema, SEVERITIES, type Finding, type Severity } from '../../lib/audit.ts';

export { findingSchema, SEVERITIES, type Finding, type Severity };

/**
 * The shared audit shape (docs/contract.md "Audit results share one shape"): `score` 0–100, `scoreBreakdown`
 * naming what counted, and `findings` with stable ids. Module-internal helper (no default export).
 */

/** A finding before scoring: it names the score category it counts against. */
export interface RawFinding extends Finding {
  category: string;
}

export const auditShape = {
  score: z.number().int().min(0).max(100).describe('0–100; each category starts at its maximum and findings deduct from it'),
  scoreBreakdown: z.record(z.string(), z.number()).describe('Points earned per category (they add up to score)'),
  findings: z.array(findingSchema).describe('Problems and notes, most severe first, each with a stable id'),
};

/** Share of a category's maximum that one finding of a severity removes. */
const PENALTY: Record<Severity, number> = { high: 0.6, medium: 0.3, low: 0.1, info: 0 };
const ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2, info: 3 };

export const SCORING_NOTE = 'Score: each category starts at its maximum; a high finding removes 60% of that maximum, medium 30%, low 10%, info nothing.';

/**
 * Scores findings against categories (`{name: maxPoints}`, maxima adding up to 100). Findings with the
 * same id are merged (evidence joined) so an id appears once; output is sorted by severity, then id.
 */
export function scoreAudit(
  categories: Record<string, number>,
  raw: readonly RawFinding[],
): { score: number; scoreBreakdown: Record<string, number>; findings: Finding[] } {
  const merged = new Map<string, RawFinding>();
  for (const f of raw) {
    const seen = merged.get(f.id);
    if (!seen) merged.set(f.id, { ...f });
    else if (!seen.evidence.includes(f.evidence)) seen.evidence = `${seen.evidence}; ${f.evidence}`;
  }
  const deductions = new Map<string, number>();
  for (const f of merged.values()) {
    const max = categories[f.category] ?? 0;
    deductions.set(f.category, (deductions.get(f.category) ?? 0) + max * PENALTY[f.severity]);
  }
  const scoreBreakdown: Record<string, number> = {};
  let score = 0;
  for (const [name, max] of Object.entries(categories)) {
    const points = Math.max(0, Math.round(max - (deductions.get(name) ?? 0)));
    scoreBreakdown[name] = points;
    score += points;
  }
  const findings = [...merged.values()]
    .sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, severity, title, evidence, fix }) => ({ id, severity, title, evidence: evidence.slice(0, 2000), fix }));
  return { score: Math.min(100, Math.max(0, score)), scoreBreakdown, findings };
}

/** A readable, stable fragment for finding ids: lower-case, [a-z0-9-], at most 40 characters. */
export function idPart(value: string): string {
  const slug = value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug === '' ? 'x' : slug;
}
