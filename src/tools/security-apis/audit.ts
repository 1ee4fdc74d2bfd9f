/**
 * The audit shape the checking tools of this module share (docs/contract.md "Audit results share one shape"):
 * `score` 0–100, `scoreBreakdown` naming what counted, and `findings` with stable ids.
 */
import { z } from 'zod';
import { findingSchema, scoreFromFindings, SEVERITIES, type Finding, type Severity } from '../../lib/audit.ts';

/** Scoring is lib/audit.ts's: 100 minus 25 per high, 10 per medium and 3 per low finding, broken down by severity. */
export { findingSchema, scoreFromFindings, SEVERITIES, type Finding, type Severity };

export const scoreField = z.number().int().min(0).max(100).describe('0–100, higher is better');
export const scoreBreakdownField = z
  .record(z.string(), z.number())
  .describe('What counted toward the score: each entry names a component and the points it added or took off');
export const findingsField = z.array(findingSchema).describe('Problems found, most severe first');

/** Most severe first; ties keep their order (Array.prototype.sort is stable). */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
}

/** Drops findings whose id was already seen (the first one wins). */
export function uniqueFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)));
}
