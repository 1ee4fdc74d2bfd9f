import type { ToolContext } from '../../../core/context.ts';
import { ToolError } from '../../../core/errors.ts';

/**
 * The e-book conversions pandoc does (EPUB and FB2 in; plain text, HTML, DOCX and EPUB out). The pandoc engine
 * (src/engines/pandoc) keeps the untrusted book from making pandoc fetch a URL or read a file; the book's own
 * images are kept, inline.
 */
export type PandocTarget = 'plain' | 'html' | 'docx' | 'epub';

const WRITERS: Record<PandocTarget, { format: string; standalone: boolean }> = {
  plain: { format: 'plain', standalone: false },
  html: { format: 'html5', standalone: true },
  docx: { format: 'docx', standalone: false },
  epub: { format: 'epub3', standalone: false },
};

export interface PandocBookOptions {
  from: 'epub' | 'fb2';
  to: PandocTarget;
  input: string;
  outputDir: string;
}

/** Converts a book with pandoc; resolves with the output path. */
export async function pandocBook(ctx: ToolContext, options: PandocBookOptions): Promise<string> {
  const pandoc = ctx.engines.pandoc;
  if (!pandoc) throw new ToolError('engine_unavailable', 'pandoc is not installed on this server (Debian package pandoc); this conversion is unavailable.');
  const writer = WRITERS[options.to];
  const { output, dropped } = await pandoc.convert({
    from: options.from,
    to: writer.format,
    input: options.input,
    outputDir: options.outputDir,
    untrusted: true,
    standalone: writer.standalone,
    noWrap: options.to === 'plain',
    embedImages: options.to !== 'plain',
    signal: ctx.signal,
    timeoutMs: 100_000,
  });
  if (dropped > 0)
    ctx.warn(
      `${dropped} image${dropped === 1 ? '' : 's'} or raw HTML fragment${dropped === 1 ? '' : 's'} that pointed outside the book (or could not be embedded) were left out; image alt texts were kept.`,
    );
  return output;
}
