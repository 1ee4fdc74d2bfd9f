/**
 * llms.txt (llmstxt.org): an H1 with the site name, an optional blockquote summary, optional detail
 * paragraphs, then H2 sections of Markdown link lists `- [name](url): notes`; a section named
 * "Optional" holds links that can be skipped.
 */
export interface LlmsLink {
  name: string;
  url: string;
  notes: string | null;
  line: number;
}

export interface LlmsSection {
  name: string;
  links: LlmsLink[];
  line: number;
}

export interface LlmsProblem {
  line: number | null;
  severity: 'high' | 'medium' | 'low';
  code: string;
  message: string;
}

export interface ParsedLlms {
  title: string | null;
  summary: string | null;
  details: string[];
  sections: LlmsSection[];
  problems: LlmsProblem[];
}

const LINK_ITEM = /^[-*+]\s+\[([^\]]+)\]\(([^)\s]+)\)(?::\s*(.*))?\s*$/;

export function parseLlmsTxt(text: string): ParsedLlms {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: ParsedLlms = { title: null, summary: null, details: [], sections: [], problems: [] };
  const problem = (line: number | null, severity: LlmsProblem['severity'], code: string, message: string): void =>
    void out.problems.push({ line, severity, code, message });
  let current: LlmsSection | null = null;
  let sawContent = false;
  lines.forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trimEnd();
    if (!line.trim()) return;
    if (/^#\s+/.test(line)) {
      if (out.title !== null) problem(n, 'high', 'h1-repeated', 'Only one H1 is allowed (the first line)');
      else if (sawContent) problem(n, 'high', 'h1-not-first', 'The H1 must be the first line');
      if (out.title === null) out.title = line.replace(/^#\s+/, '').trim();
      sawContent = true;
      return;
    }
    if (!sawContent) problem(n, 'high', 'h1-missing', 'The file must start with "# Site or project name"');
    sawContent = true;
    if (/^##\s+/.test(line)) {
      current = { name: line.replace(/^##\s+/, '').trim(), links: [], line: n };
      out.sections.push(current);
      return;
    }
    if (/^#{3,}\s+/.test(line)) {
      problem(n, 'low', 'deep-heading', 'Only H1 and H2 headings structure llms.txt; deeper headings are treated as text');
      return;
    }
    if (/^>\s?/.test(line) && current === null && out.details.length === 0) {
      out.summary = `${out.summary ? `${out.summary} ` : ''}${line.replace(/^>\s?/, '').trim()}`;
      return;
    }
    if (current === null) {
      out.details.push(line.trim());
      return;
    }
    const section: LlmsSection = current;
    const m = LINK_ITEM.exec(line.trim());
    if (!m) {
      problem(n, 'medium', 'not-a-link', `Section "${section.name}" should hold a list of "- [name](url): notes" items`);
      return;
    }
    const url = m[2]!;
    if (!/^https?:\/\//i.test(url)) problem(n, 'medium', 'relative-url', `Link "${m[1]}" should be an absolute URL (${url})`);
    section.links.push({ name: m[1]!.trim(), url, notes: m[3]?.trim() || null, line: n });
  });
  if (out.title === null) problem(1, 'high', 'h1-missing', 'No H1 title ("# Name")');
  if (out.summary === null) problem(null, 'low', 'summary-missing', 'No "> summary" blockquote after the H1');
  if (out.sections.length === 0) problem(null, 'medium', 'no-sections', 'No "## Section" with links');
  for (const s of out.sections) if (s.links.length === 0) problem(s.line, 'low', 'empty-section', `Section "${s.name}" has no links`);
  return out;
}

export function renderLlmsTxt(
  title: string,
  summary: string | null,
  details: string[],
  sections: Array<{ name: string; links: Array<{ name: string; url: string; notes: string | null }> }>,
): string {
  const parts: string[] = [`# ${oneLine(title)}`, ''];
  if (summary) parts.push(`> ${oneLine(summary)}`, '');
  for (const d of details) parts.push(oneLine(d), '');
  for (const s of sections) {
    if (s.links.length === 0) continue;
    parts.push(`## ${oneLine(s.name)}`, '');
    for (const l of s.links) parts.push(`- [${oneLine(l.name).replace(/[[\]]/g, '')}](${l.url})${l.notes ? `: ${oneLine(l.notes)}` : ''}`);
    parts.push('');
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
