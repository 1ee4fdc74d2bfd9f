import { z } from 'zod';

/** The audit shape every checking tool shares (docs/contract.md "Audit results share one shape"). */
import { findingSchema, scoreFromFindings, type Finding, type Severity } from '../../../lib/audit.ts';

export type { Finding, Severity };
export const findingOutput = findingSchema;

export const scoreOutput = {
  score: z.number().int().min(0).max(100).describe('0–100: 100 minus 25 per high, 10 per medium and 3 per low finding'),
  scoreBreakdown: z
    .object({
      checks: z.number().int().describe('Checks run'),
      passed: z.number().int().describe('Checks without a finding'),
      high: z.number().int(),
      medium: z.number().int(),
      low: z.number().int(),
      info: z.number().int(),
    })
    .describe('What counted towards the score'),
  findings: z.array(findingOutput),
};

export function scoreOf(findings: readonly Finding[], checks: number): z.infer<z.ZodObject<typeof scoreOutput>> {
  const count = (s: Severity): number => findings.filter((f) => f.severity === s).length;
  const failing = findings.filter((f) => f.severity !== 'info').length;
  return {
    score: scoreFromFindings(findings).score,
    scoreBreakdown: { checks, passed: Math.max(0, checks - failing), high: count('high'), medium: count('medium'), low: count('low'), info: count('info') },
    findings: [...findings],
  };
}
