import { hashSecret, randomBase62 } from '../accounts/keys.ts';
import type { Store } from '../store/index.ts';

/** A sign-in link is valid this long, and once (OWASP Authentication Cheat Sheet: short-lived, single-use). */
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/** One-time sign-in links ("magic links"): the mail (or the CLI) holds the token, the store only its HMAC. */
export interface LoginLinks {
  /** A new token for the account; the link is `${publicUrl}/signin/confirm?token=…`. */
  issue(accountId: string): Promise<string>;
  /** Uses the token up: its account, or undefined when unknown, used or expired. */
  claim(token: string): Promise<string | undefined>;
}

export function loginLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/signin/confirm?token=${token}`;
}

export function createLoginLinks(store: Store, secret: string, now: () => Date): LoginLinks {
  const { db } = store;
  return {
    async issue(accountId) {
      const token = randomBase62(43);
      const at = now();
      await db
        .insertInto('login_tokens')
        .values({
          token_hash: hashSecret(`login:${token}`, secret),
          account_id: accountId,
          expires_at: new Date(at.getTime() + LOGIN_LINK_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
      await db
        .deleteFrom('login_tokens')
        .where('expires_at', '<', new Date(at.getTime() - 24 * 60 * 60 * 1000).toISOString())
        .execute();
      return token;
    },
    async claim(token) {
      if (!/^[0-9A-Za-z]{43}$/.test(token)) return undefined;
      const at = now().toISOString();
      const claimed = await db
        .updateTable('login_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', hashSecret(`login:${token}`, secret))
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('account_id')
        .executeTakeFirst();
      return claimed?.account_id;
    },
  };
}
