import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { fuzzTool } from '../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import sqlFormatter from './sql-formatter.ts';

/** sql-formatter: a file of its own, as its dialect grammars take a while to load. */
const { tool, result, refusal } = moduleTools([sqlFormatter]);

describe('sql-formatter', () => {
  test('a syntax error is a 400 with line and column', async () => {
    const e = await refusal('sql-formatter', { sql: 'SELECT a FROM t WHERE (b = 1', dialect: 'postgresql' });
    assert.equal(e.status, 400);
    assert.match(e.detail, /^sql: cannot be parsed as postgresql — unexpected end of input at line 1, column 29$/);
  });

  test('sql-formatter keeps T-SQL brackets', async () => {
    const sql = await result('sql-formatter', { sql: 'select top 5 [Name] from [dbo].[Users]', dialect: 'tsql' });
    assert.equal(sql.formatted, 'SELECT\n  TOP 5 [Name]\nFROM\n  [dbo].[Users]');
  });

  test('deeply nested input is a 400, never a crash', async () => {
    const e = await refusal('sql-formatter', { sql: `SELECT ${'('.repeat(1000)}1${')'.repeat(1000)}` });
    assert.equal(e.status, 400, `sql-formatter: ${e.detail}`);
    assert.match(e.detail, new RegExp(`^sql: nesting is (too deep|deeper)`), 'sql-formatter');
  });
});

describe('property: random input never causes a 5xx; wrong types are 400s naming the field', () => {
  const text = fc.string({ maxLength: 120 });
  const valid = fc.record({ sql: text.filter((s) => s.length > 0), dialect: fc.constantFrom('sql', 'postgresql', 'mysql', 'tsql', 'bigquery', 'sqlite') });
  const [field, bad] = ['dialect', fc.constantFrom('oracle', 'access', 'SQL').map((dialect) => ({ sql: 'select 1', dialect }))];

  test('sql-formatter', async () => {
    await fuzzTool(tool('sql-formatter'), valid, [field, bad]);
  });
});
