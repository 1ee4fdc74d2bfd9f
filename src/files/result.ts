import { z } from 'zod';
import type { FileKind } from './kinds.ts';

/** docs/contract.md "Envelopes": the result of a file conversion, a link to the stored output. */
export const fileResultSchema = z.object({
  fileId: z.uuid().describe('Identifier of the stored output (usable as an MCP file input of the same account)'),
  downloadUrl: z.url().describe('GET this link (no key) to download; valid 1 hour'),
  expiresAt: z.iso.datetime().describe('When the link expires'),
  fileName: z.string().describe('Output file name'),
  mimeType: z.string().describe('Media type of the output'),
  sizeBytes: z.number().int().nonnegative().describe('Size in bytes'),
});

export type FileResult = z.infer<typeof fileResultSchema>;

/** A file the client uploaded, on disk in the call's scratch space; its kind comes from its bytes. */
export interface UploadedFile {
  /** Multipart field it came in. */
  field: string;
  path: string;
  /** The client's file name, sanitised; never used to decide the format. */
  fileName: string;
  sizeBytes: number;
  kind: FileKind;
}
