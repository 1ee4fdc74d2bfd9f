import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { defineTool } from '../registry/define-tool.ts';
import { ToolError } from './errors.ts';
import { invoke } from './invoke.ts';

test("an output its schema refuses is a 500 internal_error, the issues logged and the credit refunded; a valid one is the schema's parse", async () => {
  const declare = (output: unknown) =>
    defineTool({
      module: 'text-utilities',
      slug: 'output-probe',
      title: 'Output probe',
      description: 'A tool declared only by this test.',
      keywords: ['probe'],
      examples: [],
      input: () => z.object({}),
      output: () => z.object({ count: z.number(), unit: z.string().default('items') }),
      run: () => output as { count: number },
    });
  const logged: unknown[] = [];
  const log = { error: (fields: unknown) => void logged.push(fields), warn() {}, info() {}, debug() {} };
  const settled: string[] = [];
  const gate = () => ({ commit: () => void settled.push('commit'), refund: () => void settled.push('refund') });

  await assert.rejects(
    invoke(declare({ count: 'three' }), {}, { requestId: 'r1', log }, { gate }),
    (error: unknown) => error instanceof ToolError && error.code === 'internal_error' && error.status === 500 && /invalid result/.test(error.detail),
  );
  assert.deepEqual(settled, ['refund']);
  assert.equal(logged.length, 1);
  assert.match(JSON.stringify(logged[0]), /textUtilities\.outputProbe.*count/);

  const { result } = await invoke(declare({ count: 3 }), {}, { requestId: 'r2', log }, { gate });
  assert.deepEqual(result, { count: 3, unit: 'items' }, 'the default the schema fills in');
  assert.deepEqual(settled, ['refund', 'commit']);
});
