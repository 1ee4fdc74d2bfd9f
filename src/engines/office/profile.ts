import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { dieWithParent, ProcessFailed, runProcess } from '../process/runner.ts';

/**
 * LibreOffice user profiles. One template is initialised once per engine (`--terminate_after_init`, which
 * also absorbs the first-start restart, exit code 81) and copied for every instance start, so each instance
 * owns a fresh profile that is never shared and starts in about a second.
 */

/** Settings written into every profile: no macros, no remote content, no autosave, no lock files. */
const SETTINGS: Array<[string, string, string, string]> = [
  ['org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 'int', '3'],
  ['org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'boolean', 'true'],
  ['org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'boolean', 'true'],
  ['org.openoffice.Office.Common/Misc', 'UseLocking', 'boolean', 'false'],
  ['org.openoffice.Office.Common/Misc', 'FirstRun', 'boolean', 'false'],
  ['org.openoffice.Office.Common/Save/Document', 'CreateBackup', 'boolean', 'false'],
  ['org.openoffice.Office.Recovery/AutoSave', 'Enabled', 'boolean', 'false'],
  ['org.openoffice.Office.Recovery/RecoveryInfo', 'Enabled', 'boolean', 'false'],
  ['org.openoffice.Office.Update/Update', 'Enabled', 'boolean', 'false'],
  // Linked images and other remote resources in a document go to a dead proxy instead of the network.
  ['org.openoffice.Inet/Settings', 'ooInetProxyType', 'int', '1'],
  ['org.openoffice.Inet/Settings', 'ooInetNoProxy', 'string', ''],
  ['org.openoffice.Inet/Settings', 'ooInetHTTPProxyName', 'string', '127.0.0.1'],
  ['org.openoffice.Inet/Settings', 'ooInetHTTPProxyPort', 'int', '9'],
  ['org.openoffice.Inet/Settings', 'ooInetHTTPSProxyName', 'string', '127.0.0.1'],
  ['org.openoffice.Inet/Settings', 'ooInetHTTPSProxyPort', 'int', '9'],
  ['org.openoffice.Inet/Settings', 'ooInetFTPProxyName', 'string', '127.0.0.1'],
  ['org.openoffice.Inet/Settings', 'ooInetFTPProxyPort', 'int', '9'],
];

function registryXml(): string {
  const items = SETTINGS.map(
    ([node, name, type, value]) =>
      `<item oor:path="/${node}"><prop oor:name="${name}" oor:op="fuse" oor:type="xs:${type}"><value>${value}</value></prop></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
}

export function profileUrl(dir: string): string {
  return pathToFileURL(dir).href;
}

/** Where LibreOffice puts a named pipe's socket: /tmp/OSL_PIPE_<uid>_<name> (sal/osl/unx/pipe.cxx). */
export function pipeSocketFile(pipe: string): string {
  return path.join('/tmp', `OSL_PIPE_${process.getuid?.() ?? 0}_${pipe}`);
}

/**
 * The pipe a running soffice listens on for a second start with the same profile, named after the profile:
 * SingleOfficeIPC_ and the MD5 of the profile's URL in UTF-16LE, each byte in hex without a leading zero
 * (desktop/source/app/officeipcthread.cxx).
 */
function singleInstancePipe(dir: string): string {
  const digest = createHash('md5')
    .update(Buffer.from(profileUrl(dir), 'utf16le'))
    .digest();
  return `SingleOfficeIPC_${[...digest].map((byte) => byte.toString(16)).join('')}`;
}

/**
 * Removes a profile once its soffice has exited, and the single-instance pipe's socket with it: a soffice that
 * exits on its own removes that socket, a killed one leaves it in /tmp, one file for every instance ever killed.
 */
export function removeProfile(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  rmSync(pipeSocketFile(singleInstancePipe(dir)), { force: true });
}

/** An empty profile with our settings; LibreOffice fills in the rest on first start. */
export function seedProfile(dir: string): void {
  mkdirSync(path.join(dir, 'user'), { recursive: true });
  writeFileSync(path.join(dir, 'user', 'registrymodifications.xcu'), registryXml());
}

/** A minimal environment for LibreOffice and the UNO worker: no secrets of the service, no pyenv. */
export function officeEnv(home: string, tmp: string): Record<string, string> {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: tmp,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    SAL_USE_VCLPLUGIN: 'svp',
    // glibc's allocator asks for transparent huge pages for its large blocks (glibc ≥ 2.35; ignored where unknown or
    // where THP is off). At start soffice allocates, clears and frees large image buffers again and again: about
    // 290,000 page faults of 4 KB, most of its start's CPU (in the kernel); with huge pages, about 11,000 and a start
    // a third quicker.
    GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
  };
}

/**
 * soffice's command line for a start on the profile in `dir`: no window, splash, recovery dialog, start centre or
 * lock-file prompt, then `mode` (what this start does: exit after initialising, or listen for UNO).
 */
export function sofficeArgs(dir: string, mode: string): string[] {
  return ['--headless', '--invisible', '--nologo', '--norestore', '--nodefault', '--nolockcheck', mode, `-env:UserInstallation=${profileUrl(dir)}`];
}

/** Initialises the template profile in `dir` (seeded, then one headless start that exits after init); its pid sits in `groups` while it runs. */
export async function createTemplateProfile(sofficeBin: string, dir: string, tmp: string, timeoutMs: number, groups: Set<number>): Promise<void> {
  seedProfile(dir);
  const [command, args] = dieWithParent(sofficeBin, sofficeArgs(dir, '--terminate_after_init'));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await runProcess(command, args, { cwd: dir, env: officeEnv(dir, tmp), timeoutMs, groups, label: 'LibreOffice profile initialisation' });
      return;
    } catch (error) {
      // 81: soffice asks to be started again after it created a profile.
      if (!(error instanceof ProcessFailed) || error.exitCode !== 81)
        throw new Error(`LibreOffice could not initialise a profile (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  throw new Error('LibreOffice kept asking for a restart while initialising a profile');
}

/** A fresh copy of the template for one instance start. */
export function copyProfile(template: string, dir: string): void {
  cpSync(template, dir, { recursive: true });
}
