/**
 * Helpers shared by the developer-apis tools: source fields with size bounds, syntax errors that
 * carry a line and column, and size statistics for minifiers. No default export: not a tool.
 */
import { z } from 'zod';
import { ToolError } from '../../../core/errors.ts';

/** Largest source text (code, markup, JSON, YAML…) the formatting and conversion tools take. */
export const MAX_SOURCE_CHARS = 500_000;

/** A source-code / markup input with the module's size bound. */
export function sourceField(description: string, max = MAX_SOURCE_CHARS): z.ZodString {
  return z
    .string()
    .min(1, 'must not be empty')
    .max(max, `at most ${max.toLocaleString('en')} characters`)
    .describe(`${description} (up to ${max.toLocaleString('en')} characters)`);
}

/** Indentation: 0–8 spaces, or the string "tab". */
export const indentField = z
  .union([z.number().int('a whole number').min(0, 'at least 0').max(8, 'at most 8'), z.literal('tab')])
  .describe('Indentation: a number of spaces (0–8) or "tab". Default 2.');

export type Indent = z.infer<typeof indentField>;

export function indentString(indent: Indent | undefined, fallback = 2): string {
  if (indent === 'tab') return '\t';
  return ' '.repeat(indent ?? fallback);
}

export interface LineColumn {
  line: number;
  column: number;
}

/** 1-based line and column (in UTF-16 code units, like editors and V8) of an offset into `text`. */
export function lineColumnAt(text: string, offset: number): LineColumn {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** A 400 whose detail names the field, the problem and where it is: `css: Unclosed block at line 1, column 1`. */
export function syntaxError(field: string, message: string, where?: Partial<LineColumn>): ToolError {
  const at = where?.line !== undefined ? ` at line ${where.line}${where.column !== undefined ? `, column ${where.column}` : ''}` : '';
  return new ToolError('validation_failed', `${field}: ${oneLine(message)}${at}`);
}

/** First line of a (multi-line, code-framed) error message, without a trailing "(1:2)" position. */
export function oneLine(message: string): string {
  const first = message.split('\n', 1)[0] ?? '';
  return (
    first
      .replace(/\s*\(\d+:\d+\)\s*$/, '')
      .trim()
      .replace(/\.$/, '') || 'syntax error'
  );
}

export const sizeStatsSchema = z.object({
  originalBytes: z.number().describe('UTF-8 size of the input'),
  outputBytes: z.number().describe('UTF-8 size of the output'),
  savedBytes: z.number().describe('originalBytes − outputBytes (negative when the output is larger)'),
  savedPercent: z.number().describe('Saving as a percentage of the input, 2 decimals'),
});

export function sizeStats(original: string, output: string): z.infer<typeof sizeStatsSchema> {
  const originalBytes = Buffer.byteLength(original, 'utf8');
  const outputBytes = Buffer.byteLength(output, 'utf8');
  const savedBytes = originalBytes - outputBytes;
  const savedPercent = originalBytes === 0 ? 0 : Math.round((savedBytes / originalBytes) * 10_000) / 100;
  return { originalBytes, outputBytes, savedBytes, savedPercent };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A thrown value's message, whatever was thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A JavaScript stack overflow (deeply nested input in a recursive parser or printer). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The 400 for input nested too deeply for a recursive parser. */
export function tooDeep(field: string, limit?: number): ToolError {
  return new ToolError('validation_failed', `${field}: nesting is too deep to process${limit ? ` (at most ${limit} levels)` : ''}; flatten the input`);
}

/**
 * Deepest nesting of (), [] and {} in C-like source (CSS, SQL), skipping comments and quoted strings.
 * Linear and iterative, so it can guard recursive (and native) parsers.
 */
export function bracketDepth(text: string, options: { lineComments?: string } = {}): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (options.lineComments && text.startsWith(options.lineComments, i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') {
      depth++;
      if (depth > max) max = depth;
    } else if ((c === ')' || c === ']' || c === '}') && depth > 0) {
      depth--;
    }
  }
  return max;
}
