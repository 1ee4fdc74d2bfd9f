import { readFile, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolContext } from '../../../core/context.ts';
import { ToolError } from '../../../core/errors.ts';
import { sniff } from '../../../files/kinds.ts';
import { decodeXml } from '../../../lib/extract/ebook.ts';

/**
 * E-book conversions with pandoc (EPUB and FB2 in; plain text, HTML, DOCX and EPUB out). A book is untrusted,
 * so it never makes pandoc fetch a URL or read a file of this server:
 *
 * 1. pandoc reads the book in its sandbox into its JSON AST, extracting the book's own images to `media/`;
 * 2. here, every image that is one of those extracted files becomes an inline `data:` URI, every other image
 *    (remote URLs, paths outside) becomes its alt text, raw HTML that references anything (or scripts) is
 *    dropped; for DOCX/EPUB output, all raw HTML and every metadata
 *    field but the descriptive ones (title, author, language…) are dropped — pandoc's EPUB writer would read
 *    a `cover-image` path or fetch an `<img>` in raw HTML;
 * 3. pandoc writes the result — in its sandbox, except the DOCX and EPUB writers, which need pandoc's own
 *    data files (blocked by the 2.17 sandbox) and by then have nothing left to fetch.
 */
export type PandocTarget = 'plain' | 'html' | 'docx' | 'epub';

const WRITERS: Record<PandocTarget, { format: string; extension: string; sandbox: boolean; standalone: boolean }> = {
  plain: { format: 'plain', extension: 'txt', sandbox: true, standalone: false },
  html: { format: 'html5', extension: 'html', sandbox: true, standalone: true },
  docx: { format: 'docx', extension: 'docx', sandbox: false, standalone: false },
  epub: { format: 'epub3', extension: 'epub', sandbox: false, standalone: false },
};

/** Metadata that only describes the book; anything else (cover-image, css, stylesheet…) is dropped before an unsandboxed write. */
const SAFE_META = new Set(['title', 'subtitle', 'author', 'creator', 'contributor', 'date', 'language', 'lang', 'description', 'subject', 'publisher', 'rights', 'identifier', 'abstract', 'keywords']);

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const MAX_EMBEDDED_BYTES = 80 * 1024 * 1024;
const IMAGE_MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp', bmp: 'image/bmp', tiff: 'image/tiff', avif: 'image/avif' };

/** A FictionBook in another encoding (windows-1251, koi8-r…) as UTF-8, the only encoding pandoc reads. */
async function utf8Fb2(source: string, outputDir: string): Promise<string> {
  const text = decodeXml(await readFile(source));
  const target = path.join(outputDir, 'book-utf8.fb2');
  await writeFile(target, text.replace(/^(\s*<\?xml[^>]*?encoding\s*=\s*["'])[^"']+(["'])/, '$1UTF-8$2'));
  return target;
}

interface Node {
  t?: string;
  c?: unknown;
}

interface Embedding {
  mediaDir: string;
  bytes: number;
  dropped: number;
  replaced: number;
  headings: number;
}

async function inlineImage(target: string, state: Embedding, cwd: string): Promise<string | null> {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  let file: string;
  try {
    file = await realpath(path.resolve(cwd, decodeURIComponent(target.split('#')[0] ?? '')));
  } catch {
    return null;
  }
  if (!file.startsWith(state.mediaDir + path.sep)) return null;
  const info = await stat(file);
  if (!info.isFile() || info.size > MAX_IMAGE_BYTES || state.bytes + info.size > MAX_EMBEDDED_BYTES) return null;
  const kind = (await sniff(file))[0];
  const mime = kind ? IMAGE_MIME[kind] : undefined;
  if (!mime) return null;
  state.bytes += info.size;
  return `data:${mime};base64,${(await readFile(file)).toString('base64')}`;
}

/**
 * Raw HTML that would make a reader's browser load or run something: scripts and embeds, or any URL attribute
 * or CSS url() that is not an inline `data:` URI or an in-page `#anchor`.
 */
