import { ErrorCode, McpError, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from './catalog.ts';
import type { Skill } from './skills.ts';

/**
 * Every skill is an MCP prompt (spec "Prompts"): prompts/list names them with their arguments (the fields
 * of the skill's workflow input), prompts/get returns the skill's instructions with the arguments given,
 * ready for the model to run with run_playbook.
 */
export function promptOf(skill: Skill, catalog: Catalog): Prompt {
  const workflow = catalog.workflow(skill.workflow)?.workflow;
  const requiredAlone = new Set((workflow?.requires ?? []).filter((g) => g.length === 1).map((g) => g[0]));
  return {
    name: skill.id,
    title: skill.title,
    description: `${skill.description} (${skill.cost} credits when every step runs)`,
    arguments: Object.entries(workflow?.inputs ?? {}).map(([name, input]) => ({ name, description: input.description, required: requiredAlone.has(name) })),
  };
}

export function getPrompt(skills: readonly Skill[], catalog: Catalog, name: string, args: Record<string, string>): GetPromptResult {
  const skill = skills.find((s) => s.id === name);
  if (!skill) throw new McpError(ErrorCode.InvalidParams, `name: no prompt "${name}"; prompts/list names them (one per skill).`);
  const prompt = promptOf(skill, catalog);
  const missing = (prompt.arguments ?? []).filter((a) => a.required && !args[a.name]).map((a) => a.name);
  if (missing.length > 0) throw new McpError(ErrorCode.InvalidParams, `arguments: ${missing.join(', ')} required by ${skill.id}.`);
  const input = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== ''));
  const call = JSON.stringify({ skillId: skill.id, input });
  return {
    description: skill.title,
    messages: [
      {
        role: 'user',
        content: {
          type: 'text',
          text: `${skill.instructions}\n\n## This run\n\nInput: \`${JSON.stringify(input)}\`\n\nRun it with run_playbook ${call}.`,
        },
      },
    ],
  };
}
