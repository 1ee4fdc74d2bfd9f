import { z } from 'zod';
import { defineMetaTool, runsTools } from './define.ts';
import { keyInvoker } from './job-runs.ts';
import { resolveTool, unknownId } from './lookup.ts';
import { inputObject } from './schemas.ts';

export const invokeTool = defineMetaTool({
  name: 'invoke_tool',
  title: 'Call one tool by operationId',
  description:
    'Calls one tool directly with its input, exactly like its REST endpoint: same validation, same errors (stable codes such as validation_failed naming the field), ' +
    "same billing (the tool's cost in credits on success, nothing on failure). Get the operationId from discover_tools and the fields from get_tool_schema; " +
    'an unknown operationId returns not_found with the closest real ids.',
  input: z.object({
    operationId: z.string().min(1).max(200).describe('e.g. "textUtilities.reverseText" (or "text-utilities/reverse-text")'),
    input: inputObject.optional().describe("The tool's fields, as in its inputSchema"),
  }),
  output: z.object({
    operationId: z.string(),
    title: z.string(),
    result: z.unknown().describe("The tool's result, as the `result` of the REST envelope"),
    warnings: z.array(z.string()),
    creditsUsed: z.number(),
  }),
  annotations: runsTools,
  handler: async (args, ctx, core) => {
    const id = args.operationId;
    const tool = resolveTool(core.registry, id);
    if (!tool) throw unknownId(core.catalog, 'operationId', id, 'tool');
    const outcome = await keyInvoker(ctx, core).invoke(tool, args.input ?? {}, tool.operationId);
    return { operationId: tool.operationId, title: tool.title, result: outcome.result, warnings: outcome.warnings, creditsUsed: tool.cost };
  },
});
