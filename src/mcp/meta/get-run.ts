import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineMetaTool, readOnly } from './define.ts';

export const getRun = defineMetaTool({
  name: 'get_run',
  title: 'Poll an async run (free)',
  description:
    'Free. The state of a run started with async: true: status accepted (still running), completed, partial or error; resultStatus (the status inside the result: ' +
    'completed, partial, suggest, need_input, verified…) and result (the same payload the synchronous call would have returned). Runs survive restarts of the service.',
  input: z.object({ runId: z.string().min(1).max(100).describe('The runId an async call returned') }),
  output: z.object({
    runId: z.string(),
    status: z.enum(['accepted', 'completed', 'partial', 'error']).describe('completed means the job finished, not that routing succeeded: read resultStatus'),
    resultStatus: z.string().nullable(),
    result: z.unknown(),
    tool: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable().optional(),
    nextActions: z.array(z.string()),
  }),
  annotations: readOnly,
  handler: async (args, ctx, core) => {
    const { runId } = args;
    const run = await core.runs.get(runId, ctx.accountId);
    if (!run) throw new ToolError('not_found', `runId: "${runId}" does not exist or belongs to another account.`);
    return {
      runId: run.runId,
      status: run.status,
      resultStatus: run.resultStatus,
      result: run.result,
      tool: run.tool,
      createdAt: run.createdAt,
      finishedAt: run.finishedAt,
      ...(run.error ? { error: run.error } : {}),
      nextActions:
        run.status === 'accepted'
          ? ['Still running: call get_run again in a few seconds.']
          : ['Read resultStatus and result; a job report can be the baseline of verify_task.'],
    };
  },
});
