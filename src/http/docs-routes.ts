import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import type { Registry } from '../registry/registry.ts';
import { WEB_PATHS } from '../web/paths.ts';
import { buildOpenApi, type RouteInfo } from './openapi.ts';
import type { ToolDocLimits } from './openapi-tools.ts';

/** Paths that document the documents, belong to the reference page itself, or are the dashboard's pages. */
const UNDOCUMENTED = [/^\/docs(\/|$)/, /^\*$/, WEB_PATHS];

export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * `GET /api/v1/openapi.json` and its human rendering at `/docs` (Scalar: search, a module per sidebar
 * group, try-it, curl samples). The page's script is bundled in the package and served from
 * `/docs/js/scalar.js`; nothing is loaded from elsewhere (no CDN, no web fonts, no telemetry, no request
 * proxy). The document covers every route the app serves: tools from the registry, the rest from the
 * routes recorded as they are added, filled in once the app is ready.
 */
export async function registerDocsRoutes(app: FastifyInstance, registry: Registry, limits: ToolDocLimits, buildAtBoot: boolean): Promise<void> {
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS' || UNDOCUMENTED.some((p) => p.test(route.url))) continue;
      routes.push({ method, url: route.url, tool: route.config?.tool !== undefined });
    }
  });
  // Built and encoded once, after every route is recorded: a few MB that would otherwise be stringified and encoded
  // to UTF-8 on every request. At boot (as `npm start` runs), or on the first request (TOOLAPI_LIBRARIES_LOAD=first-use:
  // test servers).
  let serialised: Buffer | undefined;
  const document = (): Buffer => (serialised ??= Buffer.from(JSON.stringify(buildOpenApi(registry, packageJson.version, routes, limits))));
  if (buildAtBoot) {
    app.addHook('onReady', async () => {
      document();
    });
  }
  app.get(OPENAPI_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(document()));
  await app.register(scalar, {
    routePrefix: '/docs',
    logLevel: 'warn',
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: 'toolapi',
      title: 'toolapi',
      // Offline by design: no fonts from fonts.scalar.com, no telemetry, try-it calls this server directly.
      withDefaultFonts: false,
      telemetry: false,
      // An icon in the page itself, so the browser does not ask for /favicon.ico (a 404 in its console).
      favicon: 'data:,',
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      hideClientButton: true,
      documentDownloadType: 'json',
      defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
      featuredClients: ['shell/curl'],
      operationTitleSource: 'summary',
      // Headings of the introduction keep their plain slug, so /docs#delivery (the Link of ?delivery=binary) lands on it.
      generateHeadingSlug: ({ slug }: { slug?: string }) => slug ?? '',
      showOperationId: true,
    },
  });
}
