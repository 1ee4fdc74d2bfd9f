import type { FastifyRequest } from 'fastify';

/**
 * Whether a state-changing request comes from this site's own pages (OWASP CSRF Prevention Cheat Sheet,
 * "Fetch Metadata" and "Verifying Origin"): browsers send `Sec-Fetch-Site` and `Origin` with every POST; a
 * request from another site is refused. A client that is not a browser sends neither and cannot carry a
 * victim's cookie, so it passes this check (and still needs the synchronizer token wherever a session acts).
 */
export function fromThisSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = new Set([`${request.protocol}://${request.host}`]);
  if (publicUrl) own.add(new URL(publicUrl).origin);
  return own.has(origin);
}
