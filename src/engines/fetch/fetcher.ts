import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction, Socket } from 'node:net';
import { pinnedLookup } from './pinned-lookup.ts';
import { inspectTls, type TlsInspection } from './tls-inspect.ts';
import type { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { ToolError } from '../../core/errors.ts';
import { raceAbort } from '../../lib/abort.ts';
import { waitClock, type QueueWaits } from '../queue-waits.ts';
import type { DnsEngine, ResolvedAddress } from '../dns/resolver.ts';
import { classifyAddress, parseAllowList } from './address-policy.ts';

/**
 * The one way URL tools reach the network (docs/contract.md "Security"). Every URL, and every redirect hop, is
 * resolved first and refused when any of its addresses is not public unicast (unless TOOLAPI_FETCH_ALLOW
 * names it); the connection then goes to exactly the addresses that were checked (a pinned `lookup`), so
 * a DNS answer that changes between check and connect cannot redirect it. One deadline covers DNS,
 * connect, headers and body; bodies stop at a byte cap; redirects are followed by hand, at most 5.
 */
export interface FetchEngineOptions {
  dns: DnsEngine;
  allow: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** Fetches one tool call may run at once (default 8). */
  concurrency?: number;
  /** Fetches one tool call may make in all (default 500). */
  maxFetchesPerCall?: number;
}

export type FetchMethod = 'GET' | 'HEAD' | 'OPTIONS';

export interface FetchOptions {
  method?: FetchMethod;
  headers?: Record<string, string>;
  /** `follow` (default) follows up to `maxRedirects`; `manual` returns the 3xx response itself. */
  redirect?: 'follow' | 'manual';
  /** At most 5 (the default). */
  maxRedirects?: number;
  /** Lower than the engine's cap only. */
  maxBytes?: number;
  /** Lower than the engine's deadline only. */
  timeoutMs?: number;
  /** Return the first `maxBytes` instead of failing when the body is larger. */
  truncate?: boolean;
  /** The input field named in errors (default `url`). */
  field?: string;
}

export interface FetchHop {
  url: string;
  status: number;
  statusText: string;
  location: string | null;
  address: string;
  timeMs: number;
}

export interface TlsSummary {
  protocol: string | null;
  cipher: string | null;
  authorized: boolean;
  authorizationError: string | null;
}

export interface FetchTiming {
  /** Milliseconds, relative to the start of the last hop. */
  dnsMs: number;
  connectMs: number;
  tlsMs: number | null;
  ttfbMs: number;
  totalMs: number;
}

export interface FetchResult {
  requestedUrl: string;
  /** URL of the response returned (after redirects). */
  url: string;
  status: number;
  statusText: string;
  httpVersion: string;
  /** Lower-case names; repeated headers joined with `, ` (Set-Cookie is in `setCookie`). */
  headers: Record<string, string>;
  rawHeaders: Array<[string, string]>;
  setCookie: string[];
  contentType: string | null;
  /** Decoded body (after Content-Encoding). Empty for HEAD and redirects that were followed. */
  body: Buffer;
  truncated: boolean;
  /** Bytes on the wire (before decompression). */
  transferBytes: number;
  /** Redirect responses before this one, in order. */
  redirects: FetchHop[];
  remoteAddress: string;
  timing: FetchTiming;
  tls: TlsSummary | null;
}

export interface CheckedTarget {
  url: URL;
  /** Host without IPv6 brackets. */
  hostname: string;
  port: number;
  addresses: ResolvedAddress[];
}

export interface FetchSession {
  readonly userAgent: string;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** Parses, resolves and classifies a URL without connecting; throws `forbidden_target` / `validation_failed`. */
  check(url: string, field?: string): Promise<CheckedTarget>;
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /** TLS handshake with the checked address (SNI = host name); certificate chain, protocol, cipher, validation. */
  inspectTls(url: string, options?: { field?: string; probeLegacy?: boolean }): Promise<TlsInspection>;
}

export interface FetchEngine {
  readonly userAgent: string;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** A per-call view: its fetches share the call's signal and the per-call concurrency and count caps. */
  session(signal: AbortSignal): FetchSession;
  /** Resolve + classify (for the browser engine's request filter and proxy). */
  check(url: string, signal: AbortSignal, field?: string): Promise<CheckedTarget>;
  /** A TCP connection to a checked target's pinned address (used by the TLS inspector and the browser proxy). */
  lookupFor(target: CheckedTarget): LookupFunction;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export function createFetchEngine(options: FetchEngineOptions): FetchEngine {
  const allow = parseAllowList(options.allow);
  const concurrency = options.concurrency ?? 8;
  const maxFetches = options.maxFetchesPerCall ?? 500;

  async function check(raw: string, signal: AbortSignal, field = 'url', context = ''): Promise<CheckedTarget> {
    const url = parseTargetUrl(raw, field, context);
    const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const where = `${field}: ${context}`;
    const hostAllowed = allow.allowsHost(hostname);
    if (!hostAllowed && !net.isIP(hostname) && isLocalhostName(hostname)) {
      throw forbidden(`${where}${hostname} is a loopback name (RFC 6761), which URL tools may not fetch`);
    }
    if (net.isIP(hostname)) {
      if (!hostAllowed && !allow.allowsAddress(hostname)) {
        const v = classifyAddress(hostname);
        if (!v.allowed) throw forbidden(`${where}${hostname} is ${v.description}, which URL tools may not fetch`);
      }
      return { url, hostname, port, addresses: [{ address: hostname, family: net.isIP(hostname) as 4 | 6 }] };
    }
    const addresses = await options.dns.lookup(hostname, signal);
    if (!hostAllowed) {
      for (const { address } of addresses) {
        if (allow.allowsAddress(address)) continue;
        const v = classifyAddress(address);
        if (!v.allowed) throw forbidden(`${where}${hostname} resolves to ${address}, ${v.description}, which URL tools may not fetch`);
      }
    }
    return { url, hostname, port, addresses };
  }

  function session(callSignal: AbortSignal): FetchSession {
    const gate = semaphore(concurrency);
    let started = 0;
    return {
      userAgent: options.userAgent,
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs,
      check: (url, field) => check(url, callSignal, field),
      fetch: async (url, fetchOptions = {}) => {
        started++;
        if (started > maxFetches) {
          throw new ToolError('invalid_request', `${fetchOptions.field ?? 'url'}: one call may fetch at most ${maxFetches} URLs`);
        }
        return gate(() => fetchWithRedirects(url, fetchOptions, callSignal));
      },
      inspectTls: async (url, o = {}) => {
        const field = o.field ?? 'url';
        const target = await check(url, callSignal, field);
        return gate(() => inspectTls(target, callSignal, options.timeoutMs, o.probeLegacy ?? false, field));
      },
    };
  }

  async function fetchWithRedirects(raw: string, o: FetchOptions, callSignal: AbortSignal): Promise<FetchResult> {
    const field = o.field ?? 'url';
    const timeoutMs = Math.min(o.timeoutMs ?? options.timeoutMs, options.timeoutMs);
    const maxBytes = Math.min(o.maxBytes ?? options.maxBytes, options.maxBytes);
    const maxRedirects = Math.min(o.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new ToolError('timeout', `${field}: ${raw} did not answer completely within ${timeoutMs} ms (the URL tools' time limit)`)),
      timeoutMs,
    );
    const onCallAbort = (): void =>
      controller.abort(callSignal.reason instanceof ToolError ? callSignal.reason : new ToolError('timeout', `${field}: the request was cancelled`));
    if (callSignal.aborted) onCallAbort();
    callSignal.addEventListener('abort', onCallAbort, { once: true });
    const signal = controller.signal;
    try {
      const redirects: FetchHop[] = [];
      let current = raw;
      let method: FetchMethod = o.method ?? 'GET';
      for (let hop = 0; ; hop++) {
        const context = hop === 0 ? '' : `redirect ${hop} to ${current}: `;
        const target = await raceAbort(check(current, signal, field, context), signal, cancelledError);
        const follow = (o.redirect ?? 'follow') === 'follow';
        const response = await requestOnce(target, method, o.headers ?? {}, {
          signal,
          maxBytes,
          truncate: o.truncate ?? false,
          field,
          userAgent: options.userAgent,
          skipBodyIfRedirect: follow,
        });
        const location = response.headers.location ?? null;
        if (!follow || !REDIRECT_STATUSES.has(response.status) || location === null) {
          return { ...response, requestedUrl: raw, url: target.url.href, redirects };
        }
        redirects.push({
          url: target.url.href,
          status: response.status,
          statusText: response.statusText,
          location,
          address: response.remoteAddress,
          timeMs: response.timing.totalMs,
        });
        if (redirects.length > maxRedirects) {
          throw new ToolError(
            'upstream_failed',
            `${field}: more than ${maxRedirects} redirects (${redirects.map((r) => r.status).join(' → ')}), starting at ${raw}; a redirect loop or a chain too long to follow`,
          );
        }
        let next: URL;
        try {
          next = new URL(location, target.url);
        } catch {
          throw new ToolError('upstream_failed', `${field}: ${target.url.href} redirects to an invalid Location: ${location.slice(0, 200)}`);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new ToolError('upstream_failed', `${field}: ${target.url.href} redirects to a ${next.protocol} URL, which URL tools do not follow`);
        }
        if (response.status === 303 && method !== 'HEAD') method = 'GET';
        current = next.href;
      }
    } finally {
      clearTimeout(timer);
      callSignal.removeEventListener('abort', onCallAbort);
    }
  }

  return {
    userAgent: options.userAgent,
    maxBytes: options.maxBytes,
    timeoutMs: options.timeoutMs,
    session,
    check: (url, signal, field) => check(url, signal, field),
    lookupFor: (target) => pinnedLookup(target.addresses),
  };
}

function forbidden(detail: string): ToolError {
  return new ToolError('forbidden_target', detail);
}

export function isLocalhostName(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain';
}

/** `new URL` (WHATWG) normalises decimal, octal, hex and short IPv4 forms and IPv6 literals; then the scheme and credentials are checked. */
export function parseTargetUrl(raw: string, field = 'url', context = ''): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ToolError('validation_failed', `${field}: ${context}not a valid absolute URL (expected http:// or https://…)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolError('validation_failed', `${field}: ${context}only http and https URLs can be fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ToolError('validation_failed', `${field}: ${context}must not contain a user name or password`);
  if (!url.hostname) throw new ToolError('validation_failed', `${field}: ${context}has no host`);
  url.hash = '';
  return url;
}

interface OnceOptions {
  signal: AbortSignal;
  maxBytes: number;
  truncate: boolean;
  field: string;
  userAgent: string;
  skipBodyIfRedirect: boolean;
}

type HopResponse = Omit<FetchResult, 'requestedUrl' | 'url' | 'redirects'>;

function requestOnce(target: CheckedTarget, method: FetchMethod, extraHeaders: Record<string, string>, o: OnceOptions): Promise<HopResponse> {
  return new Promise<HopResponse>((resolve, reject) => {
    const t0 = performance.now();
    const ms = (): number => Math.round(performance.now() - t0);
    const timing: FetchTiming = { dnsMs: 0, connectMs: 0, tlsMs: null, ttfbMs: 0, totalMs: 0 };
    const isHttps = target.url.protocol === 'https:';
    const headers: Record<string, string> = {
      'user-agent': o.userAgent,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en',
      'accept-encoding': 'gzip, deflate, br',
      ...lowerKeys(extraHeaders),
      host: target.url.host,
    };
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      o.signal.removeEventListener('abort', onAbort);
      req.destroy();
      reject(toFetchError(error, target, o));
    };
    const onAbort = (): void => fail(o.signal.reason);
    const requestOptions: https.RequestOptions = {
      host: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method,
      headers,
      agent: false,
      lookup: pinnedLookup(target.addresses),
      maxHeaderSize: 64 * 1024,
      ...(isHttps ? { servername: net.isIP(target.hostname) ? '' : target.hostname, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] } : {}),
    };
    const req = (isHttps ? https : http).request(requestOptions);
    if (o.signal.aborted) {
      onAbort();
      return;
    }
    o.signal.addEventListener('abort', onAbort, { once: true });
    req.on('socket', (socket: Socket) => {
      socket.once('lookup', () => (timing.dnsMs = ms()));
      socket.once('connect', () => (timing.connectMs = ms()));
      socket.once('secureConnect', () => (timing.tlsMs = ms()));
    });
    req.on('error', fail);
    req.on('response', (res: http.IncomingMessage) => {
      timing.ttfbMs = ms();
      const socket = res.socket as TLSSocket | null;
      const tls: TlsSummary | null =
        isHttps && socket
          ? {
              protocol: typeof socket.getProtocol === 'function' ? socket.getProtocol() : null,
              cipher: typeof socket.getCipher === 'function' ? (socket.getCipher()?.name ?? null) : null,
              authorized: socket.authorized === true,
              authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
            }
          : null;
      const remoteAddress = socket?.remoteAddress ?? target.addresses[0]?.address ?? '';
      const rawHeaders: Array<[string, string]> = [];
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
      const headerMap: Record<string, string> = {};
      const setCookie: string[] = [];
      for (const [name, value] of rawHeaders) {
        const key = name.toLowerCase();
        if (key === 'set-cookie') setCookie.push(value);
        else headerMap[key] = headerMap[key] === undefined ? value : `${headerMap[key]}, ${value}`;
      }
      const status = res.statusCode ?? 0;
      const base = {
        status,
        statusText: res.statusMessage ?? '',
        httpVersion: res.httpVersion,
        headers: headerMap,
        rawHeaders,
        setCookie,
        contentType: headerMap['content-type'] ?? null,
        remoteAddress,
        tls,
      };
      const finish = (body: Buffer, truncated: boolean, transferBytes: number): void => {
        if (settled) return;
        settled = true;
        o.signal.removeEventListener('abort', onAbort);
        timing.totalMs = ms();
        req.destroy();
        resolve({ ...base, body, truncated, transferBytes, timing });
      };
      const noBody =
        method === 'HEAD' ||
        status === 204 ||
        status === 304 ||
        (status >= 100 && status < 200) ||
        (o.skipBodyIfRedirect && REDIRECT_STATUSES.has(status) && headerMap.location !== undefined);
      if (noBody) {
        finish(Buffer.alloc(0), false, 0);
        return;
      }
      let transferBytes = 0;
      res.on('data', (chunk: Buffer) => (transferBytes += chunk.length));
      res.on('error', fail);
      const decoded = decoderFor(res, headerMap['content-encoding']);
      decoded.on('error', (error: Error) => {
        if (!settled)
          fail(
            new ToolError(
              'upstream_failed',
              `${o.field}: ${target.url.href} sent a body that could not be decompressed (${headerMap['content-encoding'] ?? ''}: ${error.message})`,
            ),
          );
      });
      const chunks: Buffer[] = [];
      let size = 0;
      decoded.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (size + chunk.length > o.maxBytes) {
          if (o.truncate) {
            chunks.push(chunk.subarray(0, o.maxBytes - size));
            finish(Buffer.concat(chunks), true, transferBytes);
          } else {
            fail(
              new ToolError(
                'upstream_failed',
                `${o.field}: ${target.url.href} sent more than ${o.maxBytes.toLocaleString('en')} bytes (the URL tools' size limit); reading stopped there`,
              ),
            );
          }
          return;
        }
        size += chunk.length;
        chunks.push(chunk);
      });
      decoded.on('end', () => finish(Buffer.concat(chunks), false, transferBytes));
      res.on('aborted', () => fail(new ToolError('upstream_failed', `${o.field}: ${target.url.href} closed the connection before the body was complete`)));
    });
    req.end();
  });
}

