import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface Asset {
  body: Buffer;
  type: string;
  /** A digest of the content: the ETag, and the `v` of the URL the pages link to. */
  version: string;
}

/** The files of src/web/assets, read once at start (a handful of small files). */
const ASSETS = new Map<string, Asset>(
  readdirSync(path.join(import.meta.dirname, 'assets')).flatMap((name) => {
    const type = TYPES[path.extname(name)];
    if (!type) return [];
    const body = readFileSync(path.join(import.meta.dirname, 'assets', name));
    return [[name, { body, type, version: createHash('sha256').update(body).digest('base64url').slice(0, 16) }] as const];
  }),
);

/**
 * The URL a page links an asset by: `/assets/<name>?v=<digest of its content>`. A new content is a new URL, so a
 * browser keeps the file for a year without asking again (RFC 9111 §5.2.2.1 max-age; RFC 8246 immutable) and
 * a page loads with no round trip for its styles and scripts.
 */
export function assetUrl(name: string): string {
  const asset = ASSETS.get(name);
  if (!asset) throw new Error(`no asset ${name} in src/web/assets`);
  return `/assets/${name}?v=${asset.version}`;
}

/**
 * The assets at /assets/<name>. Asked for with the current `v`, the answer may be kept for a year; any other
 * request (no `v`, or an old page's `v`) gets the current file with an ETag to revalidate cheaply. Nothing is
 * fetched from elsewhere: the pages work offline.
 */
export function registerAssets(web: FastifyInstance): void {
  for (const [name, { body, type, version }] of ASSETS) {
    const etag = `"${version}"`;
    web.get(`/assets/${name}`, async (request, reply) => {
      const current = (request.query as Record<string, unknown>).v === version;
      reply
        .header('etag', etag)
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }
}
