import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { RawUpload } from '../core/call-files.ts';
import { ToolError } from '../core/errors.ts';
import { invoke, type Caller, type InvokeDeps, type InvokeResult } from '../core/invoke.ts';
import { safeFileName } from '../files/files.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import { decodeOrKeep } from '../lib/percent-decode.ts';

/**
 * docs/contract.md "MCP": a file input is an HTTPS URL (fetched through the SSRF-guarded fetcher), base64
 * content, or the `fileId` of an earlier result of the same account (so conversions chain without a
 * download). Given in the tool's upload field as a string (URL or fileId) or an object
 * `{url} | {base64, fileName?} | {fileId}`, or a list of them; they become the call's uploads.
 */
export interface McpFiles {
  input: unknown;
  uploads: RawUpload[];
  cleanup(): Promise<void>;
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NONE: McpFiles = { input: undefined, uploads: [], cleanup: async () => {} };

export async function mcpFileInputs(tool: AnyTool, input: unknown, deps: InvokeDeps, accountId: string | null, signal: AbortSignal): Promise<McpFiles> {
  const spec = tool.upload;
  if (!spec || typeof input !== 'object' || input === null || Array.isArray(input)) return { ...NONE, input };
  const fields = { ...(input as Record<string, unknown>) };
  const name = [spec.field, ...(spec.aliases ?? [])].find((f) => f in fields);
  if (!name) return { ...NONE, input };
  const given = fields[name];
  delete fields[name];
  const items = Array.isArray(given) ? given : [given];
  if (!deps.scratchRoot) throw new ToolError('engine_unavailable', 'files: no scratch space is configured.');
  const dir = path.join(deps.scratchRoot, `mcp-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  const cleanup = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    const uploads: RawUpload[] = [];
    for (const [index, item] of items.entries()) {
      uploads.push(await materialize(item, `${name}${items.length > 1 ? `[${index}]` : ''}`, spec.field, dir, index, deps, accountId, signal));
    }
    return { input: fields, uploads, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function materialize(
  item: unknown,
  label: string,
  field: string,
  dir: string,
  index: number,
  deps: InvokeDeps,
  accountId: string | null,
  signal: AbortSignal,
): Promise<RawUpload> {
  const spec = typeof item === 'string' ? (FILE_ID.test(item) ? { fileId: item } : { url: item }) : (item as Record<string, unknown> | null);
  const target = (name: string): string => path.join(dir, `${index}-${safeFileName(name, 'upload')}`);
  if (spec && typeof spec.fileId === 'string') {
    const stored = await deps.files?.get(spec.fileId, accountId);
    if (!stored) throw new ToolError('validation_failed', `${label}: no file ${spec.fileId} of this account (files are kept 24 hours).`);
    const file = target(stored.fileName);
    await pipeline(await deps.files!.read(stored), createWriteStream(file));
    return { field, path: file, fileName: stored.fileName, sizeBytes: stored.sizeBytes };
  }
  if (spec && typeof spec.base64 === 'string') {
    const bytes = Buffer.from(spec.base64, 'base64');
    if (bytes.length === 0 || bytes.toString('base64').replace(/=+$/, '') !== spec.base64.replace(/\s/g, '').replace(/=+$/, '')) {
      throw new ToolError('validation_failed', `${label}.base64: not valid base64 content.`);
    }
    const name = typeof spec.fileName === 'string' ? spec.fileName : 'upload';
    const file = target(name);
    await writeFile(file, bytes);
    return { field, path: file, fileName: name, sizeBytes: bytes.length };
  }
  if (spec && typeof spec.url === 'string') {
    if (!spec.url.startsWith('https://')) throw new ToolError('validation_failed', `${label}: file URLs must be https://`);
    const fetcher = deps.engines?.fetch;
    if (!fetcher) throw new ToolError('engine_unavailable', 'URL fetching is not configured in this process.');
    const response = await fetcher.session(signal).fetch(spec.url);
    if (response.status !== 200) throw new ToolError('upstream_failed', `${label}: ${spec.url} answered ${response.status}.`);
    if (response.truncated) throw new ToolError('payload_too_large', `${label}: ${spec.url} is larger than the fetch limit.`);
    const name = decodeOrKeep(new URL(response.url).pathname.split('/').pop() || 'download');
    const file = target(name);
    await writeFile(file, response.body);
    return { field, path: file, fileName: name, sizeBytes: response.body.length };
  }
  throw new ToolError('validation_failed', `${label}: a file is an https URL, a fileId, or {base64, fileName}.`);
}

/** `invoke` for MCP callers: file inputs become uploads for the call and are removed after it. */
export async function invokeWithFiles(tool: AnyTool, input: unknown, caller: Caller, deps: InvokeDeps, accountId: string | null): Promise<InvokeResult> {
  const files = await mcpFileInputs(tool, input, deps, accountId, caller.signal ?? new AbortController().signal);
  try {
    return await invoke(tool, files.input, { ...caller, uploads: files.uploads }, deps);
  } finally {
    await files.cleanup();
  }
}

/** The most text a chain step reads from a stored file result to feed the next step's text input. */
export const TEXT_FEED_MAX_BYTES = 1_000_000;

/** Media types whose bytes are text (RFC 6838 `text/*`, and JSON, XML and their `+json`/`+xml` suffixes). */
const TEXT_TYPES = /^(?:text\/[\w.+-]+|application\/(?:json|xml|[\w.-]+\+(?:json|xml)))(?:\s*;.*)?$/i;

/**
 * The text of a stored file of the account: a chain step whose result is a file ("markdown to html") feeds
 * the next step's text input ("count the words") with it. Only text media types, only up to
 * TEXT_FEED_MAX_BYTES; anything else is a 400 naming why, before the next step is billed.
 */
export async function storedText(deps: InvokeDeps, accountId: string | null, fileId: string, label: string): Promise<string> {
  const stored = await deps.files?.get(fileId, accountId);
  if (!stored) throw new ToolError('validation_failed', `${label}: no file ${fileId} of this account (files are kept 24 hours).`);
  if (!TEXT_TYPES.test(stored.mimeType))
    throw new ToolError(
      'validation_failed',
      `${label}: the previous step's file is ${stored.mimeType}, not text; only a text file (text/*, JSON, XML) can feed a text input.`,
    );
  if (stored.sizeBytes > TEXT_FEED_MAX_BYTES)
    throw new ToolError(
      'validation_failed',
      `${label}: the previous step's file is ${stored.sizeBytes} bytes; at most ${TEXT_FEED_MAX_BYTES} bytes of text can feed the next step.`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await deps.files!.read(stored)) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > TEXT_FEED_MAX_BYTES) throw new ToolError('validation_failed', `${label}: the previous step's file is larger than ${TEXT_FEED_MAX_BYTES} bytes.`);
    chunks.push(buffer);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
