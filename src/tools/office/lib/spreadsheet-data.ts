import type { Cell, Row } from 'exceljs';
import { ToolError } from '../../../core/errors.ts';
import { spreadsheetNumber } from '../../../lib/spreadsheet-number.ts';

/**
 * Reads the cell values of an .xlsx workbook with exceljs's streaming reader (bounded memory: rows are
 * read one at a time and only the sheets asked for are kept), and turns them into CSV, TSV or JSON.
 * Values are typed: numbers (to 15 significant digits, as Excel shows them), booleans, text, and dates
 * as ISO 8601 text (`2024-01-15`, `2024-01-15T09:30:00`, or `09:30:00` for a time of day); a formula
 * gives its last computed value. The workbook is expected in the order `repackForReading` gives it
 * (workbook and shared strings before the sheets), so nothing is buffered to temporary files.
 */
export type CellValue = string | number | boolean | null;

export interface SheetData {
  name: string;
  /** 1-based position among the workbook's tabs. */
  index: number;
  hidden: boolean;
  /** Rows by position (row 1 is `rows[0]`); a missing row is empty. Cells by column (A is 0). */
  rows: CellValue[][];
  /** Non-empty cells kept. */
  cells: number;
  /** The cell cap was reached while reading this sheet. */
  truncated: boolean;
}

export interface WorkbookData {
  /** Every sheet of the workbook, in tab order. */
  sheetNames: string[];
  /** The sheets asked for, in tab order. */
  sheets: SheetData[];
  truncated: boolean;
  /** Formulas stored without a computed value, or whose value is an error the reader cannot name (given as empty). */
  formulasWithoutValue: number;
}

export interface ReadOptions {
  /** Which sheets to keep (all when absent). */
  select?: (sheet: { name: string; index: number; names: string[] }) => boolean;
  /** Non-empty cells kept in all, across the selected sheets. */
  maxCells: number;
  signal?: AbortSignal;
}

interface SheetReader extends AsyncIterable<Row> {
  id: number | string;
  name?: string;
  state?: string;
}

interface StreamingWorkbook extends AsyncIterable<SheetReader> {
  model?: { sheets?: Array<{ name: string; id: number | string; state?: string }> };
  properties?: { date1904?: boolean };
}

/** Excel's cell value types (exceljs `ValueType`). */
const TYPE = { Null: 0, Merge: 1, Number: 2, String: 3, Date: 4, Hyperlink: 5, Formula: 6, SharedString: 7, RichText: 8, Boolean: 9, Error: 10 } as const;

export async function readWorkbook(xlsxPath: string, options: ReadOptions): Promise<WorkbookData> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsxPath, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as StreamingWorkbook;
  const kept: SheetData[] = [];
  let cellsLeft = options.maxCells;
  let formulasWithoutValue = 0;
  let truncated = false;
  try {
    for await (const sheet of reader) {
      options.signal?.throwIfAborted();
      const tabs = reader.model?.sheets ?? [];
      const name = sheet.name ?? `Sheet${sheet.id}`;
      const position = tabs.findIndex((t) => t.name === name);
      const index = position >= 0 ? position + 1 : kept.length + 1;
      const wanted = options.select ? options.select({ name, index, names: tabs.map((t) => t.name) }) : true;
      const data: SheetData = { name, index, hidden: (sheet.state ?? tabs[position]?.state ?? 'visible') !== 'visible', rows: [], cells: 0, truncated: false };
      // Every row is read even when the sheet is not kept or the cap is reached: the stream must be drained.
      for await (const row of sheet) {
        if (!wanted || data.truncated) continue;
        if (truncated) {
          // An earlier sheet used up the cap.
          data.truncated = true;
          continue;
        }
        const values: CellValue[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          const value = cellValue(cell, reader.properties?.date1904 ?? false, () => formulasWithoutValue++);
          if (value === null || value === '') return;
          values[column - 1] = value;
        });
        const count = values.filter((v) => v !== undefined).length;
        if (count === 0) continue;
        if (count > cellsLeft) {
          data.truncated = true;
          truncated = true;
          continue;
        }
        cellsLeft -= count;
        data.cells += count;
        data.rows[row.number - 1] = Array.from(values, (v) => v ?? null);
      }
      if (wanted) kept.push(data);
    }
  } catch (error) {
    if (error instanceof ToolError) throw error;
    if (options.signal?.aborted) throw new ToolError('timeout', 'file: reading the workbook was stopped (the call was cancelled or ran out of time).');
    throw new ToolError('unprocessable', `file: the workbook could not be read (${error instanceof Error ? error.message.slice(0, 200) : String(error)}).`);
  }
  const tabs = reader.model?.sheets?.map((t) => t.name) ?? [];
  const sheetNames = tabs.length > 0 ? tabs : kept.map((s) => s.name);
  kept.sort((a, b) => a.index - b.index);
  return { sheetNames, sheets: kept, truncated, formulasWithoutValue };
}

function cellValue(cell: Cell, date1904: boolean, noValue: () => void): CellValue {
  const value = cell.value as unknown;
  switch (cell.type as number) {
    case TYPE.Null:
    case TYPE.Merge:
      return null;
    case TYPE.Number:
      return spreadsheetNumber(value as number);
    case TYPE.String:
    case TYPE.SharedString:
      return typeof value === 'string' ? value : cell.text;
    case TYPE.Date:
      return value instanceof Date ? isoDate(value) : cell.text;
    case TYPE.Boolean:
      return value === true;
    case TYPE.Error:
      return (value as { error?: string } | null)?.error ?? '#ERROR';
    case TYPE.RichText:
      return ((value as { richText?: Array<{ text?: string }> }).richText ?? []).map((part) => part.text ?? '').join('');
    case TYPE.Hyperlink:
      return (value as { text?: unknown }).text === undefined ? cell.text : plainText((value as { text: unknown }).text);
    case TYPE.Formula:
      return formulaValue(cell, date1904, noValue);
    default:
      return cell.text || null;
  }
}

