import { periodEnd, periodOf } from '../../accounts/credits.ts';
import { dailyBarChart } from '../chart.ts';
import { html } from '../html.ts';
import type { PageModule } from '../index.ts';
import { accountSession, seeOther, sendPage } from '../respond.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last 30 UTC days, oldest first, as `YYYY-MM-DD`. */
export function last30Days(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 30 }, (_, i) => new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Usage: this month's credits (used, limit, remaining, reset), the plan's limits, calls per day over the last
 * 30 days (SVG) and per tool, from the per-day counters the gate writes when a call is settled.
 */
export const registerUsagePages: PageModule = (web, { system, now }) => {
  web.get('/dashboard/usage', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    const principal = await system.accounts.principalOf(session.accountId);
    if (!principal) return seeOther(reply, '/signin');
    const at = now();
    const { plan } = principal;
    const used = await system.credits.used(session.accountId);
    const days = last30Days(at);
    const rows = await system.dailyUsage.read(session.accountId, days[0] as string);
    const perDay = new Map<string, number>();
    const perTool = new Map<string, { calls: number; credits: number; month: number }>();
    const month = periodOf(at);
    for (const row of rows) {
      perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.calls);
      const tool = perTool.get(row.tool) ?? { calls: 0, credits: 0, month: 0 };
      tool.calls += row.calls;
      tool.credits += row.credits;
      if (row.day.startsWith(month)) tool.month += row.credits;
      perTool.set(row.tool, tool);
    }
    const series = days.map((day) => ({ day, value: perDay.get(day) ?? 0 }));
    const tools = [...perTool.entries()].sort((a, b) => b[1].calls - a[1].calls || a[0].localeCompare(b[0]));
    return sendPage(request, reply, {
      title: 'Usage',
      current: '/dashboard/usage',
      body: html`<div class="cards">
          <section class="card"><h2>Used</h2><p class="figure" id="credits-used">${used}</p><p class="muted">credits in ${month}</p></section>
          <section class="card"><h2>Limit</h2><p class="figure">${plan.monthlyCredits}</p><p class="muted">credits a month (${plan.name} plan)</p></section>
          <section class="card"><h2>Remaining</h2><p class="figure" id="credits-remaining">${Math.max(0, plan.monthlyCredits - used)}</p><p class="muted">resets ${periodEnd(at).toISOString().slice(0, 10)} 00:00 UTC</p></section>
        </div>
        <h2>Plan limits</h2>
        <ul>
          <li>${plan.monthlyCredits} credits a month</li>
          <li>${plan.ratePerMinute} calls a minute</li>
          <li>${plan.bulkUrlLimit} URLs per bulk call</li>
        </ul>
        <h2>Calls per day, last 30 days</h2>
        ${dailyBarChart(series, 'Calls per day over the last 30 days')}
        <details><summary>The same as a table</summary>
          <div class="table-wrap"><table><thead><tr><th scope="col">Day</th><th scope="col" class="num">Calls</th></tr></thead>
          <tbody>${series.filter((d) => d.value > 0).map((d) => html`<tr><td>${d.day}</td><td class="num">${d.value}</td></tr>`)}</tbody></table></div>
        </details>
        <h2>Per tool, last 30 days</h2>
        ${
          tools.length === 0
            ? html`<p>No calls yet.</p>`
            : html`<div class="table-wrap"><table id="per-tool">
              <thead><tr><th scope="col">Tool</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Credits</th><th scope="col" class="num">Credits this month</th></tr></thead>
              <tbody>${tools.map(([tool, t]) => html`<tr><td><a href="/tools/${tool}">${tool}</a></td><td class="num">${t.calls}</td><td class="num">${t.credits}</td><td class="num">${t.month}</td></tr>`)}</tbody>
            </table></div>`
        }`,
    });
  });
};
