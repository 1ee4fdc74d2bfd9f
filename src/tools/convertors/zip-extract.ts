import { withThousands } from '../../lib/digits.ts';
import path from 'node:path';
import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { ToolError } from '../../core/errors.ts';
import type { ArchiveCaps, ExtractedEntry } from '../../engines/archive/index.ts';
import { ARCHIVE_CAPS } from '../../engines/archive/index.ts';
import { fileResultSchema } from '../../files/result.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { fetchListedUrl } from './lib/download.ts';
import { httpsUrlsField } from '../../registry/fields.ts';

/** URLs one call may extract. */
const MAX_URLS = 5;

const entrySchema = fileResultSchema.extend({
  path: z.string().describe('Path of the entry inside the archive ("/"-separated)'),
  source: z.string().describe('The archive it came from: the uploaded file name or the URL'),
});

type Entry = z.input<typeof entrySchema>;

const MIME: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  pdf: 'application/pdf',
  rtf: 'application/rtf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/vnd.microsoft.icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
};

/** Media type by extension (the bytes of an archive entry are not trusted to say more). */
export function mimeTypeOf(entryPath: string): string {
  const ext = path.posix.extname(entryPath).slice(1).toLowerCase();
  return MIME[ext] ?? 'application/octet-stream';
}

/** Local file header, or the end record of an empty archive. */
function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

interface Source {
  label: string;
  field: string;
  source: string;
  /** The archive: a path (upload) or the fetched bytes. */
  zip: string | Buffer;
}

async function download(url: string, index: number, ctx: ToolContext): Promise<Source> {
  const { field, response } = await fetchListedUrl(url, index, ctx);
  if (!looksLikeZip(response.body))
    throw new ToolError('validation_failed', `${field}: ${url} did not return a ZIP archive (content type ${response.contentType ?? 'unknown'}).`);
  if (response.tls && !response.tls.authorized) {
    ctx.warn(
      `${field}: the TLS certificate of ${new URL(url).host} did not validate (${response.tls.authorizationError ?? 'unknown reason'}); the archive was fetched and checked all the same.`,
    );
  }
  return { label: `the archive at ${url}`, field, source: url, zip: response.body };
}

export default defineTool({
  module: 'convertors',
  slug: 'zip-extract',
  title: 'Extract a ZIP archive',
  description:
    `Extracts a ZIP archive into downloadable files: upload it in multipart field "file" (ZIP-based formats such as DOCX, XLSX, PPTX, ODF and EPUB are taken too), or send "urls", a JSON array of up to ${MAX_URLS} HTTPS URLs fetched through the SSRF-guarded fetcher (public addresses only, response size capped). ` +
    'Each file entry comes back with its path in the archive and a download link (the fields of a file result: fileId, downloadUrl, expiresAt, fileName, mimeType, sizeBytes; links valid 1 hour, files kept at most 24 hours). ' +
    `Hostile archives are refused with 400 naming the cap, before anything is stored: paths that climb out with ".." or are absolute (zip slip), symbolic links and special files, encrypted entries, more than ${withThousands(ARCHIVE_CAPS.upload.maxEntries)} entries, more than 1 GB unpacked, or a compression ratio above ${ARCHIVE_CAPS.upload.maxRatio}:1 (ZIP bombs; real inflated bytes are counted, header sizes are not trusted). ` +
    'Errors of this endpoint are {status, message}: the HTTP status and one message, not the usual error envelope.',
  keywords: ['zip', 'unzip', 'extract', 'archive', 'decompress'],
  input: () =>
    z.object({
      urls: httpsUrlsField(
        MAX_URLS,
        `HTTPS URLs of ZIP archives to fetch and extract instead of (or besides) an upload: a JSON array of up to ${MAX_URLS} (a multipart field holding the JSON array works)`,
        1,
      ),
    }),
  output: () =>
    z.object({
      entries: z.array(entrySchema).describe('Every file of the archive(s), each stored as a download (links valid 1 hour, files kept at most 24 hours)'),
      archives: z
        .array(
          z.object({
            source: z.string(),
            fileCount: z.number().int(),
            directoryCount: z.number().int(),
            totalBytes: z.number().int().describe('Unpacked bytes'),
          }),
        )
        .describe('One summary per archive'),
      fileCount: z.number().int(),
      totalBytes: z.number().int().describe('Unpacked bytes of all files'),
    }),
  // Its errors are documented as 400 `{status, message}`, a file that is not an archive included.
  upload: { field: 'file', accept: ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub'], optional: true, wrongFormat: 'validation_failed' },
  errorShape: 'status-message',
  timeoutMs: 120_000,
  examples: [
    { title: 'extract an uploaded ZIP', input: {}, upload: { fileName: 'photos.zip' } },
    { title: 'extract ZIPs from URLs', input: { urls: ['https://example.com/releases/site-assets.zip'] }, needsNetwork: true },
    { title: 'look inside a Word document', input: {}, upload: { fileName: 'report.docx' } },
  ],
  run: async ({ urls }, ctx) => {
    const archive = ctx.engines.archive;
    if (!archive) throw new ToolError('engine_unavailable', 'file: ZIP extraction is not available on this server.');
    const uploads = ctx.files.uploads;
    if (uploads.length === 0 && !urls?.length) {
      throw new ToolError(
        'validation_failed',
        'file: upload a ZIP archive in field "file" (multipart/form-data), or send "urls": a JSON array of HTTPS URLs of ZIP archives.',
      );
    }
    const workDir = await ctx.files.workDir();
    const sources: Source[] = uploads.map((upload) => ({
      label: `the archive "${upload.fileName}"`,
      field: 'file',
      source: upload.fileName,
      zip: upload.path,
    }));
    for (const [index, url] of (urls ?? []).entries()) sources.push(await download(url, index, ctx));

    // The caps hold for the whole call; each archive gets what the ones before it left.
    const extracted: Array<{ source: Source; files: ExtractedEntry[]; directories: string[]; totalBytes: number }> = [];
    let entriesLeft = ARCHIVE_CAPS.upload.maxEntries;
    let bytesLeft = ARCHIVE_CAPS.upload.maxTotalBytes;
    for (const [index, source] of sources.entries()) {
      const caps: ArchiveCaps = { ...ARCHIVE_CAPS.upload, maxEntries: entriesLeft, maxTotalBytes: bytesLeft };
      const result = await archive.extract(source.zip, path.join(workDir, `archive-${index}`), {
        caps,
        field: source.field,
        label: source.label,
        signal: ctx.signal,
      });
      entriesLeft -= result.files.length + result.directories.length;
      bytesLeft -= result.totalBytes;
      extracted.push({ source, ...result });
    }

    // Every archive passed every check: only now is anything stored.
    const entries: Entry[] = [];
    for (const { source, files } of extracted) {
      for (const file of files) {
        const stored = await ctx.files.put(file.file, { fileName: path.posix.basename(file.path), mimeType: mimeTypeOf(file.path) });
        entries.push({ path: file.path, source: source.source, ...stored });
      }
    }
    for (const { source, files } of extracted) if (files.length === 0) ctx.warn(`${source.label} holds no files.`);
    return {
      entries,
      archives: extracted.map(({ source, files, directories, totalBytes }) => ({
        source: source.source,
        fileCount: files.length,
        directoryCount: directories.length,
        totalBytes,
      })),
      fileCount: entries.length,
      totalBytes: extracted.reduce((sum, a) => sum + a.totalBytes, 0),
    };
  },
});
