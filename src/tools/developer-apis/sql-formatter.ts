import type { SqlLanguage } from 'sql-formatter';
import type * as SqlFormatter from 'sql-formatter';
import { lazy } from '../../lib/lazy.ts';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { bracketDepth, isStackOverflow, messageOf, sourceField, syntaxError, tooDeep } from './lib/source.ts';

const sqlFormatter = lazy<typeof SqlFormatter>('sql-formatter');

/** The formatter's parser slows down sharply with nesting (1,000 levels take seconds). */
const MAX_SQL_DEPTH = 100;

export const SQL_FORMAT_DIALECTS = [
  'sql',
  'postgresql',
  'mysql',
  'mariadb',
  'sqlite',
  'tsql',
  'bigquery',
  'snowflake',
  'redshift',
  'plsql',
  'db2',
  'db2i',
  'duckdb',
  'hive',
  'spark',
  'trino',
  'clickhouse',
  'n1ql',
  'singlestoredb',
  'tidb',
] as const satisfies readonly SqlLanguage[];

export default defineTool({
  module: 'developer-apis',
  slug: 'sql-formatter',
  cpu: 'always',
  title: 'SQL formatter',
  description:
    'Formats SQL queries for readability with sql-formatter: clauses on their own lines, indented sub-queries and CASE blocks, one column per line, optional keyword case change. ' +
    'Dialect-aware (standard SQL, PostgreSQL, MySQL, MariaDB, SQLite, SQL Server T-SQL, BigQuery, Snowflake, Redshift, Oracle PL/SQL, DB2, DuckDB, Hive, Spark, Trino, ClickHouse and more), ' +
    'so quoting, operators and parameters of that dialect are understood. Input the formatter cannot parse is a 400 with line and column. Multiple statements are kept, separated by blank lines.',
  keywords: ['sql', 'format', 'beautify', 'pretty print', 'query', 'postgresql', 'mysql', 'tsql', 'bigquery'],
  input: () =>
    z.object({
      sql: sourceField('The SQL to format', 100_000),
      dialect: z.enum(SQL_FORMAT_DIALECTS).optional().describe('SQL dialect. Default sql (standard).'),
      keywordCase: z.enum(['preserve', 'upper', 'lower']).optional().describe('Case of keywords. Default upper.'),
      indent: z.number().int('a whole number').min(1, 'at least 1').max(8, 'at most 8').optional().describe('Spaces per indent level (1–8). Default 2.'),
      useTabs: z.boolean().optional().describe('Indent with tabs instead of spaces. Default false.'),
      linesBetweenQueries: z.number().int('a whole number').min(0).max(5, 'at most 5').optional().describe('Blank lines between statements (0–5). Default 1.'),
    }),
  output: () =>
    z.object({
      formatted: z.string(),
      lines: z.number(),
      statements: z.number().describe('Statements found (separated by ;)'),
    }),
  examples: [
    {
      title: 'PostgreSQL query with a sub-query',
      input: {
        sql: "select u.id, u.name, count(o.id) as orders from users u left join orders o on o.user_id = u.id where u.created_at > now() - interval '30 days' and u.id in (select user_id from vip) group by u.id, u.name order by orders desc limit 10",
        dialect: 'postgresql',
      },
      output: {
        formatted:
          "SELECT\n  u.id,\n  u.name,\n  COUNT(o.id) AS orders\nFROM\n  users u\n  LEFT JOIN orders o ON o.user_id = u.id\nWHERE\n  u.created_at > NOW() - INTERVAL '30 days'\n  AND u.id IN (\n    SELECT\n      user_id\n    FROM\n      vip\n  )\nGROUP BY\n  u.id,\n  u.name\nORDER BY\n  orders DESC\nLIMIT\n  10",
        lines: 22,
        statements: 1,
      },
    },
    {
      title: 'two MySQL statements, lowercase keywords',
      input: { sql: 'INSERT INTO t (a,b) VALUES (1,`x`); UPDATE t SET a=2 WHERE b=`x`;', dialect: 'mysql', keywordCase: 'lower' },
      output: {
        formatted: 'insert into\n  t (a, b)\nvalues\n  (1, `x`);\n\nupdate t\nset\n  a = 2\nwhere\n  b = `x`;',
        lines: 10,
        statements: 2,
      },
    },
  ],
  run: ({ sql, dialect = 'sql', keywordCase = 'upper', indent, useTabs, linesBetweenQueries }) => {
    if (bracketDepth(sql, { lineComments: '--' }) > MAX_SQL_DEPTH) throw tooDeep('sql', MAX_SQL_DEPTH);
    let formatted: string;
    try {
      formatted = sqlFormatter().format(sql, {
        language: dialect,
        keywordCase,
        functionCase: keywordCase,
        dataTypeCase: keywordCase,
        tabWidth: indent ?? 2,
        useTabs: useTabs ?? false,
        linesBetweenQueries: linesBetweenQueries ?? 1,
      });
    } catch (error) {
      if (isStackOverflow(error)) throw tooDeep('sql', MAX_SQL_DEPTH);
      const message = messageOf(error).split('\n')[0] ?? '';
      const at = /at line (\d+) column (\d+)/.exec(message);
      const what = message
        .replace(/^Parse error:?\s*/i, '')
        .replace(/\s*at line \d+ column \d+.*$/, '')
        .replace(/^at token: «EOF»$/, 'unexpected end of input')
        .replace(/^at token: (.*)$/, 'unexpected token $1');
      throw syntaxError('sql', `cannot be parsed as ${dialect} — ${what || 'syntax error'}`, at ? { line: Number(at[1]), column: Number(at[2]) } : undefined);
    }
    const statements = formatted.split(/;\s*(?:\n|$)/).filter((s) => s.trim() !== '').length;
    return { formatted, lines: formatted.split('\n').length, statements };
  },
});
