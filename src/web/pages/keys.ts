import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { KeyInfo } from '../../accounts/accounts.ts';
import { ToolError } from '../../core/errors.ts';
import { MODULES } from '../../registry/modules.ts';
import type { Registry } from '../../registry/registry.ts';
import { secretBox, when } from '../components.ts';
import { html, type Html } from '../html.ts';
import type { PageModule } from '../index.ts';
import { csrfField } from '../layout.ts';
import { accountSession, seeOther, sendPage } from '../respond.ts';
import type { WebSession } from '../sessions.ts';

const createKeyForm = z.object({
  name: z.string().trim().min(1, 'Name: give the key a name, e.g. "laptop" or "ci"').max(100, 'Name: at most 100 characters'),
  allowedTools: z.union([z.string(), z.array(z.string())]).optional(),
});

/**
 * API keys: create (name, optional allowed tools picked from the registry), the secret shown once, the list
 * (name, prefix, created, last used), revoke after a confirmation page (works without script).
 */
export const registerKeyPages: PageModule = (web, { system, registry }) => {
  const keysPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: WebSession & { accountId: string },
    extra?: { created?: Html; notice?: { kind: 'ok' | 'error'; text: string } },
    status = 200,
  ) => {
    const keys = await system.accounts.listKeys(session.accountId);
    return sendPage(
      request,
      reply,
      {
        title: 'API keys',
        current: '/dashboard/keys',
        notice: extra?.notice,
        body: html`${extra?.created}
          <h2>Your keys</h2>
          ${keyTable(keys)}
          <h2>Create a key</h2>
          <form class="stack" method="post" action="/dashboard/keys">
            ${csrfField(session)}
            <div class="field"><label for="key-name">Name</label><input id="key-name" name="name" type="text" required maxlength="100" autocomplete="off"></div>
            ${toolPicker(registry)}
            <p><button type="submit">Create key</button></p>
          </form>`,
      },
      status,
    );
  };

  web.get('/dashboard/keys', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    const done = (request.query as Record<string, unknown>).done;
    return keysPage(
      request,
      reply,
      session,
      done === 'revoked' ? { notice: { kind: 'ok', text: 'The key is revoked: calls with it now get 401.' } } : undefined,
    );
  });

  web.post('/dashboard/keys', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    const parsed = createKeyForm.safeParse(request.body ?? {});
    if (!parsed.success)
      return keysPage(request, reply, session, { notice: { kind: 'error', text: parsed.error.issues[0]?.message ?? 'Check the form.' } }, 400);
    const ticked = parsed.data.allowedTools ?? [];
    const allowed = checkedGlobs(Array.isArray(ticked) ? ticked : [ticked], registry);
    const created = await system.accounts.createKey(session.accountId, { name: parsed.data.name, allowedTools: allowed.length > 0 ? allowed : undefined });
    return keysPage(request, reply, session, {
      created: html`<section aria-labelledby="new-key-h"><h2 id="new-key-h">New key “${created.name}”</h2>${secretBox('new-key', created.key)}</section>`,
    });
  });

  web.get('/dashboard/keys/:id/revoke', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    const key = (await system.accounts.listKeys(session.accountId)).find((k) => k.id === (request.params as { id: string }).id && !k.revokedAt);
    if (!key) throw new ToolError('not_found', 'No active key with this id in your account.');
    return sendPage(request, reply, {
      title: 'Revoke a key',
      current: '/dashboard/keys',
      body: html`<p>Revoke the key <strong>${key.name}</strong> (<code>${key.prefix}…</code>)? Programs that use it stop working at once; this cannot be undone.</p>
        <form method="post" action="/dashboard/keys/${key.id}/revoke" class="actions">
          ${csrfField(session)}
          <button type="submit" class="danger">Revoke “${key.name}”</button>
          <a href="/dashboard/keys">Cancel</a>
        </form>`,
    });
  });

  web.post('/dashboard/keys/:id/revoke', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    // Scoped to the session's account: another account's key id is "no such key".
    if (!(await system.accounts.revokeKey(session.accountId, (request.params as { id: string }).id))) {
      throw new ToolError('not_found', 'No active key with this id in your account.');
    }
    return seeOther(reply, '/dashboard/keys?done=revoked');
  });
};

function keyTable(keys: KeyInfo[]): Html {
  if (keys.length === 0) return html`<p>No keys yet: create one below.</p>`;
  return html`<div class="table-wrap"><table>
    <caption class="muted">Keys are shown by their prefix; the full key was shown only when it was created.</caption>
    <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Tools</th><th scope="col">Status</th></tr></thead>
    <tbody>
      ${keys.map(
        (key) => html`<tr>
          <td>${key.name}</td>
          <td><code>${key.prefix}…</code></td>
          <td>${when(key.createdAt)}</td>
          <td>${when(key.lastUsedAt)}</td>
          <td>${key.allowedTools ? key.allowedTools.join(', ') : 'all of the plan'}</td>
          <td>${key.revokedAt ? html`revoked ${when(key.revokedAt)}` : html`active · <a href="/dashboard/keys/${key.id}/revoke" aria-label="Revoke ${key.name}">Revoke…</a>`}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

/** Every module and tool of the registry as checkboxes: a module's box allows all its tools (`module/*`). */
function toolPicker(registry: Registry): Html {
  return html`<fieldset class="tool-picker">
    <legend>Allowed tools <span class="hint">(none ticked: every tool of your plan)</span></legend>
    ${registry.modules().map(
      (module) => html`<details>
        <summary>${MODULES[module].title} <span class="hint">(${registry.inModule(module).length})</span></summary>
        <p><label class="hint"><input type="checkbox" name="allowedTools" value="${module}/*"> every tool of this module</label></p>
        <ul>
          ${registry.inModule(module).map((tool) => html`<li><label class="hint"><input type="checkbox" name="allowedTools" value="${module}/${tool.slug}"> ${tool.title}</label></li>`)}
        </ul>
      </details>`,
    )}
  </fieldset>`;
}

/** Only globs the picker offers: a forged value is refused rather than stored. */
function checkedGlobs(picked: string[], registry: Registry): string[] {
  const offered = new Set(registry.modules().flatMap((module) => [`${module}/*`, ...registry.inModule(module).map((tool) => `${module}/${tool.slug}`)]));
  for (const glob of picked) {
    if (!offered.has(glob)) throw new ToolError('validation_failed', `Allowed tools: ${glob.slice(0, 100)} is not a module or tool of this service.`);
  }
  return [...new Set(picked)];
}
