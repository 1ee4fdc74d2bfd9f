import { ToolError } from '../../core/errors.ts';
import { defineMetaTool, runsTools } from './define.ts';
import { accept, callerOf } from './job-runs.ts';
import { asyncFlag, verifyOutput, verifyRequest } from './schemas.ts';

export const verifyTask = defineMetaTool({
  name: 'verify_task',
  title: 'Verify fixes against a baseline',
  description:
    "Re-runs the baseline's target fresh and compares: before, after and delta {status, scoreDeltas, newFindings, resolvedFindings, remainingFindings, remainingFixes, nextActions, gate}. " +
    'gate is "fail" while a high-severity finding or a score under 70 remains, "pass" otherwise, "unknown" when the fresh run could not judge. ' +
    'baseline may be a solve_task / run_workflow result, the `after` of an earlier verify, a get_run payload, or a raw job report; without a target in it, pass `goal`. ' +
    'A failing fresh run comes back as error/partial/suggest, never as a false "verified". Billed like the fresh run.',
  input: verifyRequest.extend({ async: asyncFlag }),
  output: verifyOutput,
  annotations: runsTools,
  handler: async ({ async: background, ...request }, ctx, core) => {
    if (request.baseline === undefined || request.baseline === null)
      throw new ToolError('validation_failed', 'baseline: is required (an earlier solve_task, run_workflow, verify_task or get_run result).');
    return background ? accept('verify_task', request, ctx, core) : { ...(await core.agent.verify(request, callerOf(ctx, core))) };
  },
});
