import { z } from 'zod';
import type { AnyTool } from '../registry/define-tool.ts';
import type { Engines } from '../engines/index.ts';
import { CallFiles, checkUploads, type FileDeps, type RawUpload } from './call-files.ts';
import { CallContext, DEFAULT_PLAN_LIMITS, type Log, type PlanLimits, type ToolFiles } from './context.ts';
import { ToolError } from './errors.ts';
import type { UploadedFile } from '../files/result.ts';
import { didYouMean } from '../lib/did-you-mean.ts';

/** Who is calling, as the adapter (HTTP or MCP) knows it. */
export interface Caller {
  requestId: string;
  log: Log;
  /** Aborts when the client goes away. */
  signal?: AbortSignal;
  /**
   * The caller as `InvokeDeps.authenticate` resolved it, once per request (REST: before any body was read; MCP:
   * once per HTTP request, for every step it runs; async runs: from the key id the run was accepted with).
   */
  identity?: CallerIdentity | undefined;
  /** Response headers the gate sets (rate-limit and quota state); adapters without headers omit it. */
  setHeader?: (name: string, value: string) => void;
  /** Files that came with the call (multipart uploads, MCP file inputs), on disk; the adapter removes them. */
  uploads?: RawUpload[];
}

/** The outcome of admitting a call: settled exactly once, after the tool ran. */
export interface Admission {
  commit(): Promise<void> | void;
  refund(): Promise<void> | void;
  /** The caller's plan, for limits a tool enforces itself. */
  plan?: PlanLimits;
  /** Whose call it is: stored outputs belong to this account. */
  accountId?: string;
}

/**
 * The seam for access checks and billing: called after the input is valid and before the work;
 * throws a ToolError (401/403/429) to refuse. Without a gate every call is admitted for free.
 */
export type Gate = (tool: AnyTool, caller: Caller) => Promise<Admission> | Admission;

/** An authenticated caller; opaque to the pipeline (the gate that made it reads the rest). */
export interface CallerIdentity {
  readonly accountId: string;
  /** The API key it came with (async jobs re-check it when they run). */
  readonly keyId?: string;
}

export interface InvokeDeps extends FileDeps {
  gate?: Gate;
  /** Resolves an API key (401 when missing, unknown or revoked); adapters call it before reading a body. */
  authenticate?: (apiKey: string | undefined) => Promise<CallerIdentity>;
  now?: () => Date;
  engines?: Engines;
}

export interface InvokeResult {
  result: unknown;
  warnings: string[];
}

const FREE: Admission = { commit() {}, refund() {} };
const NO_UPLOADS: readonly UploadedFile[] = Object.freeze([]);
const NO_ENGINES: Engines = Object.freeze({});
const currentTime = (): Date => new Date();

/**
 * THE pipeline: both REST and MCP call this, so validation, billing and errors cannot drift apart.
 * admit (key, plan, rate, credits) -> parse input and uploads -> run under a deadline in a scratch folder
 * -> validate output -> commit or refund -> clean up.
 * Admission comes first so a bad key is a 401 whatever the body; a refused body refunds its credit.
 */
export async function invoke(tool: AnyTool, rawInput: unknown, caller: Caller, deps: InvokeDeps = {}): Promise<InvokeResult> {
  const admission = deps.gate ? await deps.gate(tool, caller) : FREE;
  let settled = false;
  let files: CallFiles | undefined;
  try {
    const input = parseInput(tool, rawInput);
    // Most tools take no file and most calls bring none: no await (and no promise) for them.
    const rawUploads = caller.uploads ?? [];
    files = new CallFiles(tool.upload || rawUploads.length > 0 ? await checkUploads(tool, rawUploads) : NO_UPLOADS, deps, admission.accountId ?? null);
    const warnings: string[] = [];
    const ran = runWithDeadline(tool, { input, raw: rawInput }, caller, warnings, deps, admission.plan ?? DEFAULT_PLAN_LIMITS, files);
    // A synchronous tool's result is used as it is: no promise and no turn of the microtask queue for it.
    const output = isPromiseLike(ran) ? await ran : ran;
    // A call run in the CPU pool had its output checked there, off the event loop (engines/cpu/worker.ts).
    const result = output instanceof CheckedOutput ? output.value : checkedOutput(tool, output, caller.log);
    settled = true;
    const committed = admission.commit();
    if (committed) await committed;
    return { result, warnings };
  } catch (error) {
    if (!settled) await admission.refund();
    throw error;
  } finally {
    const removed = files?.cleanup();
    if (removed) await removed;
  }
}

/** The tool's output as its schema parses it. An output its schema refuses is the tool's fault: 500, with the issues logged. */
export function checkedOutput(tool: AnyTool, output: unknown, log: Log): unknown {
  const checked = tool.output.safeParse(output);
  if (checked.success) return checked.data;
  log.error({ tool: tool.operationId, issues: checked.error.issues }, 'tool output failed its schema');
  throw new ToolError('internal_error', 'The tool produced an invalid result; quote the X-Request-Id when reporting it.', {
    cause: new Error(`${tool.operationId} output failed its schema: ${JSON.stringify(checked.error.issues)}`),
  });
}

