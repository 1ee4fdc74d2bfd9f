import { withThousands } from '../../../lib/digits.ts';
import { z } from 'zod';
import { ToolError } from '../../../core/errors.ts';
import type { FileKind } from '../../../files/kinds.ts';
import { fileResultSchema } from '../../../files/result.ts';
import { defineTool, type EngineNeed, type Tool, type ToolExample } from '../../../registry/define-tool.ts';
import { outputNameField } from '../../../registry/fields.ts';
import { ARCHIVE_CAPS, baseName, TARGET_INFO, type ArchiveSource, type ArchiveTarget } from '../../../engines/archive/index.ts';

/**
 * The archive conversions are declared as data: each tool file is one `archiveTool({from, to})` call. The
 * pipeline is the same for all thirty: check and unpack the upload, pack it in the target
 * format (the archive engine, src/engines/archive), reopen the output, store it and answer with a download link (docs/contract.md "Envelopes").
 */
const SOURCES: Record<ArchiveSource, { title: string; kind: FileKind; engines: EngineNeed[]; extensions: string }> = {
  zip: { title: 'ZIP', kind: 'zip', engines: ['bsdtar'], extensions: '.zip' },
  '7z': { title: '7z', kind: '7z', engines: ['bsdtar'], extensions: '.7z' },
  rar: { title: 'RAR', kind: 'rar', engines: ['bsdtar'], extensions: '.rar (RAR4 and RAR5)' },
  tar: { title: 'TAR', kind: 'tar', engines: ['bsdtar'], extensions: '.tar' },
  gz: { title: 'gzip', kind: 'gz', engines: ['gzip', 'bsdtar'], extensions: '.gz, .tar.gz, .tgz' },
  bz2: { title: 'bzip2', kind: 'bz2', engines: ['bzip2', 'bsdtar'], extensions: '.bz2, .tar.bz2, .tbz2' },
};

const CAPS =
  `Hostile archives are refused with a 400 naming the rule: entries with absolute paths or ".." (zip slip), symbolic or hard links, ` +
  `device files, more than ${withThousands(ARCHIVE_CAPS.upload.maxEntries)} entries, more than 1 GB unpacked, or a compression ratio above ` +
  `${ARCHIVE_CAPS.upload.maxRatio}:1 (bombs); every entry is checked before anything is unpacked, and sizes are counted again while unpacking. ` +
  'Encrypted (password-protected) archives are not supported.';

/** gzip and bzip2 compress one stream: a TAR (or a single file, from a stream format) goes in it. */
const streamNote = (name: string, extension: string, from: ArchiveSource): string =>
  from === 'gz' || from === 'bz2'
    ? `${name} holds one stream: a single file becomes a plain .${extension} of that file; a TAR content becomes a .tar.${extension}.`
    : `${name} compresses a single stream, so the files are put in a TAR first: the result is a .tar.${extension}.`;

/** What each target format makes of the files, in the description. */
const TARGET_NOTES: Record<ArchiveTarget, (from: ArchiveSource) => string> = {
  zip: () => 'The ZIP is deflate-compressed with UTF-8 names.',
  '7z': () => 'The 7z archive is written by 7-Zip (LZMA2, solid).',
  tar: () => 'The TAR is POSIX pax format, uncompressed.',
  gz: (from) => streamNote('gzip', 'gz', from),
  bz2: (from) => streamNote('bzip2', 'bz2', from),
  rar: () =>
    'Creating RAR needs the proprietary `rar` program: on a server without it this conversion answers 501 engine_unavailable and is not listed by supported-conversions (no substitute file is ever made).',
};

function describe(from: ArchiveSource, to: ArchiveTarget): string {
  const source = SOURCES[from];
  const parts: string[] = [];
  const what = `Converts a ${source.title} file (${source.extensions}) to ${TARGET_INFO[to].title}`;
  if (from === 'gz' || from === 'bz2') {
    parts.push(
      `${what}. A ${source.title} file is one compressed stream: when its content is a TAR archive (a ${from === 'gz' ? '.tar.gz / .tgz' : '.tar.bz2'}), ` +
        'the files inside the TAR are converted; otherwise the one decompressed file is converted, under the name stored in the gzip header ' +
        `(or the upload's name without .${from}).`,
    );
  } else {
    parts.push(`${what}: every file and folder is carried over with its path, modification time and permissions (read with libarchive).`);
  }
  parts.push(TARGET_NOTES[to](from));
  parts.push(CAPS);
  if (TARGET_INFO[to].defaultLevel !== null) parts.push(`\`compressionLevel\` 1–9 trades speed for size (default ${TARGET_INFO[to].defaultLevel}).`);
  return parts.join(' ');
}

