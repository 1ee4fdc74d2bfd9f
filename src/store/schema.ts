/**
 * The tables, one definition for both dialects: timestamps are ISO 8601 UTC text (sortable as text),
 * booleans are 0/1 integers, JSON is text.
 */
export interface Database {
  settings: { name: string; value: string };
  accounts: {
    id: string;
    email: string;
    plan: string;
    email_verified: number;
    webhook_url: string | null;
    created_at: string;
    /** 0002: the mcp.job.finished signing secret, AES-256-GCM encrypted under a key derived from the server secret. */
    webhook_secret: string | null;
    /** 0006: `active` or `suspended` (a suspended account's keys get 403 account_inactive), and why. */
    status: string;
    status_reason: string | null;
  };
  api_keys: {
    id: string;
    account_id: string;
    name: string;
    /** The public part of the key (`tk_` + 8 characters), used to find the row; the rest is only hashed. */
    lookup: string;
    key_hash: string;
    allowed_tools: string | null;
    created_at: string;
    revoked_at: string | null;
    /** 0006: when the key last authenticated a call (written at most once a minute). */
    last_used_at: string | null;
  };
  usage: { account_id: string; period: string; used: number };
  reservations: {
    id: string;
    account_id: string;
    period: string;
    cost: number;
    created_at: string;
    /** 0004: the instance whose call holds it (null: made before 0004). */
    owner: string | null;
  };
  /** 0004: running processes and their heartbeats (accounts/instances.ts). */
  instances: {
    id: string;
    host: string;
    /** `pid:start-time` on `host`. */
    process: string;
    heartbeat_at: string;
  };
  /** 0007: blocks of credits an instance took from `usage` (granted) and settled as spent; granted - spent is still held. */
  credit_leases: {
    id: string;
    account_id: string;
    period: string;
    owner: string;
    granted: number;
    spent: number;
    created_at: string;
  };
  rate_windows: { account_id: string; window_start: string; count: number };
  verification_tokens: {
    token_hash: string;
    account_id: string;
    expires_at: string;
    used_at: string | null;
  };
  files: {
    file_id: string;
    account_id: string | null;
    file_name: string;
    mime_type: string;
    size_bytes: number;
    created_at: string;
    /** Removed from storage by then at the latest (24 h after creation: docs/contract.md "Files"). */
    expires_at: string;
  };
  /** 0002: MCP async runs; `request` and `result` are JSON text. */
  mcp_runs: {
    id: string;
    account_id: string;
    key_id: string;
    /** The meta-tool that was called (solve_task, run_workflow, run_playbook, verify_task). */
    tool: string;
    request: string;
    /** accepted | completed | partial | error */
    status: string;
    result_status: string | null;
    result: string | null;
    error: string | null;
    /** The instance executing the run and until when its claim holds (renewed while it runs). */
    lease_owner: string | null;
    lease_expires_at: string | null;
    created_at: string;
    updated_at: string;
    finished_at: string | null;
  };
  /** 0005: Idempotency-Key records: `running` while the first request runs, then `done` with its response (JSON). */
  idempotency_keys: {
    account_id: string;
    key: string;
    /** SHA-256 of the request (route, fields, uploaded files): the same key with another request is refused. */
    fingerprint: string;
    state: string;
    response: string | null;
    created_at: string;
    expires_at: string;
  };
  /** 0002: dataRef payloads of job reports (fetch_payload), removed after `expires_at`. */
  mcp_payloads: {
    id: string;
    account_id: string;
    payload: string;
    created_at: string;
    expires_at: string;
  };
  /** 0006: dashboard sessions; only the SHA-256 of the session id is stored (web/sessions.ts). */
  web_sessions: {
    id_hash: string;
    /** Null for an admin-console session (signed in with TOOLAPI_ADMIN_TOKEN). */
    account_id: string | null;
    admin: number;
    created_at: string;
    last_seen_at: string;
    /** The absolute expiry; the idle one is counted from last_seen_at. */
    expires_at: string;
  };
  /** 0006: one-time sign-in links (magic links), stored as hashes. */
  login_tokens: { token_hash: string; account_id: string; expires_at: string; used_at: string | null };
  /** 0006: counters of sign-in and signup mails per address and per IP, per hour. */
  web_throttle: { bucket: string; window_start: string; count: number };
  /** 0006: calls and credits per account, UTC day and tool (`module/slug`), written when a call is settled. */
  usage_daily: { account_id: string; day: string; tool: string; calls: number; credits: number };
}
