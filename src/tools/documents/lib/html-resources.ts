import type * as Cheerio from 'cheerio';
import { lazy } from '../../../lib/lazy.ts';
import type { AnyNode } from 'domhandler';

const cheerio = lazy<typeof Cheerio>('cheerio');

/**
 * An untrusted HTML document must not make a converter fetch a URL or read a local file. Before
 * LibreOffice opens one, every reference to an outside resource is removed: scripts, frames, objects,
 * stylesheet links, `<base>`, meta refreshes, and any image, media or CSS `url()` that is not an inline
 * `data:` URI (relative paths included: they would resolve to files on this server). Links (`<a href>`)
 * are kept — nothing fetches them. Images become their alt text.
 */
export interface StrippedHtml {
  html: string;
  /** How many references were removed. */
  removed: number;
}

const DROP_ELEMENTS = 'script, iframe, frame, frameset, object, embed, applet, base, link, portal, meta[http-equiv]';
const MEDIA_ELEMENTS = 'video, audio, source, track';
const URL_ATTRIBUTES = ['src', 'srcset', 'background', 'poster', 'data', 'lowsrc', 'dynsrc', 'longdesc', 'codebase', 'xlink:href', 'imagesrcset', 'ping'];
/** Elements whose `href` is a plain link nobody fetches while converting. */
const LINK_ELEMENTS = new Set(['a', 'area']);

const isInline = (value: string): boolean => /^\s*data:/i.test(value);
const tagOf = (node: AnyNode): string => ('tagName' in node ? node.tagName.toLowerCase() : '');

/** CSS `@import`s and `url()`/`image-set()` references that are not `data:` URIs, replaced by `none`. */
export function stripCssResources(css: string): { css: string; removed: number } {
  let removed = 0;
  const out = css
    .replace(/@import\b[^;]*;?/gi, () => {
      removed++;
      return '';
    })
    .replace(/(?:-webkit-)?image-set\([^)]*\)/gi, (match) => {
      if (/^[^(]*\(\s*(?:url\(\s*)?["']?data:/i.test(match)) return match;
      removed++;
      return 'none';
    })
    .replace(/url\(\s*(["']?)([^"')]*)\1\s*\)/gi, (match, _quote: string, target: string) => {
      if (isInline(target)) return match;
      removed++;
      return 'none';
    });
  return { css: out, removed };
}

export function stripRemoteResources(html: string): StrippedHtml {
  const $ = cheerio().load(html);
  let removed = 0;
  $(DROP_ELEMENTS).each((_, element) => {
    removed++;
    $(element).remove();
  });
  $('img, image, input[type=image]').each((_, element) => {
    const node = $(element);
    const src = node.attr('src') ?? node.attr('href') ?? node.attr('xlink:href') ?? '';
    if (src && isInline(src)) return; // a non-inline srcset goes with the other URL attributes below
    removed++;
    const alt = node.attr('alt')?.trim();
    if (alt && tagOf(element) === 'img') node.replaceWith($('<span></span>').text(alt));
    else node.remove();
  });
  $(MEDIA_ELEMENTS).each((_, element) => {
    const src = $(element).attr('src') ?? '';
    if (src && isInline(src)) return;
    removed++;
    $(element).remove();
  });
  $('*').each((_, element) => {
    const node = $(element);
    for (const name of URL_ATTRIBUTES) {
      const value = node.attr(name);
      if (value !== undefined && !isInline(value)) {
        removed++;
        node.removeAttr(name);
      }
    }
    const href = node.attr('href');
    if (href !== undefined && !LINK_ELEMENTS.has(tagOf(element)) && !isInline(href)) {
      removed++;
      node.removeAttr('href');
    }
    const style = node.attr('style');
    if (style) {
      const cleaned = stripCssResources(style);
      removed += cleaned.removed;
      if (cleaned.removed > 0) node.attr('style', cleaned.css);
    }
  });
  $('style').each((_, element) => {
    const node = $(element);
    const cleaned = stripCssResources(node.html() ?? '');
    removed += cleaned.removed;
    if (cleaned.removed > 0) node.text(cleaned.css);
  });
  return { html: $.html(), removed };
}
