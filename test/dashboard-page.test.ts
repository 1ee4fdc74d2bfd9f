import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  launchChromium,
  linkFromLog as sharedLinkFromLog,
  noSeriousAxeViolations,
  SCREENSHOTS,
  screenshotsAtBothWidths,
  startOtherSite,
} from './helpers/browser.ts';
import { startNetworkTrap, type NetworkTrap } from './helpers/network-trap.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './helpers/server.ts';

/**
 * The dashboard in a real Chromium: sign up → verification link (from the log: no SMTP configured) → signed in
 * → create a key (shown once, copied) → the key works → usage shows the calls → revoke (401) → sign out; a
 * second account sees none of the first's keys or usage; a cross-site form post is refused; the admin console
 * suspends (403 account_inactive) and reactivates. axe-core finds no serious or critical violation, nothing is
 * fetched from outside, the console stays clean (a CSP violation would be logged there). Screenshots at 1280 and
 * 390 px go to .tmp/screenshots/ (git-ignored).
 */
const PLANS_DIR = mkdtempSync(path.join(tmpdir(), 'toolapi-dashboard-plans-'));
const MONTHLY = 300;

let server: TestServer;
let trap: NetworkTrap;
let browser: Browser;
let evil: Awaited<ReturnType<typeof startOtherSite>> | undefined;
const consoleErrors: string[] = [];
const outsideRequests: string[] = [];
const contexts: BrowserContext[] = [];

/** What the second test left for the later ones. */
const first = { email: 'first.user@example.test', page: undefined as Page | undefined, welcomeKey: '', revokedKey: '' };

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  const allowed = new Set([new URL(server.url).host, new URL(evil!.url).host]);
  // Noted, not intercepted (interception would turn the browser's cache off and add a round trip to every
  // request); a request for the outside cannot leave anyway: Chromium's proxy is the network trap.
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && !allowed.has(url.host)) outsideRequests.push(url.href);
  });
  return page;
}

const screenshots = (p: Page, name: string, phoneSetup?: (phone: Page) => Promise<void>) => screenshotsAtBothWidths(p, `dashboard-${name}`, phoneSetup);

const linkFromLog = (pattern: RegExp): string => sharedLinkFromLog(server.logs, pattern);

