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

/** Most severe first; ties keep their order. */
export function sortFindings<T extends { severity: Severity }>(findings: T[]): T[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
