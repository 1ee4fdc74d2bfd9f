import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
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

  test('sql-validator: SQLite accepts an empty IN list (sqlite.org/lang_expr.html); PostgreSQL and MySQL do not', async () => {
    // The oracle is SQLite itself (node:sqlite): preparing a statement parses it without running it.
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (a, b)');
    const sqliteAccepts = (sql: string): boolean => {
      try {
        db.prepare(sql);
        return true;
      } catch {
        return false;
      }
    };
    const cases = [
      'SELECT * FROM t WHERE a IN ()',
      'SELECT * FROM t WHERE a NOT IN ( /* none */ ) AND b in()',
      "SELECT 'x IN ()' FROM t WHERE a IN (\n)",
      'SELECT * FROM t WHERE a IN () ORDER x',
    ];
    for (const sql of cases) {
      const r = await result('sql-validator', { sql, dialect: 'sqlite' });
      assert.equal(r.valid, sqliteAccepts(sql), sql);
    }
    db.close();
    // An error after a filled list is placed in the text as sent: "x" is at line 2, column 19 (offset 35 + 1 + 18).
    const after = await result('sql-validator', { sql: "SELECT 'IN ()' FROM t WHERE a IN ()\nAND b IN () ORDER x", dialect: 'sqlite' });
    assert.deepEqual([(after.error as Json).line, (after.error as Json).column, (after.error as Json).offset, (after.error as Json).found], [2, 19, 54, 'x']);
    // PostgreSQL (`expression IN (value [, ...])`) and MySQL (`expr IN (value,...)`) need at least one value.
    for (const dialect of ['postgresql', 'mysql']) {
      const r = await result('sql-validator', { sql: 'SELECT * FROM t WHERE a IN ()', dialect });
      assert.equal(r.valid, false, dialect);
      assert.equal((r.error as Json).column, 29, dialect);
    }
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
