import { ToolError } from '../../../core/errors.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Nesting deeper than this is refused (no legitimate data file needs it; it guards the recursive renderers). */
export const MAX_DEPTH = 100;
/** Values (objects, arrays, scalars) one document may hold. */
export const MAX_NODES = 2_000_000;

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON.parse with the error's position as line and column, and the depth and size bounds checked. */
export function parseJsonText(text: string, field = 'file'): JsonValue {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    const position = jsonErrorOffset(text);
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    const column = position - before.lastIndexOf('\n');
    const found = position >= text.length ? 'the text ends early' : `unexpected ${JSON.stringify(text.slice(position, position + 12))}`;
    throw new ToolError('validation_failed', `${field}: not valid JSON at line ${line}, column ${column}: ${found}.`);
  }
  checkBounds(value, field);
  return value;
}

/** Depth and node count, checked without recursion. */
export function checkBounds(value: JsonValue, field: string, what = 'JSON'): void {
  const stack: Array<[JsonValue, number]> = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (++nodes > MAX_NODES) throw new ToolError('validation_failed', `${field}: the ${what} holds more than ${MAX_NODES.toLocaleString('en')} values.`);
    if (typeof current !== 'object' || current === null) continue;
    if (depth > MAX_DEPTH) throw new ToolError('validation_failed', `${field}: the ${what} is nested more than ${MAX_DEPTH} levels deep.`);
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
}

/**
 * The rows a table-shaped output is made of: an array's items; for an object, the first of its
 * properties that is an array of objects (`{"data": [...]}`, said in a warning), else the object itself.
 */
export function recordsOf(value: JsonValue, warn: (message: string) => void): JsonValue[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) {
    const found = findRecordArray(value, '');
    if (found && found.path) {
      warn(`Rows taken from the array at "${found.path}" (${found.items.length} items).`);
      return found.items;
    }
    return [value];
  }
  return [value];
}

/** Breadth-first: the shallowest array whose items are mostly objects. */
export function findRecordArray(root: JsonValue, rootPath: string): { path: string; items: JsonValue[] } | undefined {
  const queue: Array<[JsonValue, string]> = [[root, rootPath]];
  for (let next = 0; next < queue.length; next++) {
    const [value, path] = queue[next]!;
    if (Array.isArray(value)) {
      if (value.length > 0 && value.filter(isObject).length * 2 >= value.length) return { path, items: value };
      continue;
    }
    if (!isObject(value)) continue;
    for (const [key, child] of Object.entries(value)) queue.push([child, path ? `${path}.${key}` : key]);
  }
  return undefined;
}

/** One record as flat cells: nested objects become `a.b` columns, arrays JSON text, null an empty cell. */
export function flattenRecord(record: JsonValue, prefix = '', out: Map<string, string> = new Map()): Map<string, string> {
  if (isObject(record)) {
    const entries = Object.entries(record);
    if (entries.length === 0 && prefix) out.set(prefix, '');
    for (const [key, value] of entries) flattenRecord(value, prefix ? `${prefix}.${key}` : key, out);
    return out;
  }
  out.set(prefix || 'value', cellText(record));
  return out;
}

export function cellText(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Records as a table: the union of their flattened columns, in first-seen order. */
export function tableOf(records: readonly JsonValue[]): { columns: string[]; rows: string[][] } {
  const flat = records.map((r) => flattenRecord(r));
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of flat) {
    for (const key of row.keys()) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  return { columns, rows: flat.map((row) => columns.map((c) => row.get(c) ?? '')) };
}

/**
 * Where a JSON text stops being valid (V8's messages do not always say): a small scanner over strings,
 * numbers, literals and nesting, without recursion. Returns the text length when it ends early.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const stack: string[] = [];
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const value = (): boolean => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push(c === '{' ? '}' : ']');
      i++;
      ws();
      if (text[i] === stack[stack.length - 1]) {
        stack.pop();
        i++;
        return true;
      }
      return c === '{' ? key() : value();
    }
    if (c === '"') return string();
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) return false;
    i += literal[0].length;
    return true;
  };
  const string = (): boolean => {
    i++;
    while (i < n) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return true;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
          continue;
        }
        if (!e || !'"\\/bfnrt'.includes(e)) return false;
        i += 2;
        continue;
      }
      if (c < ' ') return false;
      i++;
    }
    return false;
  };
  const key = (): boolean => {
    ws();
    if (text[i] !== '"' || !string()) return false;
    ws();
    if (text[i] !== ':') return false;
    i++;
    return value();
  };
  if (!value()) return Math.min(i, n);
  for (;;) {
    ws();
    if (stack.length === 0) return i < n ? i : n;
    const close = stack[stack.length - 1];
    if (text[i] === close) {
      stack.pop();
      i++;
      continue;
    }
    if (text[i] !== ',') return Math.min(i, n);
    i++;
    if (!(close === '}' ? key() : value())) return Math.min(i, n);
  }
}
