import { mkdtempSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../core/errors.ts';
import { dieWithParent, ProcessFailed, supervise } from '../process/runner.ts';
import { copyProfile, officeEnv, profileUrl, removeProfile, seedProfile } from './profile.ts';
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

/** A cold conversion's last-resort deadline (the pool's own, per job, comes first and aborts the signal). */
const BACKSTOP_MS = 10 * 60_000;

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

    // The pool's deadline aborts `job.signal`; the runner's own is only a backstop.
    const [command, commandArgs] = dieWithParent(ctx.soffice, args);
    const child = supervise(command, commandArgs, {
      cwd: job.outputDir,
      env: officeEnv(profile, profile),
      signal: job.signal,
      timeoutMs: BACKSTOP_MS,
      groups: ctx.groups,
    });
    // soffice says why on stdout or stderr ("Error: source file could not be loaded"): both are kept.
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (output = (output + chunk).slice(-4000)));
    let code: number | null = 0;
    try {
      output += (await child.done).stderr;
    } catch (error) {
      if (job.signal.aborted) throw job.signal.reason instanceof Error ? job.signal.reason : new ToolError('timeout', 'the conversion was cancelled');
      if (error instanceof ToolError && error.code === 'engine_unavailable')
        throw new ToolError('engine_unavailable', `LibreOffice could not be started: ${error.detail}`);
      if (!(error instanceof ProcessFailed)) throw error;
      code = error.exitCode;
      output += error.stderr;
    }
    if (fileSize(job.output) > 0) return job.output;
    if (/source file could not be loaded/i.test(output)) {
      throw new ToolError(
        'unprocessable',
        'file: LibreOffice could not open the file (it is damaged, password-protected or not a document format LibreOffice reads)',
      );
    }
    if (/no export filter/i.test(output)) {
      throw new ToolError('unprocessable', `format: LibreOffice cannot convert this kind of document to ${job.format}`);
    }
    if (code !== 0) {
      throw new ToolError('service_unavailable', 'the converter stopped during the conversion; try again');
    }
    throw new ToolError('unprocessable', `file: LibreOffice could not convert the document to ${job.format}`);
  } finally {
    removeProfile(profile);
  }
}

export function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
