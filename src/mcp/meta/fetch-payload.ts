import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineMetaTool, readOnly } from './define.ts';

export const fetchPayload = defineMetaTool({
  name: 'fetch_payload',
  title: 'Fetch the raw results of a dataRef (free)',
  description:
    'Free. Returns the raw step results stored by a responseMode "dataRef" run (available for an hour): all of them, or one step with `stepId`. ' +
    'Only the account that ran the job can read it.',
  input: z.object({
    dataRefId: z.string().min(1).max(100).describe('The dataRef.dataRefId of a job report'),
    stepId: z.string().max(200).optional().describe("Only this step's result (a steps[].id)"),
  }),
  output: z.object({ dataRefId: z.string(), expiresAt: z.string(), stepId: z.string().optional(), payload: z.unknown() }),
  annotations: readOnly,
  handler: async (args, ctx, core) => {
    const { dataRefId, stepId } = args;
    const stored = await core.payloads.read(ctx.accountId, dataRefId);
    if (!stored)
      throw new ToolError('not_found', `dataRefId: "${dataRefId}" does not exist, has expired (payloads are kept 1 hour) or belongs to another account.`);
    if (stepId) {
      const results = (stored.payload as { results?: Record<string, unknown> }).results ?? {};
      if (!(stepId in results))
        throw new ToolError('not_found', `stepId: no result "${stepId}" in this payload; it has ${Object.keys(results).join(', ') || 'none'}.`);
      return { dataRefId, expiresAt: stored.expiresAt, stepId, payload: results[stepId] };
    }
    return { dataRefId, expiresAt: stored.expiresAt, payload: stored.payload };
  },
});
