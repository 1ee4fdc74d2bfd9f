import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Html } from './html.ts';
import { page, type PageOptions } from './layout.ts';
import type { WebSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The dashboard session of a web page request, read once by the web plugin's onRequest hook. */
    webSession?: WebSession | undefined;
  }
}

/** Renders a page in the shell (layout.ts) for the request's session; the web plugin adds the CSP header. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, options: Omit<PageOptions, 'session'>, status = 200): FastifyReply {
  return sendHtml(reply, page({ ...options, session: request.webSession }), status);
}

export function sendHtml(reply: FastifyReply, body: Html, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body.value);
}

/** POST/redirect/GET: after a form, the browser lands on a page it can reload (RFC 9110 §15.4.4, 303). */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

/** The signed-in account's session, or a redirect to the sign-in page (undefined: the reply is sent). */
export function accountSession(request: FastifyRequest, reply: FastifyReply): (WebSession & { accountId: string }) | undefined {
  const session = request.webSession;
  if (session?.accountId) return session as WebSession & { accountId: string };
  void seeOther(reply, `/signin?next=${encodeURIComponent(request.url)}`);
  return undefined;
}

/** The admin console's session, or a redirect to its sign-in form. */
export function adminSession(request: FastifyRequest, reply: FastifyReply): WebSession | undefined {
  if (request.webSession?.admin) return request.webSession;
  void seeOther(reply, '/admin/signin');
  return undefined;
}

/** A `next` parameter is followed only to a path on this site (no open redirect). */
export function safeNext(next: unknown, fallback: string): string {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) ? next : fallback;
}
