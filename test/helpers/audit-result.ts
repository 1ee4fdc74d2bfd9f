import assert from 'node:assert/strict';

/** An audit tool's result, read field by field as the assertions name them. */
// biome-ignore lint/suspicious/noExplicitAny: the assertions, not a type, say which fields a result has
export type AuditJson = Record<string, any>;

/** The ids of an audit's findings, in the order the tool ranked them. */
export const ids = (r: AuditJson): string[] => (r.findings as Array<{ id: string }>).map((x) => x.id);

/** An audit's check by id. */
export const check = (r: AuditJson, id: string): AuditJson => (r.checks as AuditJson[]).find((c) => c.id === id)!;

/** The shape every audit answers with (src/lib/page/audit.ts): a 0–100 score, its method, and findings with an id, severity, title, evidence and fix. */
export function assertAuditShape(r: AuditJson): void {
  assert.ok(Number.isInteger(r.score) && r.score >= 0 && r.score <= 100);
  assert.equal(typeof r.scoreMethod, 'string');
  for (const finding of r.findings as AuditJson[]) {
    assert.match(finding.id, /^[a-z0-9:._-]+$/i);
    assert.ok(['high', 'medium', 'low', 'info'].includes(finding.severity));
    assert.ok(finding.title && typeof finding.evidence === 'string' && typeof finding.fix === 'string');
  }
}
