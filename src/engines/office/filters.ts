import path from 'node:path';
import { ToolError } from '../../core/errors.ts';

/**
 * Filter names and options shared by the warm (UNO) and cold (`soffice --convert-to`) paths. The export
 * filter per document family lives in uno-worker.py (only LibreOffice knows the family after loading);
 * here are the parts that depend on the file names alone.
 */
export interface FilterChoice {
  name: string;
  options?: string;
}

/** CSV: comma, double quote, UTF-8, from line 1; on export: quote only when needed, values as shown, no formulas. */
export const CSV_OPTIONS = '44,34,76,1,,0,false,true,false,false,false';
export const TSV_OPTIONS = '9,34,76,1,,0,false,true,false,false,false';
/** Plain text: UTF-8, LF line ends, no byte-order mark. */
export const TEXT_OPTIONS = 'UTF8,LF,,,false';

const WRITER_TARGETS = new Set(['docx', 'doc', 'odt', 'fodt', 'rtf', 'txt', 'html', 'htm', 'xhtml', 'epub']);
const CALC_TARGETS = new Set(['xlsx', 'xls', 'ods', 'fods', 'csv', 'tsv']);
const IMPRESS_TARGETS = new Set(['pptx', 'ppt', 'odp', 'fodp']);

/** Normalises a target such as '.PDF' to 'pdf'; refuses anything that is not a plain extension. */
export function normaliseFormat(format: string): string {
  const f = format.trim().replace(/^\./, '').toLowerCase();
  if (!/^[a-z0-9]{1,10}$/.test(f)) throw new ToolError('validation_failed', `format: expected a file extension such as pdf or docx, got "${format}"`);
  return f;
}

/**
 * An explicit export filter in either spelling: 'writer_pdf_Export', 'Text (encoded):UTF8' or the
 * `--convert-to` form 'csv:Text - txt - csv (StarCalc):44,34,76,1' (leading extension = format).
 */
export function parseFilter(format: string, filter: string | undefined): FilterChoice | undefined {
  if (!filter?.trim()) return undefined;
  let rest = filter.trim();
  const colon = rest.indexOf(':');
  if (colon > 0 && rest.slice(0, colon).toLowerCase() === format) rest = rest.slice(colon + 1);
  const split = rest.indexOf(':');
  if (split < 0) return { name: rest };
  const name = rest.slice(0, split);
  const options = rest.slice(split + 1);
  return options ? { name, options } : { name };
}

/** The import filter LibreOffice should use for inputs whose type detection is ambiguous. */
export function defaultInputFilter(input: string, format: string): FilterChoice | undefined {
  const ext = path.extname(input).slice(1).toLowerCase();
  switch (ext) {
    case 'csv':
      return { name: 'Text - txt - csv (StarCalc)', options: CSV_OPTIONS };
    case 'tsv':
    case 'tab':
      return { name: 'Text - txt - csv (StarCalc)', options: TSV_OPTIONS };
    case 'txt':
      return CALC_TARGETS.has(format) ? { name: 'Text - txt - csv (StarCalc)', options: TSV_OPTIONS } : { name: 'Text (encoded)', options: 'UTF8' };
    case 'html':
    case 'htm':
    case 'xhtml':
      // Writer (print layout) rather than Writer/Web, so PDFs and DOCX get real pages.
      return CALC_TARGETS.has(format) ? { name: 'calc_HTML_WebQuery' } : { name: 'HTML (StarWriter)' };
    case 'pdf':
      if (WRITER_TARGETS.has(format)) return { name: 'writer_pdf_import' };
      if (IMPRESS_TARGETS.has(format)) return { name: 'impress_pdf_import' };
      return { name: 'draw_pdf_import' };
    default:
      return undefined;
  }
}

/** The export filter to force on the cold path, where LibreOffice's own choice would be a poor default. */
export function coldExportFilter(input: string, format: string): FilterChoice | undefined {
  const ext = path.extname(input).slice(1).toLowerCase();
  const spreadsheet = ['xlsx', 'xls', 'ods', 'fods', 'csv', 'tsv', 'xlsm'].includes(ext);
  if (format === 'csv') return { name: 'Text - txt - csv (StarCalc)', options: CSV_OPTIONS };
  if (format === 'tsv') return { name: 'Text - txt - csv (StarCalc)', options: TSV_OPTIONS };
  if (format === 'txt' && spreadsheet) return { name: 'Text - txt - csv (StarCalc)', options: TSV_OPTIONS };
  if (format === 'txt') return { name: 'Text (encoded)', options: TEXT_OPTIONS };
  return undefined;
}

/** Where a conversion writes: the input's base name with the target extension (as `soffice --convert-to`). */
export function outputPath(input: string, outputDir: string, format: string): string {
  const base = path.basename(input, path.extname(input)) || 'document';
  return path.join(outputDir, `${base}.${format}`);
}
