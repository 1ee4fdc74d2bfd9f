// The same app and pipeline with no gate (no key check, rate limit or credits): the bench's "auth disabled" twin.
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { createLogger } from '../../src/logger.ts';
import { createRegistry } from '../../src/registry/registry.ts';
import { ALL_TOOLS } from '../../src/tools/index.ts';

const config = loadConfig();
const app = await buildApp({ config, registry: createRegistry(ALL_TOOLS), logger: createLogger(config.logLevel) });
const address = await app.listen({ host: '127.0.0.1', port: config.port });
process.stdout.write(`toolapi listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
