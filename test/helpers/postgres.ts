import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster on a free loopback port (real PostgreSQL from Debian's packages,
 * installed by scripts/bootstrap.sh as a `test` package). scripts/test.ts starts one for the whole run
 * and passes its URL to the test files in TOOLAPI_TEST_PG_URL; each file makes its own database.
 */
export interface TestPostgres {
  url: string;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql: apt-get install postgresql');
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` system user.
  const run = (cmd: string, args: string[]): void => {
    const full = path.join(bin, cmd);
    const result = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' }) : spawnSync(full, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const password = randomBytes(12).toString('hex');
  run('initdb', ['-D', dataDir, '-U', 'toolapi', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-o', `-k ${dir} -h 127.0.0.1 -p ${port} -c fsync=off -c max_connections=200`, 'start']);
  const url = `postgres://toolapi:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh database in the run's cluster; its URL. */
export async function createTestDatabase(prefix: string): Promise<string> {
  const admin = process.env.TOOLAPI_TEST_PG_URL;
  if (!admin) throw new Error('TOOLAPI_TEST_PG_URL is not set: run the tests with npm test (scripts/test.ts starts PostgreSQL)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
