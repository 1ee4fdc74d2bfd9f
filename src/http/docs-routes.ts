import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import type { Registry } from '../registry/registry.ts';
import { buildOpenApi, type RouteInfo } from './openapi.ts';

/** Paths that document the documents, or belong to the UI itself. */
const UNDOCUMENTED = [/^\/docs(\/|$)/, /^\*$/];

/**
 * `GET /api/v1/openapi.json` and its human rendering at `/docs` (bundled Swagger UI, no CDN). The
 * document covers every route the app serves: tools from the registry, the rest from the routes
 * recorded as they are added, filled in once the app is ready.
 */
export async function registerDocsRoutes(app: FastifyInstance, registry: Registry): Promise<void> {
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS' || UNDOCUMENTED.some((p) => p.test(route.url))) continue;
      routes.push({ method, url: route.url, tool: route.config?.tool !== undefined });
    }
  });
  const document: Record<string, unknown> = {};
  app.addHook('onReady', async () => {
    Object.assign(document, buildOpenApi(registry, packageJson.version, routes));
  });
  app.get('/api/v1/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true, docExpansion: 'none' } });
}
