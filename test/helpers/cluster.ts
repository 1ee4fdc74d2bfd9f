import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './postgres.ts';
import { spawnService, type ServiceProcess } from './process.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

/**
 * The deployment of docs/deploy.md on one machine: N stateless instances of the service sharing one
 * PostgreSQL database, one S3 bucket (s3rver) and one TOOLAPI_SECRET, behind HAProxy configured by
 * deploy/haproxy.cfg (only its ports are changed). Used by `npm run cluster` and test/cluster.test.ts.
 */
export interface Cluster {
  /** HAProxy's frontend. */
  url: string;
  instances: ClusterInstance[];
  s3: S3TestServer;
  /** SIGTERM (or the given signal) to one instance; resolves when it has exited. */
  stopInstance(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped instance again on its port and waits until HAProxy sends it traffic. */
  startInstance(index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterInstance {
  name: string;
  port: number;
  url: string;
  process: ServiceProcess | undefined;
}

const CONFIG = path.join(import.meta.dirname, '../../deploy/haproxy.cfg');

export async function startCluster(options: { databaseUrl: string; size?: number; env?: Record<string, string> }): Promise<Cluster> {
  const size = options.size ?? 3;
  const s3 = await startS3Server();
  const work = mkdtempSync(path.join(tmpdir(), 'toolapi-cluster-'));
  const frontendPort = await freePort();
  const instances: ClusterInstance[] = [];
  for (let i = 0; i < size; i++) {
    const port = await freePort();
    instances.push({ name: `instance${i + 1}`, port, url: `http://127.0.0.1:${port}`, process: undefined });
  }
  const url = `http://127.0.0.1:${frontendPort}`;
  const shared = {
    TOOLAPI_DATABASE_URL: options.databaseUrl,
    TOOLAPI_SECRET: randomBytes(32).toString('hex'),
    TOOLAPI_PUBLIC_URL: url,
    ...s3.env,
    ...options.env,
  };
  const startInstance = async (index: number): Promise<void> => {
    const instance = instances[index]!;
    const dataDir = path.join(work, instance.name);
    instance.process = await spawnService({ ...shared, PORT: String(instance.port), TOOLAPI_DATA_DIR: dataDir });
    await waitFor(async () => (await fetch(`${instance.url}/readyz`)).status === 200, `${instance.name} ready`);
  };
  const stopAll = async (): Promise<void> => {
    await Promise.all(instances.map((instance) => instance.process?.stop('SIGKILL')));
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    // The first instance migrates the database and makes the local account; the others start after it.
    await startInstance(0);
    await Promise.all(instances.slice(1).map((_, i) => startInstance(i + 1)));
  } catch (error) {
    await stopAll();
    throw error;
  }

  const config = readFileSync(CONFIG, 'utf8')
    .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${frontendPort}`)
    .replace(/127\.0\.0\.1:808(\d)/g, (_, n: string) => `127.0.0.1:${instances[Number(n) - 1]?.port ?? 1}`);
  const configFile = path.join(work, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const haproxy: ChildProcess = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let haproxyErrors = '';
  haproxy.stderr?.setEncoding('utf8').on('data', (chunk: string) => (haproxyErrors += chunk));
  try {
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, `HAProxy on ${url}`, 15_000);
  } catch (error) {
    haproxy.kill('SIGKILL');
    await stopAll();
    throw new Error(`${(error as Error).message}: ${haproxyErrors}`);
  }
  // HAProxy sends a started instance traffic once its checks pass (every 500 ms, 2 in a row: deploy/haproxy.cfg).
  // Waiting until the frontend's answers name it (X-Served-By) is that moment, seen rather than guessed.
  const serving = (name: string): Promise<void> =>
    waitFor(
      async () => {
        const response = await fetch(`${url}/readyz`);
        await response.arrayBuffer();
        return response.headers.get('x-served-by') === name;
      },
      `HAProxy to send ${name} traffic`,
      15_000,
    );
  for (const instance of instances) await serving(instance.name);

  return {
    url,
    instances,
    s3,
    async stopInstance(index, signal = 'SIGTERM') {
      await instances[index]!.process?.stop(signal);
      instances[index]!.process = undefined;
    },
    async startInstance(index) {
      await startInstance(index);
      await serving(instances[index]!.name);
    },
    async stop() {
      haproxy.kill('SIGTERM');
      if (haproxy.exitCode === null) await once(haproxy, 'exit');
      await Promise.all(instances.map((instance) => instance.process?.stop()));
      await s3.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
