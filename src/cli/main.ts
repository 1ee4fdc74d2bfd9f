import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { createAccountSystem } from '../accounts/index.ts';
import { periodEnd, periodOf } from '../accounts/credits.ts';
import { loadConfig } from '../config.ts';
import { ToolError } from '../core/errors.ts';
import type { ClientCommandIo } from './call.ts';
import { createStore } from '../store/index.ts';
import { createLoginLinks, LOGIN_LINK_TTL_MS, loginLinkUrl } from '../web/login-links.ts';

const USAGE = `toolapi — manage accounts and keys on the configured store (TOOLAPI_DATA_DIR or TOOLAPI_DATABASE_URL)

  toolapi accounts create --email <email> [--plan free|pro|…] [--verified]
  toolapi accounts list
  toolapi accounts set-plan --account <accountId> --plan <plan>
  toolapi accounts login-link --email <email>     a one-time link that signs in to the dashboard (15 minutes)
  toolapi keys create --account <accountId> [--name <name>] [--allow <glob>]…
  toolapi keys list --account <accountId>
  toolapi keys revoke <keyId>
  toolapi usage --account <accountId>

and, against a running service (through @toolapi/client; \`toolapi call --help\`):

  toolapi call <operationId> [--<field> <value>…] [--json '{…}'] [--file <path>] [--out <path>] [--key <key>] [--url <url>]
  toolapi tools [search]

Output is JSON on stdout; errors go to stderr with a non-zero exit code.`;

async function admin(argv: string[], env: ClientCommandIo['env']): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      verified: { type: 'boolean', default: false },
      account: { type: 'string' },
      name: { type: 'string' },
      allow: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [noun, verb, arg] = positionals;
  if (values.help || !noun) return USAGE;

  const config = loadConfig(env);
  const store = await createStore(config);
  const now = (): Date => new Date();
  const publicUrl = (): string => config.publicUrl ?? `http://${config.host}:${config.port}`;
  const system = await createAccountSystem({ config, store, logger: pino({ level: 'silent' }), now, publicUrl }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const need = (value: string | undefined, flag: string): string => {
    if (!value) throw new ToolError('validation_failed', `${flag} is required`);
    return value;
  };
  try {
    switch (`${noun} ${verb ?? ''}`.trim()) {
      case 'accounts create': {
        const email = need(values.email, '--email');
        if (!z.email().safeParse(email).success) throw new ToolError('validation_failed', `--email: "${email}" is not an e-mail address (name@example.com)`);
        return await system.accounts.createAccount({ email, plan: values.plan ?? 'free', emailVerified: values.verified });
      }
      case 'accounts set-plan':
        return await system.accounts.setPlan(need(values.account, '--account'), need(values.plan, '--plan'));
      case 'accounts list':
        return await system.accounts.listAccounts();
      case 'accounts login-link': {
        // For a self-hosted first run without mail: the operator opens the link (docs/deploy.md).
        const email = need(values.email, '--email');
        const account = await system.accounts.findByEmail(email);
        if (!account) throw new ToolError('not_found', `--email: no account ${email}; create it with toolapi accounts create --email ${email} --verified`);
        const token = await createLoginLinks(store, system.serverSecret, now).issue(account.accountId);
        return { email: account.email, link: loginLinkUrl(publicUrl(), token), expiresInMinutes: LOGIN_LINK_TTL_MS / 60_000 };
      }
      case 'keys create':
        return await system.accounts.createKey(need(values.account, '--account'), { name: values.name, allowedTools: values.allow });
      case 'keys list':
        return await system.accounts.listKeys(need(values.account, '--account'));
      case 'keys revoke': {
        const keyId = need(arg, '<keyId>');
        if (!(await system.accounts.revokeKey(undefined, keyId))) throw new ToolError('not_found', `no active key ${keyId}`);
        return { id: keyId, revoked: true };
      }
      case 'usage': {
        const accountId = need(values.account, '--account');
        const account = await system.accounts.getAccount(accountId);
        if (!account) throw new ToolError('not_found', `no account ${accountId}`);
        const plan = system.plans.get(account.plan);
        const used = await system.credits.used(accountId);
        const limit = plan?.monthlyCredits ?? 0;
        return {
          plan: account.plan,
          period: periodOf(now()),
          used,
          limit,
          remaining: Math.max(0, limit - used),
          resetsAt: periodEnd(now()).toISOString(),
          ratePerMinute: plan?.ratePerMinute,
        };
      }
      default:
        throw new ToolError('invalid_request', `unknown command "${positionals.join(' ')}"\n\n${USAGE}`);
    }
  } finally {
    await system.close();
    await store.close();
  }
}

/**
 * Runs a `toolapi` command line (argv without the program) and returns its exit code: 0, 2 for a bad command line or a
 * refused request, 1 otherwise. Output goes to `io` (the process's own streams and environment when run as a program).
 */
export async function runCli(argv: string[], io: ClientCommandIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  // `call` and `tools` talk to a running service over HTTP with the typed client, not to the store (src/cli/call.ts).
  if (argv[0] === 'call' || argv[0] === 'tools') return (await import('./call.ts')).runClientCommand(argv, io);
  try {
    const output = await admin(argv, io.env);
    io.stdout.write(typeof output === 'string' ? `${output}\n` : `${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    const detail = error instanceof ToolError ? `${error.detail}` : error instanceof Error ? error.message : String(error);
    io.stderr.write(`toolapi: ${detail}\n`);
    return error instanceof ToolError && error.status < 500 ? 2 : 1;
  }
}

if (import.meta.main) process.exitCode = await runCli(process.argv.slice(2));
