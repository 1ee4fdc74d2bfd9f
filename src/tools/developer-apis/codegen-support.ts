/**
 * JSON → type definitions through quicktype-core (TypeScript, Zod, Go, Python): one inference engine,
 * many emitters. Nested objects become named types, arrays of differently shaped objects merge into
 * one type with optional fields, mixed scalars become unions. Loaded on first use (it is ~6 MB).
 * No default export.
 */
import { z } from 'zod';
import { invalidField, ToolError } from '../../core/errors.ts';
import { depthOf, readJsonInput } from './json-support.ts';
import { messageOf } from './shared.ts';

/** Deeper samples are refused: inference time grows steeply with depth (250 levels take seconds). */
export const MAX_CODEGEN_DEPTH = 64;

/** JSON text larger than this is refused: inference is CPU-bound and runs on the request thread. */
export const MAX_CODEGEN_CHARS = 300_000;

export type CodegenLanguage = 'typescript' | 'typescript-zod' | 'go' | 'python';

type Quicktype = typeof import('quicktype-core');
let loading: Promise<Quicktype> | undefined;
function quicktypeCore(): Promise<Quicktype> {
  loading ??= import('quicktype-core');
  return loading;
}

export const codegenJsonField = z
  .union([
    z.string().min(1, 'must not be empty').max(MAX_CODEGEN_CHARS, `at most ${MAX_CODEGEN_CHARS.toLocaleString('en')} characters`),
    z.record(z.string(), z.unknown()),
    z.array(z.unknown()),
  ])
  .describe(
    `A sample JSON document: JSON text (up to ${MAX_CODEGEN_CHARS.toLocaleString('en')} characters) or a JSON object/array sent as is. ` +
      'A top-level array of objects describes one item type; keys missing from some items become optional.',
  );

export function typeNameField(fallback: string) {
  return z
    .string()
    .max(64, 'at most 64 characters')
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an identifier: a letter or _ followed by letters, digits or _')
    .optional()
    .describe(`Name of the top-level type. Default ${fallback}.`);
}

/** Reads the sample (400 with line/column for bad JSON text) and returns it re-serialised for quicktype. */
export function sampleText(json: string | Record<string, unknown> | unknown[]): string {
  const value = readJsonInput('json', json);
  if (depthOf(value, MAX_CODEGEN_DEPTH + 1) > MAX_CODEGEN_DEPTH) throw invalidField('json', `nesting is deeper than ${MAX_CODEGEN_DEPTH} levels; type generation supports at most ${MAX_CODEGEN_DEPTH}`);
  const text = JSON.stringify(value);
  if (text.length > MAX_CODEGEN_CHARS * 2) throw invalidField('json', `the sample is too large; send at most ${MAX_CODEGEN_CHARS.toLocaleString('en')} characters`);
  return text;
}

export interface GenerateOptions {
  language: CodegenLanguage;
  typeName: string;
  sample: string;
  rendererOptions: Record<string, string>;
  /** Header comments; [] for none. */
  leadingComments?: string[];
}

export async function generateTypes(options: GenerateOptions): Promise<string> {
  const { quicktype, InputData, jsonInputForTargetLanguage } = await quicktypeCore();
  try {
    const jsonInput = jsonInputForTargetLanguage(options.language);
    await jsonInput.addSource({ name: options.typeName, samples: [options.sample] });
    const inputData = new InputData();
    inputData.addInput(jsonInput);
    const result = await quicktype({
      inputData,
      lang: options.language,
      rendererOptions: options.rendererOptions as never,
      // Types must describe the JSON as it is: no guessing dates, enums, UUIDs or numbers in strings.
      inferMaps: true,
      inferEnums: false,
      inferUuids: false,
      inferDateTimes: false,
      inferIntegerStrings: false,
      inferBooleanStrings: false,
      combineClasses: true,
      ignoreJsonRefs: true,
      ...(options.leadingComments ? { leadingComments: options.leadingComments } : {}),
    });
    return `${result.lines.join('\n').trim()}\n`;
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError('unprocessable', `json: types could not be generated from this sample (${messageOf(error).split('\n')[0]}); try a smaller or simpler sample`);
  }
}

/** Names declared at the top level of generated code, in order. */
export function declaredNames(code: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map((m) => m[1] ?? '').filter(Boolean);
}

export const codegenOutput = z.object({
  code: z.string().describe('The generated source code'),
  typeName: z.string().describe('Name of the top-level type'),
  types: z.array(z.string()).describe('Every type (or schema) declared, in order'),
  lines: z.number(),
});
