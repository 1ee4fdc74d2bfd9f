/**
 * `?format=markdown` for audit results (docs/contract.md "Audit results share one shape"): the score, what counted,
 * and the findings with their fixes. Results that hold several audits (`rows`, `results`) render each.
 */
interface Finding {
  id: string;
  severity: string;
  title: string;
  evidence?: unknown;
  fix?: string;
}

const SEVERITY_ORDER = ['high', 'medium', 'low', 'info'];

export function renderMarkdown(title: string, result: unknown): string {
  return `${renderSection(`# ${title}`, result).trim()}\n`;
}

function renderSection(heading: string, value: unknown): string {
  if (typeof value !== 'object' || value === null) return `${heading}\n\n${String(value)}\n`;
  const record = value as Record<string, unknown>;
  const lines = [heading, ''];
  const label = record.url ?? record.target ?? record.name;
  if (typeof label === 'string' && !heading.includes(label)) lines.push(`Target: ${label}`, '');
  if (typeof record.score === 'number') lines.push(`**Score: ${record.score}/100**`, '');
  if (record.scoreBreakdown && typeof record.scoreBreakdown === 'object' && Object.keys(record.scoreBreakdown).length > 0) {
    lines.push('| What counted | Points |', '|---|---|');
    for (const [name, points] of Object.entries(record.scoreBreakdown)) lines.push(`| ${cell(name)} | ${cell(points)} |`);
    lines.push('');
  }
  if (typeof record.error === 'string' && record.error) lines.push(`Error: ${record.error}`, '');
  const failed = typeof record.error === 'string' && record.error !== '';
  if (Array.isArray(record.findings) && !(failed && record.findings.length === 0)) lines.push(...renderFindings(record.findings as Finding[]));
  for (const key of ['rows', 'results', 'pages']) {
    const nested = record[key];
    if (Array.isArray(nested)) {
      nested.forEach((item, i) => {
        const name = (item as Record<string, unknown> | null)?.url ?? `${key} ${i + 1}`;
        lines.push(renderSection(`## ${String(name)}`, item));
      });
    }
  }
  return `${lines.join('\n')}\n`;
}

function renderFindings(findings: Finding[]): string[] {
  if (findings.length === 0) return ['No findings.', ''];
  const sorted = [...findings].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  const lines = ['| Severity | Finding | Evidence | Fix |', '|---|---|---|---|'];
  for (const f of sorted) lines.push(`| ${cell(f.severity)} | ${cell(f.title)} (\`${cell(f.id)}\`) | ${cell(f.evidence ?? '')} | ${cell(f.fix ?? '')} |`);
  lines.push('');
  return lines;
}

function cell(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').slice(0, 300);
}
