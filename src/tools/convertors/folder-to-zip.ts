import path from 'node:path';
import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { ToolError } from '../../core/errors.ts';
import type { ZipInput } from '../../engines/archive/index.ts';
import { FILE_KINDS, type FileKind } from '../../files/kinds.ts';
import { fileResultSchema } from '../../files/result.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { httpsUrlsField, wholeNumberField } from '../../registry/fields.ts';
import { fetchListedUrl } from './lib/download.ts';
import { outputName } from '../web/lib/text.ts';
import { decodeOrKeep } from '../../lib/percent-decode.ts';

/** The multipart parser takes at most 20 files per request (src/http/app.ts); URLs add up to 20 more. */
const MAX_FILES = 20;
const MAX_URLS = 20;
const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

const ALL_KINDS = Object.keys(FILE_KINDS) as FileKind[];

export default defineTool({
  module: 'convertors',
  slug: 'folder-to-zip',
  title: 'Pack files or URLs into a ZIP',
  description:
    `Packs several files into one ZIP archive (deflate, yazl): upload them in multipart field "files" (repeat the field, up to ${MAX_FILES}), and/or send "urls", ` +
    `a JSON array of up to ${MAX_URLS} HTTPS URLs that are downloaded through the SSRF-guarded fetcher (public addresses only, size-capped). Entry names come from the ` +
    'uploaded names or the URL paths, cleaned of folders and unsafe characters and made unique (report.pdf, report (2).pdf); an optional folder puts them all under one ' +
    'directory. Accepted uploads: documents, spreadsheets, presentations, images, text, data files and archives (recognised by their bytes). The result lists the entries.',
  keywords: ['zip', 'compress files', 'archive', 'bundle', 'pack files', 'folder to zip', 'download urls as zip'],
  input: () =>
    z.object({
      urls: httpsUrlsField(MAX_URLS, `HTTPS URLs of files to add (a JSON array, up to ${MAX_URLS})`),
      folder: z
        .string()
        .max(100)
        .regex(/^[^\\/:*?"<>|\u0000-\u001f]+$/, 'a folder name without slashes or reserved characters')
        .optional()
        .describe('Put every entry inside this folder in the archive (e.g. "photos")'),
      level: wholeNumberField(0, 9, 'Deflate level: 0 stores without compressing, 9 is smallest (default 6)').default(6),
      fileName: z.string().max(200).optional().describe('Name of the ZIP (without extension); default: archive, or the folder name'),
    }),
  output: () =>
    fileResultSchema.extend({
      entries: z
        .array(z.object({ name: z.string().describe('Path inside the ZIP'), sizeBytes: z.number().int(), source: z.string().describe('"upload" or the URL') }))
        .describe('The files in the archive, in order'),
      totalBytes: z.number().int().describe('Uncompressed size of all entries'),
    }),
  response: 'file',
  upload: { field: 'files', aliases: ['file'], accept: ALL_KINDS, maxFiles: MAX_FILES, optional: true },
  conversion: { from: ALL_KINDS, to: 'zip', engines: [] },
  timeoutMs: 120_000,
  examples: [
    { title: 'zip an uploaded text file', input: {}, upload: { fileName: 'notes.txt', content: 'Meeting notes\n- ship it\n' } },
    {
      title: 'into a named folder, maximum compression',
      input: { folder: 'project', level: 9, fileName: 'project-files' },
      upload: { fileName: 'data.csv', content: 'a,b\n1,2\n' },
    },
    { title: 'download URLs into a ZIP', input: { urls: ['https://example.com/report.pdf', 'https://example.com/logo.png'] }, needsNetwork: true },
  ],
  run: async (input, ctx) => {
    const uploads = ctx.files.uploads;
    const urls = input.urls ?? [];
    if (uploads.length === 0 && urls.length === 0) {
      throw new ToolError(
        'validation_failed',
        'files: upload one or more files in field "files" (multipart/form-data), or send "urls": a JSON array of HTTPS URLs.',
      );
    }
    const archive = ctx.engines.archive;
    if (!archive) throw new ToolError('engine_unavailable', 'ZIP writing is not available on this server.');
    const files: ZipInput[] = [];
    const names = new Set<string>();
    const entries: Array<{ name: string; sizeBytes: number; source: string }> = [];
    let totalBytes = 0;
    const add = (rawName: string, sizeBytes: number, source: string): string => {
      totalBytes += sizeBytes;
      if (totalBytes > MAX_TOTAL_BYTES)
        throw new ToolError('payload_too_large', `files: more than ${MAX_TOTAL_BYTES / 1024 / 1024} MB in all; split them into several archives.`);
      const name = uniqueName(names, safeEntryName(rawName));
      const full = input.folder ? `${input.folder.trim()}/${name}` : name;
      entries.push({ name: full, sizeBytes, source });
      return full;
    };
    for (const upload of uploads) files.push({ file: upload.path, path: add(upload.fileName, upload.sizeBytes, 'upload') });
    for (const [index, url] of urls.entries()) {
      const body = await download(url, index, ctx);
      files.push({ file: await ctx.files.write(`download-${index}`, body), path: add(nameFromUrl(url, index), body.length, url) });
    }
    const target = path.join(await ctx.files.workDir(), 'output.zip');
    await archive.write(files, target, { compress: input.level > 0, compressionLevel: input.level, mtime: ctx.now(), signal: ctx.signal });
    const fileName = outputName(input.fileName ?? input.folder ?? 'archive', 'archive', 'zip');
    const stored = await ctx.files.put(target, { fileName, mimeType: 'application/zip' });
    return { ...stored, entries, totalBytes };
  },
});

async function download(url: string, index: number, ctx: ToolContext): Promise<Buffer> {
  const { field, response } = await fetchListedUrl(url, index, ctx);
  if (response.tls && !response.tls.authorized) {
    ctx.warn(
      `${field}: the TLS certificate of ${new URL(url).host} did not validate (${response.tls.authorizationError ?? 'unknown reason'}); the file was added all the same.`,
    );
  }
  return response.body;
}

/** The last path segment of the URL, decoded; `download-N` when it has none. */
function nameFromUrl(url: string, index: number): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  return decodeOrKeep(segment) || `download-${index + 1}`;
}

/** No folders, no `..`, no control or reserved characters (zip slip and Windows-safe names). */
export function safeEntryName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/** report.pdf, report (2).pdf, report (3).pdf… (case-insensitive, as Windows and macOS compare). */
export function uniqueName(taken: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
