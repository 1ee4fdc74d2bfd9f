import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import { ToolError } from '../core/errors.ts';
import { contentDisposition } from './content-disposition.ts';
import type { BlobStore } from './blobs.ts';

const PUT_ATTEMPTS = 3;
const TRANSIENT_NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'TimeoutError', 'RequestTimeout']);

/** Worth another try: throttling, a server-side error, or the connection failing on the way. */
function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: string; code?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (e.$retryable || status === 429 || (status !== undefined && status >= 500)) return true;
  return TRANSIENT_NETWORK.has(e.code ?? '') || TRANSIENT_NETWORK.has(e.name ?? '');
}

/**
 * Converted files in an S3 bucket (AWS S3 or an S3-compatible service: MinIO, R2, Ceph, …).
 * Downloads go straight to the bucket through presigned GET links (SigV4, query-string signed), which
 * carry the file name (`response-content-disposition`) and media type (`response-content-type`), so
 * the bytes never pass through this service. Objects are keyed `<fileId>/<fileName>` like on disk.
 */
export function s3BlobStore(config: S3Config): BlobStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (environment, shared config, instance role).
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // S3-compatible services often do not understand the SDK's default trailing checksums (aws-chunked
    // bodies); with a custom endpoint, checksums are sent only where an operation requires them.
    ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    // Failures reach the caller as errors (and the service's log); the SDK's own console warnings are muted.
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  const bucket = config.bucket;

  return {
    close: () => client.destroy(),
    kind: 's3',
    async put(key, sourcePath, mimeType) {
      try {
        const { size } = await stat(sourcePath);
        // Streamed from disk with its length known up front: never buffered whole in memory.
        // (A single PUT takes objects up to 5 GB, far above the upload limit of any conversion.)
        // The SDK does not retry a request whose body is a stream; the file can be read again, so
        // transient failures (5xx, throttling, a dropped connection) are retried here with a fresh stream.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.send(
              new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(sourcePath), ContentLength: size, ContentType: mimeType }),
            );
            return;
          } catch (error) {
            if (attempt >= PUT_ATTEMPTS || !isTransient(error)) throw error;
            await setTimeout(100 * 4 ** (attempt - 1) * (0.5 + Math.random()));
          }
        }
      } finally {
        await rm(sourcePath, { force: true });
      }
    },
    async read(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(Body instanceof Readable)) throw new Error(`S3 GetObject ${key}: the response has no readable body`);
        return Body;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new ToolError('not_found', 'fileId: the file was removed (files are kept 24 hours at most).', { cause: error });
        throw error;
      }
    },
    async delete(key) {
      // Idempotent on S3: deleting an absent key succeeds.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    presign(key, fileName, mimeType, expiresInSeconds) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(fileName),
        ResponseContentType: mimeType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}
