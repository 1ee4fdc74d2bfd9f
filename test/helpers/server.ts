import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { createService, type Service } from '../../src/server.ts';

export interface TestServer {
  url: string;
  service: Service;
  dataDir: string;
  /** Every log line the server wrote, for tests that check what is (not) logged. */
  logs: string[];
  post(route: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(route: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the real service on a loopback port with a throwaway data dir; logs are captured, not printed. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolapi-test-'));
  const config = loadConfig({ TOOLAPI_DATA_DIR: dataDir, PORT: '0', TOOLAPI_LOG_LEVEL: 'info', ...env });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const service = await createService(config, createLogger(config.logLevel, sink));
  const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
  const send = (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(url + route, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    url,
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
