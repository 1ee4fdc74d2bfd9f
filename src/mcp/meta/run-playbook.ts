import { defineMetaTool, runsTools } from './define.ts';
import { jobHandler } from './job-runs.ts';
import { asyncFlag, playbookOutput, playbookRequest } from './schemas.ts';

export const runPlaybook = defineMetaTool({
  name: 'run_playbook',
  title: 'Run a skill (playbook)',
  description:
    'Runs a skill from list_skills in one step: the workflow it maps to, with `input`. For a fix-verify-* skill (or any skill) given a `baseline` ' +
    '(an earlier result), it re-runs the workflow and returns the verify_task delta and gate instead. Billed like the workflow (sum of the steps that run).',
  input: playbookRequest.extend({ async: asyncFlag }),
  output: playbookOutput,
  annotations: runsTools,
  handler: jobHandler('run_playbook', (agent, request, caller) => agent.runPlaybook(request, caller)),
});
