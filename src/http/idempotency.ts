import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RawUpload } from '../core/call-files.ts';
import { ToolError } from '../core/errors.ts';
import type { Store } from '../store/index.ts';

/**
 * `Idempotency-Key` on tool calls (docs/api.md): the first request with a key runs; the same key with the same
 * request within 24 hours gets the stored response (status, headers, body) without running or billing again;
 * with another request, 422 `idempotency_mismatch`; while the first still runs, 409. Keys belong to an account
 * and live in the store, so every instance sees them. Responses that say "try again" (429, 5xx) are not kept:
 * a retry runs.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;
/** Headers that belong to one answer, not to the stored response. */
const NOT_REPLAYED = new Set([
  'date',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
]);

interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as sent: text, or base64 when it was bytes. */
  body: string;
  base64?: true;
}

export interface IdempotencyStore {
  /** Claims the key for this request, or says what an earlier request with it left. */
  begin(
    accountId: string,
    key: string,
    fingerprint: string,
  ): Promise<{ kind: 'new' } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' } | { kind: 'running' }>;
  complete(accountId: string, key: string, response: StoredResponse): Promise<void>;
  release(accountId: string, key: string): Promise<void>;
  prune(): Promise<number>;
}

export function createIdempotencyStore(store: Store, now: () => Date): IdempotencyStore {
  const db = store.db;
  return {
    async begin(accountId, key, fingerprint) {
      const at = now();
      await db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key).where('expires_at', '<', at.toISOString()).execute();
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({
          account_id: accountId,
          key,
          fingerprint,
          state: 'running',
          response: null,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
        })
        .onConflict((c) => c.columns(['account_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { kind: 'new' };
      const row = await db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
      if (!row) return { kind: 'running' }; // released between the two statements: the other request failed and a retry may follow
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.state !== 'done' || !row.response) return { kind: 'running' };
      return { kind: 'replay', response: JSON.parse(row.response) as StoredResponse };
    },
    async complete(accountId, key, response) {
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', response: JSON.stringify(response) })
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .execute();
    },
    async release(accountId, key) {
      await db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key).where('state', '=', 'running').execute();
    },
    async prune() {
      const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now().toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an Idempotency-Key: its response is stored when sent. */
    idempotency?: { accountId: string; key: string };
  }
}

/** The request's Idempotency-Key header, checked (1–255 visible ASCII characters), or undefined. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY.test(key))
    throw new ToolError('validation_failed', 'Idempotency-Key: 1 to 255 visible ASCII characters (a UUID is a good choice)', { param: 'Idempotency-Key' });
  return key;
}

/** SHA-256 of what makes two requests the same: route, fields and each uploaded file's field, name and bytes. */
export async function fingerprintOf(route: string, fields: unknown, uploads: readonly RawUpload[] = []): Promise<string> {
  const hash = createHash('sha256')
    .update(route)
    .update('\0')
    .update(JSON.stringify(fields ?? null));
  for (const upload of uploads) {
    hash.update(`\0${upload.field}\0${upload.fileName}\0`);
    for await (const chunk of createReadStream(upload.path)) hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/**
 * Claims the key for this request: true when it should run; false when the reply was already sent from an
 * earlier request's stored response. Mismatch and "still running" are thrown as 422 / 409.
 */
export async function claimIdempotency(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const outcome = await store.begin(accountId, key, fingerprint);
  switch (outcome.kind) {
    case 'new':
      request.idempotency = { accountId, key };
      return true;
    case 'mismatch':
      throw new ToolError(
        'idempotency_mismatch',
        'Idempotency-Key: this key was used with a different request in the last 24 hours; use a new key for a new request.',
        { param: 'Idempotency-Key' },
      );
    case 'running':
      throw new ToolError(
        'idempotency_in_progress',
        'Idempotency-Key: a request with this key is still in progress; retry after it finishes to get its response.',
        { param: 'Idempotency-Key', headers: { 'retry-after': '1' } },
      );
    case 'replay': {
      const { status, headers, body, base64 } = outcome.response;
      await reply
        .code(status)
        .headers(headers)
        .header('idempotent-replayed', 'true')
        .send(base64 ? Buffer.from(body, 'base64') : body);
      return false;
    }
  }
}

/**
 * onSend: stores the response of a request that holds a key, or frees the key when the answer says "try again"
 * or is a stream (a binary download is not kept; its retry runs again).
 */
export async function recordIdempotency(store: IdempotencyStore, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const held = request.idempotency;
  if (!held) return;
  request.idempotency = undefined;
  const status = reply.statusCode;
  if (status === 429 || status >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    await store.release(held.accountId, held.key);
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !NOT_REPLAYED.has(name.toLowerCase())) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  await store.complete(
    held.accountId,
    held.key,
    Buffer.isBuffer(payload) ? { status, headers, body: payload.toString('base64'), base64: true } : { status, headers, body: payload },
  );
}
