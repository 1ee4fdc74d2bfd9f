import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { html } from '../html.ts';
import type { PageModule } from '../index.ts';
import { csrfField } from '../layout.ts';
import { LOGIN_LINK_TTL_MS, loginLinkUrl } from '../login-links.ts';
import { safeNext, seeOther, sendPage } from '../respond.ts';
import { secretBox } from '../components.ts';

/** Sign-in and signup mails: per address and per IP, per hour (a mailbox is not flooded, nor the SMTP relay). */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;
export const MAILS_PER_IP_PER_HOUR = 20;
const ADMIN_ATTEMPTS_PER_IP_PER_HOUR = 10;
const HOUR = 60 * 60 * 1000;

const emailField = z.object({ email: z.email().max(254) });

const NOTICES: Record<string, string> = {
  'signed-out': 'You are signed out.',
  'signed-out-everywhere': 'You are signed out on every device.',
  expired: 'That link is unknown, used or expired: ask for a new one below.',
};

/**
 * Sign up (the signup flow of accounts/signup.ts, its mail now pointing at /verify), sign in by a one-time link
 * (magic link), sign out (here or everywhere), and the admin console's sign-in with TOOLAPI_ADMIN_TOKEN.
 * Links in mails open a page with a button: the token is used by the POST, so a mail scanner that prefetches
 * links does not use it up.
 */
