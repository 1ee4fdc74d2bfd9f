import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBase62 } from '../accounts/keys.ts';
import type { Store } from '../store/index.ts';

/**
 * Dashboard sessions, kept in the store so every instance sees them. The cookie holds a random id; the store
 * holds only its SHA-256 (a leaked table signs nobody in). A session ends after `idleMs` without a request or
 * at its absolute expiry, whichever comes first (OWASP Session Management Cheat Sheet). The CSRF token is an
 * HMAC of the session id under the server secret: tied to the session, never stored, unreadable cross-site.
 */
export interface WebSession {
  /** The raw id, from the cookie; only in memory. */
  readonly id: string;
  readonly accountId: string | null;
  readonly admin: boolean;
  /** The synchronizer token forms and fetch() calls (X-CSRF-Token) must carry. */
  readonly csrfToken: string;
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export const ACCOUNT_SESSION: SessionPolicy = { idleMs: 12 * 60 * 60 * 1000, absoluteMs: 7 * 24 * 60 * 60 * 1000 };
export const ADMIN_SESSION: SessionPolicy = { idleMs: 30 * 60 * 1000, absoluteMs: 8 * 60 * 60 * 1000 };
/** last_seen_at is written at most this often: a page view is not a write each time. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface Sessions {
  /** Starts a session (replacing the request's current one, against fixation) and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, who: { accountId: string } | { admin: true }): Promise<WebSession>;
  /** The request's live session, or undefined (none, unknown, idle or past its absolute expiry). */
  read(request: FastifyRequest): Promise<WebSession | undefined>;
  /** Ends the request's session and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of the account (sign out everywhere; suspension). */
  endAll(accountId: string): Promise<number>;
  csrfValid(session: WebSession, token: unknown): boolean;
  /** Whether the request carries a session cookie at all (a cookie alone never authorises anything). */
  hasCookie(request: FastifyRequest): boolean;
}

export interface SessionDeps {
  store: Store;
  secret: string;
  now: () => Date;
  /** TOOLAPI_PUBLIC_URL is https: the cookie is Secure and `__Host-` prefixed (RFC 6265bis §4.1.3.2). */
  secure: boolean;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export function createSessions({ store, secret, now, secure }: SessionDeps): Sessions {
  const { db } = store;
  const cookieName = secure ? '__Host-toolapi_session' : 'toolapi_session';
  const csrfKey = createHmac('sha256', secret).update('toolapi web csrf').digest();
  const csrfOf = (id: string): string => createHmac('sha256', csrfKey).update(id).digest('base64url');
  const cookieOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers.cookie;
    if (!header) return undefined;
    const value = parseCookie(header)[cookieName];
    return value && /^[0-9A-Za-z]{43}$/.test(value) ? value : undefined;
  };
  const setCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number): void => {
    reply.header('set-cookie', stringifySetCookie({ name: cookieName, value, path: '/', httpOnly: true, sameSite: 'lax', maxAge: maxAgeSeconds, secure }));
  };
  const policyOf = (admin: boolean): SessionPolicy => (admin ? ADMIN_SESSION : ACCOUNT_SESSION);

  return {
    async start(request, reply, who) {
      const previous = cookieOf(request);
      if (previous) await db.deleteFrom('web_sessions').where('id_hash', '=', sha256(previous)).execute();
      // Sessions nobody came back to are removed here (a sign-in is rare enough): past either expiry.
      const nowMs = now().getTime();
      await db
        .deleteFrom('web_sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<', new Date(nowMs).toISOString()),
            eb.and([eb('admin', '=', 0), eb('last_seen_at', '<', new Date(nowMs - ACCOUNT_SESSION.idleMs).toISOString())]),
            eb.and([eb('admin', '=', 1), eb('last_seen_at', '<', new Date(nowMs - ADMIN_SESSION.idleMs).toISOString())]),
          ]),
        )
        .execute();
      const id = randomBase62(43);
      const admin = 'admin' in who;
      const at = now();
      const policy = policyOf(admin);
      await db
        .insertInto('web_sessions')
        .values({
          id_hash: sha256(id),
          account_id: admin ? null : who.accountId,
          admin: admin ? 1 : 0,
          created_at: at.toISOString(),
          last_seen_at: at.toISOString(),
          expires_at: new Date(at.getTime() + policy.absoluteMs).toISOString(),
        })
        .execute();
      setCookie(reply, id, Math.floor(policy.absoluteMs / 1000));
      return { id, accountId: admin ? null : who.accountId, admin, csrfToken: csrfOf(id) };
    },
    async read(request) {
      const id = cookieOf(request);
      if (!id) return undefined;
      const row = await db.selectFrom('web_sessions').selectAll().where('id_hash', '=', sha256(id)).executeTakeFirst();
      if (!row) return undefined;
      const at = now();
      const admin = row.admin === 1;
      const idleUntil = Date.parse(row.last_seen_at) + policyOf(admin).idleMs;
      if (at.getTime() >= idleUntil || at.toISOString() >= row.expires_at) {
        await db.deleteFrom('web_sessions').where('id_hash', '=', row.id_hash).execute();
        return undefined;
      }
      if (at.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
        await db.updateTable('web_sessions').set({ last_seen_at: at.toISOString() }).where('id_hash', '=', row.id_hash).execute();
      }
      return { id, accountId: row.account_id, admin, csrfToken: csrfOf(id) };
    },
    async end(request, reply) {
      const id = cookieOf(request);
      if (id) await db.deleteFrom('web_sessions').where('id_hash', '=', sha256(id)).execute();
      setCookie(reply, '', 0);
    },
    async endAll(accountId) {
      const result = await db.deleteFrom('web_sessions').where('account_id', '=', accountId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    csrfValid(session, token) {
      if (typeof token !== 'string') return false;
      const sent = Buffer.from(token);
      const expected = Buffer.from(session.csrfToken);
      return sent.length === expected.length && timingSafeEqual(sent, expected);
    },
    hasCookie: (request) => cookieOf(request) !== undefined,
  };
}
