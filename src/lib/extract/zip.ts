import type yauzl from 'yauzl';
import { ToolError } from '../../core/errors.ts';
import { ARCHIVE_CAPS, Budget, mb, refuser } from '../../engines/archive/guard.ts';
import { lazy } from '../lazy.ts';
import { decodeOrKeep } from '../percent-decode.ts';

const zipReader = lazy<typeof yauzl>('yauzl');

/**
 * Bounded reading of the ZIP containers of documents (DOCX, XLSX, PPTX, ODF, EPUB): only named parts are
 * inflated, each counted by the archive guard under its `document` profile (a per-part and a total cap and a
 * compression-ratio cap), so a document that is really a ZIP bomb is refused (400 naming `file`) instead of
 * filling memory.
 */
export interface DocumentZip {
  /** Entry names, as stored (`/`-separated). */
  names(): string[];
  has(name: string): boolean;
  /** Inflates one part (null when absent). */
  read(name: string): Promise<Buffer | null>;
  /** Inflates one part as UTF-8 text (BOM removed), null when absent. */
  text(name: string): Promise<string | null>;
  close(): void;
}

export async function openDocumentZip(filePath: string, what: string): Promise<DocumentZip> {
  const caps = ARCHIVE_CAPS.document;
  const refuse = refuser('file');
  let zip: yauzl.ZipFile;
  try {
    zip = await zipReader().openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new ToolError('validation_failed', `file: the ${what} is damaged (its ZIP container does not open: ${(error as Error).message.slice(0, 160)}).`);
  }
  if (zip.entryCount > caps.maxEntries) {
    zip.close();
    throw refuse(`the ${what} holds ${zip.entryCount.toLocaleString('en-US')} parts; at most ${caps.maxEntries.toLocaleString('en-US')} are read.`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  } catch (error) {
    zip.close();
    throw new ToolError('validation_failed', `file: the ${what} is damaged (${(error as Error).message.slice(0, 160)}).`);
  }
  const budget = new Budget(caps, zip.fileSize, refuse, `the ${what}`);
  const read = async (name: string): Promise<Buffer | null> => {
    const entry = entries.get(name) ?? entries.get(name.replace(/^\//, ''));
    if (!entry) return null;
    if (entry.uncompressedSize > caps.maxEntryBytes) {
      throw refuse(
        `the part ${JSON.stringify(name)} of the ${what} unpacks to ${mb(entry.uncompressedSize)}; at most ${mb(caps.maxEntryBytes)} per part is read.`,
      );
    }
    const chunks: Buffer[] = [];
    const count = budget.entry(`the part ${JSON.stringify(name)}`, entry.compressedSize);
    try {
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        try {
          count(buffer.length);
        } catch (error) {
          stream.destroy();
          throw error;
        }
        chunks.push(buffer);
      }
    } catch (error) {
      if (error instanceof ToolError) throw error;
      throw new ToolError('validation_failed', `file: the part ${JSON.stringify(name)} of the ${what} is damaged (${(error as Error).message.slice(0, 160)}).`);
    }
    return Buffer.concat(chunks);
  };
  return {
    names: () => [...entries.keys()],
    has: (name) => entries.has(name),
    read,
    async text(name) {
      const bytes = await read(name);
      return bytes === null ? null : bytes.toString('utf8').replace(/^\uFEFF/, '');
    },
    close: () => zip.close(),
  };
}

/** Resolves a relationship/manifest target against the folder of the part that names it (`word/`, `OEBPS/`). */
export function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of decodeOrKeep(target.split('#')[0] ?? '').split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}
