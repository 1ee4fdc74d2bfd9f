import { spawn, spawnSync } from 'node:child_process';
import { ToolError } from '../../core/errors.ts';

/** Converters run as short-lived processes: pandoc, and poppler's PDF tools (Debian packages). */
export const COMMANDS = ['pandoc', 'pdftotext', 'pdftohtml', 'pdftoppm'] as const;
export type CommandName = (typeof COMMANDS)[number];

export interface CommandRun {
  cwd: string;
  signal?: AbortSignal;
  /** Killed after this long (default 60 s). */
  timeoutMs?: number;
}

export interface CommandEngine {
  available(command: CommandName): boolean;
  /** Runs the command with `args` (no shell); stdout is returned, a failure is a 422 with its first stderr line. */
  run(command: CommandName, args: string[], options: CommandRun): Promise<string>;
}

const MAX_OUTPUT = 16 * 1024 * 1024;

export function createCommandEngine(): CommandEngine {
  const found = new Map<CommandName, boolean>();
  const available = (command: CommandName): boolean => {
    let ok = found.get(command);
    if (ok === undefined) {
      ok = spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
      found.set(command, ok);
    }
    return ok;
  };
  return {
    available,
    run(command, args, { cwd, signal, timeoutMs = 60_000 }) {
      if (!available(command)) {
        return Promise.reject(new ToolError('engine_unavailable', `${command} is not installed on this server (Debian package ${command === 'pandoc' ? 'pandoc' : 'poppler-utils'}).`));
      }
      return new Promise((resolve, reject) => {
        // Own process group, so a kill takes any helpers the converter started with it.
        const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8' } });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          if (stdout.length < MAX_OUTPUT) stdout += chunk;
        });
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          if (stderr.length < 64 * 1024) stderr += chunk;
        });
        const kill = (): void => {
          try {
            if (child.pid) process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        };
        let outcome: ToolError | undefined;
        const timer = setTimeout(() => {
          outcome = new ToolError('timeout', `${command} did not finish within ${Math.round(timeoutMs / 1000)} s; try a smaller document.`);
          kill();
        }, timeoutMs);
        const onAbort = (): void => {
          outcome = new ToolError('timeout', `${command} was stopped: the call was cancelled or ran out of time.`);
          kill();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        child.once('error', (error) => {
          clearTimeout(timer);
          reject(new ToolError('engine_unavailable', `${command} could not start: ${error.message}`));
        });
        child.once('close', (code) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (outcome) return reject(outcome);
          if (code === 0) return resolve(stdout);
          const reason = stderr.split('\n').find((line) => line.trim()) ?? `exit code ${code}`;
          reject(new ToolError('unprocessable', `file: ${command} could not convert the document (${reason.trim().slice(0, 300)}).`));
        });
      });
    },
  };
}
