import { randomUUID } from 'node:crypto';
import type { Store } from '../store/index.ts';
import type { Database } from '../store/schema.ts';
import { redactInput } from './report.ts';

function redactRequest(request: Record<string, unknown>): Record<string, unknown> {
  const input = request.input;
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...request, input: redactInput(input as Record<string, unknown>) } : request;
}

/**
 * Async runs (docs/contract.md "MCP") and dataRef payloads, in the store so they survive a restart and any
 * instance can answer get_run / fetch_payload. A run is `accepted` until the instance executing it
 * finishes it; that instance holds a lease it renews while it works, so a run whose executor died can be
 * told from one still in progress and ended as `error` instead of staying `accepted` forever.
 */
export type RunStatus = 'accepted' | 'completed' | 'partial' | 'error';

/** The `tool` of a REST async job (one tool call, http/jobs.ts); the other runs name the MCP meta-tool. */
export const TOOL_CALL_RUN = 'tool_call';

/** Finished runs are kept this long for get_run (and as MCP tasks, their ttl). */
export const RUN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface RunRecord {
  runId: string;
  accountId: string;
  keyId: string;
  tool: string;
  request: Record<string, unknown>;
  status: RunStatus;
  resultStatus: string | null;
  result: unknown;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface RunOutcome {
  status: Exclude<RunStatus, 'accepted'>;
  resultStatus: string | null;
  result: unknown;
  error?: string | null;
}

export interface RunStore {
  create(input: { accountId: string; keyId: string; tool: string; request: Record<string, unknown> }): Promise<RunRecord>;
  /** Takes the run for `owner` if it is accepted and nobody holds a live lease on it. */
  claim(runId: string, owner: string, leaseMs: number): Promise<RunRecord | undefined>;
  renew(runId: string, owner: string, leaseMs: number): Promise<void>;
  /** Records the outcome if `owner` still holds the run; false when it was taken away (ended as interrupted). */
  finish(runId: string, owner: string, outcome: RunOutcome): Promise<boolean>;
  /** The run, only for its own account. */
  get(runId: string, accountId: string): Promise<RunRecord | undefined>;
  /** The account's runs, newest first (MCP resources/list pages through them). */
  list(accountId: string, offset: number, limit: number): Promise<RunRecord[]>;
  /**
   * Ends accepted runs that can no longer finish: `all` (embedded mode after a restart: the only process
   * is this one), `expired` (a lease that was not renewed in time), `owner` (this instance's own, at shutdown).
   */
  failInterrupted(
    scope: { kind: 'all' } | { kind: 'expired' } | { kind: 'owner'; owner: string } | { kind: 'unclaimed'; olderThan: Date },
    reason: string,
  ): Promise<number>;
  /** Accepted runs nobody has claimed since before the date (a queue message lost with the instance that fetched it). */
  unclaimed(olderThan: Date): Promise<RunRecord[]>;
  /** Removes finished runs older than the date. */
  prune(olderThan: Date): Promise<number>;
}

/** What happens to runs, for metrics (http/metrics.ts): a run accepted, runs finished with a status. */
export interface RunEvents {
  accepted(tool: string): void;
  finished(status: Exclude<RunStatus, 'accepted'>, count: number): void;
}

export interface PayloadStore {
  save(accountId: string, payload: unknown, ttlMs: number): Promise<{ dataRefId: string; expiresAt: string }>;
  read(accountId: string, dataRefId: string): Promise<{ payload: unknown; expiresAt: string } | undefined>;
  prune(): Promise<number>;
}

const COLUMNS = ['id', 'account_id', 'key_id', 'tool', 'request', 'status', 'result_status', 'result', 'error', 'created_at', 'finished_at'] as const;

/** The columns a run record is read from, typed by the schema (store/schema.ts). */
type RunRow = Pick<Database['mcp_runs'], (typeof COLUMNS)[number]>;

function toRecord(row: RunRow): RunRecord {
  return {
    runId: row.id,
    accountId: row.account_id,
    keyId: row.key_id,
    tool: row.tool,
    request: JSON.parse(row.request) as Record<string, unknown>,
    status: row.status as RunStatus,
    resultStatus: row.result_status,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export function createRunStore(store: Store, now: () => Date, events?: RunEvents): RunStore {
  const { db } = store;
  const iso = (offsetMs = 0): string => new Date(now().getTime() + offsetMs).toISOString();
  return {
    async create({ accountId, keyId, tool, request }) {
      const at = iso();
      const row: RunRow = {
        id: `run_${randomUUID()}`,
        account_id: accountId,
        key_id: keyId,
        tool,
        request: JSON.stringify(request),
        status: 'accepted',
        result_status: null,
        result: null,
        error: null,
        created_at: at,
        finished_at: null,
      };
      await db
        .insertInto('mcp_runs')
        .values({ ...row, lease_owner: null, lease_expires_at: null, updated_at: at })
        .execute();
      events?.accepted(tool);
      return toRecord(row);
    },
    async claim(runId, owner, leaseMs) {
      const at = iso();
      const updated = await db
        .updateTable('mcp_runs')
        .set({ lease_owner: owner, lease_expires_at: iso(leaseMs), updated_at: at })
        .where('id', '=', runId)
        .where('status', '=', 'accepted')
        .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_expires_at', '<', at)]))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return undefined;
      const row = await db.selectFrom('mcp_runs').select(COLUMNS).where('id', '=', runId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async renew(runId, owner, leaseMs) {
      await db
        .updateTable('mcp_runs')
        .set({ lease_expires_at: iso(leaseMs), updated_at: iso() })
        .where('id', '=', runId)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'accepted')
        .execute();
    },
    async finish(runId, owner, outcome) {
      const at = iso();
      const current = await db.selectFrom('mcp_runs').select('request').where('id', '=', runId).executeTakeFirst();
      const request = current ? (JSON.parse(current.request) as Record<string, unknown>) : {};
      const updated = await db
        .updateTable('mcp_runs')
        .set({
          // The request is needed only to execute; what stays is its redacted form (no secrets at rest).
          request: JSON.stringify(redactRequest(request)),
          status: outcome.status,
          result_status: outcome.resultStatus,
          result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
          error: outcome.error ?? null,
          finished_at: at,
          updated_at: at,
          lease_expires_at: null,
        })
        .where('id', '=', runId)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'accepted')
        .executeTakeFirst();
      const finished = Number(updated.numUpdatedRows) === 1;
      if (finished) events?.finished(outcome.status, 1);
      return finished;
    },
    async get(runId, accountId) {
      const row = await db.selectFrom('mcp_runs').select(COLUMNS).where('id', '=', runId).where('account_id', '=', accountId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async list(accountId, offset, limit) {
      const rows = await db
        .selectFrom('mcp_runs')
        .select(COLUMNS)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
    async failInterrupted(scope, reason) {
      const at = iso();
      let query = db
        .updateTable('mcp_runs')
        .set({ status: 'error', result_status: 'error', error: reason, finished_at: at, updated_at: at, lease_expires_at: null })
        .where('status', '=', 'accepted');
      if (scope.kind === 'expired') query = query.where('lease_expires_at', 'is not', null).where('lease_expires_at', '<', at);
      if (scope.kind === 'owner') query = query.where('lease_owner', '=', scope.owner);
      if (scope.kind === 'unclaimed') query = query.where('lease_owner', 'is', null).where('created_at', '<', scope.olderThan.toISOString());
      const updated = await query.executeTakeFirst();
      const ended = Number(updated.numUpdatedRows);
      if (ended > 0) events?.finished('error', ended);
      return ended;
    },
    async unclaimed(olderThan) {
      const rows = await db
        .selectFrom('mcp_runs')
        .select(COLUMNS)
        .where('status', '=', 'accepted')
        .where('lease_owner', 'is', null)
        .where('created_at', '<', olderThan.toISOString())
        .limit(100)
        .execute();
      return rows.map(toRecord);
    },
    async prune(olderThan) {
      const deleted = await db.deleteFrom('mcp_runs').where('status', '!=', 'accepted').where('finished_at', '<', olderThan.toISOString()).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}

export function createPayloadStore(store: Store, now: () => Date): PayloadStore {
  const { db } = store;
  return {
    async save(accountId, payload, ttlMs) {
      const created = now();
      const expiresAt = new Date(created.getTime() + ttlMs).toISOString();
      const dataRefId = `ref_${randomUUID()}`;
      await db
        .insertInto('mcp_payloads')
        .values({ id: dataRefId, account_id: accountId, payload: JSON.stringify(payload), created_at: created.toISOString(), expires_at: expiresAt })
        .execute();
      return { dataRefId, expiresAt };
    },
    async read(accountId, dataRefId) {
      const row = await db
        .selectFrom('mcp_payloads')
        .select(['payload', 'expires_at'])
        .where('id', '=', dataRefId)
        .where('account_id', '=', accountId)
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst();
      return row ? { payload: JSON.parse(row.payload) as unknown, expiresAt: row.expires_at } : undefined;
    },
    async prune() {
      const deleted = await db.deleteFrom('mcp_payloads').where('expires_at', '<=', now().toISOString()).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}
