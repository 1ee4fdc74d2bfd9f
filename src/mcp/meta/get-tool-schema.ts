import { z } from 'zod';
import { jsonSchemaOf, type JsonSchema } from '../../registry/json-schema.ts';
import type { CatalogItem } from '../catalog.ts';
import { defineMetaTool, readOnly } from './define.ts';
import { resolveTool, unknownId } from './lookup.ts';

/** A workflow's input fields as JSON Schema: alone-required fields in `required`, either-or groups as anyOf. */
function workflowInputSchema(item: CatalogItem): JsonSchema {
  const workflow = item.workflow;
  if (!workflow) return {};
  const typeOf = (t: string): JsonSchema => (t === 'json' ? {} : t === 'array' ? { type: 'array' } : { type: t });
  const required = workflow.requires.filter((g) => g.length === 1).map((g) => g[0] as string);
  const anyOf = workflow.requires.filter((g) => g.length > 1).map((g) => ({ anyOf: g.map((f) => ({ required: [f] })) }));
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(workflow.inputs).map(([name, f]) => [name, { ...typeOf(f.type), description: f.description }])),
    ...(required.length > 0 ? { required } : {}),
    ...(anyOf.length > 0 ? { allOf: anyOf } : {}),
  };
}

export const getToolSchema = defineMetaTool({
  name: 'get_tool_schema',
  title: 'Schema of a tool or workflow (free)',
  description:
    'Free. The input and output JSON Schema of one tool (by operationId, e.g. "securityApis.hashGenerator", or module/slug) with its examples and cost; ' +
    'for a workflow id, its input fields, steps and cost. Unknown ids return not_found with the closest real ids.',
  input: z.object({
    operationId: z.string().min(1).max(200).describe('A tool operationId (or module/slug) or a workflow id, as discover_tools returns them'),
  }),
  output: z.object({
    kind: z.enum(['tool', 'workflow']),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    cost: z.number(),
    inputSchema: z.record(z.string(), z.unknown()),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
    requiredInputs: z.array(z.string()),
    examples: z.array(z.object({ title: z.string().optional(), input: z.unknown(), output: z.unknown().optional() })),
  }),
  annotations: readOnly,
  handler: async (args, _ctx, core) => {
    const id = args.operationId;
    const tool = resolveTool(core.registry, id);
    if (tool) {
      const item = core.catalog.tool(tool.operationId);
      return {
        kind: 'tool' as const,
        id: tool.operationId,
        operationId: tool.operationId,
        module: tool.module,
        slug: tool.slug,
        title: tool.title,
        description: tool.description,
        method: tool.method,
        path: tool.path,
        cost: tool.cost,
        inputSchema: jsonSchemaOf(tool.input, 'input'),
        outputSchema: jsonSchemaOf(tool.output, 'output'),
        requiredInputs: item ? item.requires.map((g) => g.join(' or ')) : [],
        examples: tool.examples.map((e) => ({
          ...(e.title ? { title: e.title } : {}),
          input: e.input,
          ...(e.output !== undefined ? { output: e.output } : {}),
        })),
      };
    }
    const workflow = core.catalog.workflow(id);
    if (workflow?.workflow) {
      return {
        kind: 'workflow' as const,
        id: workflow.id,
        title: workflow.title,
        description: workflow.description,
        cost: workflow.cost,
        inputSchema: workflowInputSchema(workflow),
        requiredInputs: workflow.requires.map((g) => g.join(' or ')),
        steps: workflow.workflow.steps.map((s) => ({ operationId: s.operationId, cost: core.registry.byOperationId(s.operationId)?.cost ?? 0 })),
        examples: [{ title: workflow.exampleGoals[0], input: workflow.exampleInput }],
      };
    }
    throw unknownId(core.catalog, 'operationId', id, 'tool or workflow');
  },
});