function decoderFor(res: http.IncomingMessage, encoding: string | undefined): Readable {
  const e = (encoding ?? '').trim().toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (e === 'deflate') return res.pipe(zlib.createInflate());
  if (e === 'br') return res.pipe(zlib.createBrotliDecompress());
  return res;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

function toFetchError(error: unknown, target: CheckedTarget, o: OnceOptions): ToolError {
  if (error instanceof ToolError) return error;
  if (o.signal.aborted && o.signal.reason instanceof ToolError) return o.signal.reason;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const where = `${o.field}: ${target.url.href}`;
  const address = target.addresses[0]?.address ?? target.hostname;
  switch (code) {
    case 'ECONNREFUSED':
      return new ToolError('upstream_failed', `${where}: the connection to ${address} port ${target.port} was refused`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new ToolError('upstream_failed', `${where}: the server closed the connection (${code})`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return new ToolError('upstream_failed', `${where}: ${address} is unreachable (${code})`);
    case 'ETIMEDOUT':
      return new ToolError('timeout', `${where}: connecting to ${address} timed out`);
    case 'HPE_HEADER_OVERFLOW':
      return new ToolError('upstream_failed', `${where}: the response headers exceed 64 KB`);
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return new ToolError('upstream_failed', `${where}: the TLS handshake failed (is this an https URL on a plain-http port?)`);
    default:
      if (code.startsWith('HPE_')) return new ToolError('upstream_failed', `${where}: the server sent a malformed HTTP response (${code})`);
      if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) return new ToolError('upstream_failed', `${where}: the TLS handshake failed (${code})`);
      return new ToolError('upstream_failed', `${where}: the request failed (${code || (error as Error | undefined)?.message || 'unknown error'})`);
  }
}

/** Why a fetch stopped: the caller's reason (a deadline's ToolError), else a plain cancellation. */
function cancelledError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new ToolError('timeout', 'cancelled');
}

/** Runs a task when fewer than its limit are running, else once one ends. */
export interface Semaphore {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Read-only state, for metrics: the limit, the tasks running and those waiting for a turn. */
  stats(): { limit: number; active: number; waiting: number };
}

/** Runs at most `limit` tasks at once, the rest in arrival order; with `waits`, records how long each waited. */
export function semaphore(limit: number, waits?: QueueWaits): Semaphore {
  let active = 0;
  const waiting: Array<() => void> = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    const queuedAt = waits ? waitClock() : 0;
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    waits?.started(queuedAt);
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
  return Object.assign(run, { stats: () => ({ limit, active, waiting: waiting.length }) });
}
