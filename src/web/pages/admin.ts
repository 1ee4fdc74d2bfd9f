import type { FastifyRequest } from 'fastify';
import { periodOf } from '../../accounts/credits.ts';
import { ToolError } from '../../core/errors.ts';
import { when } from '../components.ts';
import { html } from '../html.ts';
import type { PageModule } from '../index.ts';
import { csrfField } from '../layout.ts';
import { adminSession, seeOther, sendPage } from '../respond.ts';
import { last30Days } from './usage.ts';

const DONE: Record<string, string> = {
  plan: 'The plan is changed.',
  verified: 'The address is marked verified.',
  suspended: 'The account is suspended: its keys now get 403 account_inactive.',
  reactivated: 'The account is active again: its keys work.',
};

/** The admin console (signed in with TOOLAPI_ADMIN_TOKEN): accounts, plans, verification, suspension, usage. */
export const registerAdminPages: PageModule = (web, { system, store, now }) => {
  const idOf = (request: FastifyRequest): string => (request.params as { id: string }).id;
  const formOf = (request: FastifyRequest): Record<string, unknown> => (request.body ?? {}) as Record<string, unknown>;

  web.get('/admin', async (request, reply) => {
    const session = adminSession(request, reply);
    if (!session) return reply;
    const q = String((request.query as Record<string, unknown>).q ?? '').slice(0, 254);
    const accounts = await system.accounts.searchAccounts(q, 200);
    const usage = await store.db.selectFrom('usage').select(['account_id', 'used']).where('period', '=', periodOf(now())).execute();
    const used = new Map(usage.map((row) => [row.account_id, Number(row.used)]));
    return sendPage(request, reply, {
      title: 'Accounts',
      current: '/admin',
      body: html`<form method="get" action="/admin" class="actions" role="search">
          <label for="q">Search by address</label>
          <input id="q" name="q" type="search" value="${q}">
          <button type="submit">Search</button>
        </form>
        <div class="table-wrap"><table>
          <caption class="muted">${accounts.length === 200 ? 'The newest 200 matches' : accounts.length === 1 ? '1 account' : `${accounts.length} accounts`}</caption>
          <thead><tr><th scope="col">Address</th><th scope="col">Plan</th><th scope="col">Verified</th><th scope="col">Status</th><th scope="col" class="num">Credits this month</th><th scope="col">Created</th></tr></thead>
          <tbody>${accounts.map(
            (a) => html`<tr>
              <td><a href="/admin/accounts/${a.accountId}">${a.email}</a></td>
              <td>${a.plan}</td>
              <td>${a.emailVerified ? 'yes' : 'no'}</td>
              <td>${a.status === 'suspended' ? html`<span class="status-suspended">suspended</span>` : 'active'}</td>
              <td class="num">${used.get(a.accountId) ?? 0}</td>
              <td>${when(a.createdAt)}</td>
            </tr>`,
          )}</tbody>
        </table></div>`,
    });
  });

  web.get('/admin/accounts/:id', async (request, reply) => {
    const session = adminSession(request, reply);
    if (!session) return reply;
    const account = await system.accounts.getAccount(idOf(request));
    if (!account) throw new ToolError('not_found', 'No such account.');
    const done = String((request.query as Record<string, unknown>).done ?? '');
    const used = await system.credits.used(account.accountId);
    const plan = system.plans.get(account.plan);
    const rows = await system.dailyUsage.read(account.accountId, last30Days(now())[0] as string);
    const calls = rows.reduce((sum, row) => sum + row.calls, 0);
    const keys = await system.accounts.listKeys(account.accountId);
    const base = `/admin/accounts/${account.accountId}`;
    return sendPage(request, reply, {
      title: account.email,
      current: '/admin',
      notice: DONE[done] ? { kind: 'ok', text: DONE[done] } : undefined,
      body: html`<p><a href="/admin">← All accounts</a></p>
        <dl>
          <dt>Status</dt><dd>${account.status === 'suspended' ? html`<span class="status-suspended">suspended</span>: ${account.statusReason}` : 'active'}</dd>
          <dt>Plan</dt><dd>${account.plan}</dd>
          <dt>Verified</dt><dd>${account.emailVerified ? 'yes' : 'no'}</dd>
          <dt>Credits this month</dt><dd>${used} of ${plan?.monthlyCredits ?? '?'}</dd>
          <dt>Calls, last 30 days</dt><dd>${calls}</dd>
          <dt>Active keys</dt><dd>${keys.filter((k) => !k.revokedAt).length}</dd>
          <dt>Created</dt><dd>${when(account.createdAt)}</dd>
        </dl>
        <h2>Plan</h2>
        <form method="post" action="${base}/plan" class="actions">
          ${csrfField(session)}
          <label for="plan">Plan</label>
          <select id="plan" name="plan">${system.plans.names().map((name) => html`<option value="${name}"${name === account.plan ? html` selected` : ''}>${name}</option>`)}</select>
          <button type="submit">Change plan</button>
        </form>
        ${
          !account.emailVerified &&
          html`<h2>Verification</h2><form method="post" action="${base}/verify">${csrfField(session)}<button type="submit">Mark the address verified</button></form>`
        }
        <h2>Status</h2>
        ${
          account.status === 'suspended'
            ? html`<form method="post" action="${base}/reactivate">${csrfField(session)}<button type="submit">Reactivate</button></form>`
            : html`<form method="post" action="${base}/suspend" class="stack">
              ${csrfField(session)}
              <div class="field"><label for="reason">Reason <span class="hint">(its keys are told: 403 account_inactive)</span></label>
                <input id="reason" name="reason" type="text" maxlength="200" required></div>
              <p><button type="submit" class="danger">Suspend</button></p>
            </form>`
        }`,
    });
  });

  web.post('/admin/accounts/:id/plan', async (request, reply) => {
    if (!adminSession(request, reply)) return reply;
    await system.accounts.setPlan(idOf(request), String(formOf(request).plan ?? ''));
    return seeOther(reply, `/admin/accounts/${idOf(request)}?done=plan`);
  });
  web.post('/admin/accounts/:id/verify', async (request, reply) => {
    if (!adminSession(request, reply)) return reply;
    if (!(await system.accounts.getAccount(idOf(request)))) throw new ToolError('not_found', 'No such account.');
    await system.accounts.markVerified(idOf(request));
    return seeOther(reply, `/admin/accounts/${idOf(request)}?done=verified`);
  });
  web.post('/admin/accounts/:id/suspend', async (request, reply) => {
    if (!adminSession(request, reply)) return reply;
    const reason = String(formOf(request).reason ?? '')
      .trim()
      .slice(0, 200);
    if (!reason) throw new ToolError('validation_failed', "Reason: say why (the account's keys are told).");
    await system.accounts.setStatus(idOf(request), 'suspended', reason);
    return seeOther(reply, `/admin/accounts/${idOf(request)}?done=suspended`);
  });
  web.post('/admin/accounts/:id/reactivate', async (request, reply) => {
    if (!adminSession(request, reply)) return reply;
    await system.accounts.setStatus(idOf(request), 'active');
    return seeOther(reply, `/admin/accounts/${idOf(request)}?done=reactivated`);
  });
};
