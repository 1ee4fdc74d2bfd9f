import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ToolError } from '../core/errors.ts';
import type { Engines } from '../engines/index.ts';
import type { Store } from '../store/index.ts';

/**
 * The `mcp.job.finished` webhook (docs/contract.md "MCP"): an account may configure one URL; when
 * one of its async runs finishes, a JSON event is POSTed there, signed the Standard Webhooks way
 * (webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of id.timestamp.body>`).
 * Delivery is best-effort with bounded retries and never affects the run. The signing secret is shown
 * once and stored only AES-256-GCM encrypted under a key derived (HKDF) from the server secret. The URL
 * is reached through the SSRF-guarded fetch engine's address checks (TOOLAPI_FETCH_ALLOW applies).
 */
export const WEBHOOK_EVENT = 'mcp.job.finished';

/** The body of `PUT /api/v1/webhooks`. */
export const webhookBody = z.object({
  url: z.string().min(1, 'is required').max(2048, 'at most 2048 characters').describe('Where mcp.job.finished events are POSTed'),
});

export interface WebhookConfig {
  url: string;
  events: string[];
}

export interface JobFinishedData {
  runId: string;
  tool: string;
  status: string;
  resultStatus: string | null;
  createdAt: string;
  finishedAt: string;
  summary: Record<string, unknown>;
}

export interface Webhooks {
  /** Sets the account's URL and a new secret; the secret is returned here only. */
  configure(accountId: string, url: string): Promise<WebhookConfig & { secret: string }>;
  get(accountId: string): Promise<WebhookConfig | undefined>;
  remove(accountId: string): Promise<boolean>;
  /** Delivers in the background; failures are logged, never thrown. */
  notify(accountId: string, data: JobFinishedData): void;
  /** Waits briefly for deliveries in flight, then abandons them. */
  close(): Promise<void>;
}

export interface WebhookDeps {
  store: Store;
  serverSecret: string;
  engines: Engines | undefined;
  logger: Logger;
  now: () => Date;
  /** Attempts per event (default 3) and the delay before the second one (doubles each time). */
  attempts?: number;
  backoffMs?: number;
  timeoutMs?: number;
}

const FORMAT = 'v1';

export function createWebhooks(deps: WebhookDeps): Webhooks {
  const key = Buffer.from(hkdfSync('sha256', deps.serverSecret, 'toolapi-mcp-webhooks', 'webhook-secret-encryption-v1', 32));
  const attempts = deps.attempts ?? 3;
  const backoffMs = deps.backoffMs ?? 1000;
  const timeoutMs = deps.timeoutMs ?? 5000;
  const inFlight = new Set<Promise<void>>();
  const controller = new AbortController();
  const { db } = deps.store;

  const encrypt = (plain: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  };
  const decrypt = (stored: string): string => {
    const [format, iv, tag, data] = stored.split(':');
    if (format !== FORMAT || !iv || !tag || !data) throw new Error('unknown webhook secret format');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  };

  const deliver = async (url: string, secret: string, id: string, body: string): Promise<void> => {
    const log = deps.logger.child({ webhookId: id });
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (controller.signal.aborted) return;
      try {
        const timestamp = Math.floor(deps.now().getTime() / 1000).toString();
        const status = await post(url, body, {
          'content-type': 'application/json',
          'user-agent': 'toolapi-webhooks/1',
          'webhook-id': id,
          'webhook-timestamp': timestamp,
          'webhook-signature': sign(secret, id, timestamp, body),
        });
        if (status >= 200 && status < 300) return;
        log.warn({ status, attempt }, 'webhook receiver refused the event');
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error), attempt }, 'webhook delivery failed');
      }
      if (attempt < attempts) await sleep(backoffMs * 2 ** (attempt - 1), controller.signal);
    }
    log.warn('webhook event dropped after the last attempt');
  };

  const post = async (url: string, body: string, headers: Record<string, string>): Promise<number> => {
    const fetchEngine = deps.engines?.fetch;
    if (!fetchEngine) throw new Error('no fetch engine to reach webhook URLs');
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]);
    const target = await fetchEngine.check(url, signal, 'url');
    const client = target.url.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const req = client.request(
        target.url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
          lookup: fetchEngine.lookupFor(target),
          signal,
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  };

  return {
    async configure(accountId, url) {
      const parsed = parseWebhookUrl(url);
      if (deps.engines?.fetch) await deps.engines.fetch.check(parsed, AbortSignal.timeout(timeoutMs), 'url');
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const updated = await db
        .updateTable('accounts')
        .set({ webhook_url: parsed, webhook_secret: encrypt(secret) })
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new ToolError('not_found', 'account: not found.');
      return { url: parsed, events: [WEBHOOK_EVENT], secret };
    },
    async get(accountId) {
      const row = await db.selectFrom('accounts').select(['webhook_url', 'webhook_secret']).where('id', '=', accountId).executeTakeFirst();
      return row?.webhook_url && row.webhook_secret ? { url: row.webhook_url, events: [WEBHOOK_EVENT] } : undefined;
    },
    async remove(accountId) {
      const updated = await db
        .updateTable('accounts')
        .set({ webhook_url: null, webhook_secret: null })
        .where('id', '=', accountId)
        .where('webhook_url', 'is not', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
    notify(accountId, data) {
      const task = (async () => {
        const row = await db.selectFrom('accounts').select(['webhook_url', 'webhook_secret']).where('id', '=', accountId).executeTakeFirst();
        if (!row?.webhook_url || !row.webhook_secret) return;
        const id = `msg_${data.runId}`;
        const body = JSON.stringify({ type: WEBHOOK_EVENT, timestamp: deps.now().toISOString(), data });
        await deliver(row.webhook_url, decrypt(row.webhook_secret), id, body);
      })().catch((error: unknown) => deps.logger.warn({ err: error, runId: data.runId }, 'webhook not sent'));
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
    async close() {
      const all = Promise.all([...inFlight]);
      const grace = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
      await Promise.race([all, grace]);
      controller.abort();
      await all;
    },
  };
}

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, keyed by the base64 part of `whsec_…`. */
export function sign(secret: string, id: string, timestamp: string, body: string): string {
  const keyBytes = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', keyBytes).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

function parseWebhookUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolError('validation_failed', 'url: not a valid URL; send an absolute http(s) URL such as https://example.com/hooks/toolapi.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ToolError('validation_failed', 'url: must use https (or http).');
  if (url.username || url.password)
    throw new ToolError('validation_failed', 'url: must not contain credentials; authenticate the events with the signing secret.');
  return url.toString();
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
