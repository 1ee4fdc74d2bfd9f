import type * as EastAsianWidth from 'get-east-asian-width';
import { graphemes } from '../../../lib/graphemes.ts';
import { isObject, tableOf, type JsonValue } from './json.ts';
import { lazy } from '../../../lib/lazy.ts';

const eastAsianWidth = lazy<typeof EastAsianWidth>('get-east-asian-width');

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const STYLE = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5rem;color:#1f2328}',
  'table{border-collapse:collapse;margin:.25rem 0}',
  'th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;vertical-align:top}',
  'thead th{background:#f6f8fa}',
  'table.kv>tbody>tr>th{background:#f6f8fa;font-weight:600}',
  'ul{margin:.25rem 0;padding-left:1.25rem}',
  '.null{color:#8c959f;font-style:italic}',
].join('\n');

/** A standalone, styled HTML page around `body`. */
export function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(title)}</title>\n<style>\n${STYLE}\n</style>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

/** A table with a header row; every cell escaped. */
export function htmlTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `<thead><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead>`;
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n${head}\n<tbody>\n${body}\n</tbody>\n</table>`;
}

function isFlatRecord(value: JsonValue): boolean {
  return isObject(value) && Object.values(value).every((v) => !isObject(v) && !Array.isArray(v));
}

/**
 * Data as HTML: an array of flat records is a table (one column per key), other arrays lists, objects
 * key/value tables, nested to any depth; scalars are escaped text and null is shown as such.
 */
export function htmlOfValue(value: JsonValue): string {
  if (value === null) return '<span class="null">null</span>';
  if (typeof value !== 'object') return escapeHtml(String(value));
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isFlatRecord)) {
      const { columns, rows } = tableOf(value);
      return htmlTable(columns, rows);
    }
    return `<ul>${value.map((item) => `<li>${htmlOfValue(item)}</li>`).join('')}</ul>`;
  }
  const rows = Object.entries(value).map(([key, child]) => `<tr><th>${escapeHtml(key)}</th><td>${htmlOfValue(child)}</td></tr>`);
  return `<table class="kv"><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/**
 * Data as an indented plain-text outline: `key: value` lines, list items with `- `, nesting by two
 * spaces, multi-line strings indented under their key.
 */
export function outlineOf(value: JsonValue): string {
  const lines: string[] = [];
  const scalar = (v: JsonValue): string => (v === null ? 'null' : String(v));
  const multiline = (pad: string, text: string): void => {
    for (const line of text.split(/\r?\n/)) lines.push(`${pad}${line}`);
  };
  const walk = (node: JsonValue, depth: number): void => {
    const pad = '  '.repeat(depth);
    if (Array.isArray(node)) {
      if (node.length === 0) lines.push(`${pad}(empty list)`);
      for (const item of node) {
        if (typeof item === 'object' && item !== null) {
          lines.push(`${pad}-`);
          walk(item, depth + 1);
        } else if (typeof item === 'string' && item.includes('\n')) {
          lines.push(`${pad}-`);
          multiline(`${pad}  `, item);
        } else {
          lines.push(`${pad}- ${scalar(item)}`);
        }
      }
      return;
    }
    if (isObject(node)) {
      const entries = Object.entries(node);
      if (entries.length === 0) lines.push(`${pad}(empty)`);
      for (const [key, child] of entries) {
        if (typeof child === 'object' && child !== null) {
          lines.push(`${pad}${key}:`);
          walk(child, depth + 1);
        } else if (typeof child === 'string' && child.includes('\n')) {
          lines.push(`${pad}${key}:`);
          multiline(`${pad}  `, child);
        } else {
          lines.push(`${pad}${key}: ${scalar(child)}`);
        }
      }
      return;
    }
    lines.push(`${pad}${scalar(node)}`);
  };
  walk(value, 0);
  return `${lines.join('\n')}\n`;
}

/** Columns on a terminal: East Asian wide characters count two, combining marks nothing. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const g of graphemes(text)) {
    const cp = g.codePointAt(0) ?? 0;
    width += cp < 0x20 ? 0 : eastAsianWidth().eastAsianWidth(cp);
  }
  return width;
}

/** A fixed-width text table: columns padded to their widest cell, a dashed rule under the header. */
export function textTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const flat = (s: string): string => s.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/\t/g, ' ');
  const cells = [columns.map(flat), ...rows.map((r) => r.map(flat))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => displayWidth(r[i] ?? ''))));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, i) => cell + ' '.repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(cell))))
      .join('  ')
      .trimEnd();
  const [header, ...body] = cells;
  return `${[line(header ?? []), widths.map((w) => '-'.repeat(Math.max(w, 1))).join('  '), ...body.map(line)].join('\n')}\n`;
}
