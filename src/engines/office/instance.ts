import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { dieWithParent, killGroup } from '../process/runner.ts';
import { copyProfile, officeEnv, pipeSocketFile, removeProfile, sofficeArgs } from './profile.ts';

/**
 * One warm LibreOffice: `soffice.bin` in its own process group with its own profile and pipe, and the
 * UNO worker (uno-worker.py under Debian's python3) that drives it over JSON lines on stdio. Either
 * process dying takes the other down; the pool decides what happens next.
 */
export interface OfficeLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerReply {
  id?: number;
  event?: string;
  ok?: boolean;
  kind?: string;
  error?: string;
  family?: string;
  filter?: string;
  open?: number;
}

/** The instance went away while a request was in flight (crash, kill, deadline). */
export class InstanceDied extends Error {
  override readonly name = 'InstanceDied';
}

export interface InstanceOptions {
  slot: number;
  sofficeBin: string;
  python: string;
  workerScript: string;
  templateProfile: string;
  /** The engine's private folder: profiles and LibreOffice's TMPDIR live under it. */
  root: string;
  startTimeoutMs: number;
  log: OfficeLog;
}

export interface Instance {
  readonly slot: number;
  /** The name of the pipe soffice accepts UNO connections on. */
  readonly pipe: string;
  readonly profile: string;
  /** soffice.bin's pid, which is also its process group. */
  readonly pid: number;
  readonly workerPid: number;
  /** Resolves once the worker is connected and the desktop answers. */
  readonly ready: Promise<void>;
  alive(): boolean;
  send(message: Record<string, unknown>): Promise<WorkerReply>;
  /** Kills both processes (SIGKILL to the whole group) and removes the profile. Idempotent. */
  kill(): Promise<void>;
  /** Called once when the instance dies on its own (not through kill()). */
  onDeath(listener: (reason: string) => void): void;
  diagnostics(): string;
}

let generation = 0;

function tail(buffer: string, chunk: string): string {
  const next = buffer + chunk;
  return next.length > 4000 ? next.slice(-4000) : next;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startInstance(o: InstanceOptions): Promise<Instance> {
  generation += 1;
  const profile = path.join(o.root, `profile-${o.slot}-${generation}`);
  copyProfile(o.templateProfile, profile);
  // A named pipe (a Unix socket LibreOffice creates under /tmp), not a TCP port: a port picked free and then handed to
  // soffice could be taken by another process in between, and the worker would then wait for a connection that never
  // comes. The name is unique per process and instance.
  const pipe = `toolapi-office-${process.pid}-${generation}`;
  const env = officeEnv(profile, path.join(o.root, 'tmp'));

  const office = spawn(...dieWithParent(o.sofficeBin, sofficeArgs(profile, `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`)), {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let officeErr = '';
  office.stderr?.setEncoding('utf8').on('data', (chunk: string) => void (officeErr = tail(officeErr, chunk)));
  const officePid = office.pid;
  if (!officePid) {
    await new Promise((resolve) => office.once('error', resolve));
    throw new Error(`LibreOffice could not be started (${o.sofficeBin})`);
  }

  const worker = spawn(
    ...dieWithParent(o.python, [
      o.workerScript,
      '--pipe',
      pipe,
      '--pid',
      String(officePid),
      '--connect-timeout',
      String(Math.ceil(o.startTimeoutMs / 1000)),
      '--warm-up',
      profile,
    ]),
    { env: { PATH: env.PATH, LANG: env.LANG, LC_ALL: env.LC_ALL, HOME: profile, TMPDIR: env.TMPDIR }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let workerErr = '';
  worker.stderr?.setEncoding('utf8').on('data', (chunk: string) => void (workerErr = tail(workerErr, chunk)));
  worker.stdin?.on('error', () => {}); // EPIPE when the worker died; the exit handler reports it

  let dead = false;
  let killing = false;
  let nextId = 0;
  const pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }>();
  const deathListeners: Array<(reason: string) => void> = [];
  let settleReady: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
  ready.catch(() => {}); // observed by the pool; avoid an unhandled rejection when nobody awaits

  function die(reason: string): void {
    if (dead) return;
    dead = true;
    killGroup(officePid);
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    const error = new InstanceDied(reason);
    settleReady?.reject(error);
    settleReady = null;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
    if (!killing) for (const listener of deathListeners) listener(reason);
  }

  office.once('error', (error) => die(`LibreOffice could not be started: ${error.message}`));
  office.once('exit', (code, signal) => die(`LibreOffice exited (${signal ?? `code ${code}`})`));
  worker.once('error', (error) => die(`the UNO worker could not be started: ${error.message}`));
  worker.once('exit', (code, signal) => die(`the UNO worker exited (${signal ?? `code ${code}`})`));

  const lines = createInterface({ input: worker.stdout! });
  lines.on('line', (line) => {
    let message: WorkerReply;
    try {
      message = JSON.parse(line) as WorkerReply;
    } catch {
      o.log.warn({ slot: o.slot, line: line.slice(0, 200) }, 'office worker wrote a line that is not JSON');
      return;
    }
    if (message.event === 'ready') {
      settleReady?.resolve();
      settleReady = null;
    } else if (message.event === 'failed') {
      settleReady?.reject(new Error(message.error ?? 'the UNO worker could not connect'));
      settleReady = null;
    } else if (typeof message.id === 'number') {
      const entry = pending.get(message.id);
      pending.delete(message.id);
      entry?.resolve(message);
    }
  });

  const startTimer = setTimeout(() => {
    settleReady?.reject(new Error(`LibreOffice did not become ready within ${o.startTimeoutMs} ms`));
    settleReady = null;
  }, o.startTimeoutMs + 2000);
  ready.then(
    () => clearTimeout(startTimer),
    () => clearTimeout(startTimer),
  );

  return {
    slot: o.slot,
    pipe,
    profile,
    pid: officePid,
    workerPid: worker.pid ?? 0,
    ready,
    alive: () => !dead,
    send(message) {
      if (dead) return Promise.reject(new InstanceDied('the instance is not running'));
      nextId += 1;
      const id = nextId;
      return new Promise<WorkerReply>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.stdin!.write(`${JSON.stringify({ ...message, id })}\n`);
      });
    },
    async kill() {
      killing = true;
      die('stopped');
      await Promise.race([Promise.all([exited(office), exited(worker)]), new Promise((r) => setTimeout(r, 5000).unref())]);
      lines.close();
      removeProfile(profile);
      // A killed soffice leaves its pipe's socket file behind.
      rmSync(pipeSocketFile(pipe), { force: true });
    },
    onDeath(listener) {
      deathListeners.push(listener);
    },
    diagnostics() {
      return [officeErr.trim() && `soffice: ${officeErr.trim().slice(-800)}`, workerErr.trim() && `worker: ${workerErr.trim().slice(-800)}`]
        .filter(Boolean)
        .join('\n');
    },
  };
}
