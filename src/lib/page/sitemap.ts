import { gunzipSync } from 'node:zlib';
import type * as FastXmlParser from 'fast-xml-parser';
import { lazy } from '../lazy.ts';

const fastXmlParser = lazy<typeof FastXmlParser>('fast-xml-parser');

/**
 * Sitemaps (sitemaps.org protocol 0.9): XML parsed with fast-xml-parser with entity expansion off,
 * gzip bodies inflated up to the protocol's 50 MB, and every entry checked (absolute http(s) loc,
 * W3C datetime lastmod, changefreq, priority 0.0–1.0, at most 50,000 entries).
 */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const CHANGEFREQ = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
/** The W3C Datetime profile of ISO 8601 (https://www.w3.org/TR/NOTE-datetime): YYYY[-MM[-DD[Thh:mm[:ss[.s]]TZD]]]. */
const W3C_DATETIME = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):(\d{2})))?)?)?$/;

/** Why a <lastmod> is not a W3C Datetime (its form, then the calendar and clock ranges), or null when it is one. */
export function w3cDatetimeProblem(value: string): string | null {
  const m = W3C_DATETIME.exec(value);
  if (!m) return 'is not in a W3C Datetime form (YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss]TZD with TZD Z or ±hh:mm)';
  const [, year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = m;
  const y = Number(year);
  if (month !== undefined && (Number(month) < 1 || Number(month) > 12)) return `has month ${month}; months run 01–12`;
  if (day !== undefined) {
    const days = new Date(Date.UTC(y, Number(month), 0)).getUTCDate();
    if (Number(day) < 1 || Number(day) > days) return `has day ${day}; ${year}-${month} has ${days} days`;
  }
  if (hour !== undefined && Number(hour) > 23) return `has hour ${hour}; hours run 00–23`;
  if (minute !== undefined && Number(minute) > 59) return `has minute ${minute}; minutes run 00–59`;
  if (second !== undefined && Number(second) > 59) return `has second ${second}; seconds run 00–59`;
  if (offsetHours !== undefined && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59))
    return `has time zone offset ${offsetHours}:${offsetMinutes}; offsets run up to 23:59`;
  return null;
}

export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
  changefreq: string | null;
  priority: string | null;
}

export interface SitemapProblem {
  severity: 'high' | 'medium' | 'low';
  code: string;
  message: string;
  loc?: string;
}

export interface ParsedSitemap {
  type: 'urlset' | 'sitemapindex' | 'unknown';
  namespace: string | null;
  entries: SitemapEntry[];
  problems: SitemapProblem[];
  bytes: number;
  gzipped: boolean;
}

/** Inflates a gzip body (magic 1f 8b) with the 50 MB cap; other bodies pass through. */
export function maybeGunzip(body: Buffer): { xml: Buffer; gzipped: boolean; error: string | null } {
  if (body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b) {
    try {
      return { xml: gunzipSync(body, { maxOutputLength: SITEMAP_MAX_BYTES + 1 }), gzipped: true, error: null };
    } catch (e) {
      return { xml: Buffer.alloc(0), gzipped: true, error: `could not be inflated: ${(e as Error).message}` };
    }
  }
  return { xml: body, gzipped: false, error: null };
}

