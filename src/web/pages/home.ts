import { periodEnd } from '../../accounts/credits.ts';
import { html } from '../html.ts';
import { csrfField } from '../layout.ts';
import type { PageModule } from '../index.ts';
import { accountSession, seeOther, sendPage } from '../respond.ts';

/** `/`: what the service is, for a visitor; `/dashboard`: the signed-in account at a glance. */
export const registerHomePages: PageModule = (web, { system, registry, now }) => {
  web.get('/', async (request, reply) => {
    if (request.webSession?.admin) return seeOther(reply, '/admin');
    if (request.webSession?.accountId) return seeOther(reply, '/dashboard');
    return sendPage(request, reply, {
      title: 'toolapi',
      body: html`<p>One HTTP API and MCP server for ${registry.tools.length} small, dependable tools, behind one API key and a monthly credit quota.</p>
        <p class="actions"><a class="button" href="/signup">Create an account</a> <a class="button secondary" href="/signin">Sign in</a></p>
        <p><a href="/tools">Browse the tools</a> · <a href="/docs">API reference</a></p>`,
    });
  });

  web.get('/dashboard', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    const account = await system.accounts.getAccount(session.accountId);
    const principal = await system.accounts.principalOf(session.accountId);
    if (!account || !principal) return seeOther(reply, '/signin');
    const used = await system.credits.used(account.accountId);
    const limit = principal.plan.monthlyCredits;
    const keys = (await system.accounts.listKeys(account.accountId)).filter((k) => !k.revokedAt);
    return sendPage(request, reply, {
      title: 'Overview',
      current: '/dashboard',
      body: html`<p>Signed in as <strong>${account.email}</strong> · plan <strong>${account.plan}</strong>${
        account.status === 'suspended' && html` · <span class="status-suspended">suspended: ${account.statusReason}</span>`
      }</p>
        <div class="cards">
          <section class="card" aria-labelledby="credits-h"><h2 id="credits-h">Credits this month</h2><p class="figure">${used} / ${limit}</p><p class="muted">${Math.max(0, limit - used)} left; resets ${periodEnd(now()).toISOString().slice(0, 10)}.</p><a href="/dashboard/usage">Usage</a></section>
          <section class="card" aria-labelledby="keys-h"><h2 id="keys-h">API keys</h2><p class="figure">${keys.length}</p><p class="muted">active</p><a href="/dashboard/keys">Manage keys</a></section>
          <section class="card" aria-labelledby="agent-h"><h2 id="agent-h">Agents</h2><p class="muted">Use the tools from an MCP client.</p><a href="/dashboard/connect">Connect an agent</a></section>
        </div>
        <h2>Sessions</h2>
        <form method="post" action="/signout/everywhere">${csrfField(session)}<button type="submit" class="secondary">Sign out on every device</button></form>`,
    });
  });
};
