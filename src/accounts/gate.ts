import { ToolError } from '../core/errors.ts';
import type { Admission, Caller, Gate } from '../core/invoke.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import type { Accounts, Principal } from './accounts.ts';
import { periodEnd, type Credits } from './credits.ts';
import { matchesToolGlob, type Plan } from './plans.ts';
import type { Meter } from './meter.ts';
import type { RateState } from './rate-limit.ts';
import type { DailyUsageCounters } from './usage-daily.ts';

export interface GateDeps {
  accounts: Accounts;
  credits: Credits;
  meter: Meter;
  dailyUsage: DailyUsageCounters;
  now: () => Date;
}

/** RFC 9110 §11.6.1: a 401 names how to authenticate (the X-Api-Key header, or a Bearer key). */
const WWW_AUTHENTICATE = 'ApiKey header="X-Api-Key", Bearer';

/** Resolves the API key of a request; 401 when missing, unknown or revoked. */
export async function requirePrincipal(accounts: Accounts, apiKey: string | undefined): Promise<Principal> {
  if (!apiKey) {
    throw new ToolError('unauthorized', 'X-Api-Key: missing; send the header with an API key (keys begin with tk_), or Authorization: Bearer tk_….', {
      headers: { 'www-authenticate': WWW_AUTHENTICATE },
    });
  }
  const principal = await accounts.authenticate(apiKey);
  if (!principal) {
    throw new ToolError('unauthorized', 'X-Api-Key: not a valid key, or revoked; create one with POST /api/v1/api-keys.', {
      headers: { 'www-authenticate': WWW_AUTHENTICATE },
    });
  }
  assertActive(principal);
  return principal;
}

/** A suspended account's keys (and sessions) are refused with the reason; reactivating lets them in again. */
export function assertActive(principal: Principal): void {
  if (principal.status === 'suspended') {
    throw new ToolError('account_inactive', `account: suspended (${principal.statusReason ?? 'by the operator'}); contact the operator to reactivate it.`);
  }
}

/**
 * IETF httpapi ratelimit-headers (draft, structured fields): one policy for the minute window and one
 * for the monthly quota, plus X-Quota-Remaining.
 */
export function quotaHeaders(principal: Principal, rate: RateState, used: number, now: Date): Record<string, string> {
  const remaining = Math.max(0, principal.plan.monthlyCredits - used);
  const monthSeconds = Math.ceil((periodEnd(now).getTime() - now.getTime()) / 1000);
  return {
    'ratelimit-policy': policyOf(principal.plan),
    ratelimit: `"minute";r=${rate.remaining};t=${rate.resetSeconds}, "month";r=${remaining};t=${monthSeconds}`,
    'x-quota-remaining': String(remaining),
  };
}

/** The plan's two policies; a plan's limits do not change while it is loaded, so the text is made once per plan. */
const policies = new WeakMap<Plan, string>();
function policyOf(plan: Plan): string {
  let policy = policies.get(plan);
  if (policy === undefined) {
    policy = `"minute";q=${plan.ratePerMinute};w=60, "month";q=${plan.monthlyCredits};w=2592000`;
    policies.set(plan, policy);
  }
  return policy;
}

/** Key, plan, rate and credits for every tool call, REST or MCP alike (the pipeline's gate). */
export function createGate({ accounts, credits, meter, dailyUsage, now }: GateDeps): Gate {
  return async (tool: AnyTool, caller: Caller): Promise<Admission> => {
    // Adapters resolve the caller once (http/api-key.ts authenticateRequest with AccountSystem.authenticate, or
    // the key id of an async run); the gate only does plan, rate and credits.
    const principal = (caller.identity as Principal | undefined) ?? (await requirePrincipal(accounts, undefined));
    const { plan } = principal;
    assertActive(principal);
    if (!principal.emailVerified) {
      throw new ToolError('forbidden', 'account: the e-mail address is not verified yet; open the verification link sent at signup.');
    }
    const toolId = tool.id;
    if (plan.blockedTools.some((glob) => matchesToolGlob(glob, toolId))) {
      throw new ToolError('forbidden', `tool: ${toolId} is not included in the ${plan.name} plan.`);
    }
    if (principal.allowedTools && !principal.allowedTools.some((glob) => matchesToolGlob(glob, toolId))) {
      throw new ToolError('forbidden', `X-Api-Key: this key may only call ${principal.allowedTools.join(', ')}.`);
    }

    // The minute's count and the credits, from blocks this process leased (accounts/leases.ts).
    const { rate, hold } = await meter.admit(principal.accountId, plan, tool.cost);
    if (!rate.allowed) {
      const headers = { ...quotaHeaders(principal, rate, await credits.used(principal.accountId), now()), 'retry-after': String(rate.resetSeconds) };
      throw new ToolError('rate_limited', `rate: at most ${plan.ratePerMinute} calls per minute on the ${plan.name} plan; retry in ${rate.resetSeconds} s.`, {
        headers,
      });
    }
    if (tool.cost > 0 && !hold) {
      const at = now();
      const headers = quotaHeaders(principal, rate, plan.monthlyCredits, at);
      throw new ToolError(
        'quota_exceeded',
        `quota: the ${plan.monthlyCredits} monthly credits of the ${plan.name} plan are used up (this call costs ${tool.cost}); they reset at ${periodEnd(at).toISOString()}.`,
        { headers },
      );
    }
    const used = hold ? hold.used : await credits.used(principal.accountId);
    for (const [name, value] of Object.entries(quotaHeaders(principal, rate, used, now()))) caller.setHeader?.(name, value);
    return {
      plan: { name: plan.name, bulkUrlLimit: plan.bulkUrlLimit },
      accountId: principal.accountId,
      commit: () => {
        // The dashboard's counters (in memory, written in batches) first: the step that makes the spend final
        // stays the last before the answer.
        dailyUsage.record({ accountId: principal.accountId, tool: toolId, credits: tool.cost, at: now() });
        return hold?.commit();
      },
      refund: async () => {
        if (!hold) return;
        await hold.refund();
        caller.setHeader?.('x-quota-remaining', String(Math.max(0, plan.monthlyCredits - hold.used + hold.cost)));
      },
    };
  };
}
