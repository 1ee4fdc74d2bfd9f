import { withThousands } from '../../../lib/digits.ts';
/**
 * JSON reading for the developer tools: a strict RFC 8259 scanner that finds the first error with its
 * line and column (V8's own messages omit the position for some errors), measures nesting depth,
 * counts values and spots duplicate keys; then JSON.parse for the value. No default export.
 */
import { z } from 'zod';
import { ToolError } from '../../../core/errors.ts';
import { isRecord, lineColumnAt, MAX_SOURCE_CHARS } from './source.ts';

/** JSON.rawJSON / isRawJSON (V8 ≥ 11.4, Node ≥ 21) are not in TypeScript's lib yet. */
const JSON_RAW = JSON as JSON & { rawJSON(text: string): unknown; isRawJSON(value: unknown): boolean };

/** Deeper documents are refused: printers and generators recurse. */
export const MAX_JSON_DEPTH = 256;

/** What scanJson counts in a document (json-formatter and json-validator return it as `stats`). */
export const jsonStatsSchema = z.object({
  objects: z.number(),
  arrays: z.number(),
  strings: z.number(),
  numbers: z.number(),
  booleans: z.number(),
  nulls: z.number(),
  keys: z.number().describe('Property names, counted once per occurrence'),
  maxDepth: z.number().describe('Deepest nesting of objects/arrays (0 for a scalar)'),
});

export type JsonStats = z.infer<typeof jsonStatsSchema>;

export interface DuplicateKey {
  path: string;
  key: string;
  line: number;
  column: number;
}

export interface JsonSyntaxProblem {
  message: string;
  position: number;
  line: number;
  column: number;
}

export type JsonScan =
  | { ok: true; stats: JsonStats; duplicateKeys: DuplicateKey[]; topLevelType: string }
  | { ok: false; error: JsonSyntaxProblem; duplicateKeys: DuplicateKey[] };

