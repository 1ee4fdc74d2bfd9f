import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountSystem } from '../accounts/index.ts';
import { createMailer, type Mailer } from '../accounts/signup.ts';
import type { Config } from '../config.ts';
import { ToolError } from '../core/errors.ts';
import type { Engines } from '../engines/index.ts';
import type { Registry } from '../registry/registry.ts';
import type { Store } from '../store/index.ts';
import { registerAssets } from './assets.ts';
import { fromThisSite } from './csrf.ts';
import { html } from './html.ts';
import { createLoginLinks, type LoginLinks } from './login-links.ts';
import { registerAdminPages } from './pages/admin.ts';
import { registerAuthPages } from './pages/auth.ts';
import { registerConnectPages } from './pages/connect.ts';
import { registerHomePages } from './pages/home.ts';
import { registerKeyPages } from './pages/keys.ts';
import { registerToolPages } from './pages/tools.ts';
import { registerUsagePages } from './pages/usage.ts';
import { registerWebhookPages } from './pages/webhooks.ts';
import { sendPage } from './respond.ts';
import type { Sessions } from './sessions.ts';
import { createThrottle, type Throttle } from './throttle.ts';

/** What the dashboard's pages may use: the same accounts, store and registry as the API. */
export interface WebDeps {
  config: Config;
  registry: Registry;
  system: AccountSystem;
  store: Store;
  sessions: Sessions;
  logger: Logger;
  now: () => Date;
  /** Base of the links the service hands out (sign-in mails, MCP URLs). */
  publicUrl: () => string;
  /** The engines (the fetch engine checks webhook URLs). */
  engines?: Engines | undefined;
}

/** What registerWeb adds for the pages: sign-in links, their mails and throttles. */
export interface PageDeps extends WebDeps {
  loginLinks: LoginLinks;
  mailer: Mailer;
  throttle: Throttle;
}

/** A page module: registers its routes on the web context (see docs/architecture.md "Web"). */
export type PageModule = (web: FastifyInstance, deps: PageDeps) => void;

const PAGES: PageModule[] = [
  registerHomePages,
  registerAuthPages,
  registerKeyPages,
  registerUsagePages,
  registerWebhookPages,
  registerConnectPages,
  registerAdminPages,
  registerToolPages,
];

/** One Content-Security-Policy for every page: only this origin's files, no inline script or style, no framing. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'";

/**
 * The web dashboard: server-rendered pages in their own Fastify context, so its form parser, session hook,
 * CSRF check and HTML error pages apply to the pages only and never to the API routes.
 */
export async function registerWeb(app: FastifyInstance, webDeps: WebDeps): Promise<void> {
  const secret = webDeps.system.serverSecret;
  const deps: PageDeps = {
    ...webDeps,
    loginLinks: createLoginLinks(webDeps.store, secret, webDeps.now),
    mailer: createMailer(webDeps.config.smtpUrl, webDeps.config.smtpFrom, webDeps.logger),
    throttle: createThrottle(webDeps.store, secret, webDeps.now),
  };
  await app.register(async (web) => {
    // application/x-www-form-urlencoded bodies, for the pages' forms only (the API takes JSON and multipart).
    await web.register(formbody, { bodyLimit: 64 * 1024 });

    web.addHook('onRequest', async (request) => {
      request.webSession = await deps.sessions.read(request);
    });

    // CSRF (OWASP CSRF Prevention Cheat Sheet): every POST must come from this site (Fetch Metadata / Origin),
    // and, whenever a session acts, carry its synchronizer token (form field _csrf or header X-CSRF-Token).
    web.addHook('preHandler', async (request) => {
      if (request.method !== 'POST') return;
      if (!fromThisSite(request, deps.config.publicUrl)) {
        throw new ToolError('forbidden', 'This form was sent from another site; it was refused. Open the page on this site and submit it there.');
      }
      const session = request.webSession;
      if (!session) return;
      const sent = (request.body as Record<string, unknown> | undefined)?._csrf ?? request.headers['x-csrf-token'];
      if (!deps.sessions.csrfValid(session, sent)) {
        throw new ToolError('forbidden', 'The form had expired or did not come from this session; reload the page and try again.');
      }
    });

    web.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
        reply.header('x-content-type-options', 'nosniff');
        // Sign-in and verification links carry their token in the query: never in a Referer sent elsewhere.
        reply.header('referrer-policy', 'same-origin');
        reply.header('x-frame-options', 'DENY');
      }
      return payload;
    });

    web.setErrorHandler((error: FastifyError, request, reply) => {
      const known = error instanceof ToolError ? error : undefined;
      const status = known?.status ?? (error.statusCode && error.statusCode < 500 ? error.statusCode : 500);
      if (status >= 500) request.log.error({ err: error }, 'page failed');
      const text = known?.detail ?? (status < 500 ? error.message : 'Something went wrong on our side; quote the request id when reporting it.');
      return sendPage(
        request,
        reply,
        {
          title: status === 403 ? 'Refused' : status === 404 ? 'Not found' : status < 500 ? 'Please check' : 'Error',
          body: html`<p>${text}</p><p class="muted">Request id: <code>${request.id}</code></p>`,
        },
        status,
      );
    });

    registerAssets(web);
    for (const register of PAGES) register(web, deps);
  });
}
