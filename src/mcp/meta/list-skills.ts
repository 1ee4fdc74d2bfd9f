import { z } from 'zod';
import { defineMetaTool, readOnly } from './define.ts';
import { skillSummary } from './schemas.ts';

export const listSkills = defineMetaTool({
  name: 'list_skills',
  title: 'List skills (free)',
  description:
    'Free. The skills (playbooks): one per workflow, plus fix-verify-* skills that pair a workflow with verify_task until the gate passes. ' +
    'Each has an id, category, description, the tools it runs and its cost. load_skill returns the instructions; run_playbook runs one.',
  input: z.object({
    category: z.string().max(60).optional().describe('seo, security, marketing, developer, performance or documents'),
    kind: z.enum(['run', 'fix-verify']).optional(),
  }),
  output: z.object({
    total: z.number().int(),
    skills: z.array(skillSummary),
    categories: z.array(z.string()),
  }),
  annotations: readOnly,
  handler: async (args, _ctx, core) => {
    const list = core.skills.filter((s) => (!args.category || s.category === args.category) && (!args.kind || s.kind === args.kind));
    return {
      total: list.length,
      skills: list.map(({ instructions: _i, exampleGoals: _g, exampleInput: _e, ...rest }) => rest),
      categories: [...new Set(core.skills.map((s) => s.category))],
    };
  },
});
