import assert from 'node:assert/strict';
import fc from 'fast-check';
import { pino } from 'pino';
import { asToolError } from '../../src/core/errors.ts';
import { invoke, type InvokeDeps, type InvokeResult } from '../../src/core/invoke.ts';
import type { AnyTool } from '../../src/registry/define-tool.ts';

const silent = pino({ level: 'silent' });

/** Runs a tool through the real pipeline (validation, deadline, output check) without HTTP. */
export function run(tool: AnyTool, input: unknown, deps: InvokeDeps = {}): Promise<InvokeResult> {
  return invoke(tool, input, { requestId: 'test', log: silent }, deps);
}

/** For property tests: valid or not, the input never causes a 5xx. Returns the outcome or the HTTP status of the refusal. */
export async function expectNoServerError(tool: AnyTool, input: unknown, deps: InvokeDeps = {}): Promise<InvokeResult | number> {
  try {
    return await run(tool, input, deps);
  } catch (error) {
    const mapped = asToolError(error);
    assert.ok(
      mapped.status < 500,
      `${tool.operationId} gave ${mapped.status} ${mapped.code} for ${JSON.stringify(input)?.slice(0, 300)}: ${String((error as Error).stack)}`,
    );
    return mapped.status;
  }
}

/** The input is refused with a 400 whose detail names `field` (when given). */
export async function expectBadRequest(tool: AnyTool, input: unknown, field?: string, deps: InvokeDeps = {}): Promise<void> {
  await assert.rejects(run(tool, input, deps), (error: unknown) => {
    const mapped = asToolError(error);
    assert.equal(mapped.status, 400, `${tool.operationId}: expected 400, got ${mapped.status} ${mapped.code}: ${mapped.detail}`);
    if (field) assert.match(mapped.detail, new RegExp(`(^|[;\\s])${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`), mapped.detail);
    return true;
  });
}

/** A JSON value of a type no text field takes (a number, a boolean, null, an array or an object), for "the wrong type is a 400" properties. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

/** Random inputs per tool in the property tests; DEVAPI_FUZZ_RUNS raises it for a longer local fuzzing session. */
export const FUZZ_RUNS = Number(process.env.DEVAPI_FUZZ_RUNS ?? 40);

/** Property: none of the inputs `valid` generates causes a 5xx (each may be accepted or refused). */
export async function expectNoServerErrors(
  tool: AnyTool,
  valid: fc.Arbitrary<unknown>,
  { runs = FUZZ_RUNS, deps = {} }: { runs?: number; deps?: InvokeDeps } = {},
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(valid, async (input) => {
      await expectNoServerError(tool, input, deps);
    }),
    { numRuns: runs },
  );
}

/** Property: every input `invalid` generates is a 400, naming `field` when given. */
export async function expectBadRequests(
  tool: AnyTool,
  invalid: fc.Arbitrary<unknown>,
  { field, runs = 15, deps = {} }: { field?: string; runs?: number; deps?: InvokeDeps } = {},
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(invalid, async (input) => {
      await expectBadRequest(tool, input, field, deps);
    }),
    { numRuns: runs },
  );
}

/**
 * The property every tool keeps: random input of the right shape never causes a 5xx, and a wrong value of
 * `field` is a 400 naming it.
 */
export async function fuzzTool(
  tool: AnyTool,
  valid: fc.Arbitrary<unknown>,
  [field, invalid]: readonly [string, fc.Arbitrary<unknown>],
  { runs = FUZZ_RUNS, deps = {} }: { runs?: number; deps?: InvokeDeps } = {},
): Promise<void> {
  await expectNoServerErrors(tool, valid, { runs, deps });
  await expectBadRequests(tool, invalid, { field, deps });
}
