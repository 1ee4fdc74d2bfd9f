import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { RawUpload } from '../core/call-files.ts';
import { ToolError } from '../core/errors.ts';
import { safeFileName } from '../files/files.ts';

export interface ReceivedForm {
  fields: Record<string, unknown>;
  uploads: RawUpload[];
  /** Removes the uploads folder; safe to call more than once. */
  cleanup(): Promise<void>;
}

/**
 * Streams a multipart body to a per-request folder under `scratchRoot` (never buffered whole in
 * memory); other parts become input fields (a field holding JSON, such as `inputs` or `urls`, is parsed).
 * The size cap is enforced while streaming: a file over it is a 413 naming the field.
 */
export async function receiveForm(request: FastifyRequest, scratchRoot: string, maxBytes: number): Promise<ReceivedForm> {
  const dir = path.join(scratchRoot, `upload-${randomUUID()}`);
  let created = false;
  const cleanup = async (): Promise<void> => {
    if (created) await rm(dir, { recursive: true, force: true });
  };
  const fields: Record<string, unknown> = {};
  const uploads: RawUpload[] = [];
  // A client that goes away mid-upload may leave the part stream waiting for bytes that never come:
  // the folder goes when the connection does.
  let gone = false;
  request.raw.once('close', () => {
    if (request.raw.complete) return;
    gone = true;
    void cleanup();
  });
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = parseFieldValue(part.value);
        continue;
      }
      if (gone) throw new ToolError('invalid_request', 'body: the client closed the connection during the upload.');
      if (!created) {
        await mkdir(dir, { recursive: true });
        created = true;
      }
      const fileName = safeFileName(part.filename || part.fieldname, 'upload');
      const target = path.join(dir, `${uploads.length}-${fileName}`);
      let sizeBytes = 0;
      part.file.on('data', (chunk: Buffer) => (sizeBytes += chunk.length));
      await pipeline(part.file, createWriteStream(target));
      if (gone) throw new ToolError('invalid_request', 'body: the client closed the connection during the upload.');
      if (part.file.truncated) {
        throw new ToolError(
          'payload_too_large',
          `${part.fieldname}: larger than the ${Math.floor(maxBytes / 1024 / 1024)} MB upload limit (TOOLAPI_MAX_UPLOAD_MB).`,
        );
      }
      uploads.push({ field: part.fieldname, path: target, fileName, sizeBytes });
    }
  } catch (error) {
    await cleanup();
    throw mapMultipartError(error, maxBytes);
  }
  return { fields, uploads, cleanup };
}

function parseFieldValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

function mapMultipartError(error: unknown, maxBytes: number): unknown {
  if (error instanceof ToolError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ToolError('payload_too_large', `file: larger than the ${Math.floor(maxBytes / 1024 / 1024)} MB upload limit.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ToolError('validation_failed', 'body: too many parts in the form (at most 20 files and 50 fields).');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ToolError('unsupported_media_type', 'Content-Type: send multipart/form-data with a boundary.');
  if (error instanceof Error && /Unexpected end of (form|multipart data)|Malformed part header|aborted/i.test(error.message)) {
    return new ToolError('invalid_request', 'body: the multipart form ended early or is malformed.');
  }
  return error;
}
