import type { FastifyInstance } from 'fastify';
import type { ReadinessCheck } from '../core/readiness.ts';

export function registerHealthRoutes(app: FastifyInstance, checks: ReadinessCheck[]): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          return [name, (await check()) ? 'ok' : 'not ready'] as const;
        } catch {
          return [name, 'not ready'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) };
  });
}
