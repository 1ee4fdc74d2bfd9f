import type { Transporter } from 'nodemailer';
import type { Log } from '../core/context.ts';
import { ToolError } from '../core/errors.ts';
import type { Store } from '../store/index.ts';
import type { Account, Accounts, CreatedKey } from './accounts.ts';
import { hashSecret, randomBase62 } from './keys.ts';

const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** SMTP through nodemailer when configured; otherwise the message is logged (docs/contract.md "Accounts, plans, quota and rate limits"). */
export function createMailer(smtpUrl: string | undefined, from: string, log: Log): Mailer {
  if (!smtpUrl) {
    return {
      async send({ to, subject, text }) {
        log.info({ to, subject, text }, 'no SMTP configured (TOOLAPI_SMTP_URL): message logged instead of sent');
      },
    };
  }
  // nodemailer is loaded by the first message (only where SMTP is configured); it connects per message anyway.
  let transport: Transporter | undefined;
  return {
    async send({ to, subject, text }) {
      transport ??= (await import('nodemailer')).default.createTransport(smtpUrl);
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

export interface Signup {
  signup(email: string): Promise<Account>;
  /** Verifies the account of a single-use, unexpired token and returns its first API key. */
  verify(token: string): Promise<{ account: Account; apiKey: CreatedKey }>;
}

export interface SignupDeps {
  store: Store;
  accounts: Accounts;
  mailer: Mailer;
  secret: string;
  now: () => Date;
  /** Base of the link in the message. */
  publicUrl: () => string;
}

export function createSignup({ store, accounts, mailer, secret, now, publicUrl }: SignupDeps): Signup {
  const { db } = store;
  return {
    async signup(email) {
      const existing = await accounts.findByEmail(email);
      if (existing?.emailVerified) throw new ToolError('conflict', 'email: an account with this address already exists; sign in with its API key.');
      const account = existing ?? (await accounts.createAccount({ email, plan: 'free', emailVerified: false }));
      const token = randomBase62(43);
      await db
        .insertInto('verification_tokens')
        .values({
          token_hash: hashSecret(token, secret),
          account_id: account.accountId,
          expires_at: new Date(now().getTime() + TOKEN_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
      // The dashboard's page, where a button uses the token: a mail scanner prefetching the link does not
      // (GET /api/v1/accounts/verify?token=… stays for scripts).
      const link = `${publicUrl()}/verify?token=${token}`;
      await mailer.send({
        to: account.email,
        subject: 'Verify your toolapi account',
        text: `Open this link within 24 hours to verify your e-mail address and receive your first API key:\n\n${link}\n\nIf you did not sign up, ignore this message.`,
      });
      return account;
    },
    async verify(token) {
      const at = now().toISOString();
      const claimed = await db
        .updateTable('verification_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', hashSecret(token, secret))
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('account_id')
        .executeTakeFirst();
      if (!claimed) throw new ToolError('validation_failed', 'token: unknown, already used or expired; sign up again for a new link.');
      await accounts.markVerified(claimed.account_id);
      const account = (await accounts.getAccount(claimed.account_id)) as Account;
      const apiKey = await accounts.createKey(account.accountId, { name: 'first key' });
      return { account, apiKey };
    },
  };
}
