import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { ToolError } from '../core/errors.ts';
import type { Gate } from '../core/invoke.ts';
import type { Store } from '../store/index.ts';
import { createAccounts, type Accounts, type Principal } from './accounts.ts';
import { createCredits, type Credits } from './credits.ts';
import { createGate, requirePrincipal } from './gate.ts';
import { createDailyUsage, type DailyUsageCounters } from './usage-daily.ts';
import { randomBase62 } from './keys.ts';
import { loadPlans, type Plans } from './plans.ts';
import { HEARTBEAT_MS, registerInstance } from './instances.ts';
import { leasedMeter } from './leases.ts';
import type { Meter } from './meter.ts';
import { createMailer, createSignup, type Signup } from './signup.ts';

/**
 * A verified key is served from memory this long (see createAccounts): a revocation, plan change or verification
 * made through this instance applies at once; one made through another instance or the CLI within this time.
 */
export const KEY_CACHE_MS = 2_000;

/** Reservations (of versions before leases) older than this belong to a process that died (no call runs this long). */
const ABANDONED_AFTER_MS = 15 * 60 * 1000;

export interface AccountSystem {
  accounts: Accounts;
  credits: Credits;
  /** The minute's rate and the month's credits, leased in blocks (accounts/leases.ts). */
  meter: Meter;
  plans: Plans;
  signup: Signup;
  gate: Gate;
  /** The dashboard's per-day, per-tool counters, written with the metering. */
  dailyUsage: DailyUsageCounters;
  /** Resolves an API key to its principal (401 otherwise); what the gate reads from `Caller.identity`. */
  authenticate(apiKey: string | undefined): Promise<Principal>;
  /** The server secret: HMAC key of key hashes and signed links; derive other keys from it (never store it elsewhere). */
  serverSecret: string;
  /** On an empty store: a verified local account and its key, written to first-api-key.txt; the key is returned once. */
  ensureFirstKey(): Promise<string | undefined>;
  close(): Promise<void>;
}

export interface AccountSystemDeps {
  config: Config;
  store: Store;
  logger: Logger;
  now: () => Date;
  publicUrl: () => string;
}

export async function createAccountSystem({ config, store, logger, now, publicUrl }: AccountSystemDeps): Promise<AccountSystem> {
  const plans = loadPlans(config.plansFile);
  const secret = config.secret ?? (await storedSecret(store));
  const accounts = createAccounts({ store, plans, secret, now, keyCacheMs: KEY_CACHE_MS });
  const instance = await registerInstance(store, now);
  const credits = createCredits(store, now);
  const meter = leasedMeter(store, now, instance);
  const dailyUsage = createDailyUsage(store, logger);
  const signup = createSignup({ store, accounts, secret, now, publicUrl, mailer: createMailer(config.smtpUrl, config.smtpFrom, logger) });

  // Credits held by a process that is gone (crashed, killed) come back: at start, and on a timer in every
  // process. Leases of processes still alive, on this data dir or database, are theirs to settle.
  const sweep = async (): Promise<number> => {
    const live = await instance.liveIds();
    return (await credits.refundOrphaned(live, new Date(now().getTime() - ABANDONED_AFTER_MS))) + (await meter.reclaimOrphaned(live));
  };
  const abandoned = await sweep();
  if (abandoned > 0) logger.warn({ refunded: abandoned }, 'refunded credits of calls interrupted by a stopped process');
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => logger.error({ err: error }, 'credit sweeper failed'));
  }, 2 * HEARTBEAT_MS);
  sweeper.unref();

  return {
    accounts,
    credits,
    meter,
    plans,
    signup,
    dailyUsage,
    gate: createGate({ accounts, credits, meter, dailyUsage, now }),
    authenticate: (apiKey) => requirePrincipal(accounts, apiKey),
    serverSecret: secret,
    async ensureFirstKey() {
      if ((await accounts.countAccounts()) > 0) return undefined;
      let account;
      try {
        account = await accounts.createAccount({ email: 'local@localhost', plan: 'free', emailVerified: true });
      } catch (error) {
        // Instances starting together on an empty database: another one made the local account first.
        if (error instanceof ToolError && error.code === 'conflict') return undefined;
        throw error;
      }
      const { key } = await accounts.createKey(account.accountId, { name: 'first key' });
      mkdirSync(config.dataDir, { recursive: true });
      const file = path.join(config.dataDir, 'first-api-key.txt');
      writeFileSync(file, `${key}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      return key;
    },
    close: async () => {
      clearInterval(sweeper);
      await meter.close();
      await dailyUsage.flush();
      await instance.stop();
    },
  };
}

/** The server secret, generated once and shared by every instance through the store (TOOLAPI_SECRET overrides it). */
async function storedSecret(store: Store): Promise<string> {
  await store.db
    .insertInto('settings')
    .values({ name: 'server_secret', value: randomBase62(48) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await store.db.selectFrom('settings').select('value').where('name', '=', 'server_secret').executeTakeFirstOrThrow();
  return row.value;
}
