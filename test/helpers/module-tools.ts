import assert from 'node:assert/strict';
import type { AnyTool } from '../../src/registry/define-tool.ts';
import { run } from './invoke.ts';

type Json = Record<string, unknown>;

/**
 * What a module's test file needs to call its tools by slug through the pipeline (test/helpers/invoke.ts):
 * `tool` finds one (failing the test for an unknown slug), `result` and `outcome` run it, with `now` as the
 * clock when given.
 */
export function toolsBySlug(list: readonly AnyTool[]) {
  const bySlug = new Map(list.map((t) => [t.slug, t]));
  function tool(slug: string): AnyTool {
    const found = bySlug.get(slug);
    assert.ok(found, `no tool ${slug}`);
    return found;
  }
  async function outcome<T = Json>(slug: string, input: unknown, now?: Date): Promise<{ result: T; warnings: string[] }> {
    const { result, warnings } = await run(tool(slug), input, now ? { now: () => now } : {});
    return { result: result as T, warnings };
  }
  async function result<T = Json>(slug: string, input: unknown, now?: Date): Promise<T> {
    return (await outcome<T>(slug, input, now)).result;
  }
  return { tool, outcome, result };
}
