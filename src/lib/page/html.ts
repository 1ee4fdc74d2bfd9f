import type { CheerioAPI } from 'cheerio';
import type * as Cheerio from 'cheerio';
import { lazy } from '../lazy.ts';
import type { AnyNode, Element } from 'domhandler';

const cheerio = lazy<typeof Cheerio>('cheerio');

/**
 * One parse of an HTML page (cheerio with parse5, as browsers parse) into the facts the SEO, security
 * and marketing tools read. URLs are resolved against the page URL and any <base href>.
 */
export interface PageLink {
  href: string | null;
  raw: string;
  text: string;
  rel: string[];
  title: string | null;
  kind: 'http' | 'mailto' | 'tel' | 'javascript' | 'fragment' | 'other';
  internal: boolean;
  /** The link's text is only an image (its alt stands in). */
  imageOnly: boolean;
}

export interface PageImage {
  src: string | null;
  raw: string;
  alt: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  srcset: string | null;
  /** Inside an <a>: the alt is the link text. */
  inLink: boolean;
  role: string | null;
}

export interface PageResource {
  tag: 'script' | 'link' | 'img' | 'iframe' | 'video' | 'audio' | 'source' | 'object' | 'embed' | 'form' | 'track';
  attribute: string;
  url: string;
  raw: string;
  integrity: string | null;
  crossorigin: string | null;
  rel: string | null;
}

export interface JsonLdBlock {
  raw: string;
  value: unknown;
  error: string | null;
}

export interface ParsedPage {
  url: string;
  baseUrl: string;
  $: CheerioAPI;
  lang: string | null;
  titles: string[];
  title: string | null;
  metaDescriptions: string[];
  metaDescription: string | null;
  robots: string | null;
  viewport: string | null;
  charset: string | null;
  canonicals: string[];
  canonicalsRaw: string[];
  hreflang: Array<{ hreflang: string; href: string | null; raw: string }>;
  headings: Array<{ level: number; text: string }>;
  links: PageLink[];
  images: PageImage[];
  /** name/property/http-equiv (lower-case) -> contents, in order. */
  meta: Array<{ key: string; content: string }>;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: JsonLdBlock[];
  microdataItems: number;
  rdfaItems: number;
  resources: PageResource[];
  icons: Array<{ rel: string; href: string | null; sizes: string | null; type: string | null }>;
  manifest: string | null;
  /** Visible text of the body, blocks separated by newlines. */
  text: string;
  paragraphs: string[];
  lists: number;
  tables: number;
}

/** The elements and attributes that make a page load a subresource, in the order the resources are listed. */
const RESOURCE_ATTRIBUTES: readonly [PageResource['tag'], string][] = [
  ['script', 'src'],
  ['link', 'href'],
  ['img', 'src'],
  ['iframe', 'src'],
  ['video', 'src'],
  ['video', 'poster'],
  ['audio', 'src'],
  ['source', 'src'],
  ['track', 'src'],
  ['object', 'data'],
  ['embed', 'src'],
  ['form', 'action'],
];

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
  'option',
  'button',
  'summary',
  'details',
]);
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'canvas', 'select', 'textarea']);