interface Frame {
  kind: 'object' | 'array';
  keys: Set<string> | undefined;
  /** Current key (object) or index (array), for paths. */
  at: string | number;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

class ScanError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

/** Scans `text` as strict JSON. Linear time, no recursion. */
export function scanJson(text: string): JsonScan {
  const stats: JsonStats = { objects: 0, arrays: 0, strings: 0, numbers: 0, booleans: 0, nulls: 0, keys: 0, maxDepth: 0 };
  const duplicateKeys: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let i = 0;
  let topLevelType = 'null';
  const n = text.length;

  const skipWs = (): void => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const describeHere = (): string => {
    if (i >= n) return 'end of input';
    const ch = text[i] ?? '';
    return `'${ch === '\n' ? '\\n' : ch}'`;
  };
  const pathOf = (): string => {
    let path = '$';
    for (const frame of stack) {
      if (typeof frame.at === 'number') path += `[${frame.at}]`;
      else path += /^[A-Za-z_$][\w$]*$/.test(frame.at) ? `.${frame.at}` : `[${JSON.stringify(frame.at)}]`;
    }
    return path;
  };

  const scanString = (): string => {
    const start = i;
    i++; // opening quote
    let simple = true;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        const raw = text.slice(start, i);
        return simple ? raw.slice(1, -1) : (JSON.parse(raw) as string);
      }
      if (c === 0x5c) {
        simple = false;
        const e = text[i + 1];
        if (e === undefined) throw new ScanError('Unterminated string', n);
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ScanError('Invalid \\u escape: expected 4 hex digits', i);
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) throw new ScanError(`Invalid escape sequence '\\${e}' in string`, i);
        i += 2;
        continue;
      }
      if (c < 0x20) throw new ScanError('Unescaped control character (such as a raw newline or tab) in string', i);
      i++;
    }
    throw new ScanError('Unterminated string: missing closing double quote', n);
  };

  const scanNumber = (): void => {
    const start = i;
    if (text[i] === '-') i++;
    if (text[i] === '0') {
      i++;
      if (/[0-9]/.test(text[i] ?? '')) throw new ScanError('Numbers must not have leading zeros', start);
    } else if (/[1-9]/.test(text[i] ?? '')) {
      while (/[0-9]/.test(text[i] ?? '')) i++;
    } else {
      throw new ScanError('Invalid number: expected a digit', i);
    }
    if (text[i] === '.') {
      i++;
      if (!/[0-9]/.test(text[i] ?? '')) throw new ScanError('Invalid number: expected a digit after the decimal point', i);
      while (/[0-9]/.test(text[i] ?? '')) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!/[0-9]/.test(text[i] ?? '')) throw new ScanError('Invalid number: expected a digit in the exponent', i);
      while (/[0-9]/.test(text[i] ?? '')) i++;
    }
  };

  const unexpectedValue = (): ScanError => {
    if (i >= n) return new ScanError('Unexpected end of input: expected a value', n);
    const rest = text.slice(i, i + 12);
    if (rest[0] === "'") return new ScanError('Strings must use double quotes, not single quotes', i);
    if (rest.startsWith('//') || rest.startsWith('/*')) return new ScanError('Comments are not allowed in JSON', i);
    const word = /^[A-Za-z_$][\w$]*/.exec(rest)?.[0];
    if (word === 'NaN' || word === 'Infinity' || word === 'undefined') return new ScanError(`${word} is not a valid JSON value`, i);
    if (word) return new ScanError(`Unexpected word '${word}': strings must be in double quotes`, i);
    if (rest[0] === '+') return new ScanError('Numbers must not start with a plus sign', i);
    if (rest[0] === '.') return new ScanError('Numbers must have a digit before the decimal point', i);
    return new ScanError(`Unexpected ${describeHere()}: expected a value (string, number, object, array, true, false or null)`, i);
  };

  const scanKey = (frame: Frame): void => {
    skipWs();
    if (text[i] !== '"') {
      if (text[i] === '}') throw new ScanError("Trailing comma before '}' is not allowed", i);
      if (text[i] === "'") throw new ScanError('Property names must use double quotes, not single quotes', i);
      if (i >= n) throw new ScanError("Unexpected end of input: expected a property name or '}'", n);
      throw new ScanError(`Expected a double-quoted property name, found ${describeHere()}`, i);
    }
    const keyStart = i;
    const key = scanString();
    stats.keys++;
    frame.at = key;
    if (frame.keys?.has(key)) {
      const { line, column } = lineColumnAt(text, keyStart);
      if (duplicateKeys.length < 100) duplicateKeys.push({ path: pathOf(), key, line, column });
    }
    frame.keys?.add(key);
    skipWs();
    if (text[i] !== ':') throw new ScanError(`Expected ':' after property name, found ${describeHere()}`, i);
    i++;
  };

  try {
    skipWs();
    if (i >= n) throw new ScanError('Empty input: expected a JSON value', 0);
    let expectValue = true;
    for (;;) {
      if (expectValue) {
        skipWs();
        const c = text[i];
        let opened = false;
        if (c === '{' || c === '[') {
          const kind = c === '{' ? 'object' : 'array';
          if (stack.length === 0) topLevelType = kind;
          if (kind === 'object') stats.objects++;
          else stats.arrays++;
          i++;
          const frame: Frame = { kind, keys: kind === 'object' ? new Set() : undefined, at: kind === 'array' ? 0 : '' };
          stack.push(frame);
          stats.maxDepth = Math.max(stats.maxDepth, stack.length);
          skipWs();
          const close = kind === 'object' ? '}' : ']';
          if (text[i] === close) {
            i++;
            stack.pop();
          } else if (kind === 'object') {
            scanKey(frame);
            opened = true;
          } else {
            opened = true;
          }
          if (opened) continue; // expect a value next
        } else if (c === '"') {
          if (stack.length === 0) topLevelType = 'string';
          stats.strings++;
          scanString();
        } else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
          if (stack.length === 0) topLevelType = 'number';
          stats.numbers++;
          scanNumber();
        } else if (text.startsWith('true', i) || text.startsWith('false', i)) {
          if (stack.length === 0) topLevelType = 'boolean';
          stats.booleans++;
          i += text.startsWith('true', i) ? 4 : 5;
        } else if (text.startsWith('null', i)) {
          if (stack.length === 0) topLevelType = 'null';
          stats.nulls++;
          i += 4;
        } else {
          throw unexpectedValue();
        }
        expectValue = false;
      }
      // After a value: close containers or move to the next element.
      skipWs();
      const frame = stack.at(-1);
      if (!frame) {
        if (i < n) throw new ScanError(`Unexpected ${describeHere()} after the end of the JSON value`, i);
        break;
      }
      const c = text[i];
      if (c === ',') {
        i++;
        if (frame.kind === 'array') {
          frame.at = (frame.at as number) + 1;
          skipWs();
          if (text[i] === ']') throw new ScanError("Trailing comma before ']' is not allowed", i);
        } else {
          scanKey(frame);
        }
        expectValue = true;
      } else if ((c === '}' && frame.kind === 'object') || (c === ']' && frame.kind === 'array')) {
        i++;
        stack.pop();
      } else if (i >= n) {
        throw new ScanError(`Unexpected end of input: expected ',' or '${frame.kind === 'object' ? '}' : ']'}'`, n);
      } else {
        const want = frame.kind === 'object' ? "',' or '}' after a property value" : "',' or ']' after an array element";
        throw new ScanError(`Expected ${want}, found ${describeHere()}`, i);
      }
    }
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    const { line, column } = lineColumnAt(text, error.position);
    return { ok: false, error: { message: error.message, position: error.position, line, column }, duplicateKeys };
  }
  return { ok: true, stats, duplicateKeys, topLevelType };
}

