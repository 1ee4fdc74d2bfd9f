import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { ToolError } from '../core/errors.ts';
import type { InvokeDeps } from '../core/invoke.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import { didYouMean, didYouMeanByWords, wordsOf } from '../lib/did-you-mean.ts';
import { isModuleName } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';
import { registerCatalogRoutes } from './catalog-routes.ts';
import { registerConversionRoutes } from './conversion-routes.ts';
import { registerDocsRoutes } from './docs-routes.ts';
import { registerFileRoutes } from './file-routes.ts';
import type { ReadinessCheck } from '../core/readiness.ts';
import { registerHealthRoutes } from './health-routes.ts';
import { sendClientGone, sendError } from './reply.ts';
import { registerPreflight, setRequestIdAndCorsHeaders } from './cors.ts';
import { registerToolRoutes, type ToolRouteOptions } from './tool-routes.ts';
import type { IdempotencyStore } from './idempotency.ts';
import { registerJobRoutes, type RestJobs } from './jobs.ts';
import { createDrain, type Drain } from './drain.ts';
import { lazyRequestLogger } from './request-logger.ts';
import { registerMetricsRoute, type Metrics } from './metrics.ts';
import { declareCallerSlot } from './api-key.ts';

export interface AppOptions {
  config: Config;
  registry: Registry;
  logger: Logger;
  /** What the pipeline needs: the gate (access and billing; none means free and open), engines, clock. */
  invokeDeps?: InvokeDeps;
  readiness?: ReadinessCheck[];
  /** Async jobs (`Prefer: respond-async`, `GET /api/v1/jobs/{id}`) and Idempotency-Key records; absent, neither is offered. */
  jobs?: RestJobs;
  idempotency?: IdempotencyStore;
  /** Prometheus metrics: every answered request is counted and `GET /metrics` serves them (admin token). */
  metrics?: Metrics;
  /** Tool calls from a signed-in dashboard session (cookie + X-CSRF-Token), see web/session-caller.ts. */
  sessionIdentity?: ToolRouteOptions['sessionIdentity'];
  /** Further routes (accounts, files, MCP, web pages) registered by the service wiring. */
  routes?: (app: FastifyInstance) => void | Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The graceful stop's first half: drain keep-alive connections before the listener closes (http/drain.ts). */
    drain: Drain;
  }
  interface FastifyContextConfig {
    /** The tool a route serves: read by the error handler to pick the tool's error shape. */
    tool?: AnyTool;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, logger } = options;
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request is logged by the onResponse hook below, without bodies or headers.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: config.maxJsonBodyBytes,
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Only JSON bodies (and multipart uploads, for file tools) are accepted: anything else is a 415.
  app.removeContentTypeParser('text/plain');

  const drain = createDrain(app);
  app.decorate('drain', drain);
  declareCallerSlot(app);
  // Graceful stop: requests in flight finish, then their keep-alive connections close instead of
  // holding the server open until the client's idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // One hook at each end of every request, in Fastify's callback form: no promise per hook on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    setRequestIdAndCorsHeaders(request, reply);
    drain.requestStarted(reply);
    done();
  });
  registerPreflight(app);
  // The request line is at info: below that level, not even its fields are gathered.
  const logRequests = logger.isLevelEnabled('info');
  const requestEnded = (request: FastifyRequest, reply: FastifyReply): void => {
    drain.requestEnded();
    if (closing) app.server.closeIdleConnections();
    options.metrics?.observe(request, reply);
    if (logRequests) {
      request.log.info(
        { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
  };
  app.addHook('onResponse', (request, reply, done) => {
    requestEnded(request, reply);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = mapFrameworkError(error, config.maxJsonBodyBytes);
    // A client that went away first stopped the work itself (its signal aborted it): nobody reads this answer,
    // and it is no fault of the service, so it is neither logged nor counted as one.
    // Fastify runs no onResponse hook for a response that never finishes: its end is counted here.
    if (reply.raw.destroyed && !reply.raw.writableFinished) {
      request.log.info({ code: mapped.code }, 'client went away before the answer');
      sendClientGone(reply);
      requestEnded(request, reply);
      return reply;
    }
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, mapped, request.routeOptions.config.tool?.errorShape);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const allowed = ['GET', 'POST', 'DELETE'].filter((method) => app.hasRoute({ url: pathname, method }));
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, new ToolError('method_not_allowed', `${request.method} is not allowed on ${pathname}; use ${allowed.join(' or ')}.`));
    }
    return sendError(reply, new ToolError('not_found', notFoundDetail(pathname, options.registry)));
  });

  // First: it records every route added after it, for the OpenAPI document.
  // The documents built from the whole registry (OpenAPI, catalogs): at boot, or on first request in test servers.
  const buildAtBoot = config.librariesLoad === 'boot';
  await registerDocsRoutes(app, options.registry, { maxUploadBytes: config.maxUploadBytes, binarySunset: config.binarySunset }, buildAtBoot);
  if (options.metrics) registerMetricsRoute(app, options.metrics, config.adminToken);
  registerHealthRoutes(app, [{ name: 'accepting', check: () => !drain.draining }, ...(options.readiness ?? [])]);
  registerCatalogRoutes(app, options.registry, buildAtBoot);
  await registerToolRoutes(app, options.registry, options.invokeDeps ?? {}, config, {
    jobs: options.jobs,
    idempotency: options.idempotency,
    sessionIdentity: options.sessionIdentity,
  });
  if (options.jobs) registerJobRoutes(app, options.jobs, options.invokeDeps ?? {});
  if (options.invokeDeps?.files) registerFileRoutes(app, options.invokeDeps.files);
  registerConversionRoutes(app, options.registry, options.invokeDeps?.engines ?? {});
  await options.routes?.(app);
  return app;
}

