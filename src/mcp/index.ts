import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountSystem } from '../accounts/index.ts';
import type { Config } from '../config.ts';
import type { InvokeDeps } from '../core/invoke.ts';
import type { Registry } from '../registry/registry.ts';
import type { Store } from '../store/index.ts';

export interface McpDeps {
  config: Config;
  registry: Registry;
  invokeDeps: InvokeDeps;
  accounts: AccountSystem;
  store: Store;
  logger: Logger;
  now: () => Date;
}

export interface Mcp {
  close(): Promise<void>;
}

export async function registerMcpRoutes(_app: FastifyInstance, _deps: McpDeps): Promise<Mcp> {
  return { close: async () => {} };
}
