import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolContext } from '../../core/context.ts';
import { ToolError } from '../../core/errors.ts';
import { describeKinds, FILE_KINDS, sniff, type FileKind } from '../../files/kinds.ts';
import { EXTRACT_KINDS, extractDocument, isExtractKind, type ExtractResult } from './index.ts';

/** The most text `/api/v1/extract` returns in one answer. */
export const MAX_EXTRACT_CHARACTERS = 5_000_000;

const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;

/** Decodes the `content` field: base64 (standard or URL-safe, padding optional, whitespace ignored, data: URL prefix allowed). */
export function decodeBase64Content(content: string): Buffer {
  const body = content.replace(/^data:[^,]{0,200};base64,/i, '').replace(/\s+/g, '');
  if (body.length === 0) throw new ToolError('validation_failed', "content: is empty; send the file's bytes as base64.");
  if (!BASE64.test(body) || body.length % 4 === 1) {
    throw new ToolError('validation_failed', 'content: is not valid base64 (use the standard or URL-safe alphabet, e.g. the output of `base64 -w0 file`).');
  }
  return Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

export interface ExtractInput {
  content?: string | undefined;
  fileName?: string | undefined;
  maxCharacters: number;
  layout: boolean;
}

/** `/api/v1/extract`'s input: the base64 `content` or the upload, recognised by its bytes, then extracted. */
export async function extractFromInput(
  input: ExtractInput,
  ctx: ToolContext,
): Promise<{ document: ExtractResult; fileName: string | null; sizeBytes: number }> {
  const upload = ctx.files.uploads[0];
  if (upload && input.content !== undefined)
    throw new ToolError('validation_failed', 'content: give the file either as base64 `content` or as an upload in field "file", not both.');
  if (upload) {
    const document = await extractDocument(upload, ctx, { maxCharacters: input.maxCharacters, layout: input.layout });
    return { document, fileName: input.fileName ?? upload.fileName, sizeBytes: upload.sizeBytes };
  }
  if (input.content === undefined) {
    throw new ToolError(
      'validation_failed',
      'content: is required; send the file as base64 in `content`, or upload it as multipart/form-data in field "file".',
    );
  }
  const bytes = decodeBase64Content(input.content);
  if (bytes.length === 0) throw new ToolError('validation_failed', 'content: decodes to an empty file.');
  const file = path.join(await ctx.files.workDir(), 'content.bin');
  await writeFile(file, bytes);
  const kinds = await sniff(file);
  const kind = kinds.find((k): k is FileKind => isExtractKind(k));
  if (!kind) {
    const seen = kinds[0] ? `it looks like ${FILE_KINDS[kinds[0]].title}` : 'its format is not recognised';
    throw new ToolError('unsupported_media_type', `content: expected ${describeKinds(EXTRACT_KINDS)}; ${seen}.`);
  }
  try {
    const document = await extractDocument({ path: file, kind }, ctx, { maxCharacters: input.maxCharacters, layout: input.layout });
    return { document, fileName: input.fileName ?? null, sizeBytes: bytes.length };
  } catch (error) {
    // The extractors speak of `file`; here the bytes came in `content`.
    if (error instanceof ToolError && error.detail.startsWith('file: ')) throw new ToolError(error.code, `content: ${error.detail.slice(6)}`);
    throw error;
  }
}
