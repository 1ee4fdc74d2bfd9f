import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Log } from '../../core/context.ts';
import { validationError, type CallerIdentity, type InvokeDeps } from '../../core/invoke.ts';
import type { Registry } from '../../registry/registry.ts';
import type { Agent } from '../agent.ts';
import type { Catalog } from '../catalog.ts';
import type { PayloadStore, RunRecord, RunStore } from '../runs.ts';
import type { Skill } from '../skills.ts';

/**
 * A meta-tool of the agent interface (docs/contract.md "MCP"), declared like a REST tool: a zod input schema
 * (checked here), a zod output schema (the JSON Schema clients validate `structuredContent` against), annotations
 * and a description written for a model. The handler sees the parsed input's type and must return the output's,
 * so a field renamed on one side is a type error; it throws a ToolError, which the MCP server turns into an
 * `isError` result with the same stable code as REST.
 */
export interface CallContext {
  accountId: string;
  keyId: string;
  /** The caller as the transport resolved it: every step is admitted (and billed) with it, never re-authenticated. */
  identity: CallerIdentity;
  requestId: string;
  log: Log;
  signal: AbortSignal;
  /** Present when the client asked for progress notifications (a progressToken). */
  progress?: ((done: number, total: number, message: string) => void) | undefined;
  /** Present when the client declared the elicitation capability: asks the user for the fields a run needs. */
  elicit?: Elicit | undefined;
}

/** A form of primitive fields (MCP "Elicitation"); the answer's values, or undefined when the user declined. */
export type Elicit = (message: string, schema: ElicitSchema) => Promise<Record<string, unknown> | undefined>;

export type ElicitSchema = ElicitRequestFormParams['requestedSchema'];

export interface McpCore {
  registry: Registry;
  catalog: Catalog;
  agent: Agent;
  skills: readonly Skill[];
  runs: RunStore;
  payloads: PayloadStore;
  /** Schedules an accepted run (in-process, or through the PostgreSQL queue). */
  enqueue(run: RunRecord): Promise<void>;
  invokeDeps: InvokeDeps;
  now: () => Date;
}

export interface Annotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface MetaToolDefinition<I extends z.ZodObject, O extends z.ZodType<Record<string, unknown>>> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: Annotations;
  handler(args: z.infer<I>, ctx: CallContext, core: McpCore): Promise<z.infer<O>>;
}

/** A declared meta-tool with its types erased, so the twelve fit in one list. */
export interface MetaTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodType;
  annotations: Annotations;
  /** Validates the raw arguments against `input` (400-style validation_failed naming the field) and runs the handler. */
  call(args: unknown, ctx: CallContext, core: McpCore): Promise<Record<string, unknown>>;
}

export function defineMetaTool<I extends z.ZodObject, O extends z.ZodType<Record<string, unknown>>>(tool: MetaToolDefinition<I, O>): MetaTool {
  const { handler, ...declared } = tool;
  return {
    ...declared,
    async call(args, ctx, core) {
      const parsed = tool.input.safeParse(args ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      return handler(parsed.data, ctx, core);
    },
  };
}

export const readOnly: Annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const runsTools: Annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
