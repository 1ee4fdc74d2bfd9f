import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineMetaTool, readOnly } from './define.ts';
import { inputObject, skillSummary } from './schemas.ts';

export const loadSkill = defineMetaTool({
  name: 'load_skill',
  title: "Load a skill's instructions (free)",
  description:
    'Free. One skill in full: markdown instructions for the agent, the tools it runs, its cost, example goals and an example input for run_playbook.',
  input: z.object({ skillId: z.string().min(1).max(200).describe('A skill id from list_skills') }),
  output: skillSummary.extend({
    exampleGoals: z.array(z.string()),
    exampleInput: inputObject,
    instructions: z.string().describe('Markdown'),
  }),
  annotations: readOnly,
  handler: async ({ skillId }, _ctx, core) => {
    const skill = core.agent.skill(skillId);
    if (!skill) {
      const close = core.skills
        .map((s) => s.id)
        .filter((id) => id.includes(skillId) || skillId.includes(id))
        .slice(0, 3);
      throw new ToolError(
        'not_found',
        `skillId: no skill "${skillId}"${close.length > 0 ? `; did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : ''} (list_skills lists them).`,
      );
    }
    return { ...skill };
  },
});
