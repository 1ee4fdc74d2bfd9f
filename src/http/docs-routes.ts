import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import type { Registry } from '../registry/registry.ts';
import { buildOpenApi } from './openapi.ts';

/** `GET /api/v1/openapi.json` (generated from the registry) and its human rendering at `/docs` (bundled Swagger UI, no CDN). */
export async function registerDocsRoutes(app: FastifyInstance, registry: Registry): Promise<void> {
  const document = buildOpenApi(registry, packageJson.version);
  app.get('/api/v1/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true, docExpansion: 'none' } });
}
