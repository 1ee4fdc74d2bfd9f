import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { toolapi } from './helpers/cli.ts';
import { createTestDatabase } from './helpers/postgres.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

/**
 * Dashboard sessions over HTTP, on SQLite and PostgreSQL: the CLI's sign-in link, the cookie's attributes, the
 * store holding only a hash, idle and absolute expiry, sign out everywhere, CSRF on forms, the playground seam
 * (cookie + X-CSRF-Token acts for the account, billed like a key; the cookie alone does not), mail throttles.
 */
const HOUR = 60 * 60 * 1000;

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

for (const adapter of ['sqlite', 'postgres'] as const) {
  describe(`dashboard sessions on ${adapter}`, () => {
    let server: TestServer;
    let clock = Date.parse('2026-11-10T12:00:00Z');
    const env: Record<string, string> = {};

    before(async () => {
      if (adapter === 'postgres') env.TOOLAPI_DATABASE_URL = await createTestDatabase('dashboard');
      server = await startTestServer(env, { now: () => new Date(clock) });
      env.TOOLAPI_DATA_DIR = server.dataDir;
      await server.service.accounts.accounts.createAccount({ email: 'owner@example.test', emailVerified: true });
    });
    after(async () => {
      await server?.close();
    });

    const post = (route: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(server.url + route, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
        body: form(fields),
      });
    const get = (route: string, cookie: string) => fetch(server.url + route, { redirect: 'manual', headers: { cookie } });

    /** A sign-in link the CLI prints (as an operator of a self-hosted first run would). */
    async function linkFromCli(): Promise<string> {
      const { code, stdout, stderr } = await toolapi(['accounts', 'login-link', '--email', 'owner@example.test'], { ...env, PORT: new URL(server.url).port });
      assert.equal(code, 0, stderr);
      return (JSON.parse(stdout) as { link: string }).link;
    }

    /** A sign-in link mailed by the sign-in form (no SMTP configured: the mail is logged). */
    async function linkFromMail(): Promise<string> {
      const before = server.logs.length;
      assert.equal((await post('/signin', { email: 'owner@example.test' })).status, 200);
      const link = server.logs
        .slice(before)
        .map((line) => /http:\/\/127\.0\.0\.1:\d+\/signin\/confirm\?token=[0-9A-Za-z]+/.exec(line)?.[0])
        .find(Boolean);
      assert.ok(link, 'the sign-in mail was logged');
      return link;
    }

    /**
     * Signs in with a one-time link: the CLI's in the first test, the sign-in form's mail in the others (both
     * links are made by login-links.ts; one CLI command per store proves the CLI's, the rest need a session).
     */
    async function signIn(by: 'cli' | 'mail' = 'mail'): Promise<{ cookie: string; csrf: string; raw: string; setCookie: string }> {
      const link = by === 'cli' ? await linkFromCli() : await linkFromMail();
      assert.ok(link.startsWith(`${server.url}/signin/confirm?token=`), link);
      const token = new URL(link).searchParams.get('token') ?? '';
      const confirmed = await post('/signin/confirm', { token });
      assert.equal(confirmed.status, 303);
      assert.equal(confirmed.headers.get('location'), '/dashboard');
      const setCookie = confirmed.headers.get('set-cookie') ?? '';
      const cookie = setCookie.split(';')[0] ?? '';
      const page = await (await get('/dashboard', cookie)).text();
      const csrf = /<meta name="csrf-token" content="([^"]+)">/.exec(page)?.[1] ?? '';
      assert.ok(csrf, 'the page carries the CSRF token');
      // The link works once.
      const again = await post('/signin/confirm', { token });
      assert.equal(again.headers.get('location'), '/signin?notice=expired');
      return { cookie, csrf, raw: cookie.split('=')[1] ?? '', setCookie };
    }

    test('the cookie is HttpOnly, SameSite=Lax, not Secure over http; the store holds only its SHA-256', async () => {
      const { setCookie, raw } = await signIn('cli');
      const attributes = setCookie.split(';').map((a) => a.trim().toLowerCase());
      assert.ok(attributes[0]?.startsWith('toolapi_session='));
      for (const wanted of ['httponly', 'samesite=lax', 'path=/']) assert.ok(attributes.includes(wanted), `${wanted} in ${setCookie}`);
      assert.ok(!attributes.includes('secure'));
      const rows = await server.service.store.db.selectFrom('web_sessions').select('id_hash').execute();
      assert.ok(rows.some((r) => r.id_hash === createHash('sha256').update(raw).digest('hex')));
      assert.ok(!rows.some((r) => r.id_hash.includes(raw)));
    });

    test('the playground seam: cookie + X-CSRF-Token calls a tool as the account, billed like a key; the cookie alone does not', async () => {
      const { cookie, csrf } = await signIn();
      const owner = await server.service.accounts.accounts.findByEmail('owner@example.test');
      const usedBefore = await server.service.accounts.credits.used(owner?.accountId ?? '');
      const call = (headers: Record<string, string>) =>
        fetch(`${server.url}/api/v1/text-utilities/reverse-text`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, ...headers },
          body: '{"text":"abc"}',
        });

      const ok = await call({ 'x-csrf-token': csrf, origin: server.url, 'sec-fetch-site': 'same-origin' });
      assert.equal(ok.status, 200);
      assert.equal(((await ok.json()) as { result: { text: string } }).result.text, 'cba');
      assert.ok(ok.headers.get('x-quota-remaining'), 'quota headers as for a key');
      assert.equal(await server.service.accounts.credits.used(owner?.accountId ?? ''), usedBefore + 1);

      assert.equal((await call({})).status, 401, 'a cookie without the header is not enough');
      assert.equal((await call({ 'x-csrf-token': 'forged' })).status, 403);
      assert.equal((await call({ 'x-csrf-token': csrf, origin: 'http://elsewhere.example' })).status, 403);
      assert.equal((await call({ 'x-csrf-token': csrf, 'sec-fetch-site': 'cross-site' })).status, 403);
      assert.equal(await server.service.accounts.credits.used(owner?.accountId ?? ''), usedBefore + 1, 'refused calls spend nothing');
    });

    test("forms need the session's token and this site's origin", async () => {
      const { cookie, csrf } = await signIn();
      assert.equal((await post('/dashboard/keys', { name: 'no token' }, { cookie })).status, 403);
      assert.equal((await post('/dashboard/keys', { name: 'other site', _csrf: csrf }, { cookie, origin: 'http://elsewhere.example' })).status, 403);
      const created = await post('/dashboard/keys', { name: 'good', _csrf: csrf }, { cookie });
      assert.equal(created.status, 200);
      assert.match(await created.text(), /tk_[0-9A-Za-z]{40}/);
      const owner = await server.service.accounts.accounts.findByEmail('owner@example.test');
      const names = (await server.service.accounts.accounts.listKeys(owner?.accountId ?? '')).map((k) => k.name);
      assert.ok(names.includes('good') && !names.includes('no token') && !names.includes('other site'));
    });

    test('a session ends after 12 h idle and after 7 days whatever the activity', async () => {
      const idle = await signIn();
      clock += 11 * HOUR;
      assert.equal((await get('/dashboard', idle.cookie)).status, 200, 'within the idle time');
      clock += 11 * HOUR;
      assert.equal((await get('/dashboard', idle.cookie)).status, 200, 'the last request restarted the idle time');
      clock += 13 * HOUR;
      assert.equal((await get('/dashboard', idle.cookie)).headers.get('location'), '/signin?next=%2Fdashboard', 'idle too long');

      const busy = await signIn();
      for (let i = 0; i < 15; i++) {
        clock += 11 * HOUR;
        assert.equal((await get('/dashboard', busy.cookie)).status, 200, `active, ${(i + 1) * 11} h`);
      }
      clock += 11 * HOUR; // 176 h > 7 days
      assert.equal((await get('/dashboard', busy.cookie)).status, 303, 'past the absolute expiry');
    });

    test("sign out everywhere ends the account's other sessions too", async () => {
      const one = await signIn();
      const two = await signIn();
      assert.equal((await get('/dashboard', two.cookie)).status, 200);
      const out = await post('/signout/everywhere', { _csrf: one.csrf }, { cookie: one.cookie });
      assert.equal(out.headers.get('location'), '/signin?notice=signed-out-everywhere');
      assert.equal((await get('/dashboard', one.cookie)).status, 303);
      assert.equal((await get('/dashboard', two.cookie)).status, 303);
    });

    test('sign-in mails: at most 5 an hour per address and 20 per IP (429 with Retry-After)', async () => {
      clock = Date.parse('2026-11-20T10:00:00Z');
      const before = server.logs.length;
      for (let i = 0; i < 5; i++) assert.equal((await post('/signin', { email: 'owner@example.test' })).status, 200);
      const sixth = await post('/signin', { email: 'owner@example.test' });
      assert.equal(sixth.status, 429);
      assert.ok(Number(sixth.headers.get('retry-after')) > 0);
      assert.equal(server.logs.slice(before).filter((l) => l.includes('Your toolapi sign-in link')).length, 5, 'five mails, not six');
      // The refused sixth did not count against the IP: 15 more addresses pass, the 16th does not.
      for (let i = 0; i < 15; i++) assert.equal((await post('/signin', { email: `someone${i}@example.test` })).status, 200);
      assert.equal((await post('/signin', { email: 'one.more@example.test' })).status, 429);
      clock += HOUR;
      assert.equal((await post('/signin', { email: 'owner@example.test' })).status, 200, 'the next hour');
    });
  });
}

test('behind https (TOOLAPI_PUBLIC_URL), the cookie is Secure and __Host- prefixed', async () => {
  const server = await startTestServer({ TOOLAPI_PUBLIC_URL: 'https://tools.example.test' });
  try {
    const account = await server.service.accounts.accounts.createAccount({ email: 'tls@example.test', emailVerified: true });
    await fetch(`${server.url}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://tools.example.test' },
      body: 'email=tls%40example.test',
    });
    const link = server.logs.map((l) => /https:\/\/tools\.example\.test\/signin\/confirm\?token=([0-9A-Za-z]+)/.exec(l)?.[1]).find(Boolean);
    assert.ok(link && account);
    const confirmed = await fetch(`${server.url}/signin/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://tools.example.test' },
      body: `token=${link}`,
    });
    const attributes = (confirmed.headers.get('set-cookie') ?? '').split(';').map((a) => a.trim().toLowerCase());
    assert.ok(attributes[0]?.startsWith('__host-toolapi_session='), attributes[0]);
    assert.ok(attributes.includes('secure') && attributes.includes('httponly') && attributes.includes('path=/'));
  } finally {
    await server.close();
  }
});
