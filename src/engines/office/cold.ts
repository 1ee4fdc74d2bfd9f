import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../core/errors.ts';
import type { FilterChoice } from './filters.ts';
import { dieWithParent, killGroup } from '../process/runner.ts';
import { copyProfile, officeEnv, profileUrl, seedProfile } from './profile.ts';
import type { PreparedConversion } from './conversion.ts';

/**
 * The fallback when UNO is not available: one `soffice --headless --convert-to` process per conversion,
 * with a throwaway profile (a copy of the engine's template when there is one, else a fresh one).
 */
export interface ColdJob extends Omit<PreparedConversion, 'timeoutMs'> {
  signal: AbortSignal;
}

export interface ColdContext {
  /** The `soffice` launcher (it restarts soffice.bin after a fresh profile's first start). */
  soffice: string;
  root: string;
  templateProfile: string | null;
  /** Process groups to kill if Node exits while a conversion runs. */
  groups: Set<number>;
}

/** The export filter LibreOffice would pick for this input's family, needed when filter data must be passed. */
function guessExportFilter(input: string, format: string): string | undefined {
  const ext = path.extname(input).slice(1).toLowerCase();
  const family = ['xlsx', 'xls', 'xlsm', 'ods', 'fods', 'csv', 'tsv'].includes(ext)
    ? 'calc'
    : ['pptx', 'ppt', 'odp', 'fodp', 'pps', 'ppsx'].includes(ext)
      ? 'impress'
      : ['pdf', 'odg', 'fodg', 'vsd', 'vsdx', 'svg'].includes(ext)
        ? 'draw'
        : 'writer';
  if (['pdf', 'png', 'jpg', 'svg'].includes(format)) return `${family}_${format}_Export`;
  return undefined;
}

/** FilterData as the JSON that `--convert-to` accepts since LibreOffice 7.4. */
function filterDataJson(data: Record<string, unknown>): string {
  const typed: Record<string, { type: string; value: unknown }> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'boolean') typed[key] = { type: 'boolean', value: String(value) };
    else if (typeof value === 'number') typed[key] = { type: Number.isInteger(value) ? 'long' : 'double', value: String(value) };
    else typed[key] = { type: 'string', value: String(value) };
  }
  return JSON.stringify(typed);
}

export function convertToArgument(job: Pick<ColdJob, 'input' | 'format' | 'exportFilter' | 'filterData'>): string {
  let name = job.exportFilter?.name;
  let options = job.exportFilter?.options;
  if (job.filterData && Object.keys(job.filterData).length > 0) {
    name ??= guessExportFilter(job.input, job.format);
    if (name) options = filterDataJson(job.filterData);
  }
  if (!name) return job.format;
  return options ? `${job.format}:${name}:${options}` : `${job.format}:${name}`;
}

export async function convertCold(ctx: ColdContext, job: ColdJob): Promise<string> {
  const profile = mkdtempSync(path.join(ctx.root, 'cold-'));
  try {
    if (ctx.templateProfile) {
      rmSync(profile, { recursive: true, force: true });
      copyProfile(ctx.templateProfile, profile);
    } else {
      seedProfile(profile);
    }
    const args = ['--headless', '--invisible', '--nologo', '--norestore', '--nodefault', '--nolockcheck', `-env:UserInstallation=${profileUrl(profile)}`];
    if (job.inputFilter) args.push(`--infilter=${job.inputFilter.options ? `${job.inputFilter.name}:${job.inputFilter.options}` : job.inputFilter.name}`);
    args.push('--convert-to', convertToArgument(job), '--outdir', job.outputDir, job.input);

    const child = spawn(...dieWithParent(ctx.soffice, args), { env: officeEnv(profile, profile), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid) ctx.groups.add(child.pid);
    let output = '';
    const collect = (chunk: string): void => void (output = (output + chunk).slice(-4000));
    child.stdout?.setEncoding('utf8').on('data', collect);
    child.stderr?.setEncoding('utf8').on('data', collect);
    const onAbort = (): void => killGroup(child.pid);
    job.signal.addEventListener('abort', onAbort, { once: true });
    const code = await new Promise<number | string>((resolve) => {
      child.once('error', (error) => resolve(error.message));
      child.once('close', (exitCode, signal) => resolve(exitCode ?? signal ?? 'unknown'));
    });
    job.signal.removeEventListener('abort', onAbort);
    if (child.pid) {
      killGroup(child.pid); // soffice.bin must not outlive its launcher
      ctx.groups.delete(child.pid);
    }
    if (job.signal.aborted) throw job.signal.reason instanceof Error ? job.signal.reason : new ToolError('timeout', 'the conversion was cancelled');
    const size = fileSize(job.output);
    if (size > 0) return job.output;
    if (typeof code === 'string' && code !== 'unknown' && !/^SIG/.test(code)) {
      throw new ToolError('engine_unavailable', `LibreOffice could not be started: ${code}`);
    }
    if (/source file could not be loaded/i.test(output)) {
      throw new ToolError('unprocessable', 'file: LibreOffice could not open the file (it is damaged, password-protected or not a document format LibreOffice reads)');
    }
    if (/no export filter/i.test(output)) {
      throw new ToolError('unprocessable', `format: LibreOffice cannot convert this kind of document to ${job.format}`);
    }
    if (code !== 0) {
      throw new ToolError('service_unavailable', 'the converter stopped during the conversion; try again');
    }
    throw new ToolError('unprocessable', `file: LibreOffice could not convert the document to ${job.format}`);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

export function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
