/**
 * The audit shape the checking tools of this module share (docs/contract.md "Audit results share one shape"):
 * `score` 0–100, `scoreBreakdown` naming what counted, and `findings` with stable ids.
 */
import { z } from 'zod';
import { findingSchema, SEVERITIES, type Finding, type Severity } from '../../lib/audit.ts';

export { findingSchema, SEVERITIES, type Finding, type Severity };

/** Points one finding of each severity takes off the 100 a clean result starts with. */
export const SEVERITY_PENALTY: Record<Severity, number> = { high: 25, medium: 10, low: 3, info: 0 };

export const scoreField = z.number().int().min(0).max(100).describe('0–100, higher is better');
export const scoreBreakdownField = z
  .record(z.string(), z.number())
  .describe('What counted toward the score: each entry names a component and the points it added or took off');
export const findingsField = z.array(findingSchema).describe('Problems found, most severe first');

/**
 * Scores a list of findings: 100 minus a fixed penalty per finding by severity (high 25, medium 10,
 * low 3, info 0), never below 0. The breakdown is `{start: 100, high, medium, low, info}`, each severity
 * with the (negative) points its findings took off.
 */
export function scoreFindings(findings: readonly Finding[]): { score: number; scoreBreakdown: Record<string, number> } {
  const scoreBreakdown: Record<string, number> = { start: 100 };
  let score = 100;
  for (const severity of SEVERITIES) {
    const count = findings.filter((f) => f.severity === severity).length;
    const points = -count * SEVERITY_PENALTY[severity];
    scoreBreakdown[severity] = points;
    score += points;
  }
  return { score: Math.max(0, score), scoreBreakdown };
}

/** Most severe first; ties keep their order (Array.prototype.sort is stable). */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
}

/** Drops findings whose id was already seen (the first one wins). */
export function uniqueFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)));
}
