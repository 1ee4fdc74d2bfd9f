import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Whether the request carries `Authorization: Bearer <TOOLAPI_ADMIN_TOKEN>`, compared in constant time; never without a token. */
export function hasAdminToken(request: FastifyRequest, adminToken: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!adminToken || !header?.startsWith('Bearer ')) return false;
  const sent = Buffer.from(header.slice(7));
  const expected = Buffer.from(adminToken);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
