import type { FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts/accounts.ts';
import { ToolError } from '../core/errors.ts';
import type { CallerIdentity } from '../core/invoke.ts';
import { fromThisSite } from './csrf.ts';
import type { Sessions } from './sessions.ts';

/** Resolves a tool call's caller from a signed-in dashboard session; undefined means "use the API key". */
export type SessionIdentity = (request: FastifyRequest) => Promise<CallerIdentity | undefined>;

/**
 * The playground's seam (docs/architecture.md "Web"): a request to /api/v1/{module}/{slug} without an API key
 * but with the session cookie AND a valid `X-CSRF-Token` header acts for the session's account, billed exactly
 * like a key (the gate receives the account's principal as `caller.identity`). The cookie alone authorises
 * nothing: without the header the call needs a key as always (401); with a wrong header, or from another
 * site, it is a 403. A page never holds an API key.
 */
export function sessionIdentity(sessions: Sessions, accounts: Accounts, publicUrl: string | undefined): SessionIdentity {
  return async (request) => {
    const token = request.headers['x-csrf-token'];
    if (token === undefined || !sessions.hasCookie(request)) return undefined;
    const session = await sessions.read(request);
    if (!session?.accountId || !sessions.csrfValid(session, token) || !fromThisSite(request, publicUrl)) {
      throw new ToolError(
        'forbidden',
        'X-CSRF-Token: not valid for this session (signed out, expired, or another site); reload the page, or send X-Api-Key instead.',
      );
    }
    const principal = await accounts.principalOf(session.accountId);
    if (!principal) throw new ToolError('unauthorized', 'session: the account no longer exists; sign in again.');
    return principal;
  };
}
