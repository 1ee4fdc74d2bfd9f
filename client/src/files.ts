import { LocalFileError } from './errors.ts';
import { nodeFs, nodeFsPromises, nodePath, type NodeFileHandle } from './node.ts';

/**
 * A file to upload: a path (Node only), bytes (`Buffer` is a `Uint8Array`), an `ArrayBuffer`, a `Blob`
 * (or `File`), a `ReadableStream` of bytes, or one of these with a file name and media type. The server
 * recognises the format from the bytes, so the name only names the output (`notes.md` → `notes.html`).
 */
export type FileInput = string | FileData | NamedFile;

export type FileData = Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array>;

export interface NamedFile {
  data: FileData | string;
  /** File name sent with the upload; default: the path's base name, the File's name, or `upload`. */
  fileName?: string;
  /** Media type sent with the upload; default: none (the server sniffs the bytes anyway). */
  contentType?: string;
}

/** The result of a file conversion (SERVICE-SPEC 2.3): a link to the stored output, valid 1 hour. */
export interface FileResult {
  /** Identifier of the stored output (usable as an MCP file input of the same account). */
  fileId: string;
  /** GET this link (no key is sent) to download; valid 1 hour. */
  downloadUrl: string;
  /** When the link expires (ISO 8601). */
  expiresAt: string;
  /** Output file name. */
  fileName: string;
  /** Media type of the output. */
  mimeType: string;
  /** Size in bytes. */
  sizeBytes: number;
}

export interface SavedFile {
  /** Where the file was written. */
  path: string;
  sizeBytes: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Deadline for the download in milliseconds; default the client's `timeoutMs`. */
  timeoutMs?: number;
}

/**
 * A file result with `download()`: without a path it returns the bytes; with a path (Node) it streams
 * the file there (a directory gets the result's `fileName`) and returns where it went. No API key is
 * sent: the link is signed. `download` is not enumerable, so the result still prints as plain JSON.
 */
export type DownloadableFile<T extends object = FileResult> = T & {
  download(): Promise<Uint8Array>;
  download(path: string, options?: DownloadOptions): Promise<SavedFile>;
  download(path: undefined, options?: DownloadOptions): Promise<Uint8Array>;
};

function isNamedFile(value: unknown): value is NamedFile {
  return typeof value === 'object' && value !== null && 'data' in value && !(value instanceof Uint8Array) && !isBlob(value) && !isReadableStream(value);
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof value === 'object' && value !== null && typeof (value as { getReader?: unknown }).getReader === 'function';
}

/** Is this value something the client can upload (as opposed to an ordinary JSON field)? Paths are not detected: they are strings. */
export function isFileLike(value: unknown): boolean {
  return value instanceof Uint8Array || value instanceof ArrayBuffer || isBlob(value) || isReadableStream(value) || isNamedFile(value);
}

function arrayBufferBacked(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

async function streamToBlob(stream: ReadableStream<Uint8Array>, type: string | undefined): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(arrayBufferBacked(value));
  }
  return new Blob(parts, type ? { type } : {});
}

async function pathToBlob(filePath: string, type: string | undefined): Promise<Blob> {
  const fs = await nodeFs();
  try {
    if ((await (await nodeFsPromises()).stat(filePath)).isDirectory()) throw new LocalFileError(filePath, 'is a folder, not a file to upload');
    if (fs.openAsBlob) return await fs.openAsBlob(filePath, type ? { type } : {});
    const bytes = await (await nodeFsPromises()).readFile(filePath);
    return new Blob([arrayBufferBacked(bytes)], type ? { type } : {});
  } catch (error) {
    if (error instanceof LocalFileError) throw error;
    throw new LocalFileError(filePath, `cannot read the file to upload (${(error as { code?: string }).code ?? String(error)})`, error);
  }
}

/** A file input as a Blob and a file name, ready for FormData. Streams are read once, here, so a retry can resend them. */
export async function toUpload(input: FileInput): Promise<{ blob: Blob; fileName: string }> {
  const named: NamedFile = isNamedFile(input) ? input : { data: input };
  const { data, contentType } = named;
  let fileName = named.fileName;
  let blob: Blob;
  if (typeof data === 'string') {
    blob = await pathToBlob(data, contentType);
    fileName ??= (await nodePath()).basename(data);
  } else if (data instanceof Uint8Array) {
    blob = new Blob([arrayBufferBacked(data)], contentType ? { type: contentType } : {});
  } else if (data instanceof ArrayBuffer) {
    blob = new Blob([data], contentType ? { type: contentType } : {});
  } else if (isBlob(data)) {
    blob = data;
    const name = (data as Blob & { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') fileName ??= name;
  } else if (isReadableStream(data)) {
    blob = await streamToBlob(data, contentType);
  } else {
    throw new TypeError('file: expected a path, Uint8Array, ArrayBuffer, Blob, ReadableStream or { data, fileName }');
  }
  return { blob, fileName: fileName ?? 'upload' };
}

/** Writes a response body to a file (Node), chunk by chunk; a partial file is removed on failure. */
export async function saveBody(body: ReadableStream<Uint8Array> | null, target: string, fileName: string): Promise<SavedFile> {
  const fs = await nodeFsPromises();
  const path = await nodePath();
  // A target ending in a separator, or an existing folder, is where the file goes under its own name;
  // folders that do not exist yet are made.
  const isFolder =
    /[\\/]$/.test(target) ||
    (await fs.stat(target).then(
      (s) => s.isDirectory(),
      () => false,
    ));
  const filePath = isFolder ? path.join(target, fileName) : target;
  let handle: NodeFileHandle;
  try {
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    handle = await fs.open(filePath, 'w');
  } catch (error) {
    throw new LocalFileError(filePath, `cannot write the download (${(error as { code?: string }).code ?? String(error)})`, error);
  }
  let sizeBytes = 0;
  try {
    if (body) {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await handle.write(value);
        sizeBytes += value.byteLength;
      }
    }
  } catch (error) {
    await handle.close();
    await fs.rm(filePath, { force: true });
    throw error;
  }
  await handle.close();
  return { path: filePath, sizeBytes };
}
