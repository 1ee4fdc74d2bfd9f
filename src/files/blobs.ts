import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where stored files' bytes live: local disk by default, S3-compatible storage at scale. */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Takes ownership of `sourcePath` (moved or uploaded, then removed). */
  put(key: string, sourcePath: string, mimeType: string): Promise<void>;
  read(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** A link the storage itself serves (S3 presigned GET); undefined when the service serves the bytes. */
  presign?(key: string, fileName: string, mimeType: string, expiresInSeconds: number): Promise<string>;
  /** Releases connections (S3 client sockets). */
  close?(): void;
}

export function diskBlobStore(root: string): BlobStore {
  const at = (key: string): string => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error(`blob key escapes the store: ${key}`);
    return resolved;
  };
  return {
    kind: 'disk',
    async put(key, sourcePath) {
      const target = at(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch {
        // Scratch space on another file system: copy, then drop the source.
        await copyFile(sourcePath, target);
        await rm(sourcePath, { force: true });
      }
    },
    async read(key) {
      const file = at(key);
      await stat(file);
      return createReadStream(file);
    },
    async delete(key) {
      // Keys are `<fileId>/<fileName>`: the file's folder goes with it.
      await rm(path.dirname(at(key)), { recursive: true, force: true });
    },
  };
}
