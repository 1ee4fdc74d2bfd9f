import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { createService, type Service, type ServiceOptions } from '../../src/server.ts';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestServer {
  url: string;
  /** The first key of the verified local account (free plan), sent by post/get unless headers say otherwise. */
  key: string;
  service: Service;
  dataDir: string;
  /** Every log line the server wrote, for tests that check what is (not) logged. */
  logs: string[];
  post(route: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(route: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Most tests exercise tools, not quotas: unless a test names its own TOOLAPI_PLANS, the `free` plan of
 * the first key gets room for thousands of calls. The accounts tests set real plans.
 */
function unmeteredPlans(dir: string): string {
  const file = path.join(dir, 'unmetered-plans.json');
  writeFileSync(file, JSON.stringify({ free: { monthlyCredits: 1_000_000_000, ratePerMinute: 1_000_000_000, bulkUrlLimit: 5 } }));
  return file;
}

/** Starts the real service on a loopback port with a throwaway data dir; logs are captured, not printed. */
export async function startTestServer(env: Record<string, string> = {}, options: ServiceOptions = {}): Promise<TestServer> {
  const dataDir = env.TOOLAPI_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'toolapi-test-'));
  const config = loadConfig({
    TOOLAPI_DATA_DIR: dataDir,
    PORT: '0',
    TOOLAPI_LOG_LEVEL: 'info',
    TOOLAPI_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    // One warm LibreOffice per test server (many suites run side by side on 2 cores), started by the first
    // conversion: most test files convert no office document and need not wait for or pay for one.
    TOOLAPI_OFFICE_WORKERS: '1',
    TOOLAPI_OFFICE_START: 'first-use',
    // The OpenAPI document and the catalogs are built by the first request that needs them, not at every boot.
    TOOLAPI_LIBRARIES_LOAD: 'first-use',
    TOOLAPI_PLANS: env.TOOLAPI_PLANS ?? unmeteredPlans(dataDir),
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const service = await createService(config, createLogger(config.logLevel, sink), options);
  // A restart on the same data dir makes no new key: the first one is still in first-api-key.txt.
  const keyFile = path.join(dataDir, 'first-api-key.txt');
  const key = service.firstKey ?? (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '');
  const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
  const send = (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(url + route, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    url,
    key,
    service,
    dataDir,
    logs,
    post: (route, body, headers) => send('POST', route, body, headers),
    get: (route, headers) => send('GET', route, undefined, headers),
    close: async () => {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
