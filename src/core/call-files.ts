import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Files } from '../files/files.ts';
import { describeKinds, FILE_KINDS, sniff } from '../files/kinds.ts';
import type { UploadedFile } from '../files/result.ts';
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
 * The file access of a call (the methods of `ctx.files` besides `uploads`, `workDir` and `put`): a tool reads its
 * uploads and its scratch files, and writes only inside its scratch folder. `workDir` is undefined where a call
 * has no scratch folder (the CPU pool): then only the uploads can be read.
 */
export function fileAccess(
  uploads: readonly UploadedFile[],
  workDir: (() => Promise<string>) | undefined,
  put: ToolFiles['put'],
): Omit<ToolFiles, 'uploads' | 'workDir' | 'put'> {
  const scratch = async (name: string): Promise<string> => {
    if (!workDir) throw new ToolError('internal_error', 'files: this call has no scratch folder.');
    const root = await workDir();
    const target = path.resolve(root, name);
    if (!target.startsWith(root + path.sep)) throw new ToolError('internal_error', `files: ${JSON.stringify(name)} is not inside the scratch folder.`);
    await mkdir(path.dirname(target), { recursive: true });
    return target;
  };
  const readable = async (filePath: string): Promise<string> => {
    const resolved = path.resolve(filePath);
    if (uploads.some((upload) => path.resolve(upload.path) === resolved)) return resolved;
    if (workDir && resolved.startsWith((await workDir()) + path.sep)) return resolved;
    throw new ToolError('internal_error', 'files: a tool reads only its uploads and its scratch folder.');
  };
  const write = async (name: string, data: string | Uint8Array): Promise<string> => {
    const target = await scratch(name);
    await writeFile(target, data);
    return target;
  };
  return {
    read: async (filePath) => readFile(await readable(filePath)),
    write,
    copy: async (filePath, name) => {
      const source = await readable(filePath);
      const target = await scratch(name);
      await copyFile(source, target);
      return target;
    },
    folder: async (name) => {
      const target = await scratch(path.join(name, '.'));
      await mkdir(target, { recursive: true });
      return target;
    },
    putData: async (data, meta) => put(await write(`output-${randomUUID().slice(0, 8)}`, data), meta),
  };
}

/** The `ctx.files` of one call; `cleanup` removes its scratch folder. */
export function callFiles(uploads: UploadedFile[], deps: FileDeps, accountId: string | null): ToolFiles & { cleanup(): Promise<void> | undefined } {
  let workDir: string | undefined;
  const scratchFolder = async (): Promise<string> => {
    if (!workDir) {
      if (!deps.scratchRoot) throw new ToolError('engine_unavailable', 'files: no scratch space is configured for file tools.');
      workDir = path.join(deps.scratchRoot, randomUUID());
      await mkdir(workDir, { recursive: true });
    }
    return workDir;
  };
  const put: ToolFiles['put'] = async (filePath, meta) => {
    if (!deps.files) throw new ToolError('engine_unavailable', 'files: no file storage is configured.');
    return deps.files.put(filePath, { ...meta, accountId });
  };
  return {
    uploads,
    workDir: scratchFolder,
    put,
    ...fileAccess(uploads, scratchFolder, put),
    // Undefined when the call made no scratch folder: nothing to wait for.
    cleanup() {
      return workDir ? rm(workDir, { recursive: true, force: true }) : undefined;
    },
  };
}
