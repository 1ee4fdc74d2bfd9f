import { defineJobTool } from './job-runs.ts';
import { playbookOutput } from './schemas.ts';

export const runPlaybook = defineJobTool('run_playbook', {
  title: 'Run a skill (playbook)',
  description:
    'Runs a skill from list_skills in one step: the workflow it maps to, with `input`. For a fix-verify-* skill (or any skill) given a `baseline` ' +
    '(an earlier result), it re-runs the workflow and returns the verify_task delta and gate instead. Billed like the workflow (sum of the steps that run).',
  output: playbookOutput,
});
