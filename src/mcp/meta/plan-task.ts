import { z } from 'zod';
import { defineMetaTool, readOnly } from './define.ts';
import { candidate, inputObject, planRequest, target } from './schemas.ts';

export const planTask = defineMetaTool({
  name: 'plan_task',
  title: 'Plan a task (free)',
  description:
    'Free. Turns a plain-language goal into a plan without running anything: the tool or workflow that would run, its steps with their credit cost, ' +
    "the credit estimate, the router's confidence, missing required inputs and alternatives. Call it first when cost matters; then solve_task with the same goal and input. " +
    'A vague goal returns status "suggest" with candidates; a job no tool here does returns "unsupported" with the closest capabilities.',
  input: planRequest,
  output: z.object({
    status: z.enum(['planned', 'suggest', 'unsupported', 'need_input']),
    goal: z.string(),
    wouldExecute: z.boolean().describe('Whether solve_task with the same arguments would execute (and bill)'),
    target: target.optional(),
    confidence: z.number(),
    analysis: z.enum(['live', 'local', 'local+live']).optional(),
    steps: z.array(
      z.object({ id: z.string(), operationId: z.string(), title: z.string(), cost: z.number(), willRun: z.boolean(), reason: z.string().optional() }),
    ),
    creditEstimate: z.number().describe('Sum of the costs of the steps that would run'),
    missingInputs: z.array(z.string()),
    input: inputObject,
    alternatives: z.array(candidate),
    hint: z.string(),
    nextActions: z.array(z.string()),
    creditsUsed: z.literal(0),
  }),
  annotations: readOnly,
  handler: async (args, _ctx, core) => ({ ...core.agent.plan(args) }),
});
