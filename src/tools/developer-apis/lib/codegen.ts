import { withThousands } from '../../../lib/digits.ts';
/**
 * JSON → type definitions through quicktype-core (TypeScript, Zod, Go, Python): one inference engine,
 * many emitters. Nested objects become named types, arrays of differently shaped objects merge into
 * one type with optional fields, mixed scalars become unions. Loaded on first use (it is ~6 MB).
 * No default export.
 */
import { z } from 'zod';
import { invalidField, ToolError } from '../../../core/errors.ts';
import { depthOf, jsonTextOrValue, readJsonInput } from './json.ts';
import { messageOf } from './source.ts';

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

export const codegenJsonField = jsonTextOrValue(MAX_CODEGEN_CHARS).describe(
  `A sample JSON document: JSON text (up to ${withThousands(MAX_CODEGEN_CHARS)} characters) or a JSON object/array sent as is. ` +
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
  if (depthOf(value, MAX_CODEGEN_DEPTH + 1) > MAX_CODEGEN_DEPTH)
    throw invalidField('json', `nesting is deeper than ${MAX_CODEGEN_DEPTH} levels; type generation supports at most ${MAX_CODEGEN_DEPTH}`);
  const text = JSON.stringify(value);
  if (text.length > MAX_CODEGEN_CHARS * 2)
    throw invalidField('json', `the sample is too large; send at most ${MAX_CODEGEN_CHARS.toLocaleString('en')} characters`);
  return text;
}

/**
 * Python through quicktype, with one change to its Pydantic models: quicktype renames keys to Python names
 * (firstName → first_name, user-id → user_id, class → root_class) but says nothing of the JSON key, so
 * `model_validate` of the sample would fail. A field whose name differs from its key gets
 * `Field(alias="key")` (pydantic 2: validation reads the alias; `model_dump(by_alias=True)` writes it).
 */
