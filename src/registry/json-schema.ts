import { z } from 'zod';
import type { AnyTool } from './define-tool.ts';

export type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<z.ZodType, { input?: JsonSchema; output?: JsonSchema }>();

/** JSON Schema (draft 2020-12) of a zod schema, as the caller sends it (`input`) or receives it (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const entry = cache.get(schema) ?? {};
  let converted = entry[io];
  if (!converted) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    converted = rest;
    entry[io] = converted;
    cache.set(schema, entry);
  }
  return converted;
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
