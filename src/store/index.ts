import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type QueryResult } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrations } from './migrations.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * A unit of work written once for both dialects: it yields queries compiled with Kysely and receives
 * their results, e.g. `const { rows } = yield db.updateTable(…).returning('used').compile()`.
 */
/** The statements of a unit of work, one at a time, each answered with its result. */
export type Steps<T> = Generator<CompiledQuery, T, QueryResult<Record<string, unknown>>>;
export type Work<T> = (db: Kysely<Database>) => Steps<T>;

/** The state port: one Kysely database, SQLite embedded by default or PostgreSQL at scale. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /**
   * Runs `work` atomically. SQLite runs it synchronously (no other request interleaves while the single
   * connection is held) and commits the work of one event-loop turn together; PostgreSQL runs it in a
   * transaction of its own. Either way the promise settles after the commit.
   */
  atomically<T>(work: Work<T>): Promise<T>;
  /**
   * Runs one statement on its own: on SQLite in the group commit of this event-loop turn, on PostgreSQL as one
   * round trip. The statement is built when it runs (on SQLite, at the group commit), so it can write what
   * happened until then; if the batch is run again after a failure, it is built again.
   */
  executeOne(statement: () => CompiledQuery): Promise<QueryResult<Record<string, unknown>>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function createStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Store> {
  const embedded = config.databaseUrl ? undefined : openSqlite(config.dataDir);
  const db = new Kysely<Database>({
    dialect: embedded ? new SqliteDialect({ database: embedded }) : postgres(config.databaseUrl as string),
  });
  await migrate(db);
  return {
    db,
    dialect: embedded ? 'sqlite' : 'postgres',
    atomically: embedded ? (work) => embedded.atomically(work, db) : (work) => inTransaction(db, work),
    executeOne: embedded
      ? (statement) =>
          embedded.atomically(function* (): Steps<QueryResult<Record<string, unknown>>> {
            return yield statement();
          }, db)
      : (statement) => db.executeQuery(statement() as CompiledQuery<Record<string, unknown>>),
    ping: async () => {
      await db.selectFrom('settings').select('name').limit(1).execute();
      return true;
    },
    close: () => db.destroy(),
  };
}

interface EmbeddedSqlite {
  prepare(text: string): SqliteDatabase.Statement;
  close(): void;
  atomically<T>(work: Work<T>, db: Kysely<Database>): Promise<T>;
}

function openSqlite(dataDir: string): EmbeddedSqlite {
  mkdirSync(dataDir, { recursive: true });
  const database = new SqliteDatabase(path.join(dataDir, 'toolapi.sqlite'));
  database.pragma('journal_mode = WAL');
  // NORMAL is durable across a process crash in WAL mode (only an OS crash can lose the last commits).
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  // Kysely prepares every statement it runs; the hot path (keys, credits) repeats a handful of SQL
  // texts, so prepared statements are kept per text instead of being compiled again on each call.
  const prepared = new Map<string, SqliteDatabase.Statement>();
  const prepare = (text: string): SqliteDatabase.Statement => {
    let statement = prepared.get(text);
    if (!statement) {
      statement = database.prepare(text);
      if (prepared.size < 500) prepared.set(text, statement);
    }
    return statement;
  };
  const execute = (query: CompiledQuery): QueryResult<Record<string, unknown>> => {
    const statement = prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as Record<string, unknown>[] };
    const { changes } = statement.run(parameters);
    return { rows: [], numAffectedRows: BigInt(changes) };
  };
  // Group commit: the units of work that arrive within one turn of the event loop share a single
  // transaction (one WAL write instead of one per call). A unit that throws rolls the batch back; the batch then
  // runs again one unit per transaction, so only that unit fails (units are generators of statements, safe to
  // run again). Callers get their result only after the commit.
  let queue: { work: Work<unknown>; db: Kysely<Database>; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const runSteps = (work: Work<unknown>, db: Kysely<Database>): unknown => {
    const steps = work(db);
    let step = steps.next();
    while (!step.done) step = steps.next(execute(step.value));
    return step.value;
  };
  const runOne = database.transaction(runSteps);
  const runBatch = database.transaction((batch: typeof queue) => batch.map(({ work, db }) => runSteps(work, db)));
  const settle = (batch: typeof queue): void => {
    let values: unknown[];
    try {
      values = runBatch.immediate(batch);
    } catch (error) {
      // The database stayed locked (by another process) past busy_timeout: every unit would wait again, so all fail now.
      if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
        for (const { reject } of batch) reject(error);
        return;
      }
      for (const { work, db, resolve, reject } of batch) {
        try {
          resolve(runOne.immediate(work, db));
        } catch (error) {
          reject(error);
        }
      }
      return;
    }
    values.forEach((value, i) => batch[i]?.resolve(value));
  };
  return {
    prepare,
    close: () => database.close(),
    atomically<T>(work: Work<T>, db: Kysely<Database>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) {
          setImmediate(() => {
            const batch = queue;
            queue = [];
            settle(batch);
          });
        }
        queue.push({ work: work as Work<unknown>, db, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}

async function inTransaction<T>(db: Kysely<Database>, work: Work<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const steps = work(db);
    let step = steps.next();
    while (!step.done) step = steps.next((await trx.executeQuery(step.value)) as QueryResult<Record<string, unknown>>);
    return step.value;
  });
}

function postgres(url: string): PostgresDialect {
  return new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) });
}

/**
 * Instances starting together race to create the migrator's own tables on an empty database; the loser
 * sees a duplicate-table error and succeeds on the next try, once the winner holds the migration lock.
 */
async function migrate(db: Kysely<Database>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  for (let attempt = 1; ; attempt++) {
    let error: unknown;
    try {
      ({ error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest());
    } catch (thrown) {
      error = thrown;
    }
    if (!error) return;
    if (attempt >= 5) throw new Error(`store migration failed: ${error instanceof Error ? error.message : String(error)}`);
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}