/**
 * Parses JSON text, or throws a 400 naming `field` with the first error's line and column.
 * With `exactNumbers`, number literals keep their source text (JSON.rawJSON), so re-serialising
 * never loses digits (big integers, 1.0 stays 1.0). With `ordered`, objects become Maps that keep the
 * document's key order (a JS object lists integer-like keys such as "10" first): write them with stringifyOrdered.
 */
export function parseJsonText(
  field: string,
  text: string,
  options: { exactNumbers?: boolean; ordered?: boolean } = {},
): { value: unknown; scan: JsonScan & { ok: true } } {
  const scan = scanJson(text);
  if (!scan.ok) {
    const { message, line, column } = scan.error;
    throw new ToolError('validation_failed', `${field}: invalid JSON — ${message} at line ${line}, column ${column}`);
  }
  if (scan.stats.maxDepth > MAX_JSON_DEPTH) {
    throw new ToolError('validation_failed', `${field}: nesting is ${scan.stats.maxDepth} levels deep; at most ${MAX_JSON_DEPTH} are supported`);
  }
  if (options.ordered) return { value: parseOrdered(text, options.exactNumbers === true), scan };
  const value: unknown = options.exactNumbers
    ? JSON.parse(text, (_key, v: unknown, context?: { source?: string }) =>
        typeof v === 'number' && context?.source !== undefined ? JSON_RAW.rawJSON(context.source) : v,
      )
    : JSON.parse(text);
  return { value, scan };
}

