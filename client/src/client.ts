import { ToolApiError } from './errors.ts';
import { isFileLike, saveBody, toUpload, type DownloadableFile, type DownloadOptions, type FileInput, type FileResult, type SavedFile } from './files.ts';
import { createNamespaces, type Namespaces } from './generated/namespaces.ts';
import { OPERATIONS, type Invoke, type OperationId, type OperationMap } from './generated/operations.ts';
import { McpClient, type VerifyUntilPassOptions, type VerifyUntilPassResult } from './mcp.ts';
import { DEFAULT_TIMEOUT_MS, resolveRetry, send, type FetchLike } from './transport.ts';
import type { CallOptions, CatalogTool, OperationInfo, ResponseMeta, RetryOptions, ToolResponse, Usage } from './types.ts';

export const VERSION = '0.1.0';

export interface ToolApiOptions {
  /** The API key (`tk_…`), sent as `X-Api-Key`. Keep it out of browser code shipped to users. */
  apiKey: string;
  /** Where the API is served, e.g. `https://api.example.com` or `http://127.0.0.1:8080` (without `/api/v1`). */
  baseUrl: string;
  /** Deadline of each attempt in milliseconds. Default 60000. `0` means none. */
  timeoutMs?: number;
  /** Retry policy (see RetryOptions); `false` turns retries off. */
  retry?: RetryOptions | false;
  /** A fetch implementation (tests, proxies, old runtimes). Default: the global fetch. */
  fetch?: FetchLike;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** Input of `call` for an operation id: typed for the known ones, a plain object for tools newer than this client. */
export type InputOf<K extends string> = K extends OperationId ? OperationMap[K]['input'] : Record<string, unknown>;
/** Result of `call` for an operation id. */
export type OutputOf<K extends string> = K extends OperationId ? OperationMap[K]['output'] : unknown;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * The toolapi client. One namespace per module (`api.textUtilities`, `api.calculators`, …), one method
 * per tool named as the camelCase slug, typed with the tool's input and result; `call(operationId, input)`
 * reaches any tool, including ones newer than this client.
 *
 * ```ts
 * const api = new ToolApi({ apiKey: process.env.TOOLAPI_API_KEY!, baseUrl: 'http://127.0.0.1:8080' });
 * const { text } = await api.textUtilities.reverseText({ text: 'abc' }); // 'cba'
 * ```
 */
export class ToolApi {
  readonly baseUrl: string;
  /** The MCP interface (Streamable HTTP at `{baseUrl}/mcp/http`) with the same key: tools, `verifyUntilPass`. */
  readonly mcp: McpClient;
  readonly #apiKey: string;
  readonly #timeoutMs: number;
  readonly #retry: RetryOptions | false | undefined;
  readonly #fetch: FetchLike | undefined;
  readonly #headers: Record<string, string>;
  #catalog: Promise<CatalogTool[]> | undefined;

