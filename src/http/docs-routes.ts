import Fastify, { type FastifyInstance } from 'fastify';
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
  // Scalar's plugin carries its 5 MB page script inside its module, 0.1-0.2 s to import: it is loaded by the first
  // request for the page (or at boot, as `npm start` runs), into an app of its own that this app's routes ask.
  let reference: Promise<FastifyInstance> | undefined;
  const referenceApp = (): Promise<FastifyInstance> => (reference ??= scalarApp());
  if (buildAtBoot) {
    app.addHook('onReady', async () => {
      await referenceApp();
    });
  }
  // '/docs' is also '/docs/' (the app ignores a trailing slash, as the inner app does).
  for (const url of ['/docs', '/docs/js/scalar.js']) {
    app.get(url, { logLevel: 'warn' }, async (request, reply) => {
      const answer = await (await referenceApp()).inject({ method: 'GET', url: request.url, headers: { host: request.headers.host ?? 'localhost' } });
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
      return reply.code(answer.statusCode).send(answer.rawPayload);
    });
  }
}

/** Headers of the inner answer that describe its own transfer, not the content this app sends on. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding']);

async function scalarApp(): Promise<FastifyInstance> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const inner = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await inner.register(scalar, {
    routePrefix: '/docs',
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
  await inner.ready();
  return inner;
}