export const registerAuthPages: PageModule = (web, deps) => {
  const { system, sessions, throttle, loginLinks, mailer, publicUrl, config } = deps;

  const mailAllowed = async (request: FastifyRequest, email: string): Promise<number | undefined> => {
    for (const [bucket, limit] of [
      [`mail:address:${email}`, MAILS_PER_ADDRESS_PER_HOUR],
      [`mail:ip:${request.ip}`, MAILS_PER_IP_PER_HOUR],
    ] as const) {
      const result = await throttle.hit(bucket, limit, HOUR);
      if (!result.allowed) return result.retryAfterSeconds;
    }
    return undefined;
  };
  const tooMany = (reply: FastifyReply, seconds: number): never => {
    reply.header('retry-after', String(seconds));
    throw new ToolError('rate_limited', `Too many mails were asked for; try again in ${Math.ceil(seconds / 60)} minutes.`);
  };
  const emailOf = (body: unknown): string => {
    const parsed = emailField.safeParse(body ?? {});
    if (!parsed.success) throw new ToolError('validation_failed', 'E-mail address: enter an address like name@example.com.');
    return parsed.data.email.trim().toLowerCase();
  };

  const signinForm = (request: FastifyRequest, next: string, email = ''): ReturnType<typeof html> => html`
    <form class="stack" method="post" action="/signin">
      ${csrfField(request.webSession)}
      <input type="hidden" name="next" value="${next}">
      <div class="field"><label for="email">E-mail address</label>
        <input id="email" name="email" type="email" autocomplete="email" required value="${email}"></div>
      <p><button type="submit">Send me a sign-in link</button></p>
    </form>
    <p>No account yet? <a href="/signup">Sign up</a>.</p>`;

  web.get('/signin', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const notice = typeof query.notice === 'string' ? NOTICES[query.notice] : undefined;
    return sendPage(request, reply, {
      title: 'Sign in',
      notice: notice ? { kind: query.notice === 'expired' ? 'error' : 'ok', text: notice } : undefined,
      body: html`<p>We mail you a link that signs you in; it works once, for ${LOGIN_LINK_TTL_MS / 60_000} minutes.</p>${signinForm(request, safeNext(query.next, '/dashboard'))}`,
    });
  });

  web.post('/signin', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const email = emailOf(body);
    const wait = await mailAllowed(request, email);
    if (wait) return tooMany(reply, wait);
    const account = await system.accounts.findByEmail(email);
    // The same answer whether or not the address has an account: the page does not tell who is a customer.
    if (account) {
      const token = await loginLinks.issue(account.accountId);
      const next = safeNext(body.next, '/dashboard');
      const link = loginLinkUrl(publicUrl(), token) + (next === '/dashboard' ? '' : `&next=${encodeURIComponent(next)}`);
      await mailer.send({
        to: account.email,
        subject: 'Your toolapi sign-in link',
        text: `Open this link within ${LOGIN_LINK_TTL_MS / 60_000} minutes to sign in to the toolapi dashboard (it works once):\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
      });
    }
    return sendPage(request, reply, {
      title: 'Check your mail',
      body: html`<p>If <strong>${email}</strong> has an account, a sign-in link is on its way. It works once, for ${LOGIN_LINK_TTL_MS / 60_000} minutes.</p>
        <p class="muted">Self-hosted without mail? The operator prints a link with <code>toolapi accounts login-link --email ${email}</code>.</p>`,
    });
  });

  web.get('/signin/confirm', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    return sendPage(request, reply, {
      title: 'Sign in',
      body: html`<form method="post" action="/signin/confirm">
          ${csrfField(request.webSession)}
          <input type="hidden" name="token" value="${token}">
          <input type="hidden" name="next" value="${safeNext(query.next, '/dashboard')}">
          <p>Continue to the dashboard.</p>
          <p><button type="submit">Sign in</button></p>
        </form>`,
    });
  });

  web.post('/signin/confirm', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const accountId = typeof body.token === 'string' ? await loginLinks.claim(body.token) : undefined;
    if (!accountId) return seeOther(reply, '/signin?notice=expired');
    // The link came to the address: it proves the address as a verification link would.
    await system.accounts.markVerified(accountId);
    await sessions.start(request, reply, { accountId });
    return seeOther(reply, safeNext(body.next, '/dashboard'));
  });

  web.get('/signup', async (request, reply) =>
    sendPage(request, reply, {
      title: 'Create an account',
      body: html`<p>The free plan includes ${system.plans.get('free')?.monthlyCredits ?? 0} credits a month. We mail you a link to verify your address; it gives you your first API key.</p>
        <form class="stack" method="post" action="/signup">
          ${csrfField(request.webSession)}
          <div class="field"><label for="email">E-mail address</label>
            <input id="email" name="email" type="email" autocomplete="email" required></div>
          <p><button type="submit">Create account</button></p>
        </form>
        <p>Already have an account? <a href="/signin">Sign in</a>.</p>`,
    }),
  );

  web.post('/signup', async (request, reply) => {
    const email = emailOf(request.body);
    const wait = await mailAllowed(request, email);
    if (wait) return tooMany(reply, wait);
    const existing = await system.accounts.findByEmail(email);
    if (existing?.emailVerified) {
      return sendPage(
        request,
        reply,
        {
          title: 'Create an account',
          notice: { kind: 'error', text: 'An account with this address already exists: sign in instead.' },
          body: signinForm(request, '/dashboard', email),
        },
        409,
      );
    }
    await system.signup.signup(email);
    return sendPage(request, reply, {
      title: 'Check your mail',
      body: html`<p>We sent a verification link to <strong>${email}</strong>. Open it within 24 hours to verify the address, sign in and receive your first API key.</p>`,
    });
  });

  web.get('/verify', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return sendPage(request, reply, {
      title: 'Verify your address',
      body: html`<form method="post" action="/verify">
          ${csrfField(request.webSession)}
          <input type="hidden" name="token" value="${typeof query.token === 'string' ? query.token : ''}">
          <p>Confirm that this address is yours; you will be signed in and see your first API key.</p>
          <p><button type="submit">Verify and sign in</button></p>
        </form>`,
    });
  });

  web.post('/verify', async (request, reply) => {
    const token = (request.body as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '')
      throw new ToolError('validation_failed', 'The verification link is incomplete; open the link from the mail again.');
    const { account, apiKey } = await system.signup.verify(token);
    request.webSession = await sessions.start(request, reply, { accountId: account.accountId });
    return sendPage(request, reply, {
      title: 'Welcome',
      current: '/dashboard',
      body: html`<p><strong>${account.email}</strong> is verified and you are signed in.</p>
        <h2>Your first API key</h2>
        ${secretBox('new-key', apiKey.key)}
        <p><a class="button" href="/dashboard">Go to the dashboard</a></p>`,
    });
  });

  web.post('/signout', async (request, reply) => {
    await sessions.end(request, reply);
    return seeOther(reply, '/signin?notice=signed-out');
  });

  web.post('/signout/everywhere', async (request, reply) => {
    const accountId = request.webSession?.accountId;
    if (accountId) await sessions.endAll(accountId);
    await sessions.end(request, reply);
    return seeOther(reply, '/signin?notice=signed-out-everywhere');
  });

  web.get('/admin/signin', async (request, reply) =>
    sendPage(request, reply, {
      title: 'Admin console',
      body: config.adminToken
        ? html`<form class="stack" method="post" action="/admin/signin">
            ${csrfField(request.webSession)}
            <div class="field"><label for="token">Admin token <span class="hint">(TOOLAPI_ADMIN_TOKEN)</span></label>
              <input id="token" name="token" type="password" autocomplete="current-password" required></div>
            <p><button type="submit">Sign in</button></p>
          </form>`
        : html`<p>The admin console is off: start the service with <code>TOOLAPI_ADMIN_TOKEN</code> set (a secret of at least 16 characters), then sign in here with it.</p>`,
    }),
  );

  web.post('/admin/signin', async (request, reply) => {
    const attempts = await throttle.hit(`admin:ip:${request.ip}`, ADMIN_ATTEMPTS_PER_IP_PER_HOUR, HOUR);
    if (!attempts.allowed) return tooMany(reply, attempts.retryAfterSeconds);
    const sent = Buffer.from(String((request.body as Record<string, unknown>).token ?? ''));
    const expected = Buffer.from(config.adminToken ?? '');
    if (!config.adminToken || sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      throw new ToolError('unauthorized', 'That is not the admin token.');
    }
    await sessions.start(request, reply, { admin: true });
    return seeOther(reply, '/admin');
  });
};
