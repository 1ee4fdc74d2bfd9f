import type { BaseLogger } from 'pino';
import type { Engines } from '../engines/index.ts';
import type { FileResult, UploadedFile } from '../files/result.ts';

/** The logging a tool or the pipeline may do; request loggers of both adapters fit it. */
export type Log = Pick<BaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/**
 * What a tool's `run` receives besides its input. Tools are pure: the clock, logging, cancellation
 * and (in later modules) engines, files and the network arrive here, never through imports.
 */
export interface ToolContext {
  readonly requestId: string;
  readonly signal: AbortSignal;
  readonly log: Log;
  /** Outbound I/O and converters (SSRF-guarded fetch, office, images…), built once at startup. */
  readonly engines: Engines;
  /** Uploaded inputs, scratch space and stored outputs of file tools. */
  readonly files: ToolFiles;
  /** The caller's plan limits that tools enforce themselves (e.g. URLs per bulk audit). */
  readonly plan: PlanLimits;
  now(): Date;
  /** Adds a line to the response's `warnings`. */
  warn(message: string): void;
}

export interface PlanLimits {
  name: string;
  /** URLs one bulk SEO audit may take (free 5, pro 20: docs/contract.md "Accounts, plans, quota and rate limits"). */
  bulkUrlLimit: number;
}

/** What applies when no accounts are configured around the pipeline (tests of a tool alone). */
export const DEFAULT_PLAN_LIMITS: PlanLimits = { name: 'free', bulkUrlLimit: 5 };

export interface ToolFiles {
  /** The call's uploads (file tools), already checked against the tool's `upload.accept` by their bytes. */
  readonly uploads: readonly UploadedFile[];
  /** A private scratch folder for this call, created on first use and removed when the call ends. */
  workDir(): Promise<string>;
  /** Stores an output file (taking ownership of it) and returns the file result with a link (docs/contract.md "Envelopes"). */
  put(path: string, meta: { fileName: string; mimeType: string }): Promise<FileResult>;
  /** Stores bytes made in memory as an output file (written to the scratch folder, then `put`). */
  putData(data: string | Uint8Array, meta: { fileName: string; mimeType: string }): Promise<FileResult>;
  /** Reads a file of this call, an upload or one in its scratch folder; nothing else. */
  read(filePath: string): Promise<Buffer>;
  /**
   * Writes `data` (text as UTF-8) to `name` and returns where: `name` is a path relative to the scratch folder, or
   * an absolute one inside it (folders are created).
   */
  write(name: string, data: string | Uint8Array): Promise<string>;
  /** Copies a file of this call (an upload, say) to `name` in the scratch folder (as for `write`) and returns where. */
  copy(filePath: string, name: string): Promise<string>;
  /** Creates the folder `name` in the scratch folder (as for `write`), for an engine's output, and returns where. */
  folder(name: string): Promise<string>;
}

/**
 * The context of one call through the pipeline (core/invoke.ts). Its AbortSignal is made when first asked for:
 * a synchronous tool (most) never asks, and a controller with its event target is the largest object a small
 * call would otherwise allocate. `warn` and `now` are bound, so a tool may pass them on as callbacks.
 */
export class CallContext implements ToolContext {
  readonly requestId: string;
  readonly log: Log;
  readonly engines: Engines;
  readonly files: ToolFiles;
  readonly plan: PlanLimits;
  readonly now: () => Date;
  readonly warn: (message: string) => void;
  #controller: AbortController | undefined;

  constructor(call: Omit<ToolContext, 'signal'>) {
    this.requestId = call.requestId;
    this.log = call.log;
    this.engines = call.engines;
    this.files = call.files;
    this.plan = call.plan;
    this.now = call.now;
    this.warn = call.warn;
    this.#controller = undefined;
  }

  get signal(): AbortSignal {
    return (this.#controller ??= new AbortController()).signal;
  }

  /** Stops the call's work (deadline, client gone): the signal a tool holds, or will ask for, is aborted. */
  abort(reason: unknown): void {
    (this.#controller ??= new AbortController()).abort(reason);
  }
}

/** The same context with another `warn`: for a tool that runs another tool and rewords its warnings. */
export function withWarn(ctx: ToolContext, warn: (message: string) => void): ToolContext {
  return {
    requestId: ctx.requestId,
    get signal() {
      return ctx.signal;
    },
    log: ctx.log,
    engines: ctx.engines,
    files: ctx.files,
    plan: ctx.plan,
    now: () => ctx.now(),
    warn,
  };
}
