import { hash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ToolError } from '../core/errors.ts';
import type { Store } from '../store/index.ts';
import { generateApiKey, hashesEqual, hashSecret, keyLookup } from './keys.ts';
import type { Plan, Plans } from './plans.ts';

export interface Account {
  accountId: string;
  email: string;
  plan: string;
  emailVerified: boolean;
  createdAt: string;
  status: AccountStatus;
  /** Why the account is suspended (shown to its keys in the 403 account_inactive); null when active. */
  statusReason: string | null;
}

export type AccountStatus = 'active' | 'suspended';

export interface KeyInfo {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  allowedTools: string[] | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** A key's secret appears only in this value, returned once, at creation. */
export interface CreatedKey extends KeyInfo {
  key: string;
}

/** Who a valid key belongs to. */
export interface Principal {
  accountId: string;
  keyId: string;
  plan: Plan;
  emailVerified: boolean;
  allowedTools: string[] | null;
  /** Absent means active (principals made before accounts had a status). */
  status?: AccountStatus;
  statusReason?: string | null;
}

/** A dashboard session acts for its account with no key: this stands where a key id would. */
export const SESSION_KEY_ID = 'web-session';

export interface Accounts {
  createAccount(input: { email: string; plan?: string; emailVerified?: boolean }): Promise<Account>;
  getAccount(accountId: string): Promise<Account | undefined>;
  findByEmail(email: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
  /** Accounts whose address contains `query` (all when empty), newest first, at most `limit`. */
  searchAccounts(query: string, limit: number): Promise<Account[]>;
  /** Suspends (with the reason its keys are told) or reactivates an account; 404 when there is none. */
  setStatus(accountId: string, status: AccountStatus, reason?: string): Promise<Account>;
  /** The principal of a signed-in dashboard session: the account's plan, no key restrictions. */
  principalOf(accountId: string): Promise<Principal | undefined>;
  countAccounts(): Promise<number>;
  markVerified(accountId: string): Promise<void>;
  /** Moves the account to another plan (400 naming the plans when unknown; 404 when there is no such account). */
  setPlan(accountId: string, plan: string): Promise<Account>;
  createKey(accountId: string, input: { name?: string | undefined; allowedTools?: string[] | undefined }): Promise<CreatedKey>;
  listKeys(accountId: string): Promise<KeyInfo[]>;
  /** Revokes a key of the account (any account when undefined); false when there is no such key. */
  revokeKey(accountId: string | undefined, keyId: string): Promise<boolean>;
  authenticate(key: string): Promise<Principal | undefined>;
}

export interface AccountsDeps {
  store: Store;
  plans: Plans;
  secret: string;
  now: () => Date;
  /**
   * How long a resolved key may be served from memory. Only for the embedded store, where this process
   * makes the changes itself (revocation and verification clear the cache at once); a change made by
   * another process (the CLI) takes effect within this time. 0 disables the cache.
   */
  keyCacheMs?: number;
}

export function createAccounts({ store, plans, secret, now, keyCacheMs = 0 }: AccountsDeps): Accounts {
  const { db } = store;
  const keyCache = new Map<string, { principal: Principal; expires: number }>();
  const toAccount = (row: {
    id: string;
    email: string;
    plan: string;
    email_verified: number;
    created_at: string;
    status: string;
    status_reason: string | null;
  }): Account => ({
    accountId: row.id,
    email: row.email,
    plan: row.plan,
    emailVerified: row.email_verified === 1,
    createdAt: row.created_at,
    status: row.status === 'suspended' ? 'suspended' : 'active',
    statusReason: row.status_reason,
  });
  const accountColumns = ['id', 'email', 'plan', 'email_verified', 'created_at', 'status', 'status_reason'] as const;
  const keyColumns = ['id', 'name', 'lookup', 'created_at', 'allowed_tools', 'revoked_at', 'last_used_at'] as const;
  const toKey = (row: {
    id: string;
    name: string;
    lookup: string;
    created_at: string;
    allowed_tools: string | null;
    revoked_at: string | null;
    last_used_at: string | null;
  }): KeyInfo => ({
    id: row.id,
    name: row.name,
    prefix: row.lookup,
    createdAt: row.created_at,
    allowedTools: row.allowed_tools ? (JSON.parse(row.allowed_tools) as string[]) : null,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  });

  return {
    async createAccount({ email, plan = 'free', emailVerified = false }) {
      if (!plans.get(plan)) throw new ToolError('validation_failed', `plan: one of ${plans.names().join(', ')}`);
      const normalized = email.trim().toLowerCase();
      const row = {
        id: randomUUID(),
        email: normalized,
        plan,
        email_verified: emailVerified ? 1 : 0,
        webhook_url: null,
        created_at: now().toISOString(),
        status: 'active',
        status_reason: null,
      };
      const inserted = await db
        .insertInto('accounts')
        .values(row)
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new ToolError('conflict', `email: an account with ${normalized} already exists`);
      return toAccount(row);
    },
    async getAccount(accountId) {
      const row = await db.selectFrom('accounts').select(accountColumns).where('id', '=', accountId).executeTakeFirst();
      return row && toAccount(row);
    },
    async findByEmail(email) {
      const row = await db.selectFrom('accounts').select(accountColumns).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
      return row && toAccount(row);
    },
    async listAccounts() {
      const rows = await db.selectFrom('accounts').select(accountColumns).orderBy('created_at').execute();
      return rows.map(toAccount);
    },
    async searchAccounts(query, limit) {
      let select = db.selectFrom('accounts').select(accountColumns).orderBy('created_at', 'desc').limit(limit);
      const needle = query.trim().toLowerCase();
      // Addresses are stored lowercase; LIKE's own wildcards in the query are matched literally.
      if (needle) select = select.where(sql<boolean>`email like ${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
      const rows = await select.execute();
      return rows.map(toAccount);
    },
    async setStatus(accountId, status, reason) {
      const updated = await db
        .updateTable('accounts')
        .set({ status, status_reason: status === 'suspended' ? reason?.trim() || 'suspended by the operator' : null })
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new ToolError('not_found', `account: no account ${accountId}`);
      keyCache.clear();
      const row = await db.selectFrom('accounts').select(accountColumns).where('id', '=', accountId).executeTakeFirstOrThrow();
      return toAccount(row);
    },
    async principalOf(accountId) {
      const row = await db.selectFrom('accounts').select(accountColumns).where('id', '=', accountId).executeTakeFirst();
      const plan = row && plans.get(row.plan);
      if (!row || !plan) return undefined;
      return {
        accountId,
        keyId: SESSION_KEY_ID,
        plan,
        emailVerified: row.email_verified === 1,
        allowedTools: null,
        status: toAccount(row).status,
        statusReason: row.status_reason,
      };
    },
    async countAccounts() {
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async markVerified(accountId) {
      await db.updateTable('accounts').set({ email_verified: 1 }).where('id', '=', accountId).execute();
      keyCache.clear();
    },
    async setPlan(accountId, plan) {
      if (!plans.get(plan)) throw new ToolError('validation_failed', `plan: one of ${plans.names().join(', ')}`);
      const updated = await db.updateTable('accounts').set({ plan }).where('id', '=', accountId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new ToolError('not_found', `account: no account ${accountId}`);
      keyCache.clear();
      const row = await db.selectFrom('accounts').select(accountColumns).where('id', '=', accountId).executeTakeFirstOrThrow();
      return toAccount(row);
    },
    async createKey(accountId, { name, allowedTools }) {
      const key = generateApiKey();
      const lookup = keyLookup(key) as string;
      const row = {
        id: randomUUID(),
        account_id: accountId,
        name: name ?? 'default',
        lookup,
        key_hash: hashSecret(key, secret),
        allowed_tools: allowedTools ? JSON.stringify(allowedTools) : null,
        created_at: now().toISOString(),
        revoked_at: null,
        last_used_at: null,
      };
      await db.insertInto('api_keys').values(row).execute();
      return { ...toKey(row), key };
    },
    async listKeys(accountId) {
      const rows = await db.selectFrom('api_keys').select(keyColumns).where('account_id', '=', accountId).orderBy('created_at').execute();
      return rows.map(toKey);
    },
    async revokeKey(accountId, keyId) {
      let query = db.updateTable('api_keys').set({ revoked_at: now().toISOString() }).where('id', '=', keyId).where('revoked_at', 'is', null);
      if (accountId) query = query.where('account_id', '=', accountId);
      const result = await query.executeTakeFirst();
      keyCache.clear();
      return Number(result.numUpdatedRows) > 0;
    },
    async authenticate(key) {
      const lookup = keyLookup(key);
      if (!lookup) return undefined;
      // In memory only, for at most keyCacheMs: a one-shot SHA-256 of the full key (an HMAC object costs more per call).
      const cacheKey = keyCacheMs > 0 ? hash('sha256', key) : '';
      const cached = keyCache.get(cacheKey);
      if (cached && cached.expires > Date.now()) return cached.principal;
      const keyHash = hashSecret(key, secret);
      const row = await db
        .selectFrom('api_keys')
        .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
        .select([
          'api_keys.id as keyId',
          'api_keys.key_hash',
          'api_keys.revoked_at',
          'api_keys.allowed_tools',
          'api_keys.last_used_at',
          'accounts.id as accountId',
          'accounts.plan',
          'accounts.email_verified',
          'accounts.status',
          'accounts.status_reason',
        ])
        .where('api_keys.lookup', '=', lookup)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || !hashesEqual(row.key_hash, keyHash)) return undefined;
      const plan = plans.get(row.plan);
      if (!plan) return undefined;
      const principal: Principal = {
        accountId: row.accountId,
        keyId: row.keyId,
        plan,
        emailVerified: row.email_verified === 1,
        allowedTools: row.allowed_tools ? (JSON.parse(row.allowed_tools) as string[]) : null,
        status: row.status === 'suspended' ? 'suspended' : 'active',
        statusReason: row.status_reason,
      };
      // "Last used" on the dashboard: one write a minute per key at most, not one per call.
      const at = now();
      if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) > 60_000) {
        await db.updateTable('api_keys').set({ last_used_at: at.toISOString() }).where('id', '=', row.keyId).execute();
      }
      // Keyed by the full key's hash, so only the exact key that was verified above is ever served from memory.
      if (keyCacheMs > 0) {
        if (keyCache.size >= 10_000) keyCache.clear(); // bounded: expired entries are otherwise only replaced
        keyCache.set(cacheKey, { principal, expires: Date.now() + keyCacheMs });
      }
      return principal;
    },
  };
}
