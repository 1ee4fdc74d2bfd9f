import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { messageOf } from './lib/source.ts';

const MAX_SQL_CHARS = 30_000;

/** Our dialect names → node-sql-parser's grammar builds (one ~300 kB parser each, loaded on first use). */
const GRAMMAR = {
  mysql: 'mysql',
  mariadb: 'mariadb',
  postgresql: 'postgresql',
  sqlite: 'sqlite',
  tsql: 'transactsql',
  bigquery: 'bigquery',
  snowflake: 'snowflake',
  redshift: 'redshift',
  db2: 'db2',
  hive: 'hive',
  trino: 'trino',
  athena: 'athena',
  flinksql: 'flinksql',
} as const;
type Dialect = keyof typeof GRAMMAR;
/** Every build exports the same Parser class; mysql's typings stand for all of them. */
const loadGrammar = (dialect: Dialect): Promise<{ default: typeof import('node-sql-parser/build/mysql.js') }> =>
  import(`node-sql-parser/build/${GRAMMAR[dialect]}.js`);
const DIALECTS = Object.keys(GRAMMAR) as [Dialect, ...Dialect[]];

interface PegExpectation {
  type: string;
  text?: string;
  description?: string;
}
interface PegError {
  name?: string;
  found?: string | null;
  expected?: PegExpectation[] | null;
  location?: { start: { offset: number; line: number; column: number } };
}

function splitEntry(entry: string): [string, string | null, string] {
  const [operation = '', middle = 'null', last = ''] = entry.split('::');
  return [operation, middle === 'null' ? null : middle, last];
}

function expectedTokens(expected: PegExpectation[] | null | undefined): string[] {
  const out = new Set<string>();
  for (const e of expected ?? []) {
    if (e.text === '/*' || e.text === '--' || e.text === '#') continue; // comments are allowed almost anywhere
    if (e.type === 'literal' && e.text && /^[A-Za-z_]/.test(e.text)) out.add(e.text.toUpperCase());
    else if (e.type === 'literal' && e.text) out.add(e.text);
    else if (e.type === 'end') out.add('end of input');
    if (out.size >= 15) break;
  }
  return [...out];
}

/** Where `text` goes on after whitespace and comments (`--` to the end of the line, `/* … *\/`). */
function afterTrivia(text: string, from: number): number {
  let i = from;
  for (;;) {
    if (' \t\n\f\r'.includes(text[i] ?? '-')) i++;
    else if (text.startsWith('--', i)) i = text.includes('\n', i) ? text.indexOf('\n', i) + 1 : text.length;
    else if (text.startsWith('/*', i)) i = text.includes('*/', i + 2) ? text.indexOf('*/', i + 2) + 2 : text.length;
    else return i;
  }
}

const FILLER = 'NULL';

/**
 * SQLite accepts an empty list after IN and NOT IN (`x IN ()` is false, `x NOT IN ()` true: sqlite.org/lang_expr.html,
 * "The IN and NOT IN operators"); node-sql-parser's sqlite grammar wants at least one value. Each empty list gets a
 * NULL to parse, outside strings, quoted names and comments; `at` lists where each one went in the new text.
 */
function fillEmptyInLists(sql: string): { text: string; at: number[] } {
  const at: number[] = [];
  let text = '';
  let copied = 0;
  const closers: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']' };
  for (let i = 0; i < sql.length; ) {
    const c = sql[i]!;
    const closer = closers[c];
    if (closer !== undefined) {
      const end = sql.indexOf(closer, i + 1);
      i = end < 0 ? sql.length : end + 1;
    } else if (sql.startsWith('--', i) || sql.startsWith('/*', i)) i = afterTrivia(sql, i);
    else if (/[\p{L}\p{N}_$]/u.test(c)) {
      const wordAt = /[\p{L}\p{N}_$]+/uy;
      wordAt.lastIndex = i;
      const word = wordAt.exec(sql)![0];
      i += word.length;
      if (word.toLowerCase() !== 'in') continue;
      const open = afterTrivia(sql, i);
      if (sql[open] !== '(' || sql[afterTrivia(sql, open + 1)] !== ')') continue;
      text += sql.slice(copied, open + 1);
      at.push(text.length);
      text += FILLER;
      copied = open + 1;
      i = open + 1;
    } else i++;
  }
  return { text: text + sql.slice(copied), at };
}

/** An offset in the filled text, back in the text as sent (a filler counts as the `)` after it). */
function originalOffset(offset: number, at: number[]): number {
  let shift = 0;
  for (const p of at) {
    if (offset >= p + FILLER.length) shift += FILLER.length;
    else if (offset >= p) shift += offset - p;
  }
  return offset - shift;
}

const tableSchema = z.object({ operation: z.string(), schema: z.string().nullable(), table: z.string() });
const columnSchema = z.object({ operation: z.string(), table: z.string().nullable(), column: z.string().describe('"*" for a star') });

