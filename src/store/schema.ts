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
  };
  usage: { account_id: string; period: string; used: number };
  reservations: {
    id: string;
    account_id: string;
    period: string;
    cost: number;
    created_at: string;
  };
  rate_windows: { account_id: string; window_start: string; count: number };
  verification_tokens: {
    token_hash: string;
    account_id: string;
    expires_at: string;
    used_at: string | null;
  };
}
