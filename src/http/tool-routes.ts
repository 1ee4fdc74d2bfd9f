import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ToolError } from '../core/errors.ts';
import { invoke, type Caller, type CallerIdentity, type InvokeDeps, type InvokeResult } from '../core/invoke.ts';
import { authenticateRequest } from './api-key.ts';
import type { Files } from '../files/files.ts';
import type { FileResult } from '../files/result.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import type { Registry } from '../registry/registry.ts';
import { contentDisposition } from '../files/content-disposition.ts';
import { sendResult, type OutputFormat } from './reply.ts';
import { receiveForm } from './uploads.ts';
import { claimIdempotency, fingerprintOf, idempotencyKeyOf, recordIdempotency, type IdempotencyStore } from './idempotency.ts';
import { prefersAsync, sendAccepted, type RestJobs } from './jobs.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, resolved once in the tool route's onRequest hook. */
    identity?: CallerIdentity;
  }
}

export interface ToolRouteOptions {
  jobs?: RestJobs | undefined;
  idempotency?: IdempotencyStore | undefined;
  /** A signed-in dashboard session as the caller, when the request has no API key (web/session-caller.ts). */
  sessionIdentity?: ((request: FastifyRequest) => Promise<CallerIdentity | undefined>) | undefined;
}

/** One route per tool, derived from its declaration; no tool-specific code lives here. */
export async function registerToolRoutes(
  app: FastifyInstance,
  registry: Registry,
  deps: InvokeDeps,
  config: Config,
  options: ToolRouteOptions = {},
): Promise<void> {
  const { jobs, idempotency, sessionIdentity } = options;
  const addRoutes = (scope: FastifyInstance, tool: AnyTool): void => {
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const format = requestedFormat(request);
      const binary = tool.response === 'file' && wantsBinary(request, config.binarySunset, deps.now?.() ?? new Date());
      const caller = callerOf(request, reply);
      let raw: unknown = request.method === 'GET' ? request.query : request.body;
      let cleanup: (() => Promise<void>) | undefined;
      // Only the file tools' routes parse multipart: for the others such a body is a 415 before the handler.
      if (tool.upload && request.isMultipart()) {
        const form = await receiveForm(request, config.scratchDir, config.maxUploadBytes);
        raw = form.fields;
        caller.uploads = form.uploads;
        cleanup = form.cleanup;
      }
      let outcome: InvokeResult;
      try {
        const key = request.method === 'POST' ? idempotencyKeyOf(request) : undefined;
        const runAsync = request.method === 'POST' && jobs !== undefined && prefersAsync(request);
        if (key && idempotency && request.identity) {
          const fingerprint = await fingerprintOf(`${tool.path} ${JSON.stringify(request.query)} ${runAsync ? 'async' : 'sync'}`, raw, caller.uploads);
          if (!(await claimIdempotency(idempotency, request, reply, request.identity.accountId, key, fingerprint))) return reply;
        }
        if (runAsync) {
          if (!request.identity) throw new ToolError('unauthorized', 'X-Api-Key: async jobs need an API key.');
          return sendAccepted(reply, await jobs.submit(tool, raw, caller.uploads ?? [], request.identity));
        }
        outcome = await invoke(tool, raw, caller, deps);
      } finally {
        // Before answering: a client that got its answer finds no trace of its upload left behind.
        if (cleanup) await cleanup();
      }
      if (binary && deps.files) return sendBinary(reply, deps.files, outcome.result as FileResult, config.binarySunset);
      return sendResult(reply, tool, outcome, format);
    };
    const routeConfig = { tool };
    // The key is checked before the body is read: without a valid key, a 401 whatever the body (even one too large).
    const { authenticate } = deps;
    // Without an API key, a signed-in dashboard session with its CSRF header may act for its account (web/session-caller.ts).
    const onRequest = authenticate
      ? async (request: FastifyRequest): Promise<void> => {
          request.identity = await authenticateRequest(
            request,
            async (apiKey) => (!apiKey && sessionIdentity ? await sessionIdentity(request) : undefined) ?? authenticate(apiKey),
          );
        }
      : undefined;
    // Callback form: a response without an Idempotency-Key (most) passes through without a promise.
    const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void): void => {
      if (!idempotency || !request.idempotency) return done(null, payload);
      recordIdempotency(idempotency, request, reply, payload).then(
        () => done(null, payload),
        (error: unknown) => done(error as Error),
      );
    };
    scope.post(tool.path, { config: routeConfig, ...(onRequest ? { onRequest } : {}), ...(idempotency ? { onSend } : {}) }, handler);
    if (tool.method === 'GET') scope.get(tool.path, { config: routeConfig, ...(onRequest ? { onRequest } : {}) }, handler);
  };
  for (const tool of registry.tools) if (!tool.upload) addRoutes(app, tool);
  // Multipart parsing, with the two hooks it adds to every request of its scope, only where a file can come:
  // file bodies are streamed to disk by the file tools' handlers (http/uploads.ts).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 20, fields: 50, fieldSize: 1024 * 1024, parts: 100 } });
    for (const tool of registry.tools) if (tool.upload) addRoutes(uploads, tool);
  });
}

