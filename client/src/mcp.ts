/**
 * The MCP interface of the API over Streamable HTTP (`{baseUrl}/mcp/http`), with plain fetch and
 * JSON-RPC: no MCP SDK needed. `verifyUntilPass` runs the canonical loop of SERVICE-SPEC 4.4:
 * `solve_task` → the host applies fixes → `verify_task` against the baseline, until `delta.gate` is `pass`.
 */
import { errorFromResponse, ToolApiError } from './errors.ts';
import { DEFAULT_TIMEOUT_MS, send, type FetchLike } from './transport.ts';

const PROTOCOL_VERSION = '2025-06-18';
const CLIENT_INFO = { name: '@toolapi/client', version: '0.1.0' };

export interface McpClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Path of the Streamable HTTP endpoint. Default `/mcp/http`. */
  path?: string;
}

export interface McpCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

/** A JSON-RPC error answered by the MCP server, or a tool result flagged `isError` that is not an API error envelope. */
export class McpError extends ToolApiError {
  /** JSON-RPC error code, when the error came as a JSON-RPC error. */
  readonly rpcCode: number | undefined;

  constructor(detail: string, rpcCode?: number, body?: unknown) {
    super({ status: 0, error: 'mcp_error', message: 'MCP error', detail, body });
    this.name = 'McpError';
    this.rpcCode = rpcCode;
  }
}

export type Gate = 'pass' | 'fail' | 'unknown';

export interface McpFinding {
  id: string;
  severity: 'high' | 'medium' | 'low' | 'info';
  title: string;
  evidence?: string;
  fix?: string;
  [key: string]: unknown;
}

export interface McpFix {
  rank?: number;
  severity?: string;
  fix: string;
  findingIds?: string[];
  [key: string]: unknown;
}

/** The job report of `solve_task` (and the `before`/`after` of `verify_task`). */
export interface TaskReport {
  status: string;
  score?: number | null;
  findings?: McpFinding[];
  fixes?: McpFix[];
  nextActions?: string[];
  [key: string]: unknown;
}

/** `delta` of `verify_task` (SERVICE-SPEC 4.4). */
export interface VerifyDelta {
  status?: string;
  gate?: Gate;
  gateReason?: string;
  scoreDeltas?: unknown;
  newFindings?: McpFinding[];
  resolvedFindings?: McpFinding[];
  remainingFindings?: McpFinding[];
  remainingFixes?: McpFix[];
  nextActions?: string[];
  [key: string]: unknown;
}

export interface VerifyResult {
  status: string;
  before?: TaskReport | null;
  after?: TaskReport | null;
  delta?: VerifyDelta;
  [key: string]: unknown;
}

/** What `applyFixes` is given each round. */
export interface FixRound<I> {
  /** 1 for the fixes after `solve_task`, then one more per `verify_task`. */
  round: number;
  /** The input as it stands. */
  input: I;
  /** The latest run: the `solve_task` report, then the `after` of each verification. */
  report: TaskReport;
  /** The latest verification's delta; undefined in round 1. */
  delta: VerifyDelta | undefined;
  /** Ranked fixes to apply (`delta.remainingFixes`, or the report's `fixes`). */
  fixes: McpFix[];
  /** Open findings (`delta.remainingFindings`, or the report's `findings`). */
  findings: McpFinding[];
  nextActions: string[];
}

