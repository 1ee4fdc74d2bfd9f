import { spawn } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../../src/cli/main.ts';

/** A run of the `toolapi` command line: its exit code and what it wrote. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const MAIN = path.join(import.meta.dirname, '../../src/cli/main.ts');

/**
 * `toolapi <args>` in this process (src/cli/main.ts's runCli, as the program calls it), with only `env` for its
 * environment: what a command does and prints, without a Node process per command. `toolapiProcess` is the program.
 */
export async function toolapi(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env });
  return { code, stdout, stderr };
}

/** `toolapi <args>` as a process (the program as bin/toolapi.sh runs it), with the test's environment and `env`. */
export function toolapiProcess(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
