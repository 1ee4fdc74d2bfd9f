import { jsonSchemaOf, type JsonSchema } from '../../registry/json-schema.ts';
import type { CatalogItem } from '../catalog.ts';
import type { CallContext, ElicitSchema, McpCore } from './define.ts';

type Primitive = ElicitSchema['properties'][string];

/** A field as elicitation can ask for it (MCP "Elicitation": flat objects of primitives only), or undefined. */
function primitiveOf(schema: JsonSchema | undefined, description: string | undefined): Primitive | undefined {
  if (!schema) return undefined;
  const type = schema.type;
  const text = description ?? (typeof schema.description === 'string' ? schema.description : undefined);
  const base = text ? { description: text.slice(0, 300) } : {};
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return { type: 'string', enum: schema.enum as string[], ...base };
  if (type === 'string') return { type: 'string', ...base };
  if (type === 'boolean') return { type: 'boolean', ...base };
  if (type === 'number' || type === 'integer') return { type, ...base };
  // A field that takes either a string or another spelling of it (json-schema.ts OTHER_SPELLING) is asked as a string.
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.some((a) => a.type === 'string')) return { type: 'string', ...base };
  return undefined;
}

function fieldSchema(item: CatalogItem, field: string): Primitive | undefined {
  const workflowField = item.workflow?.inputs[field];
  if (workflowField) return primitiveOf({ type: workflowField.type }, workflowField.description);
  if (!item.tool) return undefined;
  const properties = jsonSchemaOf(item.tool.input, 'input').properties as Record<string, JsonSchema> | undefined;
  return primitiveOf(properties?.[field], undefined);
}

/**
 * The form for a need_input answer: every missing field, required when it alone is needed ("a or b" groups are
 * optional, one of them will do). Undefined when a field is not a primitive: such input cannot be asked in a form.
 */
export function formFor(item: CatalogItem, missing: string[][]): ElicitSchema | undefined {
  const properties: ElicitSchema['properties'] = {};
  const required: string[] = [];
  for (const group of missing) {
    for (const field of group) {
      const schema = fieldSchema(item, field);
      if (!schema) return undefined;
      properties[field] = schema;
    }
    if (group.length === 1) required.push(group[0]!);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

export interface NeedsInput {
  status: string;
  target?: { id: string } | undefined;
  missingInputs?: string[][] | undefined;
}

/**
 * Runs a job and, when it answers need_input to a client that declared elicitation, asks the user for the
 * missing fields and runs it once more with them (MCP "Elicitation"). Declined, cancelled or not askable:
 * the need_input answer stands, as for a client without the capability.
 */
export async function withElicitation<R extends NeedsInput>(
  given: Record<string, unknown> | undefined,
  ctx: CallContext,
  core: McpCore,
  run: (input: Record<string, unknown> | undefined) => Promise<R>,
): Promise<R> {
  const first = await run(given);
  if (!ctx.elicit || first.status !== 'need_input' || !first.target || !first.missingInputs) return first;
  const item = core.catalog.get(first.target.id);
  const form = item ? formFor(item, first.missingInputs) : undefined;
  if (!item || !form) return first;
  const answer = await ctx.elicit(`${item.title} needs ${first.missingInputs.map((g) => g.join(' or ')).join(', ')}.`, form);
  if (!answer) return first;
  return run({ ...given, ...answer });
}
