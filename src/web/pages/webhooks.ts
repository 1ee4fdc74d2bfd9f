import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ToolError } from '../../core/errors.ts';
import { createWebhooks, WEBHOOK_EVENT } from '../../mcp/webhook.ts';
import { secretBox } from '../components.ts';
import { html, type Html } from '../html.ts';
import type { PageModule } from '../index.ts';
import { csrfField } from '../layout.ts';
import { accountSession, seeOther, sendPage } from '../respond.ts';
import type { WebSession } from '../sessions.ts';

const DONE: Record<string, string> = {
  removed: 'The webhook is removed.',
  test: 'A test event is on its way to your URL (signed like real events; retried up to 3 times).',
};

/**
 * Webhook settings for mcp.job.finished: the URL, a new secret (shown once), removal, and a test event sent
 * the way real events are (Standard Webhooks signature), through the same SSRF-guarded checks.
 */
export const registerWebhookPages: PageModule = (web, { store, system, engines, logger, now }) => {
  const webhooks = createWebhooks({ store, serverSecret: system.serverSecret, engines, logger, now });
  web.addHook('onClose', async () => webhooks.close());

  const settingsPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: WebSession & { accountId: string },
    extra?: { secret?: Html; notice?: { kind: 'ok' | 'error'; text: string } },
    status = 200,
  ) => {
    const config = await webhooks.get(session.accountId);
    return sendPage(
      request,
      reply,
      {
        title: 'Webhooks',
        current: '/dashboard/webhooks',
        notice: extra?.notice,
        body: html`<p>When an async MCP job of your account finishes, an <code>${WEBHOOK_EVENT}</code> event is POSTed to your URL, signed with the Standard Webhooks headers <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>.</p>
          ${extra?.secret}
          <h2>Endpoint</h2>
          <form class="stack" method="post" action="/dashboard/webhooks">
            ${csrfField(session)}
            <div class="field"><label for="webhook-url">URL <span class="hint">(https, reachable from the service)</span></label>
              <input id="webhook-url" name="url" type="url" required maxlength="2048" value="${config?.url ?? ''}"></div>
            <p><button type="submit">${config ? 'Save and issue a new secret' : 'Save'}</button></p>
          </form>
          ${
            config &&
            html`<h2>Secret and tests</h2>
            <div class="actions">
              <form method="post" action="/dashboard/webhooks/rotate">${csrfField(session)}<button type="submit" class="secondary">Rotate the secret</button></form>
              <form method="post" action="/dashboard/webhooks/test">${csrfField(session)}<button type="submit" class="secondary">Send a test event</button></form>
              <form method="post" action="/dashboard/webhooks/remove">${csrfField(session)}<button type="submit" class="danger">Remove the webhook</button></form>
            </div>`
          }`,
      },
      status,
    );
  };

  const configure = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    let result;
    try {
      result = await webhooks.configure(session.accountId, url);
    } catch (error) {
      if (error instanceof ToolError && error.status < 500)
        return settingsPage(request, reply, session, { notice: { kind: 'error', text: error.detail } }, error.status);
      throw error;
    }
    return settingsPage(request, reply, session, { secret: html`<h2>Signing secret</h2>${secretBox('webhook-secret', result.secret, 'secret')}` });
  };

  web.get('/dashboard/webhooks', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    const done = String((request.query as Record<string, unknown>).done ?? '');
    return settingsPage(request, reply, session, DONE[done] ? { notice: { kind: 'ok', text: DONE[done] } } : undefined);
  });
  web.post('/dashboard/webhooks', async (request, reply) => configure(request, reply, String((request.body as Record<string, unknown>).url ?? '')));
  web.post('/dashboard/webhooks/rotate', async (request, reply) => {
    const accountId = request.webSession?.accountId;
    const current = accountId ? await webhooks.get(accountId) : undefined;
    if (accountId && !current) throw new ToolError('not_found', 'No webhook is configured: save a URL first.');
    return configure(request, reply, current?.url ?? '');
  });
  web.post('/dashboard/webhooks/remove', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    await webhooks.remove(session.accountId);
    return seeOther(reply, '/dashboard/webhooks?done=removed');
  });
  web.post('/dashboard/webhooks/test', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    if (!(await webhooks.get(session.accountId))) throw new ToolError('not_found', 'No webhook is configured: save a URL first.');
    const at = now().toISOString();
    webhooks.notify(session.accountId, {
      runId: `test_${randomUUID()}`,
      tool: 'test',
      status: 'completed',
      resultStatus: 'test',
      createdAt: at,
      finishedAt: at,
      summary: { test: true },
    });
    return seeOther(reply, '/dashboard/webhooks?done=test');
  });
};
