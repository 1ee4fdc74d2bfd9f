import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** One set of migrations for SQLite and PostgreSQL (Kysely's schema builder speaks both). */
export const migrations: Record<string, Migration> = {
  '0001_accounts_keys_usage': {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('webhook_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('lookup', 'text', (c) => c.notNull().unique())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('allowed_tools', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
      await db.schema
        .createTable('usage')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_pk', ['account_id', 'period'])
        .execute();
      await db.schema
        .createTable('reservations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rate_windows')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('rate_windows_pk', ['account_id', 'window_start'])
        .execute();
      await db.schema
        .createTable('verification_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
    },
  },
  '0003_files': {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('files')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text')
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_expires').on('files').column('expires_at').execute();
    },
  },
  '0002_mcp_runs': {
    async up(db: Kysely<unknown>): Promise<void> {
      // MCP async runs (docs/contract.md "MCP"): they outlive the process that accepted them.
      await db.schema
        .createTable('mcp_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('tool', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('result_status', 'text')
        .addColumn('result', 'text')
        .addColumn('error', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('mcp_runs_status').on('mcp_runs').columns(['status', 'lease_expires_at']).execute();
      await db.schema.createIndex('mcp_runs_account').on('mcp_runs').column('account_id').execute();
      // dataRef payloads of job reports, read back by fetch_payload until they expire.
      await db.schema
        .createTable('mcp_payloads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mcp_payloads_expires').on('mcp_payloads').column('expires_at').execute();
      // The mcp.job.finished webhook secret, AES-256-GCM encrypted (accounts.webhook_url holds the URL).
      await db.schema.alterTable('accounts').addColumn('webhook_secret', 'text').execute();
    },
  },
  '0004_instances': {
    async up(db: Kysely<unknown>): Promise<void> {
      // Each running process and its heartbeat: a credit reservation names its owner, and only the reservations of
      // owners that are gone are refunded (another live process on the same data dir or database keeps its own).
      await db.schema
        .createTable('instances')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('process', 'text', (c) => c.notNull())
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('reservations').addColumn('owner', 'text').execute();
    },
  },
  '0005_idempotency': {
    async up(db: Kysely<unknown>): Promise<void> {
      // Idempotency-Key: one row per account and key while it runs, then the response to replay (docs/api.md).
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('response', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();
    },
  },
  '0006_web': {
    async up(db: Kysely<unknown>): Promise<void> {
      // The web dashboard (docs/architecture.md "Web"): sessions, one-time sign-in links, mail throttles, the
      // account's status, and per-day usage counters per account and tool (one row per day and tool, not per call).
      await db.schema
        .createTable('web_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text')
        .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('web_sessions_account').on('web_sessions').column('account_id').execute();
      await db.schema
        .createTable('login_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('web_throttle')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('web_throttle_pk', ['bucket', 'window_start'])
        .execute();
      await db.schema
        .createTable('usage_daily')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('tool', 'text', (c) => c.notNull())
        .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_daily_pk', ['account_id', 'day', 'tool'])
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .execute();
      await db.schema.alterTable('accounts').addColumn('status_reason', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();
    },
  },
  '0007_credit_leases': {
    async up(db: Kysely<unknown>): Promise<void> {
      // PostgreSQL metering (accounts/leases.ts, docs/architecture.md "Metering"): a block of credits an
      // instance took from the usage row, and how much of it calls have spent; the rest goes back to the row.
      await db.schema
        .createTable('credit_leases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('granted', 'integer', (c) => c.notNull())
        .addColumn('spent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('credit_leases_account').on('credit_leases').columns(['account_id', 'period']).execute();
    },
  },
};