function notFoundDetail(pathname: string, registry: Registry): string {
  const [, api, version, module, ...rest] = pathname.split('/');
  if (api === 'api' && version === 'v1' && module && isModuleName(module) && rest.length > 0) {
    const slug = rest.join('/');
    const elsewhere = registry.tools.filter((t) => t.slug === slug).map((t) => `${t.module}/${t.slug}`);
    const hint =
      (elsewhere.length > 0 ? ` It is in another module: ${elsewhere.join(', ')}.` : '') ||
      didYouMean(
        slug,
        registry.inModule(module).map((t) => t.slug),
      ) ||
      toolsDescribedBy(slug, registry.inModule(module), false) ||
      toolsDescribedBy(slug, registry.tools, true);
    return `No tool '${slug}' in ${module};${hint} GET /api/v1/${module}/catalog lists its tools.`;
  }
  if (api === 'api' && version === 'v1' && module && rest.length > 0) {
    const hint = didYouMean(module, registry.modules());
    if (hint) return `No module '${module}';${hint} GET /api/v1/catalog lists every module and tool.`;
  }
  return `No route ${pathname}; GET /api/v1/catalog lists every tool and /docs documents the API.`;
}

/** The tools whose slug, title and keywords share the most words with a mistyped slug (`word-counter` → text-stats), by `module/slug` when across modules. */
function toolsDescribedBy(slug: string, tools: readonly AnyTool[], withModule: boolean): string {
  return didYouMeanByWords(
    slug,
    tools.map((t) => ({ name: withModule ? `${t.module}/${t.slug}` : t.slug, words: describingWords(t) })),
  );
}

/** A tool's words for those hints, read once, not at every 404. */
const toolWords = new WeakMap<AnyTool, string[]>();

function describingWords(tool: AnyTool): string[] {
  let words = toolWords.get(tool);
  if (!words) toolWords.set(tool, (words = wordsOf(`${tool.slug} ${tool.title} ${tool.keywords.join(' ')}`)));
  return words;
}

/** Fastify's own errors (body parsing, limits) become envelopes with stable codes and a detail that names the fix. */
function mapFrameworkError(error: FastifyError, bodyLimit: number): ToolError {
  if (error instanceof ToolError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ToolError('unsupported_media_type', 'Content-Type: send application/json (file tools take multipart/form-data).');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ToolError('payload_too_large', `body: at most ${Math.floor(bodyLimit / 1024 / 1024)} MB of JSON.`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ToolError('invalid_request', "body: empty; send a JSON object with the tool's fields, or no Content-Type.");
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ToolError('invalid_request', 'Content-Length: does not match the body sent.');
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new ToolError('invalid_request', `body: malformed JSON (${error.message}).`);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ToolError('invalid_request', error.message, { status });
  return new ToolError('internal_error', 'An unexpected error occurred; quote the X-Request-Id when reporting it.', { cause: error });
}