export default defineTool({
  module: 'developer-apis',
  slug: 'sql-validator',
  cpu: 'always',
  title: 'SQL syntax validator',
  description:
    'Checks SQL syntax with a real parser (node-sql-parser grammars for MySQL, MariaDB, PostgreSQL, SQLite, SQL Server T-SQL, BigQuery, Snowflake, Redshift, DB2, Hive, Trino, Athena and Flink SQL). ' +
    "Valid input returns each statement's type and the tables and columns it touches (with the operation: select, insert, update, delete…); invalid input returns valid: false with the first error's line, column, " +
    'what was found and what the grammar expected there. Syntax only: it does not check that tables or columns exist. An invalid query is a normal 200 answer.',
  keywords: ['sql', 'validate', 'syntax check', 'lint', 'parser', 'postgresql', 'mysql', 'tsql', 'query checker'],
  input: () =>
    z.object({
      sql: z
        .string()
        .min(1, 'must not be empty')
        .max(MAX_SQL_CHARS, `at most ${MAX_SQL_CHARS.toLocaleString('en')} characters`)
        .describe(`One or more SQL statements separated by ; (up to ${MAX_SQL_CHARS.toLocaleString('en')} characters)`),
      dialect: z.enum(DIALECTS).optional().describe('SQL dialect whose grammar to use. Default mysql.'),
    }),
  output: () =>
    z.object({
      valid: z.boolean(),
      dialect: z.string(),
      error: z
        .object({
          message: z.string(),
          line: z.number(),
          column: z.number(),
          offset: z.number(),
          found: z.string().nullable().describe('The text found at the error, null at end of input'),
          expected: z.array(z.string()).describe('Some keywords or symbols the grammar accepts there'),
        })
        .nullable(),
      statements: z.array(z.object({ type: z.string().describe('select, insert, update, delete, create, alter, drop, …') })),
      tables: z.array(tableSchema),
      columns: z.array(columnSchema),
    }),
  examples: [
    {
      title: 'valid PostgreSQL query: tables and columns',
      input: { sql: 'SELECT u.id, u.email FROM public.users u JOIN orders o ON o.user_id = u.id WHERE o.total > 100', dialect: 'postgresql' },
      output: {
        valid: true,
        dialect: 'postgresql',
        error: null,
        statements: [{ type: 'select' }],
        tables: [
          { operation: 'select', schema: 'public', table: 'users' },
          { operation: 'select', schema: null, table: 'orders' },
        ],
        columns: [
          { operation: 'select', table: 'users', column: 'id' },
          { operation: 'select', table: 'users', column: 'email' },
          { operation: 'select', table: 'orders', column: 'user_id' },
          { operation: 'select', table: 'orders', column: 'total' },
        ],
      },
    },
    {
      title: 'syntax error: position and expectation',
      input: { sql: 'SELECT id, name\nFROM users\nWHERE id = 1 AND', dialect: 'mysql' },
      output: {
        valid: false,
        dialect: 'mysql',
        error: {
          message: 'Unexpected end of input at line 3, column 17',
          line: 3,
          column: 17,
          offset: 43,
          found: null,
          expected: [
            'INTERVAL',
            'COUNT',
            'GROUP_CONCAT',
            'SUM',
            'MAX',
            'MIN',
            'AVG',
            'MATCH',
            'EXTRACT',
            'DATE_TRUNC',
            'TRIM',
            'CONVERT',
            'CURRENT_DATE',
            'CURRENT_TIME',
            'CURRENT_TIMESTAMP',
          ],
        },
        statements: [],
        tables: [],
        columns: [],
      },
    },
  ],
  run: async ({ sql, dialect = 'mysql' }) => {
    const { Parser } = (await loadGrammar(dialect)).default;
    const parser = new Parser();
    const option = { database: GRAMMAR[dialect] };
    const filled = dialect === 'sqlite' ? fillEmptyInLists(sql) : { text: sql, at: [] };
    try {
      const parsed = parser.parse(filled.text, option);
      const asts = (Array.isArray(parsed.ast) ? parsed.ast : [parsed.ast]) as { type?: string }[];
      const tables = [...new Set(parsed.tableList)].map((entry) => {
        const [operation, schema, table] = splitEntry(entry);
        return { operation, schema, table };
      });
      const columns = [...new Set(parsed.columnList)].map((entry) => {
        const [operation, table, column] = splitEntry(entry);
        return { operation, table, column: column === '(.*)' ? '*' : column };
      });
      return {
        valid: true,
        dialect,
        error: null,
        statements: asts.map((a) => ({ type: String(a.type ?? 'unknown') })),
        tables,
        columns,
      };
    } catch (error) {
      const e = error as PegError;
      const reported = e.location?.start;
      // Positions are of the text parsed; peg counts lines at \n and columns in UTF-16 units from 1.
      const offset = reported && originalOffset(reported.offset, filled.at);
      const loc =
        reported && offset !== undefined && filled.at.length > 0
          ? { offset, line: sql.slice(0, offset).split('\n').length, column: offset - (offset === 0 ? -1 : sql.lastIndexOf('\n', offset - 1)) }
          : reported;
      if (!loc) {
        // The grammar accepted it but building the AST failed: report at the start.
        return {
          valid: false,
          dialect,
          error: { message: messageOf(error).split('\n')[0] ?? 'invalid SQL', line: 1, column: 1, offset: 0, found: null, expected: [] },
          statements: [],
          tables: [],
          columns: [],
        };
      }
      // peg reports one character; show the whole word (or symbol) that starts there.
      const found =
        e.found === null || e.found === undefined ? null : (/^(?:[\p{L}\p{N}_$]+|\S)/u.exec(sql.slice(loc.offset, loc.offset + 40))?.[0] ?? e.found);
      const where = `at line ${loc.line}, column ${loc.column}`;
      return {
        valid: false,
        dialect,
        error: {
          message: `${found === null ? 'Unexpected end of input' : `Unexpected "${found}"`} ${where}`,
          line: loc.line,
          column: loc.column,
          offset: loc.offset,
          found,
          expected: expectedTokens(e.expected),
        },
        statements: [],
        tables: [],
        columns: [],
      };
    }
  },
});
