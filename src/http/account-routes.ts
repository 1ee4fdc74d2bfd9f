import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../accounts/accounts.ts';
import { periodEnd, periodOf } from '../accounts/credits.ts';
import { quotaHeaders } from '../accounts/gate.ts';
import type { AccountSystem } from '../accounts/index.ts';
import { ToolError } from '../core/errors.ts';
import { validationError } from '../core/invoke.ts';
import { hasAdminToken } from './admin-token.ts';
import { authenticateRequest } from './api-key.ts';

const toolGlobs = z.array(z.string().min(1).max(200)).max(200).describe('Globs over module/slug, e.g. text-utilities/* ');
export const createAccountBody = z.object({ email: z.email(), plan: z.string().optional(), emailVerified: z.boolean().optional() });
export const createKeyBody = z.object({ accountId: z.string().optional(), name: z.string().min(1).max(100).optional(), allowedTools: toolGlobs.optional() });
export const signupBody = z.object({ email: z.email() });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function created(reply: FastifyReply, result: unknown): FastifyReply {
  return reply.code(201).send({ status: true, code: 201, message: 'Success', result });
}

function ok(result: unknown): Record<string, unknown> {
  return { status: true, code: 200, message: 'Success', result };
}

/** Accounts, keys, usage, signup; the admin API works only with TOOLAPI_ADMIN_TOKEN (403 saying so without it). */
export function registerAccountRoutes(app: FastifyInstance, system: AccountSystem, adminToken: string | undefined, now: () => Date): void {
  const { accounts, credits, meter, signup } = system;
  const isAdmin = (request: FastifyRequest): boolean => hasAdminToken(request, adminToken);
  const requireAdmin = (request: FastifyRequest): void => {
    if (!adminToken) {
      throw new ToolError(
        'forbidden',
        'The admin API is off: start the service with TOOLAPI_ADMIN_TOKEN set (a secret of your choice), then send it as Authorization: Bearer <token>. The toolapi CLI manages accounts without it.',
      );
    }
    if (!isAdmin(request)) throw new ToolError('unauthorized', 'Authorization: send Bearer <TOOLAPI_ADMIN_TOKEN>.');
  };
  /** A keyed request: resolves the principal and reports its rate and quota state in headers. */
  const keyed = async (request: FastifyRequest, reply: FastifyReply): Promise<Principal> => {
    const principal = await authenticateRequest(request, system.authenticate);
    const rate = await meter.peekRate(principal.accountId, principal.plan.ratePerMinute);
    reply.headers(quotaHeaders(principal, rate, await credits.used(principal.accountId), now()));
    return principal;
  };

  // Registered without a token too, so a caller learns how to turn the admin API on (403) rather than a bare 404.
  app.post('/api/v1/accounts', async (request, reply) => {
    requireAdmin(request);
    const body = parse(createAccountBody, request.body);
    return created(reply, await accounts.createAccount(body));
  });
  app.get('/api/v1/accounts', async (request) => {
    requireAdmin(request);
    return ok({ accounts: await accounts.listAccounts() });
  });

  app.post('/api/v1/api-keys', async (request, reply) => {
    const body = parse(createKeyBody, request.body);
    let accountId: string;
    if (isAdmin(request)) {
      if (!body.accountId) throw new ToolError('validation_failed', 'accountId: is required with the admin token');
      if (!(await accounts.getAccount(body.accountId))) throw new ToolError('not_found', `accountId: no account ${body.accountId}`);
      accountId = body.accountId;
    } else {
      accountId = (await keyed(request, reply)).accountId;
      if (body.accountId && body.accountId !== accountId) throw new ToolError('forbidden', 'accountId: a key may only create keys of its own account');
    }
    return created(reply, await accounts.createKey(accountId, body));
  });

  app.get('/api/v1/api-keys', async (request, reply) => {
    const principal = await keyed(request, reply);
    return ok({ keys: await accounts.listKeys(principal.accountId) });
  });

  app.delete('/api/v1/api-keys/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const accountId = isAdmin(request) ? undefined : (await keyed(request, reply)).accountId;
    if (!(await accounts.revokeKey(accountId, id))) throw new ToolError('not_found', `id: no active key ${id} in this account`);
    return ok({ id, revoked: true });
  });

  app.get('/api/v1/usage', async (request, reply) => {
    const principal = await keyed(request, reply);
    const at = now();
    const used = await credits.used(principal.accountId);
    const limit = principal.plan.monthlyCredits;
    return ok({
      plan: principal.plan.name,
      period: periodOf(at),
      used,
      limit,
      remaining: Math.max(0, limit - used),
      resetsAt: periodEnd(at).toISOString(),
      ratePerMinute: principal.plan.ratePerMinute,
    });
  });

  app.post('/api/v1/accounts/signup', async (request, reply) => {
    const { email } = parse(signupBody, request.body);
    const account = await signup.signup(email);
    return created(reply, { accountId: account.accountId, email: account.email, emailVerified: false, verificationSent: true });
  });

  app.get('/api/v1/accounts/verify', async (request) => {
    const { token } = parse(z.object({ token: z.string().min(1).max(200) }), request.query);
    const { account, apiKey } = await signup.verify(token);
    return ok({ accountId: account.accountId, email: account.email, emailVerified: true, apiKey });
  });
}