export function resolveUrl(raw: string | undefined | null, base: string): string | null {
  if (raw === undefined || raw === null) return null;
  const value = raw.trim();
  if (value === '') return null;
  try {
    return new URL(value, base).href;
  } catch {
    return null;
  }
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function sameSite(a: string, b: string): boolean {
  try {
    const ha = new URL(a).hostname.replace(/^www\./, '');
    const hb = new URL(b).hostname.replace(/^www\./, '');
    return ha === hb;
  } catch {
    return false;
  }
}

/** Text of a node as a browser would lay it out: block elements on their own lines, hidden elements skipped. */
export function visibleText(nodes: AnyNode[]): string {
  const out: string[] = [];
  const walk = (node: AnyNode): void => {
    if (node.type === 'text') {
      out.push((node as unknown as { data: string }).data);
      return;
    }
    if (node.type !== 'tag' && node.type !== 'root') return;
    const el = node as Element;
    const name = (el.name ?? '').toLowerCase();
    if (HIDDEN.has(name)) return;
    if (el.attribs && ('hidden' in el.attribs || /display\s*:\s*none/i.test(el.attribs.style ?? '') || el.attribs['aria-hidden'] === 'true')) return;
    if (name === 'img') {
      return;
    }
    const block = BLOCK.has(name);
    if (block) out.push('\n');
    for (const child of el.children ?? []) walk(child);
    if (block) out.push('\n');
  };
  for (const n of nodes) walk(n);
  return out
    .join('')
    .split('\n')
    .map((line) => collapse(line))
    .filter(Boolean)
    .join('\n');
}

export function parsePage(html: string, pageUrl: string): ParsedPage {
  const $ = cheerio().load(html, { baseURI: pageUrl });
  const baseHref = $('base[href]').first().attr('href');
  const baseUrl = resolveUrl(baseHref, pageUrl) ?? pageUrl;
  const abs = (raw: string | undefined): string | null => resolveUrl(raw, baseUrl);

  const titles = $('head title, title')
    .toArray()
    .filter((el, i, all) => all.indexOf(el) === i)
    .map((el) => collapse($(el).text()));
  const meta: Array<{ key: string; content: string }> = [];
  $('meta').each((_, el) => {
    const key = ($(el).attr('name') ?? $(el).attr('property') ?? $(el).attr('http-equiv') ?? $(el).attr('itemprop') ?? '').trim().toLowerCase();
    const content = $(el).attr('content');
    if (key && content !== undefined) meta.push({ key, content: content.trim() });
  });
  const metaValues = (key: string): string[] => meta.filter((m) => m.key === key).map((m) => m.content);
  const og: Record<string, string> = {};
  const twitter: Record<string, string> = {};
  for (const m of meta) {
    if (m.key.startsWith('og:') && og[m.key] === undefined) og[m.key] = m.content;
    if (m.key.startsWith('twitter:') && twitter[m.key] === undefined) twitter[m.key] = m.content;
  }
  const charset = $('meta[charset]').attr('charset') ?? /charset=([\w-]+)/i.exec(metaValues('content-type')[0] ?? '')?.[1] ?? null;

  const canonicalEls = $('link[rel]')
    .filter((_, el) => relOf($(el).attr('rel')).includes('canonical'))
    .toArray();
  const canonicalsRaw = canonicalEls.map((el) => $(el).attr('href') ?? '');
  const hreflang = $('link[rel][hreflang]')
    .filter((_, el) => relOf($(el).attr('rel')).includes('alternate'))
    .toArray()
    .map((el) => ({ hreflang: ($(el).attr('hreflang') ?? '').trim(), href: abs($(el).attr('href')), raw: $(el).attr('href') ?? '' }));

  const headings = $('h1, h2, h3, h4, h5, h6')
    .toArray()
    .map((el) => ({ level: Number(el.name.slice(1)), text: collapse(visibleText([el]) || ($(el).find('img[alt]').attr('alt') ?? '')) }));

  const pageHost = hostOf(pageUrl);
  const links: PageLink[] = $('a[href], area[href]')
    .toArray()
    .map((el) => {
      const raw = ($(el).attr('href') ?? '').trim();
      const lower = raw.toLowerCase();
      const kind: PageLink['kind'] = lower.startsWith('mailto:')
        ? 'mailto'
        : lower.startsWith('tel:')
          ? 'tel'
          : lower.startsWith('javascript:')
            ? 'javascript'
            : raw.startsWith('#') || raw === ''
              ? 'fragment'
              : /^[a-z][a-z0-9+.-]*:/i.test(raw) && !/^https?:/i.test(raw)
                ? 'other'
                : 'http';
      const href = kind === 'http' || kind === 'fragment' ? abs(raw) : raw;
      const text = collapse(visibleText([el]));
      const imgAlt = $(el)
        .find('img')
        .toArray()
        .map((img) => $(img).attr('alt') ?? '')
        .join(' ')
        .trim();
      const internal = kind === 'fragment' || (kind === 'http' && href !== null && hostOf(href).replace(/^www\./, '') === pageHost.replace(/^www\./, ''));
      return {
        href: kind === 'http' && href && !/^https?:/i.test(href) ? null : href,
        raw,
        text: text || collapse(imgAlt) || collapse($(el).attr('aria-label') ?? ''),
        rel: relOf($(el).attr('rel')),
        title: $(el).attr('title') ?? null,
        kind,
        internal,
        imageOnly: text === '' && $(el).find('img').length > 0,
      };
    });

  const images: PageImage[] = $('img')
    .toArray()
    .map((el) => {
      const raw = $(el).attr('src') ?? $(el).attr('data-src') ?? '';
      return {
        src: abs(raw),
        raw,
        alt: $(el).attr('alt') ?? null,
        width: $(el).attr('width') ?? null,
        height: $(el).attr('height') ?? null,
        loading: $(el).attr('loading') ?? null,
        srcset: $(el).attr('srcset') ?? null,
        inLink: $(el).closest('a').length > 0,
        role: $(el).attr('role') ?? null,
      };
    });

  const jsonLd: JsonLdBlock[] = $('script[type]')
    .filter((_, el) => ($(el).attr('type') ?? '').trim().toLowerCase() === 'application/ld+json')
    .toArray()
    .map((el) => {
      const raw = $(el).text().trim();
      try {
        return { raw, value: JSON.parse(raw) as unknown, error: null };
      } catch (error) {
        return { raw, value: null, error: (error as Error).message };
      }
    });

  const resources: PageResource[] = [];
  const addResource = (tag: PageResource['tag'], attribute: string, el: Element): void => {
    const raw = $(el).attr(attribute);
    const url = abs(raw);
    if (!raw || !url || !/^https?:/i.test(url)) return;
    resources.push({
      tag,
      attribute,
      url,
      raw,
      integrity: $(el).attr('integrity') ?? null,
      crossorigin: $(el).attr('crossorigin') ?? null,
      rel: $(el).attr('rel') ?? null,
    });
  };
  for (const [tag, attribute] of RESOURCE_ATTRIBUTES) $(`${tag}[${attribute}]`).each((_, el) => addResource(tag, attribute, el));

  const icons = $('link[rel]')
    .filter((_, el) => /icon|apple-touch/i.test($(el).attr('rel') ?? ''))
    .toArray()
    .map((el) => ({
      rel: ($(el).attr('rel') ?? '').toLowerCase().trim(),
      href: abs($(el).attr('href')),
      sizes: $(el).attr('sizes') ?? null,
      type: $(el).attr('type') ?? null,
    }));
  const manifestEl = $('link[rel]')
    .filter((_, el) => relOf($(el).attr('rel')).includes('manifest'))
    .first();

  const body = $('body').get(0);
  const text = body ? visibleText([body]) : visibleText($.root().toArray());
  const paragraphs = $('p')
    .toArray()
    .map((el) => collapse(visibleText([el])))
    .filter((p) => p.length > 0);

  return {
    url: pageUrl,
    baseUrl,
    $,
    lang: ($('html').attr('lang') ?? '').trim() || null,
    titles,
    title: titles[0] ?? null,
    metaDescriptions: metaValues('description'),
    metaDescription: metaValues('description')[0] ?? null,
    robots: [...metaValues('robots'), ...metaValues('googlebot')].join(', ') || null,
    viewport: metaValues('viewport')[0] ?? null,
    charset,
    canonicals: canonicalsRaw.map((r) => abs(r)).filter((u): u is string => u !== null),
    canonicalsRaw,
    hreflang,
    headings,
    links,
    images,
    meta,
    og,
    twitter,
    jsonLd,
    microdataItems: $('[itemscope]').length,
    rdfaItems: $('[typeof]').length,
    resources,
    icons,
    manifest: manifestEl.length ? abs(manifestEl.attr('href')) : null,
    text,
    paragraphs,
    lists: $('ul, ol').length,
    tables: $('table').length,
  };
}

export function relOf(rel: string | undefined): string[] {
  return (rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** Word tokens of a text (letters/digits, apostrophes inside words), lower-cased. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}
