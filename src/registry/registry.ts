import { z } from 'zod';
import type { AnyTool } from './define-tool.ts';
import { MODULE_NAMES, type ModuleName } from './modules.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

export interface Registry {
  readonly tools: readonly AnyTool[];
  byOperationId(operationId: string): AnyTool | undefined;
  byPath(path: string): AnyTool | undefined;
  inModule(module: ModuleName): readonly AnyTool[];
  /** Modules that have at least one tool, in the canonical order. */
  modules(): ModuleName[];
}

/**
 * Builds the registry and enforces the invariants of the declarations; a broken declaration fails at startup,
 * not at call time. It reads no schema: those are built on first use (docs/writing-tools.md "Schemas"), and
 * `schemaProblems` checks them (test/registry.test.ts runs it over every tool).
 */
export function createRegistry(tools: readonly AnyTool[]): Registry {
  const problems = tools.flatMap(toolProblems);
  const byOperationId = new Map<string, AnyTool>();
  const byPath = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (byOperationId.has(tool.operationId)) problems.push(`${tool.operationId}: declared twice`);
    if (byPath.has(tool.path)) problems.push(`${tool.path}: two tools share this path`);
    byOperationId.set(tool.operationId, tool);
    byPath.set(tool.path, tool);
  }
  if (problems.length > 0) throw new Error(`Invalid tool registry:\n- ${problems.join('\n- ')}`);

  const byModule = new Map<ModuleName, AnyTool[]>();
  for (const tool of tools) byModule.set(tool.module, [...(byModule.get(tool.module) ?? []), tool]);
  return {
    tools,
    byOperationId: (id) => byOperationId.get(id),
    byPath: (path) => byPath.get(path),
    inModule: (module) => byModule.get(module) ?? [],
    modules: () => MODULE_NAMES.filter((m) => byModule.has(m)),
  };
}

function toolProblems(tool: AnyTool): string[] {
  const problems: string[] = [];
  const name = tool.id;
  if (!SLUG.test(tool.slug)) problems.push(`${name}: slug must be kebab-case`);
  if (tool.title.trim() === '') problems.push(`${name}: needs a title`);
  if (tool.description.trim().length < 10) problems.push(`${name}: needs a description`);
  if (tool.keywords.length === 0) problems.push(`${name}: needs keywords`);
  if (tool.examples.length < 2) problems.push(`${name}: needs at least two examples`);
  if (!Number.isInteger(tool.cost) || tool.cost < 0) problems.push(`${name}: cost must be a whole number`);
  if (tool.cpu && (tool.response === 'file' || (tool.conversion?.engines.length ?? 0) > 0)) {
    problems.push(`${name}: a cpu tool runs in a worker thread, without engines or stored files`);
  }
  return problems;
}

/** What is wrong with a tool's schemas: the input is not a z.object, or an example's input does not match it. Builds them. */
export function schemaProblems(tool: AnyTool): string[] {
  const name = tool.id;
  if (!(tool.input instanceof z.ZodObject)) return [`${name}: input must be a z.object`];
  return tool.examples.flatMap((example, i) => (tool.input.safeParse(example.input).success ? [] : [`${name}: example ${i} input does not match the schema`]));
}