export function parseSitemap(raw: Buffer, sitemapUrl: string): ParsedSitemap {
  const { xml: buffer, gzipped, error } = maybeGunzip(raw);
  const problems: SitemapProblem[] = [];
  const result: ParsedSitemap = { type: 'unknown', namespace: null, entries: [], problems, bytes: buffer.length, gzipped };
  if (error) {
    problems.push({ severity: 'high', code: 'gzip-invalid', message: `The gzip sitemap ${error}` });
    return result;
  }
  if (buffer.length > SITEMAP_MAX_BYTES)
    problems.push({ severity: 'high', code: 'too-large', message: `Uncompressed size ${buffer.length} bytes exceeds 50 MB (52,428,800 bytes)` });
  const xml = buffer.toString('utf8').replace(/^\uFEFF/, '');
  if (/<!ENTITY/i.test(xml))
    problems.push({ severity: 'medium', code: 'entity-declaration', message: 'The XML declares entities; they are not expanded (sitemaps need none)' });
  const valid = fastXmlParser().XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) {
    problems.push({
      severity: 'high',
      code: 'xml-invalid',
      message: `Not well-formed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`,
    });
    return result;
  }
  const parser = new (fastXmlParser().XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    processEntities: false,
    htmlEntities: false,
    // Prefixes are kept (removeNSPrefix would also drop the xmlns attributes the namespace check reads);
    // elements are looked up by local name.
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => localName(name) === 'url' || localName(name) === 'sitemap',
  });
  const doc = parser.parse(xml) as Record<string, unknown>;
  const rootKey = Object.keys(doc).find((k) => k !== '?xml' && !k.startsWith('#'));
  const rootName = rootKey ? localName(rootKey) : undefined;
  const root = rootKey ? (doc[rootKey] as Record<string, unknown> | string) : undefined;
  if (rootName !== 'urlset' && rootName !== 'sitemapindex') {
    problems.push({ severity: 'high', code: 'wrong-root', message: `The root element is <${rootName ?? 'none'}>, not <urlset> or <sitemapindex>` });
    return result;
  }
  result.type = rootName;
  const rootObj = typeof root === 'object' && root !== null ? root : {};
  const prefix = rootKey!.includes(':') ? rootKey!.slice(0, rootKey!.indexOf(':')) : null;
  const declared = rootObj[prefix ? `@xmlns:${prefix}` : '@xmlns'];
  const xmlns = typeof declared === 'string' ? declared : null;
  result.namespace = xmlns;
  if (xmlns !== SITEMAP_NS)
    problems.push({ severity: 'medium', code: 'namespace', message: `xmlns is ${xmlns ? `"${xmlns}"` : 'missing'}; expected "${SITEMAP_NS}"` });
  const items = (child(rootObj, rootName === 'urlset' ? 'url' : 'sitemap') as unknown[] | undefined) ?? [];
  if (items.length === 0) problems.push({ severity: 'medium', code: 'empty', message: `The ${rootName} has no entries` });
  if (items.length > SITEMAP_MAX_URLS)
    problems.push({ severity: 'high', code: 'too-many-urls', message: `${items.length} entries; a sitemap may list at most 50,000` });
  const sitemapHost = safeHost(sitemapUrl);
  const seen = new Set<string>();
  let crossHost = 0;
  for (const item of items.slice(0, SITEMAP_MAX_URLS + 1)) {
    const o = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const loc = text(child(o, 'loc'));
    const entry: SitemapEntry = {
      loc: loc ?? '',
      lastmod: text(child(o, 'lastmod')),
      changefreq: text(child(o, 'changefreq')),
      priority: text(child(o, 'priority')),
    };
    result.entries.push(entry);
    if (!loc) {
      problems.push({ severity: 'high', code: 'loc-missing', message: 'An entry has no <loc>' });
      continue;
    }
    let parsed: URL | null = null;
    try {
      parsed = new URL(loc);
    } catch {
      /* reported below */
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      problems.push({ severity: 'high', code: 'loc-invalid', message: `<loc> is not an absolute http(s) URL`, loc });
    else if (parsed.host.toLowerCase() !== sitemapHost) crossHost++;
    if (loc.length > 2048) problems.push({ severity: 'medium', code: 'loc-too-long', message: '<loc> is longer than 2,048 characters', loc });
    if (/[<>"]|&(?!amp;|lt;|gt;|quot;|apos;|#)/.test(loc))
      problems.push({ severity: 'medium', code: 'loc-unescaped', message: '<loc> has characters that must be entity-escaped', loc });
    if (seen.has(loc)) problems.push({ severity: 'low', code: 'duplicate', message: 'Listed more than once', loc });
    seen.add(loc);
    const lastmodProblem = entry.lastmod === null ? null : w3cDatetimeProblem(entry.lastmod);
    if (lastmodProblem)
      problems.push({ severity: 'medium', code: 'lastmod-invalid', message: `<lastmod> "${entry.lastmod}" of ${loc} ${lastmodProblem}`, loc });
    if (rootName === 'urlset') {
      if (entry.changefreq !== null && !CHANGEFREQ.has(entry.changefreq))
        problems.push({
          severity: 'low',
          code: 'changefreq-invalid',
          message: `<changefreq> "${entry.changefreq}" is not one of ${[...CHANGEFREQ].join(', ')}`,
          loc,
        });
      if (entry.priority !== null && !(Number(entry.priority) >= 0 && Number(entry.priority) <= 1 && /^\d(\.\d+)?$/.test(entry.priority)))
        problems.push({ severity: 'low', code: 'priority-invalid', message: `<priority> "${entry.priority}" is not between 0.0 and 1.0`, loc });
    }
  }
  if (crossHost > 0)
    problems.push({
      severity: 'medium',
      code: 'cross-host',
      message: `${crossHost} URL(s) are on another host than the sitemap (${sitemapHost}); crawlers ignore them unless robots.txt of that host points here`,
    });
  return result;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** A child element by its local name, in whatever namespace prefix the document gave it. */
function child(parent: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(parent).find((k) => !k.startsWith('@') && localName(k) === name);
  return key === undefined ? undefined : parent[key];
}

function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && '#text' in (v as Record<string, unknown>)) return String((v as Record<string, unknown>)['#text']).trim();
  return null;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}
