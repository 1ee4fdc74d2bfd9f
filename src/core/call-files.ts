import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Files } from '../files/files.ts';
import { describeKinds, FILE_KINDS, sniff } from '../files/kinds.ts';
import type { FileResult, UploadedFile } from '../files/result.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import type { ToolFiles } from './context.ts';
import { ToolError } from './errors.ts';

/** An uploaded file as an adapter received it: on disk, format not yet checked. */
export interface RawUpload {
  field: string;
  path: string;
  fileName: string;
  sizeBytes: number;
}

export interface FileDeps {
  files?: Files;
  /** Where per-call scratch folders are made. */
  scratchRoot?: string;
}

/**
 * Checks a call's uploads against the tool's declaration: the right field, how many, and the format
 * recognised from the bytes (whatever the file name says). Refusals are 400/415 naming the field.
 */
export async function checkUploads(tool: AnyTool, raw: readonly RawUpload[]): Promise<UploadedFile[]> {
  const spec = tool.upload;
  if (!spec) {
    if (raw.length > 0) throw new ToolError('unsupported_media_type', `${raw[0]?.field}: this tool takes no file; send application/json.`);
    return [];
  }
  const names = [spec.field, ...(spec.aliases ?? [])];
  const stray = raw.find((u) => !names.includes(u.field));
  if (stray) throw new ToolError('validation_failed', `${stray.field}: unexpected file field; upload the file in field "${spec.field}".`);
  if (raw.length === 0 && !spec.optional) {
    throw new ToolError('validation_failed', `${spec.field}: is required; upload a ${describeKinds(spec.accept)} as multipart/form-data.`);
  }
  const maxFiles = spec.maxFiles ?? 1;
  if (raw.length > maxFiles) throw new ToolError('validation_failed', `${spec.field}: at most ${maxFiles} file${maxFiles === 1 ? '' : 's'}.`);
  const checked: UploadedFile[] = [];
  for (const upload of raw) {
    if (upload.sizeBytes === 0) throw new ToolError('validation_failed', `${spec.field}: the file "${upload.fileName}" is empty.`);
    const kinds = await sniff(upload.path);
    const kind = kinds.find((k) => spec.accept.includes(k));
    if (!kind) {
      const seen = kinds[0] ? `it looks like ${FILE_KINDS[kinds[0]].title}` : 'its format is not recognised';
      throw new ToolError(spec.wrongFormat ?? 'unsupported_media_type', `${spec.field}: expected ${describeKinds(spec.accept)}; ${seen}.`);
    }
    checked.push({ ...upload, field: spec.field, kind });
  }
  return checked;
}

/**
 * The `ctx.files` of one call: a tool reads its uploads and its scratch files, writes only inside its scratch
 * folder (made on first use), and stores outputs for its account. A class, so a call that touches no file (most)
 * costs one small object, not a dozen closures. Without `scratchRoot` (the CPU pool) there is no scratch folder
 * and only the uploads can be read; without `files` nothing can be stored.
 */
export class CallFiles implements ToolFiles {
  readonly uploads: readonly UploadedFile[];
  readonly #deps: FileDeps;
  readonly #accountId: string | null;
  #workDir: string | undefined;

  constructor(uploads: readonly UploadedFile[], deps: FileDeps, accountId: string | null) {
    this.uploads = uploads;
    this.#deps = deps;
    this.#accountId = accountId;
    this.#workDir = undefined;
  }

  async workDir(): Promise<string> {
    if (!this.#workDir) {
      if (!this.#deps.scratchRoot) throw new ToolError('engine_unavailable', 'files: no scratch space is configured for file tools.');
      const folder = path.join(this.#deps.scratchRoot, randomUUID());
      await mkdir(folder, { recursive: true });
      this.#workDir = folder;
    }
    return this.#workDir;
  }

  async put(filePath: string, meta: { fileName: string; mimeType: string }): Promise<FileResult> {
    if (!this.#deps.files) throw new ToolError('engine_unavailable', 'files: no file storage is configured.');
    return this.#deps.files.put(filePath, { ...meta, accountId: this.#accountId });
  }

  async putData(data: string | Uint8Array, meta: { fileName: string; mimeType: string }): Promise<FileResult> {
    return this.put(await this.write(`output-${randomUUID().slice(0, 8)}`, data), meta);
  }

  async read(filePath: string): Promise<Buffer> {
    return readFile(await this.#readable(filePath));
  }

  async write(name: string, data: string | Uint8Array): Promise<string> {
    const target = await this.#scratch(name);
    await writeFile(target, data);
    return target;
  }

  async copy(filePath: string, name: string): Promise<string> {
    const source = await this.#readable(filePath);
    const target = await this.#scratch(name);
    await copyFile(source, target);
    return target;
  }

  async folder(name: string): Promise<string> {
    const target = await this.#scratch(path.join(name, '.'));
    await mkdir(target, { recursive: true });
    return target;
  }

  /** Removes the scratch folder; undefined when the call made none: nothing to wait for. */
  cleanup(): Promise<void> | undefined {
    return this.#workDir ? rm(this.#workDir, { recursive: true, force: true }) : undefined;
  }

  async #scratch(name: string): Promise<string> {
    const root = await this.workDir();
    const target = path.resolve(root, name);
    if (!target.startsWith(root + path.sep)) throw new ToolError('internal_error', `files: ${JSON.stringify(name)} is not inside the scratch folder.`);
    await mkdir(path.dirname(target), { recursive: true });
    return target;
  }

  async #readable(filePath: string): Promise<string> {
    const resolved = path.resolve(filePath);
    if (this.uploads.some((upload) => path.resolve(upload.path) === resolved)) return resolved;
    if (this.#workDir && resolved.startsWith(this.#workDir + path.sep)) return resolved;
    throw new ToolError('internal_error', 'files: a tool reads only its uploads and its scratch folder.');
  }
}
