import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../files/content-disposition.ts';
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
