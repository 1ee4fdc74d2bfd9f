import { ToolError } from '../../../core/errors.ts';
import type { ToolFiles } from '../../../core/context.ts';

/** Data files (CSV, JSON, XML, HTML) are parsed in memory: 20 MB of text is the cap. */
export const MAX_TEXT_BYTES = 20 * 1024 * 1024;

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** A byte-order mark was present (and removed). */
  bom: boolean;
}

/**
 * Decodes text the way spreadsheet exports arrive: a UTF-8 or UTF-16 byte-order mark decides; without
 * one, valid UTF-8 is UTF-8 and anything else is read as Windows-1252 (the superset of Latin-1 that
 * Excel and old systems write).
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', bom: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', bom: true };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', bom: false };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252', bom: false };
  }
}

/** The call's upload as text (size-capped, encoding detected). */
export async function readUploadText(files: ToolFiles, field = 'file'): Promise<DecodedText & { fileName: string }> {
  const upload = files.uploads[0];
  if (!upload) throw new ToolError('validation_failed', `${field}: is required; upload the file as multipart/form-data.`);
  if (upload.sizeBytes > MAX_TEXT_BYTES) {
    throw new ToolError(
      'payload_too_large',
      `${field}: ${upload.sizeBytes.toLocaleString('en')} bytes; data conversions take files up to ${MAX_TEXT_BYTES / 1024 / 1024} MB.`,
    );
  }
  const decoded = decodeText(await files.read(upload.path));
  if (!decoded.text.trim()) throw new ToolError('validation_failed', `${field}: the file holds only whitespace.`);
  return { ...decoded, fileName: upload.fileName };
}

/** The output name: the caller's, or the upload's without its extension, plus the new extension. */
export function outputName(requested: string | undefined, uploaded: string, extension: string): string {
  const base =
    (requested ?? uploaded.replace(/\.[^.]*$/, ''))
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
      .trim() || 'converted';
  return `${base.slice(0, 200)}.${extension}`;
}
