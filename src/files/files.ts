import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { ToolError } from '../core/errors.ts';
import type { Store } from '../store/index.ts';
import type { Database } from '../store/schema.ts';
import type { BlobStore } from './blobs.ts';
import type { FileResult } from './result.ts';

/** docs/contract.md "Files": links valid 1 hour; files removed 24 hours after creation at the latest. */
export const LINK_TTL_MS = 60 * 60 * 1000;
export const RETENTION_MS = 24 * 60 * 60 * 1000;

export interface StoredFile {
  fileId: string;
  accountId: string | null;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: string;
}

export interface Files {
  /** Stores a finished output (taking ownership of the file at `sourcePath`) and returns its result with a fresh link. */
  put(sourcePath: string, meta: { fileName: string; mimeType: string; accountId: string | null }): Promise<FileResult>;
  /** A stored file of the account, for chaining conversions (MCP file inputs); undefined when absent or another account's. */
  get(fileId: string, accountId: string | null): Promise<StoredFile | undefined>;
  /** A stored file whoever owns it: only for the adapter answering the call that just made it. */
  byId(fileId: string): Promise<StoredFile | undefined>;
  read(file: StoredFile): Promise<Readable>;
  /** Checks a download link (HMAC over fileId and expiry) and opens the file it names. */
  download(fileId: string, expires: string | undefined, signature: string | undefined): Promise<{ file: StoredFile; body: Readable }>;
  /** Deletes files past retention, bytes and rows; returns how many. */
  sweep(): Promise<number>;
}

export interface FilesDeps {
  store: Store;
  blobs: BlobStore;
  secret: string;
  now: () => Date;
  publicUrl: () => string;
}

/** A file name safe in a URL path and a Content-Disposition header: no separators, no control characters. */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 200)
    .trim();
  return cleaned || fallback;
}

export function createFiles({ store, blobs, secret, now, publicUrl }: FilesDeps): Files {
  const { db } = store;
  const signature = (fileId: string, expires: number): string => createHmac('sha256', secret).update(`file:${fileId}:${expires}`).digest('base64url');
  const blobKey = (file: { fileId: string; fileName: string }): string => `${file.fileId}/${file.fileName}`;

  const link = async (file: StoredFile): Promise<{ downloadUrl: string; expiresAt: string }> => {
    const expiresMs = now().getTime() + LINK_TTL_MS;
    const expiresAt = new Date(expiresMs).toISOString();
    const presigned = await blobs.presign?.(blobKey(file), file.fileName, file.mimeType, LINK_TTL_MS / 1000);
    if (presigned) return { downloadUrl: presigned, expiresAt };
    const expires = Math.floor(expiresMs / 1000);
    const url = `${publicUrl()}/api/v1/files/${file.fileId}/${encodeURIComponent(file.fileName)}?expires=${expires}&sig=${signature(file.fileId, expires)}`;
    return { downloadUrl: url, expiresAt };
  };
  const columns = ['file_id', 'account_id', 'file_name', 'mime_type', 'size_bytes', 'created_at'] as const;
  const toStored = (row: Pick<Database['files'], (typeof columns)[number]>): StoredFile => ({
    fileId: row.file_id,
    accountId: row.account_id,
    fileName: row.file_name,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    createdAt: row.created_at,
  });

  return {
    async put(sourcePath, meta) {
      const { size } = await stat(sourcePath);
      const created = now();
      const file: StoredFile = {
        fileId: randomUUID(),
        accountId: meta.accountId,
        fileName: safeFileName(meta.fileName, 'output'),
        mimeType: meta.mimeType,
        sizeBytes: size,
        createdAt: created.toISOString(),
      };
      await blobs.put(blobKey(file), sourcePath, file.mimeType);
      await db
        .insertInto('files')
        .values({
          file_id: file.fileId,
          account_id: file.accountId,
          file_name: file.fileName,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          created_at: file.createdAt,
          expires_at: new Date(created.getTime() + RETENTION_MS).toISOString(),
        })
        .execute();
      return { fileId: file.fileId, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.sizeBytes, ...(await link(file)) };
    },
    async get(fileId, accountId) {
      const row = await db.selectFrom('files').select(columns).where('file_id', '=', fileId).where('expires_at', '>', now().toISOString()).executeTakeFirst();
      if (!row || (row.account_id !== null && row.account_id !== accountId)) return undefined;
      return toStored(row);
    },
    async byId(fileId) {
      const row = await db.selectFrom('files').select(columns).where('file_id', '=', fileId).executeTakeFirst();
      return row && toStored(row);
    },
    read: (file) => blobs.read(blobKey(file)),
    async download(fileId, expires, sig) {
      const expiresAt = Number(expires);
      if (!sig || !Number.isInteger(expiresAt))
        throw new ToolError('invalid_signature', 'expires, sig: the link is incomplete; use the downloadUrl exactly as returned.');
      const expected = Buffer.from(signature(fileId, expiresAt));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new ToolError('invalid_signature', 'sig: the link was altered; use the downloadUrl exactly as returned.');
      }
      if (expiresAt * 1000 <= now().getTime()) throw new ToolError('link_expired', 'expires: the link is older than 1 hour; convert again for a new one.');
      const row = await db.selectFrom('files').select(columns).where('file_id', '=', fileId).where('expires_at', '>', now().toISOString()).executeTakeFirst();
      if (!row) throw new ToolError('not_found', 'fileId: the file was removed (files are kept 24 hours at most).');
      const file = toStored(row);
      return { file, body: await blobs.read(blobKey(file)) };
    },
    async sweep() {
      const expired = await db.selectFrom('files').select(['file_id', 'file_name']).where('expires_at', '<=', now().toISOString()).execute();
      for (const row of expired) {
        await blobs.delete(blobKey({ fileId: row.file_id, fileName: row.file_name }));
        await db.deleteFrom('files').where('file_id', '=', row.file_id).execute();
      }
      return expired.length;
    },
  };
}