const RAW_UNSAFE = /<\s*(script|iframe|frame|object|embed|applet|link|base|meta|style|form)\b|\b(src|href|srcset|poster|data|background|action|formaction|xlink:href)\s*=\s*["']?(?!data:|#)|url\(\s*["']?(?!data:)|\bon[a-z]+\s*=/i;

function unsafeRaw(content: unknown): boolean {
  const [format, text] = Array.isArray(content) ? (content as [unknown, unknown]) : [undefined, undefined];
  return typeof text !== 'string' || (String(format).toLowerCase().startsWith('html') && RAW_UNSAFE.test(text));
}

/** Walks the AST: local images inline, others their alt text; raw HTML dropped when asked. */
async function rewrite(node: unknown, state: Embedding, cwd: string, dropRaw: boolean): Promise<unknown> {
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (const item of node) {
      const element = item as Node;
      if ((element?.t === 'RawBlock' || element?.t === 'RawInline') && (dropRaw || unsafeRaw(element.c))) {
        state.dropped += 1;
        continue;
      }
      out.push(await rewrite(item, state, cwd, dropRaw));
    }
    return out;
  }
  if (typeof node !== 'object' || node === null) return node;
  const element = node as Node;
  if (element.t === 'Header' && Array.isArray(element.c)) {
    // pandoc's FB2 reader leaves headings without identifiers, which its EPUB writer cannot index ("not found in reftable").
    const [level, attrs, inlines] = element.c as [number, [string, unknown, unknown], unknown];
    const id = attrs[0] || `section-${(state.headings += 1)}`;
    return { t: 'Header', c: [level, [id, attrs[1], attrs[2]], await rewrite(inlines, state, cwd, dropRaw)] };
  }
  if (element.t === 'Image' && Array.isArray(element.c)) {
    const [attrs, alt, [target, title]] = element.c as [unknown, unknown[], [string, string]];
    const inline = await inlineImage(String(target ?? ''), state, cwd);
    if (inline) {
      state.replaced += 1;
      return { t: 'Image', c: [attrs, await rewrite(alt, state, cwd, dropRaw), [inline, title]] };
    }
    state.dropped += 1;
    return { t: 'Span', c: [['', [], []], await rewrite(alt, state, cwd, dropRaw)] };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = await rewrite(value, state, cwd, dropRaw);
  return out;
}

export interface PandocBookOptions {
  from: 'epub' | 'fb2';
  to: PandocTarget;
  input: string;
  outputDir: string;
}

/** Converts a book with pandoc as described above; resolves with the output path. */
export async function pandocBook(ctx: ToolContext, options: PandocBookOptions): Promise<string> {
  const commands = ctx.engines.commands;
  if (!commands?.available('pandoc')) throw new ToolError('engine_unavailable', 'pandoc is not installed on this server (Debian package pandoc); this conversion is unavailable.');
  const cwd = options.outputDir;
  const run = (args: string[]): Promise<string> => commands.run('pandoc', args, { cwd, signal: ctx.signal, timeoutMs: 100_000 });
  const source = options.from === 'fb2' ? await utf8Fb2(options.input, cwd) : options.input;
  const writer = WRITERS[options.to];
  const target = path.join(cwd, `output.${writer.extension}`);
  if (options.to === 'plain') {
    await run(['--sandbox', '--wrap=none', '-f', options.from, '-t', 'plain', '-o', target, source]);
    return target;
  }
  const mediaDir = path.join(cwd, 'media');
  const ast = path.join(cwd, 'book.json');
  await run(['--sandbox', `--extract-media=${mediaDir}`, '-f', options.from, '-t', 'json', '-o', ast, source]);
  const state: Embedding = { mediaDir: await realpath(cwd).then((dir) => path.join(dir, 'media')), bytes: 0, dropped: 0, replaced: 0, headings: 0 };
  const document = JSON.parse(await readFile(ast, 'utf8')) as { meta?: Record<string, unknown>; blocks?: unknown; 'pandoc-api-version'?: unknown };
  const unsandboxed = !writer.sandbox;
  if (unsandboxed && document.meta) {
    document.meta = Object.fromEntries(Object.entries(document.meta).filter(([key]) => SAFE_META.has(key)));
  }
  const rewritten = (await rewrite(document, state, cwd, unsandboxed)) as typeof document;
  await writeFile(ast, JSON.stringify(rewritten));
  if (state.dropped > 0) ctx.warn(`${state.dropped} image${state.dropped === 1 ? '' : 's'} or raw HTML fragment${state.dropped === 1 ? '' : 's'} that pointed outside the book (or could not be embedded) were left out; image alt texts were kept.`);
  await run([...(writer.sandbox ? ['--sandbox'] : []), ...(writer.standalone ? ['--standalone'] : []), '-f', 'json', '-t', writer.format, '-o', target, ast]);
  return target;
}
