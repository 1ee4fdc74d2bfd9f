/**
 * `npm test`: type-check, then every test file under Node's test runner. Runs after
 * scripts/bootstrap.sh, so Node 24, node_modules and the Debian packages are in place.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { startPostgres } from '../test/helpers/postgres.ts';

const node = process.execPath;

function run(label: string, args: string[]): void {
  process.stdout.write(`\n== ${label}\n`);
  const result = spawnSync(node, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stdout.write(`\n== ${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

run('type-check (tsc --noEmit)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.']);

// One throwaway PostgreSQL cluster for the whole run; test files make their own databases in it.
const postgres = await startPostgres();
process.env.TOOLAPI_TEST_PG_URL = postgres.url;
process.on('exit', () => postgres.stop());

const only = process.argv.slice(2);
run('tests (node --test)', [
  '--test',
  `--test-concurrency=${Math.max(2, availableParallelism())}`,
  '--test-timeout=300000',
  ...(only.length > 0 ? only : ['test/**/*.test.ts', 'src/**/*.test.ts']),
]);
