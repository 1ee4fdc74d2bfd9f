import path from 'node:path';
import { runCli } from '../../src/cli/main.ts';
import { type Ran, runToEnd } from './process.ts';

const MAIN = path.join(import.meta.dirname, '../../src/cli/main.ts');

/**
 * `toolapi <args>` in this process (src/cli/main.ts's runCli, as the program calls it), with only `env` for its
 * environment: what a command does and prints, without a Node process per command. `toolapiProcess` is the program.
 */
export async function toolapi(args: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env });
  return { code, stdout, stderr };
}

/** `toolapi <args>` as a process (the program as bin/toolapi.sh runs it), with the test's environment and `env`. */
export function toolapiProcess(args: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  return runToEnd(process.execPath, [MAIN, ...args], { env: { ...process.env, ...env } });
}
