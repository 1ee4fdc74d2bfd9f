import { Server } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Graceful stop without connection resets. Node's http server, when closed, destroys the keep-alive connections
 * that are idle at that instant (including one just accepted whose request is still on the wire), and that
 * client sees a reset. So the stop drains first: it stops accepting new connections (a refused connection is
 * safe to retry: nothing was sent), /readyz answers 503, and every response carries `Connection: close`
 * (RFC 9112 §9.6), so each open connection ends cleanly after its next request. Only once no connection is left,
 * the ones left have been quiet for a while, or a cap has passed, does the server close the rest.
 */
export interface Drain {
  readonly draining: boolean;
  /** Called by the app's onRequest and onResponse hooks (http/app.ts) for every request. */
  requestStarted(reply: FastifyReply): void;
  requestEnded(): void;
  /** Starts draining and resolves when the listener may close. */
  drain(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
}

export function createDrain(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let lastActivity = Date.now();
  const openConnections = (): Promise<number> => new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
  return {
    get draining() {
      return draining;
    },
    requestStarted(reply) {
      inFlight++;
      lastActivity = Date.now();
      if (draining) reply.header('connection', 'close');
    },
    requestEnded() {
      inFlight--;
      lastActivity = Date.now();
    },
    async drain({ quietMs = 1000, maxMs = 5000 } = {}) {
      draining = true;
      lastActivity = Date.now();
      // net.Server's own close: stop listening, but leave the open connections to finish (http.Server.close
      // would destroy the idle ones now).
      if (app.server.listening) Server.prototype.close.call(app.server);
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        if ((await openConnections()) === 0) return;
        if (inFlight === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