/** `?format=markdown` (audit results as text/markdown) or `?format=json` (the bare result); absent, the tool's own shape. */
function requestedFormat(request: FastifyRequest): OutputFormat | undefined {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (format === undefined) return undefined;
  if (format === 'markdown' || format === 'json') return format;
  throw new ToolError('validation_failed', 'format: one of markdown, json (or omit it for the JSON envelope)');
}

/**
 * `?delivery=binary` (docs/contract.md "Files"): the legacy mode, answered until the sunset date and refused
 * with 410 after it, before any work is done or credit spent.
 */
function wantsBinary(request: FastifyRequest, sunset: string, now: Date): boolean {
  const delivery = (request.query as Record<string, unknown> | undefined)?.delivery;
  if (delivery === undefined || delivery === 'url') return false;
  if (delivery !== 'binary') throw new ToolError('validation_failed', 'delivery: one of url (default), binary (deprecated)');
  if (now.getTime() >= Date.parse(`${sunset}T00:00:00Z`)) {
    throw new ToolError('gone', `delivery: binary delivery ended on ${sunset}; omit delivery and GET the downloadUrl of the result.`);
  }
  return true;
}

const MIGRATION_DOCS = '/docs#delivery';

/** RFC 9745 `Deprecation`: binary delivery has been deprecated since 2026-01-01 (an @-prefixed Unix time). */
const BINARY_DEPRECATED = `@${Date.parse('2026-01-01T00:00:00Z') / 1000}`;

async function sendBinary(reply: FastifyReply, files: Files, result: FileResult, sunset: string): Promise<FastifyReply> {
  const stored = await files.byId(result.fileId);
  if (!stored) throw new ToolError('internal_error', 'The converted file could not be read back.');
  return reply
    .type(stored.mimeType)
    .header('content-disposition', contentDisposition(stored.fileName))
    .header('content-length', String(stored.sizeBytes))
    .header('deprecation', BINARY_DEPRECATED)
    .header('sunset', new Date(`${sunset}T00:00:00Z`).toUTCString()) // RFC 8594
    .header('link', `<${MIGRATION_DOCS}>; rel="deprecation"; type="text/html"`)
    .send(await files.read(stored));
}

export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  return new HttpCaller(request, reply);
}

/**
 * A REST call's caller. A class, not an object literal: V8 turns a literal with a getter into a slow
 * (dictionary) object on every call, which cost more than the signal it defers (measured with callgrind).
 */
class HttpCaller implements Caller {
  readonly requestId: string;
  readonly log: FastifyRequest['log'];
  readonly identity: CallerIdentity | undefined;
  uploads: Caller['uploads'];
  readonly #reply: FastifyReply;
  #gone: AbortSignal | undefined;

  constructor(request: FastifyRequest, reply: FastifyReply) {
    this.requestId = request.id;
    this.log = request.log;
    this.identity = request.identity;
    this.uploads = undefined;
    this.#reply = reply;
  }

  /** Made when first asked for (only work that waits asks): most tool calls finish before they could wait. */
  get signal(): AbortSignal {
    return (this.#gone ??= clientGone(this.#reply));
  }

  setHeader(name: string, value: string): void {
    this.#reply.header(name, value);
  }
}

/** Aborts when the response closes before it finished: the client went away, so the work stops. */
function clientGone(reply: FastifyReply): AbortSignal {
  const response = reply.raw;
  const controller = new AbortController();
  if (response.destroyed) {
    if (!response.writableFinished) controller.abort();
  } else {
    response.once('close', () => {
      if (!response.writableFinished) controller.abort();
    });
  }
  return controller.signal;
}
