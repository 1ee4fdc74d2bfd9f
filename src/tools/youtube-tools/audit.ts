/**
 * The audit shape the checking tools of this module share (docs/contract.md "Audit results share one shape"):
 * `score` 0–100, `scoreBreakdown` naming what counted, `findings` with stable ids. No default export.
 */
import { z } from 'zod';
import { findingSchema, scoreFromFindings, SEVERITIES, SEVERITY_PENALTY_TEXT, sortFindings, type Finding, type Severity } from '../../lib/audit.ts';
import { escapeRegExp } from '../../lib/regexp.ts';

export { findingSchema, SEVERITIES, type Finding, type Severity };

export const auditFields = {
  score: z.number().int().min(0).max(100).describe(`0–100, higher is better: 100 minus the points each finding takes off (${SEVERITY_PENALTY_TEXT})`),
  scoreBreakdown: z
    .record(z.string(), z.number())
    .describe('What counted: `start` (100) and, per kind of finding, the (negative) points it took off; they add up to the score before it is clamped at 0'),
  findings: z.array(findingSchema).describe('Problems and suggestions, most severe first'),
};

/**
 * Scores findings with the shared penalty table (lib/audit.ts). `kindOf` groups findings of one kind (per-cue ids such
 * as `overlap-cue-3` -> `overlap`) so the breakdown stays short; `capPerKind` bounds what one kind may take off (a
 * thousand overlapping cues are one problem).
 */
export function score(
  findings: Finding[],
  kindOf: (f: Finding) => string = (f) => f.id,
  capPerKind = 100,
): { score: number; scoreBreakdown: Record<string, number>; findings: Finding[] } {
  return { ...scoreFromFindings(findings, { groupOf: kindOf, capPerGroup: capPerKind }), findings: sortFindings(findings) };
}

/** Shortens evidence to `max` characters with an ellipsis. */
export function clip(text: string, max = 120): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Case- and accent-insensitive form for keyword matching. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether `keyword` occurs in `text` as whole words (case- and accent-insensitive); index of the first match or -1. */
export function findKeyword(text: string, keyword: string): number {
  const k = fold(keyword).trim().replace(/\s+/g, ' ');
  if (k === '') return -1;
  const escaped = escapeRegExp(k).replace(/ /g, '\\s+');
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').exec(fold(text));
  return match ? match.index : -1;
}

/** Optional keywords list: trimmed, non-empty, de-duplicated case-insensitively. */
export const keywordsField = z
  .array(z.string().trim().min(1, 'a keyword cannot be empty').max(100, 'at most 100 characters'))
  .max(20, 'at most 20 keywords')
  .optional()
  .describe('Target keywords, the most important first (up to 20); the first is treated as the primary keyword');