/** An output already checked against its tool's schema (in a CPU-pool worker). */
class CheckedOutput {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/** Accepts fields at the top level or nested under `inputs` (docs/contract.md "Envelopes"), then validates them. */
export function parseInput(tool: AnyTool, rawInput: unknown): unknown {
  const candidate = rawInput === undefined || rawInput === null || rawInput === '' ? {} : rawInput;
  if (!isPlainObject(candidate)) {
    throw new ToolError('invalid_request', "body: expected a JSON object with the tool's fields (see the catalog for its inputSchema)");
  }
  const body = unwrapInputs(tool, candidate);
  rejectUnknownFields(tool, body);
  const parsed = tool.input.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Query parameters the HTTP adapter reads itself (a GET tool's query is its input). */
const ADAPTER_FIELDS = new Set(['format', 'delivery']);

/**
 * A field the tool does not take is a mistake, not something to drop silently (a typo would otherwise be
 * billed as a call with the field missing): 400 naming each one, with the closest real field.
 */
function rejectUnknownFields(tool: AnyTool, body: Record<string, unknown>): void {
  const known = fieldNamesOf(tool);
  if (!known) return;
  // A key holding undefined was not sent (JSON has no undefined): only fields with a value count.
  const unknown = Object.keys(body).filter((key) => body[key] !== undefined && !known.includes(key) && !(tool.method === 'GET' && ADAPTER_FIELDS.has(key)));
  if (unknown.length === 0) return;
  const details = unknown.slice(0, 5).map((key) => `${key}: not a field of ${tool.id}.${didYouMean(key, known)}`);
  throw new ToolError('validation_failed', `${details.join(' ')} Its fields: ${known.join(', ') || 'none'}.`);
}

/** The input's field names when it is an object schema, read once per tool (zod's `instanceof` runs a check of its own). */
const fieldNames = new WeakMap<AnyTool, readonly string[] | null>();

function fieldNamesOf(tool: AnyTool): readonly string[] | null {
  let names = fieldNames.get(tool);
  if (names === undefined) {
    names = tool.input instanceof z.ZodObject ? Object.keys(tool.input.shape as Record<string, unknown>) : null;
    fieldNames.set(tool, names);
  }
  return names;
}

function unwrapInputs(tool: AnyTool, body: Record<string, unknown>): Record<string, unknown> {
  if (!isPlainObject(body.inputs) || fieldNamesOf(tool)?.includes('inputs')) return body;
  const { inputs, ...rest } = body;
  return { ...rest, ...inputs };
}

export function validationError(error: z.ZodError): ToolError {
  const details = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    return `${field}: ${describeIssue(issue)}`;
  });
  return new ToolError('validation_failed', details.join('; '));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.message.includes('received undefined')) return 'is required';
  return issue.message.replace(/^Invalid input: /, '');
}

/** A `cpu: large-input` tool's input above this many characters, or uploads above this many bytes, runs in the worker pool; smaller ones inline (faster). */
export const CPU_INLINE_CHARS = 16_384;
export const CPU_INLINE_BYTES = 64 * 1024;

function uploadBytes(files: ToolFiles): number {
  return files.uploads.reduce((total, upload) => total + upload.sizeBytes, 0);
}

/** Whether the strings (and keys) of a JSON-like value add up to more than `limit` characters; stops counting there. */
function exceedsChars(value: unknown, limit: number): boolean {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') total += item.length;
    else if (Array.isArray(item)) {
      total += item.length;
      // One at a time: spreading a huge array into push() would overflow the call stack.
      if (total <= limit) for (const inner of item) stack.push(inner);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        total += key.length;
        stack.push(inner);
      }
    } else total += 8;
  }
  return total > limit;
}

/**
 * Runs the tool with an AbortSignal. A synchronous tool finishes before any timer could fire, so only
 * asynchronous work (engines, I/O) races the deadline; on expiry the signal aborts and the call fails.
 */
function runWithDeadline(
  tool: AnyTool,
  { input, raw }: { input: unknown; raw: unknown },
  caller: Caller,
  warnings: string[],
  deps: InvokeDeps,
  plan: PlanLimits,
  files: ToolFiles,
): unknown {
  const ctx = new CallContext({
    requestId: caller.requestId,
    log: caller.log,
    engines: deps.engines ?? NO_ENGINES,
    files,
    plan,
    now: deps.now ?? currentTime,
    warn: (message) => void warnings.push(message),
  });
  const pool = deps.engines?.cpu;
  const output =
    pool && (tool.cpu === 'always' || (tool.cpu === 'large-input' && (exceedsChars(raw, CPU_INLINE_CHARS) || uploadBytes(files) > CPU_INLINE_BYTES)))
      ? pool
          .run(
            {
              kind: 'tool',
              module: tool.module,
              slug: tool.slug,
              input: raw,
              uploads: [...files.uploads],
              requestId: caller.requestId,
              now: ctx.now().getTime(),
              plan,
            },
            ctx.signal,
          )
          .then(({ output: result, warnings: notes }) => {
            warnings.push(...notes);
            return new CheckedOutput(result);
          })
      : tool.run(input, ctx);
  return isPromiseLike(output) ? raceDeadline(tool, output, ctx, caller) : output;
}

async function raceDeadline(tool: AnyTool, output: PromiseLike<unknown>, ctx: CallContext, caller: Caller): Promise<unknown> {
  const onCallerGone = (): void => ctx.abort(caller.signal?.reason);
  caller.signal?.addEventListener('abort', onCallerGone, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ToolError('timeout', `The tool did not finish within ${tool.timeoutMs} ms; try a smaller input.`);
      ctx.abort(error);
      reject(error);
    }, tool.timeoutMs);
  });
  try {
    return await Promise.race([output, deadline]);
  } finally {
    clearTimeout(timer);
    caller.signal?.removeEventListener('abort', onCallerGone);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
