import { existsSync } from 'node:fs';

/** Process-group helpers shared by the warm instances, the cold path and profile creation. */

const SETPRIV = '/usr/bin/setpriv';

/**
 * Runs `command` so that the kernel SIGKILLs it when its parent (Node) dies, however Node dies: setpriv
 * (util-linux, essential on Debian) sets PR_SET_PDEATHSIG and execs, so the pid stays the command's.
 */
export function dieWithParent(command: string, args: string[]): [string, string[]] {
  return existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}

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