function formulaValue(cell: Cell, date1904: boolean, noValue: () => void): CellValue {
  const formula = String(cell.formula ?? '')
    .trim()
    .toUpperCase();
  // LibreOffice writes the booleans of .xls/.ods files as the formulas TRUE() and FALSE().
  if (formula === 'TRUE()' || formula === 'FALSE()') return formula === 'TRUE()';
  const result = cell.result as unknown;
  if (result === undefined || result === null || (typeof result === 'number' && Number.isNaN(result))) {
    noValue();
    return null;
  }
  if (result instanceof Date) return isoDate(result);
  if (typeof result === 'number') {
    if (isDateFormat(cell.numFmt)) return isoDate(new Date(Math.round((result - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)));
    return spreadsheetNumber(result);
  }
  if (typeof result === 'boolean' || typeof result === 'string') return result;
  if (typeof result === 'object' && 'error' in result) return String((result as { error: unknown }).error);
  return plainText(result);
}

function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  const rich = (value as { richText?: Array<{ text?: string }> } | null)?.richText;
  return rich ? rich.map((part) => part.text ?? '').join('') : String(value ?? '');
}

/** exceljs's own test for a date number format: date/time letters outside quotes and brackets. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** A spreadsheet date (wall-clock time, no zone) as ISO 8601: date, date and time, or a time of day. */
export function isoDate(date: Date): string {
  let ms = date.getTime();
  // Excel's day fractions land a millisecond or two off whole seconds.
  const rem = ((ms % 1000) + 1000) % 1000;
  if (rem <= 2 || rem >= 998) ms = Math.round(ms / 1000) * 1000;
  const d = new Date(ms);
  const iso = d.toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
  const day = iso.slice(0, 10);
  const time = d.getUTCMilliseconds() === 0 ? iso.slice(11, 19) : iso.slice(11, 23);
  if (day === '1899-12-30' || day === '1899-12-31') return time; // a time of day (Excel's day zero)
  if (time === '00:00:00') return day;
  return `${day}T${time}`;
}

/** The text of a value in CSV/TSV: dates are already ISO text; booleans as Excel writes them. */
export function textOf(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** The used width of a sheet: columns up to the rightmost non-empty cell. */
export function widthOf(sheet: SheetData): number {
  let width = 0;
  for (const row of sheet.rows) if (row) width = Math.max(width, row.length);
  return width;
}

/** RFC 4180 CSV (quoted when needed, CRLF line ends) or TSV (tabs and line breaks inside cells become spaces). */
export function toDelimited(sheet: SheetData, delimiter: string): string {
  const width = widthOf(sheet);
  const tsv = delimiter === '\t';
  const lines: string[] = [];
  const last = sheet.rows.length;
  for (let r = 0; r < last; r++) {
    const row = sheet.rows[r] ?? [];
    const fields: string[] = [];
    for (let c = 0; c < width; c++) {
      const text = textOf(row[c] ?? null);
      if (tsv) fields.push(text.replace(/[\t\r\n]+/g, ' '));
      else fields.push(/["\r\n]/.test(text) || text.includes(delimiter) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    }
    lines.push(fields.join(delimiter));
  }
  return lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '';
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export interface SheetJson {
  /** Keys of the row objects, in column order (from the header row). */
  columns: string[];
  /** Row number (1-based) of the header row, null when the sheet is empty or has no header. */
  headerRow: number | null;
  rows: Array<Record<string, CellValue>> | CellValue[][];
}

/**
 * A sheet as JSON rows. With a header, the first non-empty row names the keys (blank headers take the
 * column letter, repeated ones a `_2`, `_3` suffix) and every later non-empty row is an object with every
 * key (null where empty); without, rows are arrays from column A.
 */
export function sheetToJson(sheet: SheetData, header: boolean): SheetJson {
  const width = widthOf(sheet);
  const present = sheet.rows.map((row, index) => ({ row, index })).filter(({ row }) => row && row.some((v) => v !== null));
  if (!header) {
    return {
      columns: Array.from({ length: width }, (_, i) => columnLetter(i)),
      headerRow: null,
      rows: present.map(({ row }) => Array.from({ length: width }, (_, c) => row[c] ?? null)),
    };
  }
  const [head, ...body] = present;
  if (!head) return { columns: [], headerRow: null, rows: [] };
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, c) => {
    const raw = textOf(head.row[c] ?? null).trim();
    const base = raw || columnLetter(c);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}_${count}`;
  });
  const rows = body.map(({ row }) => {
    const record: Record<string, CellValue> = {};
    columns.forEach((key, c) => {
      record[key] = row[c] ?? null;
    });
    return record;
  });
  return { columns, headerRow: head.index + 1, rows };
}

/** `sheet` as the user gave it: a name, or a 1-based position. */
export function findSheet(names: readonly string[], wanted: string): { name: string; index: number } | undefined {
  const exact = names.findIndex((n) => n === wanted);
  if (exact >= 0) return { name: wanted, index: exact + 1 };
  const folded = names.findIndex((n) => n.toLowerCase() === wanted.trim().toLowerCase());
  if (folded >= 0) return { name: names[folded] ?? wanted, index: folded + 1 };
  if (/^\d+$/.test(wanted.trim())) {
    const position = Number(wanted.trim());
    const name = names[position - 1];
    if (name !== undefined) return { name, index: position };
  }
  return undefined;
}
