import { booleanField } from '../../../registry/fields.ts';
import { z } from 'zod';
import { ToolError } from '../../../core/errors.ts';
import { delimiterField, headerField, parseCsv, type ParsedCsv } from './csv.ts';
import type { DecodedText } from './text.ts';

/** The fields every CSV-reading tool takes. */
export const csvReadFields = { delimiter: delimiterField, header: headerField };

export const csvWriteFields = {
  delimiter: z
    .enum(['comma', 'semicolon', 'tab', 'pipe'])
    .default('comma')
    .describe('Column delimiter of the CSV written: comma (default), semicolon (European Excel), tab or pipe'),
  bom: booleanField(false, 'Start the file with a UTF-8 byte-order mark so Excel on Windows opens accents correctly (default false)'),
  escapeFormulas: booleanField(
    false,
    'Prefix cells that start with = + - @ (other than plain numbers) with an apostrophe, so spreadsheets do not run them as formulas (CSV injection; default false)',
  ),
};

/** Parses the upload as CSV; an empty table (only a header) is a 400. */
export function readCsv(
  source: DecodedText,
  input: { delimiter: 'auto' | 'comma' | 'semicolon' | 'tab' | 'pipe'; header: boolean },
  warn: (m: string) => void,
): ParsedCsv {
  const csv = parseCsv(source.text, { delimiter: input.delimiter, header: input.header });
  if (csv.rows.length === 0 && input.header) throw new ToolError('validation_failed', 'file: the CSV has a header row but no data rows.');
  if (csv.raggedRows > 0)
    warn(`${csv.raggedRows} row${csv.raggedRows === 1 ? '' : 's'} had a different number of cells than the header; missing cells are empty.`);
  if (source.encoding !== 'utf-8')
    warn(`Read as ${source.encoding === 'windows-1252' ? 'Windows-1252 (Latin-1)' : source.encoding.toUpperCase()}; the output is UTF-8.`);
  return csv;
}
