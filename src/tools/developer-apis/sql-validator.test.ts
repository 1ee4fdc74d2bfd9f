import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { fuzzTool } from '../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import sqlValidator from './sql-validator.ts';

/** sql-validator: a file of its own, as node-sql-parser loads a grammar per dialect. */
const { tool, result } = moduleTools([sqlValidator]);
type Json = Record<string, unknown>;

describe('sql-validator', () => {
  test('sql-validator: valid and invalid statements in several dialects', async () => {
    const ok = await result('sql-validator', { sql: 'UPDATE accounts SET balance = balance - 10 WHERE id = 7; DELETE FROM sessions', dialect: 'postgresql' });
    assert.equal(ok.valid, true);
    assert.deepEqual(ok.statements, [{ type: 'update' }, { type: 'delete' }]);
    const bad = await result('sql-validator', { sql: "SELECT *\nFROM users\nWHERE name = 'x' ORDER id", dialect: 'sqlite' });
    assert.equal(bad.valid, false);
    const error = bad.error as Json;
    assert.equal(error.line, 3);
    assert.equal(error.found, 'id');
    const tsql = await result('sql-validator', { sql: 'SELECT TOP 3 [Name] FROM [dbo].[Users]', dialect: 'tsql' });
    assert.equal(tsql.valid, true);
  });
});

describe('property: random input never causes a 5xx; wrong types are 400s naming the field', () => {
  const text = fc.string({ maxLength: 120 });
  const valid = fc.record({ sql: text.filter((s) => s.length > 0), dialect: fc.constantFrom('mysql', 'postgresql', 'sqlite', 'tsql') });
  const [field, bad] = ['sql', fc.constantFrom('').map((sql) => ({ sql }))];

  test('sql-validator', async () => {
    await fuzzTool(tool('sql-validator'), valid, [field, bad]);
  });
});
