/**
 * Plain text as Markdown (CommonMark / GitHub Flavored Markdown) that renders as the same text:
 * characters that would become markup are backslash-escaped, blank lines stay paragraph breaks, single
 * line breaks become hard breaks (a trailing backslash), and leading indentation is kept as
 * non-breaking spaces (indentation would otherwise start a code block).
 */

/** Escaped wherever they appear: emphasis, code, links, HTML, tables, strikethrough. */
const INLINE = /[\\`*_[\]<~|]/g;
/** An HTML entity or character reference, which Markdown would decode. */
const ENTITY = /&(?=#\d{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;

function escapeLine(line: string): string {
  const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
  let body = line.slice(indent.length).replace(INLINE, '\\$&').replace(ENTITY, '\\&');
  if (!indent) {
    // Block syntax only applies at the start of a line (indented lines start with &nbsp; entities instead).
    body = body.replace(/^([#>+=-])/, '\\$1').replace(/^(\d{1,9})([.)])/, '$1\\$2');
  }
  const spaces = indent.replace(/\t/g, '    ').length;
  return '&nbsp;'.repeat(spaces) + body;
}

export function textToMarkdown(text: string): string {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    const trimmed = line.replace(/[ \t]+$/, '');
    const current = paragraphs[paragraphs.length - 1] ?? [];
    if (trimmed === '') {
      if (current.length > 0) paragraphs.push([]);
      continue;
    }
    current.push(escapeLine(trimmed));
  }
  const blocks = paragraphs.filter((p) => p.length > 0).map((p) => p.join('\\\n'));
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
