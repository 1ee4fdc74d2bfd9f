import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * The files of src/web/assets at /assets/<name>: read once at start (a handful of small files), served with an
 * ETag so browsers revalidate cheaply. Nothing is fetched from elsewhere: the pages work offline.
 */
export function registerAssets(web: FastifyInstance): void {
  const dir = path.join(import.meta.dirname, 'assets');
  for (const name of readdirSync(dir)) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const body = readFileSync(path.join(dir, name));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    web.get(`/assets/${name}`, async (request, reply) => {
      reply.header('etag', etag).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }
}
