import { z } from 'zod';
import type { AnyTool } from './define-tool.ts';

export type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<z.ZodType, { input?: JsonSchema; output?: JsonSchema }>();

/** JSON Schema (draft 2020-12) of a zod schema, as the caller sends it (`input`) or receives it (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const entry = cache.get(schema) ?? {};
  let converted = entry[io];
  if (!converted) {
    const override = io === 'input' ? describeNormalisedInput : undefined;
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', ...(override ? { override } : {}) }) as JsonSchema;
    converted = rest;
    entry[io] = converted;
    cache.set(schema, entry);
  }
  return converted;
}

/** What a caller may send besides the listed values when the server normalises text first. */
export const OTHER_SPELLING: JsonSchema = {
  type: 'string',
  description: 'Any other spelling the field description allows (unit names, SHA-256 style names, a comma-separated list…); the server normalises it',
};

/**
 * A `z.preprocess` field normalises what the caller sends before checking it (unit names to symbols, `SHA-256` to
 * `sha256`, `a,b` to a list), so as an input it takes those spellings too: its input schema is the checked
 * schema or such a string. Without this the schema would refuse values the server accepts.
 */
function describeNormalisedInput(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (context.zodSchema as { _zod: { def: { type: string; in?: { _zod: { traits: Set<string> } } } } })._zod.def;
  if (def.type !== 'pipe' || !def.in?._zod.traits.has('$ZodTransform')) return;
  const schema = context.jsonSchema;
  const alternatives = schema.anyOf as JsonSchema[] | undefined;
  // A described copy of the same field is a pipe too, and arrives already rewritten.
  if (alternatives?.some((alternative) => alternative === OTHER_SPELLING || JSON.stringify(alternative) === JSON.stringify(OTHER_SPELLING))) return;
  const { description, default: fallback, ...checked } = schema;
  for (const key of Object.keys(schema)) delete schema[key];
  Object.assign(schema, {
    ...(description === undefined ? {} : { description }),
    anyOf: [checked, OTHER_SPELLING],
    ...(fallback === undefined ? {} : { default: fallback }),
  });
}

export interface CatalogEntry {
  slug: string;
  operationId: string;
  name: string;
  description: string;
  keywords: string[];
  method: 'POST' | 'GET';
  path: string;
  cost: number;
  inputSchema: JsonSchema;
}

export function catalogEntry(tool: AnyTool): CatalogEntry {
  return {
    slug: tool.slug,
    operationId: tool.operationId,
    name: tool.title,
    description: tool.description,
    keywords: tool.keywords,
    method: tool.method,
    path: tool.path,
    cost: tool.cost,
    inputSchema: jsonSchemaOf(tool.input, 'input'),
  };
}
