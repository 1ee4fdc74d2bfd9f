import assert from 'node:assert/strict';
import { asToolError } from '../../src/core/errors.ts';
import type { AnyTool } from '../../src/registry/define-tool.ts';
import { run } from './invoke.ts';

export type Json = Record<string, unknown>;

/**
 * A module test's calls by slug, through the real pipeline (validation, deadline, output check) without HTTP;
 * `now` fixes the clock the tool sees. One definition for the module test files instead of a copy in each:
 * `tool` finds one (failing the test for an unknown slug), `result` and `outcome` run it, `refusal` expects a refusal.
 */
export function moduleTools(tools: readonly AnyTool[]) {
  const bySlug = new Map(tools.map((t) => [t.slug, t]));
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
  /** The refusal of a call that must fail: its HTTP status, code and detail. */
  async function refusal(slug: string, input: unknown): Promise<{ status: number; code: string; detail: string }> {
    try {
      await run(tool(slug), input);
    } catch (error) {
      const e = asToolError(error);
      return { status: e.status, code: e.code, detail: e.detail };
    }
    throw new Error(`${slug} accepted ${JSON.stringify(input).slice(0, 200)}`);
  }
  return { tool, outcome, result, refusal };
}
