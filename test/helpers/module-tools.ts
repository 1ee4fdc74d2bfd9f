import assert from 'node:assert/strict';
import { test } from 'node:test';
import type fc from 'fast-check';
import { asToolError } from '../../src/core/errors.ts';
import type { InvokeDeps } from '../../src/core/invoke.ts';
import type { AnyTool } from '../../src/registry/define-tool.ts';
import { fuzzTool, run } from './invoke.ts';

export type Json = Record<string, unknown>;

/**
 * A module test's calls by slug, through the real pipeline (validation, deadline, output check) without HTTP;
 * `deps` go with every call (the engines a module's URL tools fetch through, test/helpers/url-engines.ts), and
 * `now` fixes the clock the tool sees. One definition for the module test files instead of a copy in each:
 * `tool` finds one (failing the test for an unknown slug), `result` and `outcome` run it, `refusal` expects a refusal;
 * `testRefusals`, `expectNestingRefused` and `testFuzzing` are the checks several module test files make of their tools.
 */
export function moduleTools(tools: readonly AnyTool[], deps: InvokeDeps = {}) {
  const bySlug = new Map(tools.map((t) => [t.slug, t]));
  function tool(slug: string): AnyTool {
    const found = bySlug.get(slug);
    assert.ok(found, `no tool ${slug}`);
    return found;
  }
  async function outcome<T = Json>(slug: string, input: unknown, now?: Date): Promise<{ result: T; warnings: string[] }> {
    const { result, warnings } = await run(tool(slug), input, now ? { ...deps, now: () => now } : deps);
    return { result: result as T, warnings };
  }
  async function result<T = Json>(slug: string, input: unknown, now?: Date): Promise<T> {
    return (await outcome<T>(slug, input, now)).result;
  }
  /** The refusal of a call that must fail: its HTTP status, code and detail. */
  async function refusal(slug: string, input: unknown): Promise<{ status: number; code: string; detail: string }> {
    try {
      await run(tool(slug), input, deps);
    } catch (error) {
      const e = asToolError(error);
      return { status: e.status, code: e.code, detail: e.detail };
    }
    throw new Error(`${slug} accepted ${JSON.stringify(input).slice(0, 200)}`);
  }
  /** One test per case: the call is a 400 whose detail matches. */
  function testRefusals(cases: readonly (readonly [slug: string, input: Json, detail: RegExp])[]): void {
    for (const [slug, input, detail] of cases) {
      test(`${slug}: ${JSON.stringify(input).slice(0, 50)}`, async () => {
        const e = await refusal(slug, input);
        assert.equal(e.status, 400);
        assert.match(e.detail, detail);
      });
    }
  }
  /** Each input nests too deeply: a 400 naming its field, never a crash. */
  async function expectNestingRefused(cases: readonly (readonly [slug: string, input: Json, field: string])[]): Promise<void> {
    for (const [slug, input, field] of cases) {
      const e = await refusal(slug, input);
      assert.equal(e.status, 400, `${slug}: ${e.detail}`);
      assert.match(e.detail, new RegExp(`^${field}: nesting is (too deep|deeper)`), slug);
    }
  }
  /**
   * fuzzTool as one test per slug, after a test that `valid` and `invalid` have a generator for exactly these
   * slugs; `options` may set a slug's runs or deps.
   */
  function testFuzzing(
    slugs: readonly string[],
    valid: Readonly<Record<string, fc.Arbitrary<unknown>>>,
    invalid: Readonly<Record<string, readonly [string, fc.Arbitrary<unknown>]>>,
    options: (slug: string) => { runs?: number; deps?: InvokeDeps } = () => ({}),
  ): void {
    test('every tool has a valid and an invalid generator', () => {
      assert.deepEqual(Object.keys(valid).sort(), [...slugs].sort());
      assert.deepEqual(Object.keys(invalid).sort(), [...slugs].sort());
    });
    for (const slug of slugs) {
      test(slug, async () => {
        await fuzzTool(tool(slug), valid[slug]!, invalid[slug]!, options(slug));
      });
    }
  }
  return { tool, outcome, result, refusal, testRefusals, expectNestingRefused, testFuzzing };
}
