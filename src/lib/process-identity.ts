import { readFileSync } from 'node:fs';

/**
 * `pid:start-time` of a live process on this machine, '' when it is gone: unique even when pids are reused
 * (a restarted container). Read from /proc (Linux, the platform the service runs on).
 */
export function processIdentity(pid: number): string {
  if (!Number.isInteger(pid) || pid <= 0) return '';
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return ''; // dead, not yet reaped
    return `${pid}:${fields[19] ?? ''}`;
  } catch {
    return '';
  }
}
