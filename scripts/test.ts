/**
 * `npm test`: type-check, and lint and format check (side by side), then every test file under Node's test
 * runner. Runs after scripts/bootstrap.sh, so Node 24, node_modules and the Debian packages are in place.
 */
import { spawn } from 'node:child_process';
import { globSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { testProcesses } from './test-order.ts';
import { startPostgres } from '../test/helpers/postgres.ts';

const node = process.execPath;
/** Runs the checks at once (they are independent), prints each one's output in turn, and stops on a failure. */
async function checks(list: { label: string; args: string[] }[]): Promise<void> {
  const results = await Promise.all(
    list.map(
      ({ label, args }) =>
        new Promise<{ label: string; output: string; code: number | null }>((resolve) => {
          const child = spawn(node, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
          child.on('close', (code) => resolve({ label, output, code }));
        }),
    ),
  );
  for (const { label, output, code } of results) process.stdout.write(`\n== ${label}${code === 0 ? '' : ` failed (exit ${code})`}\n${output}`);
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    const fixes = failed.map((r) => r.label).some((label) => label.includes('format')) ? '\n   (npm run format rewrites the files in place)\n' : '\n';
    process.stdout.write(`\n== failed: ${failed.map((r) => r.label).join(', ')}${fixes}`);
    process.exit(1);
  }
}

await checks([
  // As many checkers as cores, up to tsc's default of 4: each checker checks the shared global types again (on 2 cores,
  // four alternating pairs: 2 checkers took 14.1 s of CPU and 7.2 s, 4 took 16.7 s and 8.9 s, medians).
  {
    label: 'type-check (tsc --noEmit)',
    args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.', '--checkers', String(Math.min(4, availableParallelism()))],
  },
  // Lint rules and the format (biome.json) in one pass over the files: `npm run format` rewrites them.
  { label: 'lint and format (biome check)', args: ['node_modules/@biomejs/biome/bin/biome', 'check', '--error-on-warnings', '.'] },
]);

// One throwaway PostgreSQL cluster for the whole run; test files make their own databases in it.
const postgres = await startPostgres();
process.env.TOOLAPI_TEST_PG_URL = postgres.url;
process.on('exit', () => postgres.stop());

const only = process.argv.slice(2);
const processes =
  only.length > 0
    ? { files: only.flatMap((pattern) => globSync(pattern)).map((file) => path.resolve(file)), remove: () => {} }
    : testProcesses([...globSync('test/**/*.test.ts'), ...globSync('src/**/*.test.ts')]);
process.on('exit', processes.remove);
process.stdout.write('\n== tests (node:test)\n');
const stream = run({
  files: processes.files,
  // One file more than cores: many files spend part of their time waiting on a child process (LibreOffice, Chromium,
  // a server, PostgreSQL), and the extra file runs meanwhile (on 2 cores, a fresh clone's tests took 332 s at 3 files, 393 s
  // at 2; later, run in turn with the same tests, 252 s at 3 and 261 s at 4, which spent 5 % more CPU).
  concurrency: Math.max(2, availableParallelism()) + 1,
  timeout: 300_000,
});
stream.on('test:fail', (event) => {
  if (!event.todo) process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
