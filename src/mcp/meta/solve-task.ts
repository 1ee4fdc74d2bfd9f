import { defineMetaTool, runsTools } from './define.ts';
import { jobHandler } from './job-runs.ts';
import { asyncFlag, solveOutput, solveRequest } from './schemas.ts';

export const solveTask = defineMetaTool({
  name: 'solve_task',
  title: 'Solve a task from a plain-language goal',
  description:
    'Picks the workflow or tool that fits a plain-language goal and runs it, returning one job report: target, confidence, merged score and findings ' +
    '(stable ids, severity high/medium/low/info), ranked fixes, per-step status, duration and credits. Billed: each tool that runs costs its credits. ' +
    'Runs only when the match is clear; otherwise answers "suggest" (free) with candidates and example goals, or "need_input" (free) naming the missing fields — ' +
    're-call with a clearer goal or the fields, never with invented ids. Put inputs in `input` ({url}, {text}, {html}…); a URL or domain in the goal is picked up. ' +
    'After applying fixes, call verify_task with this result as baseline.',
  input: solveRequest.extend({ async: asyncFlag }),
  output: solveOutput,
  annotations: runsTools,
  handler: jobHandler('solve_task', (agent, request, caller) => agent.solve(request, caller)),
});