/** One token of JSON text that scanJson accepted: a string, a number, a literal or a punctuator (whitespace before it skipped). */
const TOKEN = /[ \t\n\r]*(?:("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\]]))[ \t\n\r]*[,:]?/y;

/**
 * Builds the value of JSON text already checked by scanJson, objects as Maps in document order. A duplicate
 * key keeps its first position and its last value, as JSON.parse (and Python's json) do. Iterative: no recursion.
 */
function parseOrdered(text: string, exactNumbers: boolean): unknown {
  const token = new RegExp(TOKEN.source, 'y');
  const stack: { container: unknown[] | Map<string, unknown>; key: string | undefined }[] = [];
  let root: unknown = null;
  const add = (value: unknown): void => {
    const top = stack.at(-1);
    if (!top) root = value;
    else if (Array.isArray(top.container)) top.container.push(value);
    else {
      top.container.set(top.key ?? '', value);
      top.key = undefined;
    }
  };
  for (let match = token.exec(text); match; match = token.exec(text)) {
    const [, str, num, literal, punct] = match;
    if (str !== undefined) {
      const value = str.includes('\\') ? (JSON.parse(str) as string) : str.slice(1, -1);
      const top = stack.at(-1);
      if (top && !Array.isArray(top.container) && top.key === undefined) top.key = value;
      else add(value);
    } else if (num !== undefined) {
      add(exactNumbers ? JSON_RAW.rawJSON(num) : Number(num));
    } else if (literal !== undefined) {
      add(literal === 'null' ? null : literal === 'true');
    } else if (punct === '{' || punct === '[') {
      const container = punct === '{' ? new Map<string, unknown>() : [];
      add(container);
      stack.push({ container, key: undefined });
    } else {
      stack.pop();
    }
  }
  return root;
}

/**
 * Orders strings by Unicode code point (Python's sorted(), Go's sort.Strings on UTF-8), not by UTF-16 code unit as
 * Array.prototype.sort does: the two differ when a character beyond U+FFFF meets one in U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  // Inside a surrogate pair both strings share the high half: compare from it, as whole code points.
  const high = a.charCodeAt(i - 1);
  const start = i > 0 && high >= 0xd800 && high <= 0xdbff ? i - 1 : i;
  return (a.codePointAt(start) ?? 0) - (b.codePointAt(start) ?? 0);
}

export interface StringifyOptions {
  /** The indent of one level ('' or undefined: minified, as JSON.stringify). */
  indent?: string | undefined;
  /** Sort object keys by code point at every level. */
  sortKeys?: boolean | undefined;
  /** Applied to every value before it is written, before its toJSON() (a Buffer reaches it as a Buffer, not as {type, data}). */
  replace?: (value: unknown) => unknown;
  /** The JSON key for a Map key that is not a string. Default String(key). */
  keyOf?: (key: unknown) => string;
}

/**
 * JSON text of a value whose objects may be Maps (parseJsonText with `ordered`, YAML's mapAsMap), written in their
 * order, or with sortKeys in code-point order; plain objects, raw JSON numbers and toJSON() are honoured as by
 * JSON.stringify, whose layout it reproduces. Keys that become equal keep the first position and the last value.
 */
export function stringifyOrdered(value: unknown, options: StringifyOptions = {}): string {
  const indent = options.indent ?? '';
  const colon = indent ? ': ' : ':';
  const keyOf = options.keyOf ?? String;
  const write = (input: unknown, pad: string): string | undefined => {
    let v = options.replace ? options.replace(input) : input;
    if (typeof v === 'object' && v !== null && !JSON_RAW.isRawJSON(v) && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      v = (v as { toJSON: () => unknown }).toJSON();
    }
    if (typeof v !== 'object' || v === null || JSON_RAW.isRawJSON(v)) return JSON.stringify(v);
    const inner = pad + indent;
    const wrap = (open: string, parts: string[], close: string): string => {
      if (parts.length === 0) return open + close;
      return indent ? `${open}\n${inner}${parts.join(`,\n${inner}`)}\n${pad}${close}` : `${open}${parts.join(',')}${close}`;
    };
    if (Array.isArray(v))
      return wrap(
        '[',
        v.map((item) => write(item, inner) ?? 'null'),
        ']',
      );
    const entries = new Map<string, unknown>();
    if (v instanceof Map) for (const [k, item] of v) entries.set(typeof k === 'string' ? k : keyOf(k), item);
    else for (const k of Object.keys(v)) entries.set(k, (v as Record<string, unknown>)[k]);
    const keys = [...entries.keys()];
    if (options.sortKeys) keys.sort(compareCodePoints);
    const parts: string[] = [];
    for (const k of keys) {
      const text = write(entries.get(k), inner);
      if (text !== undefined) parts.push(`${JSON.stringify(k)}${colon}${text}`);
    }
    return wrap('{', parts, '}');
  };
  return write(value, '') ?? 'null';
}

/** Nesting depth of an already parsed value (iterative, so a hostile body cannot overflow the stack). */
export function depthOf(value: unknown, limit = MAX_JSON_DEPTH + 1): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    max = Math.max(max, d);
    if (max >= limit) return max;
    for (const child of Array.isArray(v) ? v : v instanceof Map ? v.values() : Object.values(v))
      if (typeof child === 'object' && child !== null) stack.push([child, d + 1]);
  }
  return max;
}

/** JSON text of at most `maxChars` characters, or an already-parsed JSON object/array (undescribed: callers say what it is). */
export function jsonTextOrValue(maxChars: number) {
  return z.union([
    z
      .string()
      .min(1, 'must not be empty')
      .max(maxChars, `at most ${withThousands(maxChars)} characters`),
    z.record(z.string(), z.unknown()),
    z.array(z.unknown()),
  ]);
}

/** A field that takes JSON text or an already-parsed JSON object/array. */
export function jsonInputField(description: string) {
  return jsonTextOrValue(MAX_SOURCE_CHARS).describe(
    `${description} — JSON text (a string, up to ${MAX_SOURCE_CHARS.toLocaleString('en')} characters) or a JSON object/array sent as is`,
  );
}

/** Reads a `jsonInputField` value: text is parsed (400 with line/column on error), objects are depth-checked. */
export function readJsonInput(
  field: string,
  input: string | Record<string, unknown> | unknown[],
  options: { exactNumbers?: boolean; ordered?: boolean } = {},
): unknown {
  if (typeof input === 'string') return parseJsonText(field, input, options).value;
  const depth = depthOf(input);
  if (depth > MAX_JSON_DEPTH) throw new ToolError('validation_failed', `${field}: nesting is deeper than ${MAX_JSON_DEPTH} levels`);
  return input;
}

/**
 * Recursively sorts object keys in code-point order (arrays keep theirs) into Maps, which keep that order where a JS
 * object would list integer-like keys first. Raw JSON numbers pass through.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  const entries =
    value instanceof Map ? [...(value as Map<unknown, unknown>)] : isRecord(value) && !JSON_RAW.isRawJSON(value) ? Object.entries(value) : undefined;
  if (!entries) return value;
  return new Map(entries.map(([key, item]): [string, unknown] => [String(key), sortKeysDeep(item)]).sort(([a], [b]) => compareCodePoints(a, b)));
}