const toolCall = (slug: string, key: string, body: unknown) =>
  fetch(`${server.url}/api/v1/text-utilities/${slug}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

before(async () => {
  const plans = path.join(PLANS_DIR, 'plans.json');
  writeFileSync(plans, JSON.stringify({ free: { monthlyCredits: MONTHLY, ratePerMinute: 1000, bulkUrlLimit: 5 } }));
  // Webhook URLs go through the SSRF-guarded fetch checks: the loopback receiver of the webhook test is allowed.
  server = await startTestServer({ TOOLAPI_PLANS: plans, TOOLAPI_FETCH_ALLOW: '127.0.0.1' });
  trap = await startNetworkTrap();
  // "Another site": a page on another origin with a form that posts to the dashboard.
  evil = await startOtherSite(
    `<!doctype html><html lang="en"><title>elsewhere</title><form method="post" action="${server.url}/dashboard/keys"><input name="name" value="planted"><button type="submit">Win a prize</button></form></html>`,
  );
  browser = await launchChromium(trap.url);
  mkdirSync(SCREENSHOTS, { recursive: true });
});

after(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await evil?.close();
  await trap?.close();
  await server?.close();
  rmSync(PLANS_DIR, { recursive: true, force: true });
});

test('sign-in and sign-up pages: strict CSP, no serious axe violations', async () => {
  const page = await newPage();
  const response = await page.goto(`${server.url}/signin`);
  assert.equal(response?.status(), 200);
  assert.equal(
    response?.headers()['content-security-policy'],
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
  );
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await noSeriousAxeViolations(page, '/signin');
  await screenshots(page, 'signin');
  // Keyboard: the first Tab reaches the skip link, which moves focus to the main content.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate<string>('document.activeElement.textContent'), 'Skip to content');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate<string>('document.activeElement.id'), 'main');
  // Dark: the same page under prefers-color-scheme: dark, also without serious contrast problems.
  await page.emulateMedia({ colorScheme: 'dark' });
  await noSeriousAxeViolations(page, '/signin (dark)');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-signin-dark-1280.png'), fullPage: true });
  await page.goto(`${server.url}/signup`);
  await noSeriousAxeViolations(page, '/signup');
});

test('sign up → verify → signed in → key shown once and copied → it works → usage shows the calls → revoke → 401 → sign out', async () => {
  const page = await newPage();
  first.page = page;
  await page.goto(`${server.url}/signup`);
  await page.getByLabel('E-mail address').fill(first.email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your mail' }).waitFor();

  // The link opens a page; only its button uses the token (a prefetching mail scanner does not).
  const link = linkFromLog(/http:\/\/127\.0\.0\.1:\d+\/verify\?token=[0-9A-Za-z]+/);
  await page.goto(link);
  await page.goto(link);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  first.welcomeKey = (await page.locator('#new-key').innerText()).trim();
  assert.match(first.welcomeKey, /^tk_[0-9A-Za-z]{40}$/);

  // A named key, limited to nothing: shown once, with a warning and a working copy button.
  await page.goto(`${server.url}/dashboard/keys`);
  await noSeriousAxeViolations(page, '/dashboard/keys');
  await page.getByLabel('Name').fill('laptop');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.locator('#new-key').innerText()).trim();
  assert.match(secret, /^tk_[0-9A-Za-z]{40}$/);
  assert.match(await page.getByRole('note').innerText(), /shown only once/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Copied.').waitFor();
  assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), secret);
  await screenshots(page, 'keys-created');
  // The 390 px screenshot reloaded the page with GET: the secret is gone for good.
  await page.goto(`${server.url}/dashboard/keys`);
  assert.ok(!(await page.content()).includes(secret), 'the key is never shown again');
  assert.ok((await page.content()).includes(secret.slice(0, 11)), 'its prefix is listed');

  // The key works like any key; the calls are billed and counted per day and tool.
  const reverse = server.service.registry.tools.find((t) => t.path === '/api/v1/text-utilities/reverse-text');
  const upper = server.service.registry.tools.find((t) => t.path === '/api/v1/text-utilities/convert-to-slug');
  assert.ok(reverse && upper, 'the two tools exist');
  for (let i = 0; i < 3; i++) assert.equal((await toolCall('reverse-text', secret, { text: `call ${i}` })).status, 200);
  const converted = await toolCall('convert-to-slug', secret, { text: 'Hello there' });
  assert.equal(converted.status, 200, await converted.clone().text());
  const spent = 3 * reverse.cost + upper.cost;

  await page.goto(`${server.url}/dashboard/usage`);
  assert.equal(await page.locator('#credits-used').innerText(), String(spent));
  assert.equal(await page.locator('#credits-remaining').innerText(), String(MONTHLY - spent));
  const rows = await page.locator('#per-tool tbody tr').allInnerTexts();
  assert.deepEqual(
    rows.map((r) => r.split('\t').map((c) => c.trim())),
    [
      ['text-utilities/reverse-text', '3', String(3 * reverse.cost), String(3 * reverse.cost)],
      ['text-utilities/convert-to-slug', '1', String(upper.cost), String(upper.cost)],
    ],
  );
  // Today's bar is the tallest (the only calls), and the chart says how many calls in all.
  assert.match((await page.locator('svg.chart desc').textContent()) ?? '', /; 4 in all; at most 4 on one day\./);
  const heights = await page.locator('svg.chart rect.bar-rect').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
  assert.equal(heights.length, 30);
  assert.ok((heights.at(-1) ?? 0) > 0 && heights.slice(0, -1).every((h) => h === 0), 'only today has calls');
  await noSeriousAxeViolations(page, '/dashboard/usage');
  // Every label of the chart lies inside it, at both widths (the last day's was cut in half at the right edge).
  const labelsInside = (p: Page): Promise<boolean> =>
    p.locator('svg.chart').evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')].every((t) => {
        const r = t.getBoundingClientRect();
        return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
      });
    });
  assert.ok(await labelsInside(page), 'chart labels inside the chart at 1280 px');
  await screenshots(page, 'usage', async (phone) => assert.ok(await labelsInside(phone), 'chart labels inside the chart at 390 px'));

  // The overview and the other pages of the account, for axe and the screenshots.
  await page.goto(`${server.url}/dashboard`);
  await noSeriousAxeViolations(page, '/dashboard');
  await screenshots(page, 'overview');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${server.url}/dashboard/usage`);
  await noSeriousAxeViolations(page, '/dashboard/usage (dark)');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-usage-dark-1280.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${server.url}/dashboard/connect`);
  assert.ok((await page.locator('#cfg-generic').innerText()).includes(`${server.url}/mcp/http`));
  assert.ok(!(await page.content()).includes(first.welcomeKey), 'no key in the snippets');
  await noSeriousAxeViolations(page, '/dashboard/connect');
  await screenshots(page, 'connect');
  await page.goto(`${server.url}/dashboard/webhooks`);
  await noSeriousAxeViolations(page, '/dashboard/webhooks');
  await screenshots(page, 'webhooks');

  // Last used is shown; revoke asks first, then the key is refused.
  await page.goto(`${server.url}/dashboard/keys`);
  const laptopRow = page.getByRole('row').filter({ hasText: 'laptop' });
  assert.doesNotMatch(await laptopRow.innerText(), /—/, 'last used is set');
  await laptopRow.getByRole('link', { name: 'Revoke laptop' }).click();
  await page.getByRole('button', { name: 'Revoke “laptop”' }).click();
  await page.getByText('The key is revoked').waitFor();
  const refused = await toolCall('reverse-text', secret, { text: 'after' });
  assert.equal(refused.status, 401);
  first.revokedKey = secret;

  // Sign out: the dashboard asks for a sign-in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('You are signed out.').waitFor();
  await page.goto(`${server.url}/dashboard/keys`);
  assert.match(new URL(page.url()).pathname, /^\/signin$/);
});

test("a second account, signed in by a mailed link, sees none of the first account's keys or usage", async () => {
  const page = await newPage();
  await server.service.accounts.accounts.createAccount({ email: 'second@example.test', emailVerified: true });
  await page.goto(`${server.url}/signin`);
  await page.getByLabel('E-mail address').fill('second@example.test');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
  await page.goto(linkFromLog(/http:\/\/127\.0\.0\.1:\d+\/signin\/confirm\?token=[0-9A-Za-z]+/));
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  assert.match(await page.locator('main').innerText(), /second@example\.test/);

  await page.goto(`${server.url}/dashboard/keys`);
  const keysText = await page.locator('main').innerText();
  assert.ok(!keysText.includes('laptop') && !keysText.includes(first.welcomeKey.slice(0, 11)), 'no key of the first account');
  await page.goto(`${server.url}/dashboard/usage`);
  assert.equal(await page.locator('#credits-used').innerText(), '0');
  assert.equal(await page.locator('#per-tool').count(), 0);

  // Revoking the first account's key by its id, from this session, is "no such key".
  const firstAccount = await server.service.accounts.accounts.findByEmail(first.email);
  const welcome = (await server.service.accounts.accounts.listKeys(firstAccount?.accountId ?? '')).find((k) => k.name === 'first key');
  assert.ok(welcome);
  const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const status = await page.evaluate(
    async ({ id, token }) =>
      (
        await fetch(`/dashboard/keys/${id}/revoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `_csrf=${token}`,
        })
      ).status,
    { id: welcome.id, token: csrf ?? '' },
  );
  assert.equal(status, 404);
  assert.equal((await toolCall('reverse-text', first.welcomeKey, { text: 'still mine' })).status, 200);
});