const nameField = outputNameField('Name for the output file (without extension); default: the uploaded name without its archive extension');

const levelField = z.coerce
  .number()
  .int('a whole number from 1 to 9')
  .min(1, 'a whole number from 1 to 9')
  .max(9, 'a whole number from 1 to 9')
  .optional()
  .describe('Compression level: 1 = fastest … 9 = smallest (default depends on the format)');

const withLevel = z.object({ fileName: nameField, compressionLevel: levelField });
const withoutLevel = z.object({ fileName: nameField });

export interface ArchiveToolSpec {
  from: ArchiveSource;
  to: ArchiveTarget;
  /** Extra search words beyond the formats. */
  keywords?: string[];
}

type ArchiveInput = z.input<typeof withLevel>;

export function archiveTool(spec: ArchiveToolSpec): Tool<typeof withLevel, typeof fileResultSchema> {
  const { from, to } = spec;
  const source = SOURCES[from];
  const target = TARGET_INFO[to];
  const hasLevel = target.defaultLevel !== null;
  const engines = [...new Set<EngineNeed>([...source.engines, ...target.engines])];
  const sample = from === 'gz' ? 'backup.tar.gz' : from === 'bz2' ? 'logs.tar.bz2' : `photos.${from}`;
  const examples: ToolExample<ArchiveInput, z.output<typeof fileResultSchema>>[] = [
    { title: `convert a ${source.title} upload`, input: {}, upload: { fileName: sample } },
    hasLevel
      ? { title: 'name the output and compress harder', input: { fileName: 'project-2024', compressionLevel: 9 }, upload: { fileName: `project.${from}` } }
      : { title: 'name the output', input: { fileName: 'project-2024' }, upload: { fileName: `project.${from}` } },
  ];
  return defineTool({
    module: 'archive',
    slug: `${from}-to-${to}`,
    title: `${source.title} to ${target.title}`,
    description: `${describe(from, to)} Upload the file as multipart/form-data in field "file"; the result links to the converted archive (or use ?delivery=binary, deprecated).`,
    keywords: [from, to, `${from} to ${to}`, 'archive', 'convert archive', 'compress', 'extract', ...(spec.keywords ?? [])],
    // Tools without a level take only fileName; the shared schema keeps one type for all thirty.
    input: () => (hasLevel ? withLevel : withoutLevel) as typeof withLevel,
    output: () => fileResultSchema,
    response: 'file',
    upload: { field: 'file', accept: [source.kind] },
    conversion: { from: [source.kind], to, engines },
    timeoutMs: 120_000,
    examples,
    run: async ({ fileName, compressionLevel }, ctx) => {
      const upload = ctx.files.uploads[0];
      if (!upload) throw new ToolError('validation_failed', 'file: is required');
      const workDir = await ctx.files.workDir();
      const archive = ctx.engines.archive;
      if (!archive) throw new ToolError('engine_unavailable', 'No archivers are configured on this server; archive conversions are unavailable.');
      const call = { signal: ctx.signal, warn: (message: string) => ctx.warn(message) };
      const tree = await archive.unpack(upload, { ...call, workDir });
      if (tree.compressedTar) {
        ctx.warn(`The ${source.title} stream held a TAR archive (a .tar.${from}); its ${tree.files} file${tree.files === 1 ? '' : 's'} were converted.`);
      }
      const base = fileName ?? (tree.singleFile && (to === 'gz' || to === 'bz2') ? tree.singleFile : baseName(upload.fileName));
      const packed = await archive.pack(tree, to, { ...call, workDir, baseName: base, level: hasLevel ? compressionLevel : undefined });
      return ctx.files.put(packed.path, { fileName: packed.fileName, mimeType: packed.mimeType });
    },
  });
}
