import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { ToolError } from '../../core/errors.ts';

/**
 * THE way src/engines starts an external program that runs to completion (pandoc, poppler, Calibre, the
 * archivers, heif-enc, a cold LibreOffice conversion, a LibreOffice profile's first start): no shell, a
 * minimal environment, its own process group (a kill takes every helper it started, and the group is killed
 * once the program exits, so no helper outlives it), a deadline and the call's AbortSignal, and capped
 * stdout/stderr. The warm LibreOffice instances (office/instance.ts) are long-lived and talk over pipes; they
 * use killGroup and dieWithParent from here. Module-internal to src/engines: tools reach programs through an
 * engine's small interface, never through this file.
 */
export interface ProcessOptions {
  cwd: string;
  /** The whole environment of the child (PATH is added when missing). */
  env?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** Killed after this long. */
  timeoutMs: number;
  /** A file fed to the child's stdin. */
  stdinFile?: string;
  /** stdout kept by `runProcess` (default 1 MB; the rest is drained and dropped). */
  maxStdout?: number;
  /** How messages name the program (default: the command), e.g. 'HEIC encoding'. */
  label?: string;
  /** The engine's set of running process groups, killed if Node exits first: the child's is in it while it runs. */
  groups?: Set<number>;
}

/** A child that exited with a non-zero status: callers turn it into a message about the file. */
export class ProcessFailed extends Error {
  readonly command: string;
  readonly exitCode: number | null;
  readonly stderr: string;
  readonly stdout: string;
  constructor(command: string, exitCode: number | null, stderr: string, stdout: string) {
    super(`${command} exited with ${exitCode ?? 'a signal'}`);
    this.name = 'ProcessFailed';
    this.command = command;
    this.exitCode = exitCode;
    this.stderr = stderr;
    this.stdout = stdout;
  }

  /** The line that says why: the last error-looking line of stderr (then stdout), trimmed. */
  reason(): string {
    const lines = `${this.stderr}\n${this.stdout}`
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const error = [...lines].reverse().find((l) => /error|exception|cannot|can't|unsupported|invalid|not\s/i.test(l));
    return (error ?? lines.at(-1) ?? `exit code ${this.exitCode}`).slice(0, 300);
  }

  /** The first non-empty line of stderr (converters such as pandoc put the cause first). */
  firstLine(): string {
    return (this.stderr.split('\n').find((line) => line.trim()) ?? `exit code ${this.exitCode}`).trim().slice(0, 300);
  }
}

export interface Supervised {
  /** The child's stdout, to be consumed by the caller. */
  stdout: Readable;
  /** Settles when the child has exited: resolves on status 0, rejects with ProcessFailed or a timeout ToolError. */
  done: Promise<{ stderr: string }>;
  /** Kills the process group (idempotent). */
  kill(): void;
}

const defaultPath = '/usr/local/bin:/usr/bin:/bin';
const MAX_STDERR = 64 * 1024;
const installed = new Map<string, boolean>();

/** Whether `command` is on PATH (looked up once per process). */
export function commandExists(command: string): boolean {
  let found = installed.get(command);
  if (found === undefined) {
    found = spawnSync('sh', ['-c', 'command -v "$0" >/dev/null 2>&1', command], { stdio: 'ignore' }).status === 0;
    installed.set(command, found);
  }
  return found;
}

/** SIGKILLs the process group `pid` leads (every process is started as a group leader), or the process alone. */
export function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

const SETPRIV = '/usr/bin/setpriv';

/**
 * Runs `command` so that the kernel SIGKILLs it when its parent (Node) dies, however Node dies: setpriv
 * (util-linux, essential on Debian) sets PR_SET_PDEATHSIG and execs, so the pid stays the command's.
 */
export function dieWithParent(command: string, args: string[]): [string, string[]] {
  return existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}

/** Starts `command`; its stdout is a stream for the caller. */
export function supervise(command: string, args: readonly string[], options: ProcessOptions): Supervised {
  const label = options.label ?? command;
  const env = { PATH: process.env.PATH ?? defaultPath, ...options.env };
  let stdin: number | 'ignore' = 'ignore';
  if (options.stdinFile) stdin = openSync(options.stdinFile, 'r');
  const child = spawn(command, args, { cwd: options.cwd, detached: true, stdio: [stdin, 'pipe', 'pipe'], env });
  if (typeof stdin === 'number') closeSync(stdin);
  if (child.pid) options.groups?.add(child.pid);
  const { stdout, stderr: errors } = child;
  if (!stdout || !errors) throw new ToolError('internal_error', `${label}: no pipes to the child process.`);
  let stderr = '';
  errors.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < MAX_STDERR) stderr += chunk;
  });
  let exited = false;
  const kill = (): void => {
    if (!exited) killGroup(child.pid);
  };
  let outcome: ToolError | undefined;
  const timer = setTimeout(() => {
    outcome = new ToolError('timeout', `${label} did not finish within ${Math.round(options.timeoutMs / 1000)} s; try a smaller file.`);
    kill();
  }, options.timeoutMs);
  const onAbort = (): void => {
    outcome = new ToolError('timeout', `${label} was stopped: the call was cancelled or ran out of time.`);
    kill();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const done = new Promise<{ stderr: string }>((resolve, reject) => {
    child.once('error', (error) => {
      if (child.pid) options.groups?.delete(child.pid);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new ToolError('engine_unavailable', `${command} could not start: ${error.message}`));
    });
    child.once('close', (code) => {
      exited = true;
      // Helpers the program started (soffice.bin behind its launcher) go with it.
      killGroup(child.pid);
      if (child.pid) options.groups?.delete(child.pid);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (outcome) return reject(outcome);
      if (code === 0) return resolve({ stderr });
      reject(new ProcessFailed(command, code, stderr, ''));
    });
  });
  // The caller may stop reading early (a cap tripped) and kill; a rejection nobody awaits must not crash the process.
  done.catch(() => {});
  return { stdout, done, kill };
}

/**
 * Waits for a streamed child to exit once the caller stopped reading its stdout (`failure`: why it stopped,
 * if it did) and throws what explains the outcome best: the caller's own ToolError (a cap tripped), then the
 * runner's (deadline, cancel). Resolves with the non-zero exit, if any, for the caller to word.
 */
export async function exitOf(child: Supervised, failure: unknown): Promise<ProcessFailed | undefined> {
  let exit: unknown;
  try {
    await child.done;
  } catch (error) {
    exit = error;
  }
  if (failure instanceof ToolError) throw failure;
  if (exit instanceof ToolError) throw exit;
  return exit instanceof ProcessFailed ? exit : undefined;
}

/** Runs `command` to completion and returns its stdout (up to `maxStdout`). */
export async function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<string> {
  const max = options.maxStdout ?? 1024 * 1024;
  const child = supervise(command, args, options);
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (stdout.length < max) stdout += chunk;
  });
  try {
    await child.done;
  } catch (error) {
    if (error instanceof ProcessFailed) throw new ProcessFailed(command, error.exitCode, error.stderr, stdout);
    throw error;
  }
  return stdout;
}
