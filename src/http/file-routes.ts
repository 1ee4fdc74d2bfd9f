import type { FastifyInstance } from 'fastify';
import type { Files } from '../files/files.ts';

/** `GET /api/v1/files/{fileId}/{fileName}?expires=…&sig=…`: public (no key); the signature is the permission. */
export function registerFileRoutes(app: FastifyInstance, files: Files): void {
  app.get('/api/v1/files/:fileId/:fileName', async (request, reply) => {
    const { fileId } = request.params as { fileId: string };
    const { expires, sig } = request.query as { expires?: string; sig?: string };
    const { file, body } = await files.download(fileId, expires, sig);
    return reply
      .type(file.mimeType)
      .header('content-length', String(file.sizeBytes))
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'private, max-age=3600')
      .send(body);
  });
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name (RFC 8187). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
