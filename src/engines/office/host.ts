import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processIdentity } from '../../lib/process-identity.ts';
import type { OfficeLog } from './instance.ts';

/** Where LibreOffice is installed, the engine's private folder, and what /proc says about an instance. */
const DEFAULT_OFFICE_DIR = '/usr/lib/libreoffice/program';

export function resolveOffice(sofficePath: string | undefined): { bin: string; launcher: string } | null {
  const candidates = sofficePath ? [sofficePath] : ['/usr/bin/soffice', path.join(DEFAULT_OFFICE_DIR, 'soffice')];
  for (const candidate of candidates) {
    try {
      const real = realpathSync(candidate);
      const dir = path.dirname(real);
      const bin = real.endsWith('.bin') ? real : path.join(dir, 'soffice.bin');
      const launcher = real.endsWith('.bin') ? path.join(dir, 'soffice') : real;
      if (existsSync(bin)) return { bin, launcher: existsSync(launcher) ? launcher : bin };
    } catch {
      /* not here */
    }
  }
  return null;
}

const OWNER_FILE = 'owner.pid';

/** Folders left by an engine whose process died without close() (a crash, SIGKILL): profiles, scratch. */
function removeStaleRoots(tempDir: string, log: OfficeLog): void {
  for (const name of readdirSync(tempDir)) {
    if (!name.startsWith('office-')) continue;
    const dir = path.join(tempDir, name);
    let owner: string;
    try {
      owner = readFileSync(path.join(dir, OWNER_FILE), 'utf8').trim();
    } catch {
      continue; // no owner file: not ours, or half-created
    }
    const [pid, started] = owner.split(':');
    if (processIdentity(Number(pid)) === `${pid}:${started}`) continue; // its engine is alive (maybe in this process)
    rmSync(dir, { recursive: true, force: true });
    log.info({ dir }, 'office: removed the folder of an engine that did not shut down');
  }
}

/** Resident memory of a process in kB (0 when unknown). */
export function residentKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The engine's own folder under `tempDir` (profiles, scratch), marked with its owner so a later engine can tidy up after a crash. */
export function createRoot(tempDir: string, log: OfficeLog): string {
  mkdirSync(tempDir, { recursive: true });
  removeStaleRoots(tempDir, log);
  const root = mkdtempSync(path.join(tempDir, 'office-'));
  writeFileSync(path.join(root, OWNER_FILE), processIdentity(process.pid));
  mkdirSync(path.join(root, 'tmp'), { recursive: true });
  return root;
}
