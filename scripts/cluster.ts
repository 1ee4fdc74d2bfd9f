/**
 * `npm run cluster`: the deployment of docs/deploy.md on this machine — a throwaway PostgreSQL (or
 * TOOLAPI_DATABASE_URL), an S3 bucket (s3rver), three instances and HAProxy in front (deploy/haproxy.cfg).
 * Prints the URL and the first API key; Ctrl-C stops everything.
 */
import { startCluster } from '../test/helpers/cluster.ts';
import { createTestDatabase, startPostgres } from '../test/helpers/postgres.ts';

const postgres = process.env.TOOLAPI_DATABASE_URL ? undefined : await startPostgres();
if (postgres) process.env.TOOLAPI_TEST_PG_URL = postgres.url;
const databaseUrl = process.env.TOOLAPI_DATABASE_URL ?? (await createTestDatabase('cluster'));
const cluster = await startCluster({ databaseUrl });
const firstKey = /tk_[A-Za-z0-9_-]+/.exec(cluster.instances.map((i) => i.process?.stdout() ?? '').join('\n'))?.[0];
process.stdout.write(`toolapi cluster: ${cluster.url} (HAProxy) -> ${cluster.instances.map((i) => `${i.name} ${i.url}`).join(', ')}\n`);
if (firstKey) process.stdout.write(`API key: ${firstKey}\n`);
const stop = async (): Promise<void> => {
  await cluster.stop();
  postgres?.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