  constructor(options: ToolApiOptions) {
    if (!options || typeof options.baseUrl !== 'string') throw new TypeError('ToolApi: baseUrl is required, e.g. http://127.0.0.1:8080');
    const base = new URL(options.baseUrl); // throws on a malformed URL
    // `https://host/api/v1` is taken as `https://host`: the paths of the tools carry the /api/v1 prefix.
    this.baseUrl = base.href.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.#apiKey = options.apiKey ?? '';
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retry = options.retry;
    this.#fetch = options.fetch;
    this.#headers = { ...options.headers };
    this.mcp = new McpClient({ baseUrl: this.baseUrl, apiKey: this.#apiKey, fetch: options.fetch, timeoutMs: this.#timeoutMs, headers: this.#headers });
    const invoke = (operationId: string, input: unknown, callOptions?: CallOptions): Promise<unknown> =>
      this.#invoke(operationId, input, callOptions).then((r) => r.result);
    Object.assign(this, createNamespaces(invoke as Invoke));
  }

  /**
   * Calls a tool by operation id (`<module>.<camelCaseSlug>`, e.g. `calculators.gstCalculator`) and
   * returns its result. Ids this client does not know are looked up in the server's catalog.
   */
  call<K extends OperationId>(operationId: K, input: InputOf<K>, options?: CallOptions): Promise<OutputOf<K>> {
    return this.#invoke(operationId, input, options).then((r) => r.result as OutputOf<K>);
  }

  /** Like `call`, with the response's warnings, status, request id and quota headers. */
  callWithResponse<K extends OperationId>(operationId: K, input: InputOf<K>, options?: CallOptions): Promise<ToolResponse<OutputOf<K>>> {
    return this.#invoke(operationId, input, options) as Promise<ToolResponse<OutputOf<K>>>;
  }

  /**
   * `call` for an operation id known only at run time (user input, or a tool newer than this client, which is
   * looked up in the server's catalog): untyped, so a typo is a 404 from the server instead of a
   * compile error.
   */
  callDynamic(operationId: string, input: Record<string, unknown>, options?: CallOptions): Promise<unknown> {
    return this.#invoke(operationId, input, options).then((r) => r.result);
  }

  /** `callWithResponse` for an operation id known only at run time. */
  callDynamicWithResponse(operationId: string, input: Record<string, unknown>, options?: CallOptions): Promise<ToolResponse<unknown>> {
    return this.#invoke(operationId, input, options);
  }

  /** Every tool the server offers (public catalog, no key needed), filtered by words of `search` when given. */
  async tools(search?: string, options?: CallOptions): Promise<CatalogTool[]> {
    const all = await this.#loadCatalog(options);
    const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return all;
    const scored = all
      .map((tool) => {
        const name = `${tool.slug} ${tool.operationId} ${tool.name}`.toLowerCase();
        const text = `${name} ${tool.description} ${(tool.keywords ?? []).join(' ')}`.toLowerCase();
        if (!words.every((w) => text.includes(w))) return undefined;
        return { tool, score: words.filter((w) => name.includes(w)).length };
      })
      .filter((x): x is { tool: CatalogTool; score: number } => x !== undefined);
    return scored.sort((a, b) => b.score - a.score).map((x) => x.tool);
  }

  /** This month's credits: plan, used, limit, remaining, reset time and per-minute rate of the key's account. */
  async usage(options?: CallOptions): Promise<Usage> {
    const received = await this.#get('/api/v1/usage', true, options);
    return (received as { result: Usage }).result;
  }

  /**
   * Downloads a file result (or its `downloadUrl`) that did not come with `download()`, e.g. an entry of
   * `convertors.zipExtract`: the bytes, or with a path (Node) the file written there. No key is sent.
   */
  download(file: Pick<FileResult, 'downloadUrl'> & Partial<FileResult>, path?: undefined, options?: DownloadOptions): Promise<Uint8Array>;
  download(file: Pick<FileResult, 'downloadUrl'> & Partial<FileResult>, path: string, options?: DownloadOptions): Promise<SavedFile>;
  download(file: Pick<FileResult, 'downloadUrl'> & Partial<FileResult>, path?: string, options?: DownloadOptions): Promise<Uint8Array | SavedFile> {
    const fileName = file.fileName ?? (new URL(file.downloadUrl, `${this.baseUrl}/`).pathname.split('/').at(-1) || 'download');
    return this.#download({ ...file, fileName } as FileResult, path, options);
  }

  /** Runs `solve_task`, lets `applyFixes` change the input, then `verify_task` until `delta.gate` is `pass` (MCP). */
  verifyUntilPass<I extends Record<string, unknown>>(options: VerifyUntilPassOptions<I>): Promise<VerifyUntilPassResult<I>> {
    return this.mcp.verifyUntilPass(options);
  }

  #fetchImpl(): FetchLike {
    return this.#fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async #get(path: string, withKey: boolean, options?: CallOptions): Promise<unknown> {
    const received = await send(
      this.#fetchImpl(),
      {
        method: 'GET',
        url: this.baseUrl + path,
        headers: { accept: 'application/json', ...this.#headers, ...(withKey ? { 'x-api-key': this.#apiKey } : {}), ...options?.headers },
        signal: options?.signal,
        timeoutMs: options?.timeoutMs ?? this.#timeoutMs,
        retry: resolveRetry(this.#retry, options?.retry),
        idempotent: true,
      },
      (response) => response.json() as Promise<unknown>,
    );
    return received.value;
  }

  #loadCatalog(options?: CallOptions): Promise<CatalogTool[]> {
    this.#catalog ??= this.#get('/api/v1/catalog', false, options).then((body) => {
      const modules = (body as { result?: { modules?: Array<{ module: string; tools: Omit<CatalogTool, 'module'>[] }> } }).result?.modules ?? [];
      return modules.flatMap((m) => m.tools.map((t) => ({ module: m.module, ...t })));
    });
    this.#catalog.catch(() => (this.#catalog = undefined));
    return this.#catalog;
  }

  async #operation(operationId: string, options?: CallOptions): Promise<{ op: OperationInfo; discovered: boolean }> {
    if (Object.hasOwn(OPERATIONS, operationId)) return { op: (OPERATIONS as Record<string, OperationInfo>)[operationId] as OperationInfo, discovered: false };
    const found = (await this.#loadCatalog(options)).find((t) => t.operationId === operationId);
    if (!found) {
      throw new ToolApiError({
        status: 404,
        error: 'not_found',
        message: 'Unknown operation',
        detail: `operationId: "${operationId}" is not a tool of ${this.baseUrl}; list them with api.tools() (ids look like textUtilities.reverseText).`,
      });
    }
    // A tool newer than this client: its answer's shape is recognised from the response.
    return { op: { method: found.method, path: found.path, response: 'envelope' }, discovered: true };
  }

