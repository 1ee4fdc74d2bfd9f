import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAccountSystem, type AccountSystem } from './accounts/index.ts';
import type { Config } from './config.ts';
import { createEngines, type Engines } from './engines/index.ts';
import { createFiles, type Files } from './files/files.ts';
import { diskBlobStore } from './files/blobs.ts';
import { registerAccountRoutes } from './http/account-routes.ts';
import { buildApp } from './http/app.ts';
import { createIdempotencyStore, type IdempotencyStore } from './http/idempotency.ts';
import { createMetrics } from './http/metrics.ts';
import { createRestJobs } from './http/jobs.ts';
import { registerMcpRoutes, type Mcp } from './mcp/index.ts';
import { createRunStore } from './mcp/runs.ts';
import { createRegistry, type Registry } from './registry/registry.ts';
import { createStore, type Store } from './store/index.ts';
import { prepareDataDir } from './store/data-dir.ts';
import { ALL_TOOLS } from './tools/index.ts';
import { registerWeb } from './web/index.ts';
import { sessionIdentity } from './web/session-caller.ts';
import { createSessions } from './web/sessions.ts';

export interface Service {
  app: FastifyInstance;
  registry: Registry;
  store: Store;
  accounts: AccountSystem;
  files: Files;
  engines: Engines;
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
  prepareDataDir(config.dataDir, logger, config.secret !== undefined);
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
  const metrics = createMetrics(engineSet.engines);
  // The S3 client (the AWS SDK) is loaded only where S3 is configured.
  const blobs = config.s3 ? (await import('./files/s3.ts')).s3BlobStore(config.s3) : diskBlobStore(path.join(config.dataDir, 'files'));
  const files = createFiles({ store, blobs, secret: accounts.serverSecret, now, publicUrl });
  await mkdir(config.scratchDir, { recursive: true });
  const invokeDeps = {
    gate: metrics.meterGate(accounts.gate),
    authenticate: accounts.authenticate,
    engines: engineSet.engines,
    now,
    files,
    scratchRoot: config.scratchDir,
  };
  const jobs = createRestJobs(createRunStore(store, now, metrics.runEvents), invokeDeps);
  const idempotency = createIdempotencyStore(store, now);
  const sweeper = await startRetentionSweeper(files, idempotency, logger);
  let mcp: Mcp | undefined;
  const sessions = createSessions({ store, secret: accounts.serverSecret, now, secure: config.publicUrl?.startsWith('https:') ?? false });
  app = await buildApp({
    config,
    registry,
    logger,
    invokeDeps,
    jobs,
    idempotency,
    metrics,
    sessionIdentity: sessionIdentity(sessions, accounts.accounts, config.publicUrl),
    readiness: [{ name: 'store', check: () => store.ping() }, ...engineSet.readiness],
    routes: async (instance) => {
      registerAccountRoutes(instance, accounts, config.adminToken, now);
      mcp = await registerMcpRoutes(instance, { config, registry, invokeDeps, accounts, store, logger, now, runEvents: metrics.runEvents });
      jobs.connect(mcp.enqueue);
      await registerWeb(instance, { config, registry, system: accounts, store, sessions, logger, now, publicUrl, engines: engineSet.engines });
    },
  });
  return {
    app,
    registry,
    store,
    accounts,
    files,
    engines: engineSet.engines,
    firstKey,
    close: async () => {
      await app.close();
      await mcp?.close();
      clearInterval(sweeper);
      blobs.close?.();
      await engineSet.close();
      await accounts.close();
      await store.close();
    },
  };
}

/**
 * Files are removed at most 24 h after creation, also after a restart, and Idempotency-Key records once they
 * expire: a sweep at start, then every 10 minutes.
 */
async function startRetentionSweeper(files: Files, idempotency: IdempotencyStore, logger: Logger): Promise<NodeJS.Timeout> {
  const sweep = async (): Promise<void> => {
    try {
      const removed = await files.sweep();
      if (removed > 0) logger.info({ removed }, 'removed files past retention');
      await idempotency.prune();
    } catch (error) {
      logger.error({ err: error }, 'retention sweep failed');
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), 10 * 60 * 1000);
  timer.unref();
  return timer;
}
