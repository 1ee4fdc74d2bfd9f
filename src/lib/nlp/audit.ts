import { z } from 'zod';
import { compareSeverity, findingSchema, SEVERITIES, type Finding, type Severity } from '../audit.ts';

export { findingSchema, SEVERITIES, type Finding, type Severity };

/**
 * docs/contract.md "Audit results share one shape": `score` (0–100), `scoreBreakdown` naming what counted, and
 * `findings` `{id, severity, title, evidence, fix}` with stable ids. The finding itself is defined
 * once, in src/lib/audit.ts; these are the text tools' scoring helpers.
 */

export const scoreSchema = z.number().int().min(0).max(100).describe('0–100; higher is better');

/** Points per named criterion; how the score was reached. */
export const scoreBreakdownSchema = z.record(z.string(), z.number()).describe('What counted towards the score, in points');

/** Findings sorted by severity, then id, so repeated runs list them identically. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => compareSeverity(a, b) || a.id.localeCompare(b.id));
}

/** Clamps and rounds a score to a whole number in 0–100. */
export function clampScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

/** A stable id fragment from free text: lower-case ASCII letters, digits and dashes. */
export function idPart(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 60) || 'x';
}