  async #invoke(operationId: string, input: unknown, options: CallOptions = {}): Promise<ToolResponse<unknown>> {
    if (input !== undefined && !isRecord(input)) throw new TypeError(`${operationId}: input must be an object of the tool's fields`);
    const { op, discovered } = await this.#operation(operationId, options);
    const fields: Json = {};
    const files: Array<{ field: string; file: FileInput }> = [];
    const fileFields = op.upload ? [op.upload.field, ...(op.upload.aliases ?? [])] : [];
    for (const [key, value] of Object.entries(input ?? {})) {
      if (value === undefined) continue;
      const values = Array.isArray(value) ? value : [value];
      const named = fileFields.includes(key) && values.every((v) => typeof v === 'string' || isFileLike(v));
      if (named || (values.length > 0 && values.every(isFileLike))) {
        for (const file of values) files.push({ field: key, file: file as FileInput });
      } else {
        fields[key] = value;
      }
    }

    const headers: Record<string, string> = {
      accept: 'application/json, text/plain;q=0.9, text/markdown;q=0.8',
      ...this.#headers,
      'x-api-key': this.#apiKey,
      ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
      ...options.headers,
    };
    let url = this.baseUrl + op.path;
    let method: string = 'POST';
    let body: RequestInit['body'];
    if (files.length > 0) {
      const form = new FormData();
      for (const { field, file } of files) {
        const upload = await toUpload(file);
        form.append(field, upload.blob, upload.fileName);
      }
      // Other fields travel as one JSON part, so numbers and booleans keep their types.
      if (Object.keys(fields).length > 0) form.append('inputs', JSON.stringify(fields));
      body = form;
    } else if (op.method === 'GET' && Object.values(fields).every(isScalar)) {
      method = 'GET';
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) query.append(key, String(value));
      const qs = query.toString();
      if (qs) url += `?${qs}`;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    }

    const received = await send(
      this.#fetchImpl(),
      {
        method,
        url,
        headers,
        body,
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? this.#timeoutMs,
        retry: resolveRetry(this.#retry, options.retry),
        // GET tools only read; every other tool call is treated as non-idempotent (see RetryOptions).
        idempotent: op.method === 'GET',
      },
      (response) => response.text(),
    );
    const { result, warnings } = unwrap(op, discovered, received.headers, received.value);
    const meta: ResponseMeta = {
      status: received.status,
      requestId: received.headers.get('x-request-id') ?? undefined,
      warnings,
      quotaRemaining: numberHeader(received.headers.get('x-quota-remaining')),
      headers: received.headers,
      attempts: received.attempts,
    };
    options.onResponse?.(meta);
    const value = op.response === 'file' || (discovered && isFileResult(result)) ? this.#downloadable(result as FileResult) : result;
    return { ...meta, result: value };
  }

  #downloadable(result: FileResult): DownloadableFile {
    const client = this;
    async function download(path?: string, options?: DownloadOptions): Promise<Uint8Array | SavedFile> {
      return client.#download(result, path, options);
    }
    Object.defineProperty(result, 'download', { value: download, enumerable: false, writable: true, configurable: true });
    return result as DownloadableFile;
  }

  async #download(result: FileResult, path: string | undefined, options: DownloadOptions = {}): Promise<Uint8Array | SavedFile> {
    const url = new URL(result.downloadUrl, `${this.baseUrl}/`).href;
    const received = await send(
      this.#fetchImpl(),
      {
        method: 'GET',
        url,
        // The link is signed: no API key goes with it (SERVICE-SPEC 4.3).
        headers: { accept: '*/*' },
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? this.#timeoutMs,
        retry: resolveRetry(this.#retry, undefined),
        idempotent: true,
      },
      async (response) => (path === undefined ? new Uint8Array(await response.arrayBuffer()) : saveBody(response.body, path, result.fileName)),
    );
    return received.value;
  }
}

/** The namespaces (`api.textUtilities`, …) are attached in the constructor from the generated code. */
export interface ToolApi extends Namespaces {}

function numberHeader(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function isFileResult(value: unknown): value is FileResult {
  return isRecord(value) && typeof value.downloadUrl === 'string' && typeof value.fileId === 'string' && typeof value.fileName === 'string';
}

function unwrap(op: OperationInfo, discovered: boolean, headers: Headers, text: string): { result: unknown; warnings: string[] } {
  if (op.response === 'text') return { result: text, warnings: [] };
  const type = headers.get('content-type') ?? '';
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (cause) {
    if (discovered && !/json/i.test(type)) return { result: text, warnings: [] };
    throw new ToolApiError({
      status: 200,
      error: 'invalid_response',
      message: 'Invalid response',
      detail: `${op.path} answered ${type || 'no content type'} that is not JSON: ${text.slice(0, 200)}`,
      requestId: headers.get('x-request-id') ?? undefined,
      headers,
      cause,
    });
  }
  const warningsOf = (b: Json): string[] => (Array.isArray(b.warnings) ? b.warnings.filter((w): w is string => typeof w === 'string') : []);
  if (op.response === 'bare-json') return { result: body, warnings: [] };
  if (isRecord(body) && body.status === true && 'result' in body) return { result: body.result, warnings: warningsOf(body) };
  if (discovered) return { result: body, warnings: [] };
  throw new ToolApiError({
    status: 200,
    error: 'invalid_response',
    message: 'Invalid response',
    detail: `${op.path} answered without the success envelope: ${text.slice(0, 200)}`,
    requestId: headers.get('x-request-id') ?? undefined,
    headers,
  });
}