function pythonWithAliases(qt: Quicktype): InstanceType<Quicktype['PythonTargetLanguage']> {
  class AliasingRenderer extends qt.PythonRenderer {
    protected override emitClass(t: import('quicktype-core').ClassType): void {
      if (!this.pyOptions.pydanticBaseModel) {
        super.emitClass(t);
        return;
      }
      this.declareType(t, () => {
        if (t.getProperties().size === 0) this.emitLine('pass');
        this.forEachClassProperty(t, 'none', (name, jsonName, property) => {
          const typed = this.sourcelikeToString(this.pythonType(property.type, true));
          const pythonName = this.sourcelikeToString(name);
          if (pythonName === jsonName) this.emitLine(name, ': ', typed);
          else {
            const optional = typed.endsWith(' = None');
            // JSON string escapes (\" \\ \n \uXXXX) mean the same in a Python string literal.
            const field = [this.withImport('pydantic', 'Field'), '(', optional ? 'default=None, ' : '', 'alias=', JSON.stringify(jsonName), ')'];
            this.emitLine(name, ': ', optional ? typed.slice(0, -' = None'.length) : typed, ' = ', field);
          }
          this.emitDescription(this.descriptionForClassProperty(t, jsonName));
        });
        this.ensureBlankLine();
      });
    }
  }
  class AliasingPython extends qt.PythonTargetLanguage {
    protected override makeRenderer(renderContext: import('quicktype-core').RenderContext, untypedOptionValues: Record<string, unknown>) {
      const options = qt.getOptionValues(qt.pythonOptions, untypedOptionValues as never);
      return options.justTypes ? new AliasingRenderer(this, renderContext, options) : super.makeRenderer(renderContext, untypedOptionValues as never);
    }
  }
  return new AliasingPython();
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
  const qt = await quicktypeCore();
  const { quicktype, InputData, jsonInputForTargetLanguage } = qt;
  try {
    const jsonInput = jsonInputForTargetLanguage(options.language);
    await jsonInput.addSource({ name: options.typeName, samples: [options.sample] });
    const inputData = new InputData();
    inputData.addInput(jsonInput);
    const result = await quicktype({
      inputData,
      lang: options.language === 'python' ? pythonWithAliases(qt) : options.language,
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
    throw new ToolError(
      'unprocessable',
      `json: types could not be generated from this sample (${messageOf(error).split('\n')[0]}); try a smaller or simpler sample`,
    );
  }
}

/** Names declared at the top level of generated code, in order. */
export function declaredNames(code: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map((m) => m.slice(1).find(Boolean) ?? '').filter(Boolean);
}

export const codegenOutput = z.object({
  code: z.string().describe('The generated source code'),
  typeName: z.string().describe('Name of the top-level type'),
  types: z.array(z.string()).describe('Every type (or schema) declared, in order'),
  lines: z.number(),
});

type Scalar = 'number' | 'integer' | 'string' | 'boolean' | 'null' | 'other';

function scalarKinds(values: unknown[]): Scalar[] {
  const kinds = values.map((v): Scalar => {
    if (v === null) return 'null';
    if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
    if (typeof v === 'string' || typeof v === 'boolean') return typeof v as Scalar;
    return 'other';
  });
  const unique = [...new Set(kinds)];
  // An integer beside a float is a number in every target language here.
  return unique.includes('number') ? unique.filter((k) => k !== 'integer') : unique;
}

const ZOD: Record<Scalar, string> = {
  number: 'z.number()',
  integer: 'z.number()',
  string: 'z.string()',
  boolean: 'z.boolean()',
  null: 'z.null()',
  other: 'z.unknown()',
};
const TS: Record<Scalar, string> = { number: 'number', integer: 'number', string: 'string', boolean: 'boolean', null: 'null', other: 'unknown' };
const PY: Record<Scalar, string> = { number: 'float', integer: 'int', string: 'str', boolean: 'bool', null: 'None', other: 'Any' };

/**
 * A top-level array gets the top-level type its `typeName` promises. Quicktype names the items
 * `<typeName>Element` (Zod, Python; TypeScript names the item type `<typeName>` itself) and emits nothing at all
 * for an array of scalars: the alias `<typeName>` (`<typeName>Schema` for Zod) of the array is added here.
 */
export function withTopLevelArray(language: Exclude<CodegenLanguage, 'go'>, typeName: string, sample: string, code: string, pythonVersion = '3.10'): string {
  const value = JSON.parse(sample) as unknown;
  if (!Array.isArray(value)) return code;
  const declares = (pattern: string): boolean => new RegExp(pattern, 'm').test(code);
  const kinds = scalarKinds(value);
  const union = (names: Record<Scalar, string>, join: (parts: string[]) => string): string => {
    const parts = kinds.length === 0 ? [names.other] : kinds.map((k) => names[k]);
    return parts.length === 1 ? parts[0]! : join(parts);
  };
  if (language === 'typescript-zod') {
    if (declares(`^export const ${typeName}Schema\\b`)) return code;
    const item = declares(`^export const ${typeName}ElementSchema\\b`) ? `${typeName}ElementSchema` : union(ZOD, (p) => `z.union([${p.join(', ')}])`);
    return `${code.trimEnd()}\n\nexport const ${typeName}Schema = z.array(${item});\nexport type ${typeName} = z.infer<typeof ${typeName}Schema>;\n`;
  }
  if (language === 'typescript') {
    if (declares(`^export (?:interface|type) ${typeName}\\b`)) return code;
    const item = union(TS, (p) => `(${p.join(' | ')})`);
    return `${code.trim() === '' ? '' : `${code.trimEnd()}\n\n`}export type ${typeName} = ${item}[];\n`;
  }
  if (declares(`^${typeName}\\s*=`) || declares(`^class ${typeName}\\b`)) return code;
  const modern = Number(pythonVersion.split('.')[1] ?? 10) >= 10;
  const item = declares(`^class ${typeName}Element\\b`) ? typeName + 'Element' : union(PY, (p) => (modern ? p.join(' | ') : `Union[${p.join(', ')}]`));
  const needsTyping = !modern && (item.startsWith('Union[') || item === 'Any');
  const header = needsTyping && !/^from typing import/m.test(code) ? 'from typing import Any, List, Union\n\n' : '';
  const list = Number(pythonVersion.split('.')[1] ?? 10) >= 9 ? 'list' : 'List';
  return `${header}${code.trim() === '' ? '' : `${code.trimEnd()}\n\n\n`}${typeName} = ${list}[${item}]\n`;
}
