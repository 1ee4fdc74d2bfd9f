import { booleanField } from '../../../registry/fields.ts';
import type * as CsvParse from 'csv-parse/sync';
import type * as CsvStringify from 'csv-stringify/sync';
import { z } from 'zod';
import { ToolError } from '../../../core/errors.ts';
import { lazy } from '../../../lib/lazy.ts';

const csvParse = lazy<typeof CsvParse>('csv-parse/sync');
const csvStringify = lazy<typeof CsvStringify>('csv-stringify/sync');

/** Bounds of one CSV: rows, columns, and the size of one record. */
export const MAX_CSV_ROWS = 200_000;
export const MAX_CSV_COLUMNS = 1_000;
const MAX_RECORD_BYTES = 1024 * 1024;

export const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' } as const;
export type DelimiterName = keyof typeof DELIMITERS;

export const delimiterField = z
  .enum(['auto', 'comma', 'semicolon', 'tab', 'pipe'])
  .default('auto')
  .describe('Column delimiter of the CSV: auto (sniffed among comma, semicolon, tab and pipe from the first lines), comma, semicolon, tab or pipe');

export const headerField = booleanField(true, 'The first row holds the column names (default true); false names the columns column_1, column_2…');

export interface ParsedCsv {
  /** Column names, made unique and non-empty. */
  columns: string[];
  rows: string[][];
  delimiter: DelimiterName;
  /** Rows that had fewer or more cells than the header (padded / extra cells kept as extra columns). */
  raggedRows: number;
}

/** Chooses the delimiter whose count per line is the same on the first lines (outside quotes), the most frequent one on ties. */
export function sniffDelimiter(text: string): DelimiterName {
  const lines = sampleLines(text, 20);
  let best: { name: DelimiterName; score: number } | undefined;
  for (const [name, char] of Object.entries(DELIMITERS) as [DelimiterName, string][]) {
    const counts = lines.map((line) => countOutsideQuotes(line, char));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const consistent = counts.filter((c) => c === first).length / counts.length;
    // Consistency matters most; then how many columns it makes.
    const score = consistent * 1000 + Math.min(first, 999);
    if (!best || score > best.score) best = { name, score };
  }
  return best?.name ?? 'comma';
}

function sampleLines(text: string, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length && lines.length < max && i < 256 * 1024; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '\n' || c === '\r')) {
      if (current.trim()) lines.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  if (current.trim() && lines.length < max) lines.push(current);
  return lines;
}

function countOutsideQuotes(line: string, char: string): number {
  let quoted = false;
  let count = 0;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === char) count++;
  }
  return count;
}

/** Parses CSV text (RFC 4180 quoting, CRLF or LF, BOM removed); malformed input is a 400 naming the line. */
export function parseCsv(text: string, options: { delimiter: DelimiterName | 'auto'; header: boolean; field?: string }): ParsedCsv {
  const field = options.field ?? 'file';
  const delimiter = options.delimiter === 'auto' ? sniffDelimiter(text) : options.delimiter;
  let records: string[][];
  try {
    records = csvParse().parse(text, {
      delimiter: DELIMITERS[delimiter],
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_BYTES,
      to: MAX_CSV_ROWS + 2,
    }) as string[][];
  } catch (error) {
    throw csvError(error, field);
  }
  if (records.length === 0) throw new ToolError('validation_failed', `${field}: the CSV has no rows.`);
  const dataRows = records.length - (options.header ? 1 : 0);
  if (dataRows > MAX_CSV_ROWS) throw new ToolError('validation_failed', `${field}: more than ${MAX_CSV_ROWS.toLocaleString('en')} rows; split the file.`);
  const width = Math.max(...records.map((r) => r.length));
  if (width > MAX_CSV_COLUMNS) throw new ToolError('validation_failed', `${field}: ${width} columns; at most ${MAX_CSV_COLUMNS} are supported.`);
  const headerRow = options.header ? (records[0] ?? []) : [];
  const rows = options.header ? records.slice(1) : records;
  const columns = uniqueNames(
    Array.from({ length: width }, (_, i) => headerRow[i]?.trim() ?? ''),
    (i) => `column_${i + 1}`,
  );
  let raggedRows = 0;
  const padded = rows.map((row) => {
    if (row.length !== width) raggedRows++;
    return row.length < width ? [...row, ...Array<string>(width - row.length).fill('')] : row;
  });
  return { columns, rows: padded, delimiter, raggedRows };
}

function csvError(error: unknown, field: string): ToolError {
  if (error instanceof csvParse().CsvError) {
    const line = (error as CsvParse.CsvError & { lines?: number }).lines;
    const where = line ? ` at line ${line}` : '';
    const reasons: Record<string, string> = {
      CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
      CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by other characters (quote the whole field and double inner quotes: "a ""b"" c")',
      INVALID_OPENING_QUOTE: 'a quote appears inside an unquoted field',
      CSV_MAX_RECORD_SIZE: `a record is larger than ${MAX_RECORD_BYTES / 1024} KB`,
    };
    const reason = reasons[error.code] ?? error.message.split('\n')[0] ?? error.code;
    return new ToolError('validation_failed', `${field}: malformed CSV${where}: ${reason}.`);
  }
  return new ToolError('validation_failed', `${field}: the CSV could not be parsed (${error instanceof Error ? error.message.slice(0, 200) : String(error)}).`);
}

/** Makes names unique (`name`, `name_2`…) and fills blanks with `fallback(index)`. */
export function uniqueNames(names: readonly string[], fallback: (index: number) => string): string[] {
  const seen = new Map<string, number>();
  return names.map((raw, i) => {
    const base = raw || fallback(i);
    let name = base;
    let n = seen.get(base) ?? 0;
    while (seen.has(name)) name = `${base}_${++n + 1}`;
    seen.set(base, n);
    seen.set(name, 0);
    return name;
  });
}

export type CellValue = string | number | boolean | null;

/** `42` and `-3.5` become numbers, `true`/`false` booleans, empty cells null; leading zeros (`007`) stay text. */
export function inferCell(value: string): CellValue {
  if (value === '') return null;
  if (/^-?(0|[1-9]\d{0,14})(\.\d+)?([eE][+-]?\d{1,3})?$/.test(value)) {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  if (value === 'true' || value === 'TRUE' || value === 'True') return true;
  if (value === 'false' || value === 'FALSE' || value === 'False') return false;
  return value;
}

export function csvRecords(csv: ParsedCsv, inferTypes: boolean): Record<string, CellValue>[] {
  return csv.rows.map((row) => Object.fromEntries(csv.columns.map((name, i) => [name, inferTypes ? inferCell(row[i] ?? '') : (row[i] ?? '')])));
}

/** RFC 4180 CSV (CRLF line ends, fields quoted when needed); `bom` helps Excel read UTF-8. */
export function writeCsv(
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  options: { delimiter: DelimiterName; bom: boolean; escapeFormulas: boolean },
): string {
  // OWASP CSV injection: a cell a spreadsheet would run as a formula gets a leading apostrophe (plain numbers stay numbers).
  const protect = (cell: string): string => (options.escapeFormulas && /^[=+\-@\t\r]/.test(cell) && !/^[-+]?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell);
  const body = csvStringify().stringify([columns.map(protect), ...rows.map((r) => r.map(protect))], {
    delimiter: DELIMITERS[options.delimiter],
    record_delimiter: 'windows',
    quoted_match: /^\s|\s$/,
  });
  return (options.bom ? '\uFEFF' : '') + body;
}
