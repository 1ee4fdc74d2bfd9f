import { mkdirSync, statSync } from 'node:fs';
import type { Logger } from 'pino';

/**
 * The data dir holds the store (with the generated server secret, which signs download links) and the stored
 * files: it is created for the service's user only (0700; the process umask makes its files 0600). An existing
 * dir keeps its mode, but when others can read it and the secret lives in it, the operator is told.
 */
export function prepareDataDir(dataDir: string, logger: Logger, secretConfigured: boolean): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if (!secretConfigured && (mode & 0o077) !== 0) {
    logger.warn(
      { dataDir, mode: mode.toString(8) },
      'the data dir is readable by other users and TOOLAPI_SECRET is not set, so the server secret stored in it can be read: chmod 700 the data dir, or set TOOLAPI_SECRET',
    );
  }
}