/** Signs a new page in as `email` (an account made here) through the mailed one-time link. */
async function signedIn(email: string): Promise<Page> {
  const page = await newPage();
  await server.service.accounts.accounts.createAccount({ email, emailVerified: true });
  await page.goto(`${server.url}/signin`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
  await page.goto(linkFromLog(/http:\/\/127\.0\.0\.1:\d+\/signin\/confirm\?token=[0-9A-Za-z]+/));
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  return page;
}

test('webhook settings: the secret is shown once, a test event arrives signed with it, rotation replaces it', async () => {
  const events: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      events.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const page = await signedIn('hooks@example.test');
    await page.goto(`${server.url}/dashboard/webhooks`);
    await page.getByLabel(/^URL/).fill(url);
    await page.getByRole('button', { name: 'Save' }).click();
    const secret = (await page.locator('#webhook-secret').innerText()).trim();
    assert.match(secret, /^whsec_/);
    await screenshots(page, 'webhooks-secret');

    // Standard Webhooks: base64 HMAC-SHA256, keyed by the base64 part of the secret, over id.timestamp.body.
    const verifies = (event: (typeof events)[number], key: string): boolean => {
      const signed = `${String(event.headers['webhook-id'])}.${String(event.headers['webhook-timestamp'])}.${event.body}`;
      const expected = createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64'))
        .update(signed)
        .digest('base64');
      return event.headers['webhook-signature'] === `v1,${expected}`;
    };
    const sendTest = async (): Promise<(typeof events)[number]> => {
      const count = events.length;
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page.getByText('A test event is on its way').waitFor();
      for (let i = 0; i < 100 && events.length === count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const event = events[count];
      assert.ok(event, 'the test event arrived');
      return event;
    };
    const firstEvent = await sendTest();
    assert.equal((JSON.parse(firstEvent.body) as { type: string }).type, 'mcp.job.finished');
    assert.ok(verifies(firstEvent, secret), 'signed with the secret shown');

    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    const rotated = (await page.locator('#webhook-secret').innerText()).trim();
    assert.notEqual(rotated, secret);
    const secondEvent = await sendTest();
    assert.ok(verifies(secondEvent, rotated) && !verifies(secondEvent, secret), 'signed with the new secret only');

    await page.goto(`${server.url}/dashboard/webhooks`);
    assert.ok(!(await page.content()).includes(rotated), 'the secret is not shown again');
    await page.getByRole('button', { name: 'Remove the webhook' }).click();
    await page.getByText('The webhook is removed.').waitFor();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('CSRF: a form on another site posting to the dashboard is refused', async () => {
  const page = await newPage();
  await server.service.accounts.accounts.createAccount({ email: 'victim@example.test', emailVerified: true });
  await page.goto(`${server.url}/signin`);
  await page.getByLabel('E-mail address').fill('victim@example.test');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.goto(linkFromLog(/http:\/\/127\.0\.0\.1:\d+\/signin\/confirm\?token=[0-9A-Za-z]+/));
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();

  await page.goto(evil!.url);
  const answered = page.waitForResponse((r) => r.url() === `${server.url}/dashboard/keys` && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Win a prize' }).click();
  assert.equal((await answered).status(), 403);
  const victim = await server.service.accounts.accounts.findByEmail('victim@example.test');
  const keys = await server.service.accounts.accounts.listKeys(victim?.accountId ?? '');
  assert.deepEqual(
    keys.map((k) => k.name),
    [],
    'no key was planted',
  );
  // The session itself is untouched: the dashboard still opens.
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
});

test("admin console: a suspended account's key gets 403 account_inactive with the reason; reactivating restores it", async () => {
  const page = await newPage();
  await page.goto(`${server.url}/admin`);
  await page.getByLabel(/Admin token/).fill(TEST_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await page.getByRole('heading', { name: 'Accounts' }).waitFor();
  await page.getByLabel('Search by address').fill('first.user');
  await page.getByRole('button', { name: 'Search' }).click();
  assert.equal(await page.getByRole('link', { name: first.email }).count(), 1);
  assert.equal(await page.getByRole('link', { name: 'second@example.test' }).count(), 0);
  await noSeriousAxeViolations(page, '/admin');
  await screenshots(page, 'admin');
  await page.getByRole('link', { name: first.email }).click();
  await page.getByLabel(/Reason/).fill('unpaid invoice 2026-11');
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByText('The account is suspended').waitFor();
  await noSeriousAxeViolations(page, '/admin/accounts/:id');
  await screenshots(page, 'admin-account');

  const suspended = await toolCall('reverse-text', first.welcomeKey, { text: 'x' });
  assert.equal(suspended.status, 403);
  const body = (await suspended.json()) as { error: string; detail: string };
  assert.equal(body.error, 'account_inactive');
  assert.match(body.detail, /unpaid invoice 2026-11/);

  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByText('The account is active again').waitFor();
  assert.equal((await toolCall('reverse-text', first.welcomeKey, { text: 'x' })).status, 200);

  // A plan change reaches the account's keys: the usage endpoint reports the new plan's limit.
  await page.getByLabel('Plan', { exact: true }).selectOption('pro');
  await page.getByRole('button', { name: 'Change plan' }).click();
  await page.getByText('The plan is changed.').waitFor();
  const usage = (await (await fetch(`${server.url}/api/v1/usage`, { headers: { 'x-api-key': first.welcomeKey } })).json()) as {
    result: { plan: string; limit: number };
  };
  assert.equal(usage.result.plan, 'pro');
  assert.equal(usage.result.limit, server.service.accounts.plans.get('pro')?.monthlyCredits);
});

test('nothing came from outside this server, and the console has no errors (no CSP violation)', () => {
  assert.deepEqual(outsideRequests, []);
  assert.deepEqual(
    consoleErrors.filter((e) => !/status of 40[134]/.test(e)),
    [],
  );
});
