import { defineJobTool } from './job-runs.ts';
import { solveOutput } from './schemas.ts';

export const runWorkflow = defineJobTool('run_workflow', {
  title: 'Run a workflow by id',
  description:
    'Runs a named workflow (ids from list_skills / discover_tools, e.g. "full-seo-audit", "full-security-audit") on one input and returns the merged job report ' +
    '(scores, findings, ranked fixes, per-step status and credits). Billed: the sum of the steps that run. Missing inputs return need_input (free). ' +
    'SEO/content workflows analyse `input.html` / `input.text` locally for free unless enhance is true.',
  output: solveOutput,
});
