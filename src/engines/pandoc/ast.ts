import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { sniff } from '../../files/kinds.ts';

/**
 * The rewrite of pandoc's JSON AST that makes an untrusted document safe to write outside pandoc's sandbox
 * (or to serve as HTML): every image that is one of the document's own extracted files becomes an inline
 * `data:` URI, every other image (remote URLs, paths outside) becomes its alt text, and raw HTML that
 * references anything (or scripts) is dropped — all raw content when the writer runs unsandboxed.
 */

/** Metadata that only describes the document; anything else (cover-image, css, stylesheet…) is dropped before an unsandboxed write. */
export const SAFE_META = new Set([
  'title',
  'subtitle',
  'author',
  'creator',
  'contributor',
  'date',
  'language',
  'lang',
  'description',
  'subject',
  'publisher',
  'rights',
  'identifier',
  'abstract',
  'keywords',
]);

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const MAX_EMBEDDED_BYTES = 80 * 1024 * 1024;
const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  avif: 'image/avif',
};

interface Node {
  t?: string;
  c?: unknown;
}

export interface Rewrite {
  /** The folder pandoc extracted the document's own images to (realpath), or null: no image is inlined. */
  mediaDir: string | null;
  /** The folder relative image paths are resolved against. */
  cwd: string;
  /** Drop every raw fragment (an unsandboxed writer), not only the unsafe ones. */
  dropRaw: boolean;
  bytes: number;
  dropped: number;
  replaced: number;
  headings: number;
}

async function inlineImage(target: string, state: Rewrite): Promise<string | null> {
  if (!state.mediaDir || /^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  let file: string;
  try {
    file = await realpath(path.resolve(state.cwd, decodeURIComponent(target.split('#')[0] ?? '')));
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
const RAW_UNSAFE =
  /<\s*(script|iframe|frame|object|embed|applet|link|base|meta|style|form)\b|\b(src|href|srcset|poster|data|background|action|formaction|xlink:href)\s*=\s*["']?(?!data:|#)|url\(\s*["']?(?!data:)|\bon[a-z]+\s*=/i;

function unsafeRaw(content: unknown): boolean {
  const [format, text] = Array.isArray(content) ? (content as [unknown, unknown]) : [undefined, undefined];
  return typeof text !== 'string' || (String(format).toLowerCase().startsWith('html') && RAW_UNSAFE.test(text));
}

/** Walks the AST as described above. */
export async function rewrite(node: unknown, state: Rewrite): Promise<unknown> {
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (const item of node) {
      const element = item as Node;
      if ((element?.t === 'RawBlock' || element?.t === 'RawInline') && (state.dropRaw || unsafeRaw(element.c))) {
        state.dropped += 1;
        continue;
      }
      out.push(await rewrite(item, state));
    }
    return out;
  }
  if (typeof node !== 'object' || node === null) return node;
  const element = node as Node;
  if (element.t === 'Header' && Array.isArray(element.c)) {
    // A heading without an identifier (pandoc's FB2 reader leaves them so) cannot be indexed by its EPUB writer ("not found in reftable").
    const [level, attrs, inlines] = element.c as [number, [string, unknown, unknown], unknown];
    const id = attrs[0] || `section-${(state.headings += 1)}`;
    return { t: 'Header', c: [level, [id, attrs[1], attrs[2]], await rewrite(inlines, state)] };
  }
  if (element.t === 'Image' && Array.isArray(element.c)) {
    const [attrs, alt, [target, title]] = element.c as [unknown, unknown[], [string, string]];
    if (String(target ?? '').startsWith('data:')) return { t: 'Image', c: [attrs, await rewrite(alt, state), [target, title]] };
    const inline = await inlineImage(String(target ?? ''), state);
    if (inline) {
      state.replaced += 1;
      return { t: 'Image', c: [attrs, await rewrite(alt, state), [inline, title]] };
    }
    state.dropped += 1;
    return { t: 'Span', c: [['', [], []], await rewrite(alt, state)] };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = await rewrite(value, state);
  return out;
}
