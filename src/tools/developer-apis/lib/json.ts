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
 * never loses digits (big integers, 1.0 stays 1.0).
 */
export function parseJsonText(field: string, text: string, options: { exactNumbers?: boolean } = {}): { value: unknown; scan: JsonScan & { ok: true } } {
  const scan = scanJson(text);
  if (!scan.ok) {
    const { message, line, column } = scan.error;
    throw new ToolError('validation_failed', `${field}: invalid JSON — ${message} at line ${line}, column ${column}`);
  }
  if (scan.stats.maxDepth > MAX_JSON_DEPTH) {
    throw new ToolError('validation_failed', `${field}: nesting is ${scan.stats.maxDepth} levels deep; at most ${MAX_JSON_DEPTH} are supported`);
  }
  const value: unknown = options.exactNumbers
    ? JSON.parse(text, (_key, v: unknown, context?: { source?: string }) =>
        typeof v === 'number' && context?.source !== undefined ? JSON_RAW.rawJSON(context.source) : v,
      )
    : JSON.parse(text);
  return { value, scan };
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
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, d + 1]);
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
export function readJsonInput(field: string, input: string | Record<string, unknown> | unknown[], options: { exactNumbers?: boolean } = {}): unknown {
  if (typeof input === 'string') return parseJsonText(field, input, options).value;
  const depth = depthOf(input);
  if (depth > MAX_JSON_DEPTH) throw new ToolError('validation_failed', `${field}: nesting is deeper than ${MAX_JSON_DEPTH} levels`);
  return input;
}

/** Recursively sorts object keys (code-point order); arrays keep their order. Raw JSON numbers pass through. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (isRecord(value) && !JSON_RAW.isRawJSON(value)) {
    // fromEntries defines own properties, so a "__proto__" key stays a key.
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeysDeep(value[key])]),
    );
  }
  return value;
}
