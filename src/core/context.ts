import type { BaseLogger } from 'pino';

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
  now(): Date;
  /** Adds a line to the response's `warnings`. */
  warn(message: string): void;
}