export interface VerifyUntilPassOptions<I extends Record<string, unknown>> {
  /** Plain-language goal, e.g. "audit the security headers of https://example.com". */
  goal: string;
  /** The task's input (e.g. `{ url }`, `{ html }`). */
  input?: I;
  /** Most `verify_task` calls (each is billed like `solve_task`). Default 3. */
  maxRounds?: number;
  /** Applies the fixes (to a site, a file, the input…) and returns the new input, or nothing to keep it. */
  applyFixes: (round: FixRound<I>) => I | undefined | void | Promise<I | undefined | void>;
  /** Extra arguments for `solve_task` and `verify_task` (e.g. `{ enhance: true }`). */
  extra?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface VerifyUntilPassResult<I> {
  /** True when a verification's `delta.gate` was `pass`. */
  passed: boolean;
  gate: Gate;
  /** Why the loop ended: the gate passed, the rounds ran out, or a run answered a status other than a report. */
  stoppedBecause: 'passed' | 'max_rounds' | 'status';
  /** Status of the last answer (`completed`, `verified`, `suggest`, `need_input`, `error`, …). */
  status: string;
  /** `verify_task` calls made. */
  rounds: number;
  /** The input after the last fixes. */
  input: I;
  /** The answer of the first `solve_task`. */
  baseline: TaskReport;
  /** The last answer: a `verify_task` result, or the `solve_task` report when it stopped there. */
  last: VerifyResult | TaskReport;
  history: Array<{ round: number; status: string; gate: Gate; delta?: VerifyDelta }>;
}

interface RpcMessage {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a `text/event-stream` body until the JSON-RPC response with `id` arrives. */
async function readSse(body: ReadableStream<Uint8Array> | null, id: number): Promise<RpcMessage | undefined> {
  if (!body) return undefined;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const events = buffer.split(/\r?\n\r?\n/);
      buffer = done ? '' : (events.pop() ?? '');
      for (const event of events) {
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (!data) continue;
        const message = matching(JSON.parse(data) as unknown, id);
        if (message) return message;
      }
      if (done) return undefined;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function matching(parsed: unknown, id: number): RpcMessage | undefined {
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  return messages.find((m): m is RpcMessage => isRecord(m) && m.id === id && ('result' in m || 'error' in m));
}

export class McpClient {
  readonly url: string;
  readonly #options: McpClientOptions;
  #nextId = 1;
  #session: string | undefined;
  #protocol: string | undefined;
  #ready: Promise<void> | undefined;

  constructor(options: McpClientOptions) {
    this.#options = options;
    this.url = options.baseUrl.replace(/\/+$/, '') + (options.path ?? '/mcp/http');
  }

  #headers(): Record<string, string> {
    return {
      ...this.#options.headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-api-key': this.#options.apiKey,
      ...(this.#session ? { 'mcp-session-id': this.#session } : {}),
      ...(this.#protocol ? { 'mcp-protocol-version': this.#protocol } : {}),
    };
  }

  async #post(message: RpcMessage, options: McpCallOptions): Promise<{ reply: RpcMessage | undefined; headers: Headers }> {
    const fetchImpl = this.#options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const id = typeof message.id === 'number' ? message.id : -1;
    const received = await send(
      fetchImpl,
      {
        method: 'POST',
        url: this.url,
        headers: this.#headers(),
        body: JSON.stringify(message),
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        retry: false,
        idempotent: false,
      },
      async (response) => {
        if (response.status === 202 || message.id === undefined) {
          await response.body?.cancel();
          return undefined;
        }
        if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) return readSse(response.body, id);
        const text = await response.text();
        return text ? matching(JSON.parse(text) as unknown, id) : undefined;
      },
    );
    return { reply: received.value, headers: received.headers };
  }

  async #initialize(options: McpCallOptions): Promise<void> {
    this.#session = undefined;
    this.#protocol = undefined;
    const id = this.#nextId++;
    const { reply, headers } = await this.#post(
      { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO } },
      options,
    );
    if (!reply) throw new McpError(`${this.url}: no answer to initialize`);
    if (reply.error) throw new McpError(`initialize: ${reply.error.message}`, reply.error.code, reply.error);
    this.#session = headers.get('mcp-session-id') ?? undefined;
    const version = isRecord(reply.result) ? reply.result.protocolVersion : undefined;
    this.#protocol = typeof version === 'string' ? version : PROTOCOL_VERSION;
    await this.#post({ jsonrpc: '2.0', method: 'notifications/initialized' }, options);
  }

  #ensureSession(options: McpCallOptions): Promise<void> {
    this.#ready ??= this.#initialize(options).catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  /** Sends one JSON-RPC request (initialising the session first) and returns its result. */
  async request(method: string, params: Record<string, unknown>, options: McpCallOptions = {}): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      await this.#ensureSession(options);
      try {
        const { reply } = await this.#post({ jsonrpc: '2.0', id: this.#nextId++, method, params }, options);
        if (!reply) throw new McpError(`${method}: the server closed the stream without an answer`);
        if (reply.error) throw new McpError(`${method}: ${reply.error.message}`, reply.error.code, reply.error);
        return reply.result;
      } catch (error) {
        // A session the server no longer knows (restart, expiry): start a new one, once.
        if (attempt === 0 && error instanceof ToolApiError && error.status === 404 && this.#session) {
          this.#ready = undefined;
          continue;
        }
        throw error;
      }
    }
  }

  async listTools(options?: McpCallOptions): Promise<McpToolInfo[]> {
    const result = await this.request('tools/list', {}, options);
    return isRecord(result) && Array.isArray(result.tools) ? (result.tools as McpToolInfo[]) : [];
  }

  /**
   * Calls an MCP tool and returns its `structuredContent` (or its JSON text content). A result flagged
   * `isError` becomes a ToolApiError (the API's own subclasses for 401/403/429).
   */
  async callTool<T = Record<string, unknown>>(name: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<T> {
    const result = await this.request('tools/call', { name, arguments: args }, options);
    if (!isRecord(result)) throw new McpError(`${name}: the answer is not a tool result`, undefined, result);
    const text = Array.isArray(result.content)
      ? result.content
          .filter((c): c is { type: 'text'; text: string } => isRecord(c) && c.type === 'text' && typeof c.text === 'string')
          .map((c) => c.text)
          .join('\n')
      : '';
    let data: unknown = result.structuredContent;
    if (data === undefined) {
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        data = text;
      }
    }
    if (result.isError === true) {
      if (isRecord(data) && typeof data.code === 'number' && typeof data.error === 'string') {
        throw errorFromResponse(data.code, '', new Headers(), JSON.stringify(data));
      }
      throw new McpError(`${name}: ${text || JSON.stringify(data)}`, undefined, data);
    }
    return data as T;
  }

  /** `solve_task`: picks a workflow or tool for the goal and runs it (billed). */
  solveTask(args: { goal: string; input?: Record<string, unknown>; [key: string]: unknown }, options?: McpCallOptions): Promise<TaskReport> {
    return this.callTool<TaskReport>('solve_task', args, options);
  }

  /** `verify_task`: runs the task again and diffs it against `baseline` (billed like solve_task). */
  verifyTask(
    args: { goal?: string; input?: Record<string, unknown>; baseline: unknown; [key: string]: unknown },
    options?: McpCallOptions,
  ): Promise<VerifyResult> {
    return this.callTool<VerifyResult>('verify_task', args, options);
  }

  /** Ends the MCP session (DELETE), if one is open. */
  async close(): Promise<void> {
    const session = this.#session;
    this.#ready = undefined;
    this.#session = undefined;
    if (!session) return;
    const fetchImpl = this.#options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const response = await fetchImpl(this.url, { method: 'DELETE', headers: { 'x-api-key': this.#options.apiKey, 'mcp-session-id': session } }).catch(
      () => undefined,
    );
    await response?.body?.cancel();
  }

  /**
   * The fix–verify loop: `solve_task` once for a baseline, then up to `maxRounds` times: `applyFixes`
   * with the open fixes, `verify_task` against the latest report, stop when `delta.gate` is `pass`.
   * A `suggest`, `need_input` or `error` answer ends the loop (re-call with a clearer goal or the
   * missing fields — never guessed here).
   */
  async verifyUntilPass<I extends Record<string, unknown>>(options: VerifyUntilPassOptions<I>): Promise<VerifyUntilPassResult<I>> {
    const maxRounds = options.maxRounds ?? 3;
    if (!Number.isInteger(maxRounds) || maxRounds < 1) throw new TypeError('maxRounds: a whole number of at least 1');
    const call = { signal: options.signal };
    let input = (options.input ?? {}) as I;
    const baseline = await this.solveTask({ ...options.extra, goal: options.goal, input }, call);
    const history: VerifyUntilPassResult<I>['history'] = [];
    const stop = (status: string): boolean => ['suggest', 'need_input', 'error'].includes(status);
    if (stop(baseline.status)) {
      return { passed: false, gate: 'unknown', stoppedBecause: 'status', status: baseline.status, rounds: 0, input, baseline, last: baseline, history };
    }
    let report: TaskReport = baseline;
    let delta: VerifyDelta | undefined;
    let last: VerifyResult | TaskReport = baseline;
    for (let round = 1; round <= maxRounds; round++) {
      const next = await options.applyFixes({
        round,
        input,
        report,
        delta,
        fixes: delta?.remainingFixes ?? report.fixes ?? [],
        findings: delta?.remainingFindings ?? report.findings ?? [],
        nextActions: delta?.nextActions ?? report.nextActions ?? [],
      });
      if (next !== undefined && next !== null) input = next;
      const verified = await this.verifyTask({ ...options.extra, goal: options.goal, input, baseline: report }, call);
      last = verified;
      delta = verified.delta;
      const gate: Gate = delta?.gate === 'pass' || delta?.gate === 'fail' ? delta.gate : 'unknown';
      history.push({ round, status: verified.status, gate, delta });
      if (gate === 'pass') return { passed: true, gate, stoppedBecause: 'passed', status: verified.status, rounds: round, input, baseline, last, history };
      if (stop(verified.status))
        return { passed: false, gate, stoppedBecause: 'status', status: verified.status, rounds: round, input, baseline, last, history };
      report = verified.after ?? report;
    }
    const final = history.at(-1);
    return {
      passed: false,
      gate: final?.gate ?? 'unknown',
      stoppedBecause: 'max_rounds',
      status: final?.status ?? baseline.status,
      rounds: history.length,
      input,
      baseline,
      last,
      history,
    };
  }
}
