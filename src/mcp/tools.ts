import { jsonSchemaOf, type JsonSchema } from '../registry/json-schema.ts';
import type { MetaTool } from './meta/define.ts';
import { discoverTools } from './meta/discover-tools.ts';
import { fetchPayload } from './meta/fetch-payload.ts';
import { getRun } from './meta/get-run.ts';
import { getToolSchema } from './meta/get-tool-schema.ts';
import { invokeTool } from './meta/invoke-tool.ts';
import { listSkills } from './meta/list-skills.ts';
import { loadSkill } from './meta/load-skill.ts';
import { planTask } from './meta/plan-task.ts';
import { runPlaybook } from './meta/run-playbook.ts';
import { runWorkflow } from './meta/run-workflow.ts';
import { solveTask } from './meta/solve-task.ts';
import { verifyTask } from './meta/verify-task.ts';
import { TASK_TOOLS } from './meta/job-runs.ts';

/** The twelve meta-tools of the agent interface (docs/contract.md "MCP"), one file each under meta/, in tools/list order. */
export const META_TOOLS: readonly MetaTool[] = [
  planTask,
  solveTask,
  runPlaybook,
  verifyTask,
  discoverTools,
  getToolSchema,
  invokeTool,
  fetchPayload,
  getRun,
  listSkills,
  loadSkill,
  runWorkflow,
];

/** The tools/list entries: computed once. */
export function toolListing(): Array<Record<string, unknown>> {
  return META_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: 'object', ...stripRoot(jsonSchemaOf(tool.input, 'input')) },
    outputSchema: { type: 'object', ...stripRoot(jsonSchemaOf(tool.output, 'input')) },
    annotations: { title: tool.title, ...tool.annotations },
    // The job tools also run as MCP tasks (tasks.ts); the others answer at once.
    execution: { taskSupport: TASK_TOOLS.has(tool.name) ? 'optional' : 'forbidden' },
  }));
}

function stripRoot(schema: JsonSchema): JsonSchema {
  const { $schema: _s, ...rest } = schema;
  return rest;
}
