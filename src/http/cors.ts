import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS (Fetch standard, "CORS protocol") for an API authenticated by a header, never by a cookie: any origin may
 * call it and read the API's own response headers, and a preflight is answered before any key is checked
 * (browsers send it without the key). These are all the headers the API needs, so they are set in one hook
 * instead of a plugin that copies its options object on every request (docs/architecture.md "Requests").
 */
const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
/** Response headers a browser script may read (the API's quota, request id and deprecation headers). */
const EXPOSED_HEADERS = ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'X-Quota-Remaining', 'Retry-After', 'Deprecation', 'Sunset', 'Link'].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

/**
 * The request id, on every response; CORS's headers on the responses to CORS requests, those that carry `Origin`:
 * browsers send it on every cross-origin request and read these headers only then (Fetch standard, "CORS
 * protocol"), so server-to-server callers are not sent them. A GET or HEAD answer, which a cache may keep, says that
 * it varies with `Origin`: a cache never hands a browser the answer that a caller without `Origin` got. Called from
 * the app's one onRequest hook (http/app.ts).
 */
export function setRequestIdAndCorsHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (request.headers.origin !== undefined) {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  }
  if (request.method === 'GET' || request.method === 'HEAD') reply.header('vary', 'Origin');
}

/** OPTIONS on any path is a preflight, answered before any key is checked. */
export function registerPreflight(app: FastifyInstance): void {
  app.options('*', (request, reply) => {
    const method = request.headers['access-control-request-method'];
    if (!request.headers.origin || !method) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Invalid preflight request: send Origin and Access-Control-Request-Method.');
    }
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    // The request headers a script asks to send are all allowed (X-Api-Key, Content-Type, Idempotency-Key, …):
    // the answer depends on them, so caches keep one per list.
    reply.header('vary', 'Access-Control-Request-Headers');
    const headers = request.headers['access-control-request-headers'];
    if (headers) reply.header('access-control-allow-headers', headers);
    reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
    // A 204 with an explicit empty length: some browsers wait for a body otherwise.
    return reply.code(204).header('content-length', '0').send();
  });
}
