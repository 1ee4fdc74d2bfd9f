import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../core/errors.ts';
import { fileSize } from './cold.ts';
import { defaultInputFilter, normaliseFormat, outputPath, parseFilter, type FilterChoice } from './filters.ts';
import type { WorkerReply } from './instance.ts';

/**
 * One conversion, apart from who runs it (a warm instance or a cold soffice, pool.ts): the request as tools
 * make it, checked and resolved into what the UNO worker needs, and the worker's reply as a result or an error.
 */
export interface OfficeConversion {
  /** Absolute path of the source file (in a scratch dir). */
  input: string;
  /** Where to write the result (created if missing). */
  outputDir: string;
  /** Target extension, e.g. 'pdf', 'docx', 'xlsx', 'csv', 'txt', 'html', 'png', 'odt'. */
  format: string;
  /** Explicit export filter: 'writer_pdf_Export', 'Text (encoded):UTF8', 'csv:Text - txt - csv (StarCalc):44,34,76,1'. */
  filter?: string;
  /** A string is passed as FilterOptions; an object of string/number/boolean values as FilterData (e.g. {PageRange: '1-2'}). */
  filterOptions?: unknown;
  /** Explicit import filter ('writer_pdf_import', 'HTML (StarWriter)', 'Text - txt - csv (StarCalc):59,34,76,1'); guessed from the extension otherwise. */
  inputFilter?: string;
  signal?: AbortSignal;
  /** Per-job deadline, counted from the call (queue wait included); default jobTimeoutMs. */
  timeoutMs?: number;
}

/** A checked conversion: paths, format and filters resolved. */
export interface PreparedConversion {
  input: string;
  output: string;
  outputDir: string;
  format: string;
  exportFilter?: FilterChoice;
  inputFilter?: FilterChoice;
  filterData?: Record<string, unknown>;
  timeoutMs: number;
}

export const UNAVAILABLE_DETAIL =
  'document conversion needs LibreOffice, which is not installed on this server (Debian packages libreoffice-writer-nogui, libreoffice-calc-nogui, libreoffice-impress-nogui)';

function filterOptionsOf(value: unknown): { options?: string; data?: Record<string, unknown> } {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return value ? { options: value } : {};
  if (typeof value === 'object' && !Array.isArray(value)) {
    const check = (obj: object, where: string): void => {
      for (const [key, v] of Object.entries(obj)) {
        if (typeof v === 'object' && v !== null && !Array.isArray(v)) check(v, `${where}.${key}`);
        else if (!['string', 'number', 'boolean'].includes(typeof v) || (typeof v === 'number' && !Number.isFinite(v))) {
          throw new ToolError('validation_failed', `${where}.${key}: expected a string, number or boolean`);
        }
      }
    };
    check(value, 'filterOptions');
    return { data: value as Record<string, unknown> };
  }
  throw new ToolError('validation_failed', 'filterOptions: expected a string (FilterOptions) or an object (FilterData)');
}

export function prepareConversion(job: OfficeConversion, defaultTimeoutMs: number): PreparedConversion {
  if (!path.isAbsolute(job.input)) throw new ToolError('invalid_request', 'input: expected an absolute path');
  if (!existsSync(job.input)) throw new ToolError('invalid_request', 'file: the file to convert was not found');
  const format = normaliseFormat(job.format);
  const { options, data } = filterOptionsOf(job.filterOptions);
  let exportFilter = parseFilter(format, job.filter);
  if (options !== undefined) {
    if (!exportFilter) throw new ToolError('validation_failed', 'filterOptions: a FilterOptions string needs an explicit filter');
    exportFilter = { ...exportFilter, options };
  }
  const inputFilter = job.inputFilter ? parseFilter('', job.inputFilter) : defaultInputFilter(job.input, format);
  mkdirSync(job.outputDir, { recursive: true });
  let output = outputPath(job.input, job.outputDir, format);
  if (path.resolve(output) === path.resolve(job.input)) output = outputPath(job.input.replace(/(\.[^./]*)?$/, '.converted$1'), job.outputDir, format);
  return {
    input: job.input,
    output,
    outputDir: job.outputDir,
    format,
    timeoutMs: Math.max(1, job.timeoutMs ?? defaultTimeoutMs),
    ...(exportFilter ? { exportFilter } : {}),
    ...(inputFilter ? { inputFilter } : {}),
    ...(data ? { filterData: data } : {}),
  };
}

export function abortError(signal: AbortSignal): ToolError {
  return signal.reason instanceof ToolError ? signal.reason : new ToolError('timeout', 'the conversion was cancelled');
}

function loadFailure(reply: WorkerReply): ToolError {
  const raw = reply.error ?? '';
  if (/password|encrypt/i.test(raw)) return new ToolError('unprocessable', 'file: the document is password-protected; remove the password and try again');
  return new ToolError(
    'unprocessable',
    'file: LibreOffice could not open the file (it is damaged, password-protected or not a document format LibreOffice reads)',
  );
}

/** What a worker's reply means for the job: its output, or an error (`log`: worth a line; `disconnected`: restart the instance). */
export function outcomeOf(reply: WorkerReply, job: PreparedConversion): { output: string } | { error: unknown; log?: string; disconnected?: boolean } {
  if (reply.ok) {
    if (fileSize(job.output) > 0) return { output: job.output };
    return { error: new ToolError('unprocessable', `file: LibreOffice produced no ${job.format} output for this document`) };
  }
  switch (reply.kind) {
    case 'disconnected':
      return { error: new ToolError('service_unavailable', 'the converter stopped during the conversion; try again'), disconnected: true };
    case 'load':
      return { error: loadFailure(reply), log: 'office: document could not be loaded' };
    case 'format':
      return { error: new ToolError('unprocessable', `format: ${reply.error ?? `cannot convert to ${job.format}`}`) };
    case 'export': {
      const filter = job.exportFilter ? ` with filter "${job.exportFilter.name}"` : '';
      return {
        error: new ToolError('unprocessable', `file: LibreOffice could not convert this document to ${job.format}${filter}`),
        log: 'office: export failed',
      };
    }
    default:
      return { error: new Error(`office worker failed: ${reply.error ?? 'unknown error'}`) };
  }
}
