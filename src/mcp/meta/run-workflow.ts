import { defineMetaTool, runsTools } from './define.ts';
import { jobHandler } from './job-runs.ts';
import { asyncFlag, solveOutput, workflowRequest } from './schemas.ts';

export const runWorkflow = defineMetaTool({
  name: 'run_workflow',
  title: 'Run a workflow by id',
  description:
    'Runs a named workflow (ids from list_skills / discover_tools, e.g. "full-seo-audit", "full-security-audit") on one input and returns the merged job report ' +
    '(scores, findings, ranked fixes, per-step status and credits). Billed: the sum of the steps that run. Missing inputs return need_input (free). ' +
    'SEO/content workflows analyse `input.html` / `input.text` locally for free unless enhance is true.',
  input: workflowRequest.extend({ async: asyncFlag }),
  output: solveOutput,
  annotations: runsTools,
  handler: jobHandler('run_workflow', (agent, request, caller) => agent.runWorkflow(request, caller)),
});
