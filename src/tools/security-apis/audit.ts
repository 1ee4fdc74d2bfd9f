/**
 * The audit shape the checking tools of this module share (docs/contract.md "Audit results share one shape"):
 * `score` 0–100, `scoreBreakdown` naming what counted, and `findings` with stable ids.
 */
import { z } from 'zod';
import { compareSeverity, findingSchema, scoreFromFindings, SEVERITIES, sortFindings, type Finding, type Severity } from '../../lib/audit.ts';

/** Scoring and ordering are lib/audit.ts's: 100 minus 25 per high, 10 per medium and 3 per low finding, broken down by severity; most severe first. */
export { compareSeverity, findingSchema, scoreFromFindings, SEVERITIES, sortFindings, type Finding, type Severity };

export const scoreField = z.number().int().min(0).max(100).describe('0–100, higher is better');
export const scoreBreakdownField = z
  .record(z.string(), z.number())
  .describe('What counted toward the score: each entry names a component and the points it added or took off');
export const findingsField = z.array(findingSchema).describe('Problems found, most severe first');

/** Drops findings whose id was already seen (the first one wins). */
export function uniqueFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)));
}
