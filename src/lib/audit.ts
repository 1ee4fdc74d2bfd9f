import { z } from 'zod';

/**
 * docs/contract.md "Audit results share one shape": every checking tool returns `score` (0–100), a
 * `scoreBreakdown` naming what counted, and `findings` with stable ids, so workflows can merge them,
 * `verify_task` can diff them by id and `?format=markdown` can render them. How a tool scores is its
 * own (and stated in its description); the finding itself is defined here, once.
 */
export const SEVERITIES = ['high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const findingSchema = z.object({
  id: z.string().describe('Stable identifier: the same problem on the next run has the same id'),
  severity: z.enum(SEVERITIES).describe('high, medium, low or info'),
  title: z.string().describe('What the problem is, in one line'),
  evidence: z.string().describe('What was seen: the tag, header or value (secrets and personal data masked)'),
  fix: z.string().describe('What to change'),
});
export type Finding = z.infer<typeof findingSchema>;

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2, info: 3 };

/** Sort order by severity, most severe first. */
export function compareSeverity(a: { severity: Severity }, b: { severity: Severity }): number {
  return SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
}

/** Most severe first; ties keep their order. */
export function sortFindings<T extends { severity: Severity }>(findings: T[]): T[] {
  return [...findings].sort(compareSeverity);
}

/**
 * Points one finding of each severity takes off the 100 a clean result starts with: the one penalty table of every
 * tool that scores by its findings (docs/contract.md "Audit results share one shape").
 */
export const SEVERITY_PENALTY: Readonly<Record<Severity, number>> = { high: 25, medium: 10, low: 3, info: 0 };

/** The table in words, for score descriptions: "high 25, medium 10, low 3, info 0". */
export const SEVERITY_PENALTY_TEXT = SEVERITIES.map((s) => `${s} ${SEVERITY_PENALTY[s]}`).join(', ');

export interface FindingScoreOptions<F> {
  /** The breakdown entry a finding counts against; default its severity. */
  groupOf?: (finding: F) => string;
  /** Entries the breakdown lists even when no finding counted against them (at 0); default the four severities when grouping by severity. */
  groups?: readonly string[];
  /** The most one entry may take off (a thousand overlapping captions are one problem); default no limit. */
  capPerGroup?: number;
}

/**
 * 100 minus SEVERITY_PENALTY for every finding, clamped to 0–100. The breakdown is `{start: 100, <group>: points}`,
 * each group with the (negative) points its findings took off; before the clamp they add up to the score.
 */
export function scoreFromFindings<F extends { severity: Severity }>(
  findings: readonly F[],
  options: FindingScoreOptions<F> = {},
): { score: number; scoreBreakdown: Record<string, number> } {
  const groupOf = options.groupOf ?? ((f: F) => f.severity);
  const scoreBreakdown: Record<string, number> = { start: 100 };
  for (const group of options.groups ?? (options.groupOf ? [] : SEVERITIES)) scoreBreakdown[group] = 0;
  const cap = options.capPerGroup ?? Number.POSITIVE_INFINITY;
  for (const finding of findings) {
    const penalty = SEVERITY_PENALTY[finding.severity];
    if (penalty === 0) continue;
    const group = groupOf(finding);
    scoreBreakdown[group] = Math.max(-cap, (scoreBreakdown[group] ?? 0) - penalty);
  }
  const total = Object.values(scoreBreakdown).reduce((sum, points) => sum + points, 0);
  return { score: Math.max(0, Math.min(100, total)), scoreBreakdown };
}

/** A finding before scoring: it names the score category it counts against. */
export interface RawFinding extends Finding {
  category: string;
}

export const categoryAuditShape = {
  score: z.number().int().min(0).max(100).describe('0–100; each category starts at its maximum and findings deduct from it'),
  scoreBreakdown: z.record(z.string(), z.number()).describe('Points earned per category (they add up to score)'),
  findings: z.array(findingSchema).describe('Problems and notes, most severe first, each with a stable id'),
};

/**
 * The second way a tool may score, for audits whose score is the sum of named categories (the marketing
 * checks): the share of a category's maximum that one finding of a severity removes.
 */
export const SEVERITY_SHARE: Readonly<Record<Severity, number>> = { high: 0.6, medium: 0.3, low: 0.1, info: 0 };

export const CATEGORY_SCORING_NOTE =
  'Score: each category starts at its maximum; a high finding removes 60% of that maximum, medium 30%, low 10%, info nothing.';

/**
 * Scores findings against categories (`{name: maxPoints}`, maxima adding up to 100). Findings with the
 * same id are merged (evidence joined) so an id appears once; output is sorted by severity, then id.
 */
export function scoreByCategory(
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
    deductions.set(f.category, (deductions.get(f.category) ?? 0) + max * SEVERITY_SHARE[f.severity]);
  }
  const scoreBreakdown: Record<string, number> = {};
  let score = 0;
  for (const [name, max] of Object.entries(categories)) {
    const points = Math.max(0, Math.round(max - (deductions.get(name) ?? 0)));
    scoreBreakdown[name] = points;
    score += points;
  }
  const findings = [...merged.values()]
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, severity, title, evidence, fix }) => ({ id, severity, title, evidence: evidence.slice(0, 2000), fix }));
  return { score: Math.min(100, Math.max(0, score)), scoreBreakdown, findings };
}

/** A readable, stable fragment for finding ids: lower-case, [a-z0-9-], at most 40 characters. */
export function categoryIdPart(value: string): string {
  const slug = value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug === '' ? 'x' : slug;
}
