import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createService } from './server.ts';
import { warmLibraries } from './lib/lazy.ts';

const STOP_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // What the service writes (the store holding the server secret, stored files, scratch) is its user's only.
  process.umask(0o077);
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const service = await createService(config, logger);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    // In-flight requests get up to 10 s (docs/contract.md "Running it"); then we exit regardless.
    setTimeout(() => {
      logger.warn('requests still running after 10 s: exiting without them');
      process.exit(0);
    }, STOP_GRACE_MS).unref();
    // Drain keep-alive connections first (http/drain.ts), so no client sees a reset; then close.
    service.app.drain
      .drain()
      .then(() => service.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'error while stopping');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Libraries the tools load on first use (lib/lazy.ts) are loaded before the service takes requests, so no
  // caller's first call waits for one (and importing the registry elsewhere, in tests or the CLI, stays cheap).
  // `first-use` skips that for a quicker start (tests that start many processes to check quotas and signals).
  if (config.librariesLoad === 'boot') await warmLibraries();
  const address = await service.app.listen({ host: config.host, port: config.port });
  let banner = `toolapi listening on ${address} (${service.registry.tools.length} tools; docs at ${address}/docs)\n`;
  if (service.firstKey) {
    // Printed once, on the first start with an empty store; later starts never print a secret.
    banner +=
      `\nYour API key (shown once; also in ${config.dataDir}/first-api-key.txt, mode 0600):\n\n  ${service.firstKey}\n\n` +
      `Try: curl -s -X POST ${address}/api/v1/text-utilities/reverse-text -H 'X-Api-Key: ${service.firstKey}' -H 'content-type: application/json' -d '{"text":"hello"}'\n\n`;
  }
  process.stdout.write(banner);
}

main().catch((error: unknown) => {
  process.stderr.write(`toolapi failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
