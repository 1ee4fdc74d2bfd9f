import { defineJobTool } from './job-runs.ts';
import { solveOutput } from './schemas.ts';

export const solveTask = defineJobTool('solve_task', {
  title: 'Solve a task from a plain-language goal',
  description:
    'Picks the workflow or tool that fits a plain-language goal and runs it, returning one job report: target, confidence, merged score and findings ' +
    '(stable ids, severity high/medium/low/info), ranked fixes, per-step status, duration and credits. Billed: each tool that runs costs its credits. ' +
    'Runs only when the match is clear; otherwise answers "suggest" (free) with candidates and example goals, or "need_input" (free) naming the missing fields — ' +
    're-call with a clearer goal or the fields, never with invented ids. Put inputs in `input` ({url}, {text}, {html}…); a URL or domain in the goal is picked up. ' +
    'After applying fixes, call verify_task with this result as baseline.',
  output: solveOutput,
});
