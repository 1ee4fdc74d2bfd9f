import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAccountSystem, type AccountSystem } from './accounts/index.ts';
import type { Config } from './config.ts';
import { createEngines } from './engines/index.ts';
import { registerAccountRoutes } from './http/account-routes.ts';
import { buildApp } from './http/app.ts';
import { createRegistry, type Registry } from './registry/registry.ts';
import { createStore, type Store } from './store/index.ts';
import { ALL_TOOLS } from './tools/index.ts';

export interface Service {
  app: FastifyInstance;
  registry: Registry;
  store: Store;
  accounts: AccountSystem;
  /** The key of the local account made on the first start with an empty store; undefined on later starts. */
  firstKey: string | undefined;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** The clock of quota periods, rate windows and tokens; tests inject one. */
  now?: () => Date;
}

/** Wires config -> store -> accounts, engines -> registry -> http; shared by `npm start` and the tests. */
export async function createService(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Service> {
  const now = options.now ?? (() => new Date());
  const registry = createRegistry(ALL_TOOLS);
  const store = await createStore(config);
  let app: FastifyInstance | undefined;
  const publicUrl = (): string => {
    if (config.publicUrl) return config.publicUrl;
    const address = app?.server.address() as AddressInfo | null | undefined;
    return `http://${config.host}:${address?.port ?? config.port}`;
  };
  const accounts = await createAccountSystem({ config, store, logger, now, publicUrl });
  const firstKey = await accounts.ensureFirstKey();
  const engineSet = await createEngines(config, logger);
  app = await buildApp({
    config,
    registry,
    logger,
    invokeDeps: { gate: accounts.gate, engines: engineSet.engines, now },
    readiness: [{ name: 'store', check: () => store.ping() }, ...engineSet.readiness],
    routes: (instance) => registerAccountRoutes(instance, accounts, config.adminToken, now),
  });
  return {
    app,
    registry,
    store,
    accounts,
    firstKey,
    close: async () => {
      await app.close();
      await engineSet.close();
      accounts.close();
      await store.close();
    },
  };
}
