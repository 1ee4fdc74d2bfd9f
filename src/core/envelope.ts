import type { InvokeResult } from './invoke.ts';

/** The success envelope (`status`, `code`, `message`, `result`, `warnings` when there are any). */
export function successBody(code: number, message: string, outcome: InvokeResult): Record<string, unknown> {
  const body: Record<string, unknown> = { status: true, code, message, result: outcome.result };
  if (outcome.warnings.length > 0) body.warnings = outcome.warnings;
  return body;
}
