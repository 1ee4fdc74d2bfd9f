import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { after } from 'node:test';

/** The real service as `npm start` runs it (src/main.ts in its own Node process), for tests where processes matter. */
export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const MAIN = path.join(import.meta.dirname, '../../src/main.ts');

/** A command run to its end: its exit code and what it wrote. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end without blocking the event loop (a service under test may run in this process). */
export function runToEnd(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// A test that fails before stopping its service must not leave it running: the test file's process
// would wait on the child forever. After the file's last test, whatever is still running is killed. (Only
// under the test runner: `npm run cluster` uses this file too, and its own stop.)
const running = new Set<ChildProcess>();
if (process.env.NODE_TEST_CONTEXT) {
  after(() => {
    for (const child of running) child.kill('SIGKILL');
  });
}

// Under the test runner the tools' libraries load on first use, not before listening: a start costs about a third
// less CPU, and these tests call few tools (the test of the production start passes TOOLAPI_LIBRARIES_LOAD=boot).
// `npm run cluster` and the bench start services as production does.
const TEST_START: Record<string, string> = process.env.NODE_TEST_CONTEXT ? { TOOLAPI_LIBRARIES_LOAD: 'first-use' } : {};

export async function spawnService(env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [MAIN], {
    // No LibreOffice pool unless a test asks for one: these tests are about processes, not conversions.
    env: { ...process.env, PORT: '0', TOOLAPI_LOG_LEVEL: 'warn', TOOLAPI_OFFICE_WORKERS: '0', ...TEST_START, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in 60 s: ${out}${err}`)), 60_000);
    const check = (): void => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${out}${err}`));
    });
  });
  return {
    url,
    child,
    stdout: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}
