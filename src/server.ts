import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { buildApp } from './http/app.ts';
import { createRegistry, type Registry } from './registry/registry.ts';
import { ALL_TOOLS } from './tools/index.ts';

export interface Service {
  app: FastifyInstance;
  registry: Registry;
  close(): Promise<void>;
}

/** Wires config -> registry -> http; shared by `npm start` and the tests so both run the same service. */
export async function createService(config: Config, logger: Logger): Promise<Service> {
  const registry = createRegistry(ALL_TOOLS);
  const app = await buildApp({ config, registry, logger });
  return {
    app,
    registry,
    close: async () => {
      await app.close();
    },
  };
}
