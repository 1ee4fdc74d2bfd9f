import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = unknown[];

/**
 * A request's logger, made on its first line: most requests log nothing (the request line itself is at
 * info), and building a pino child with its bindings and redaction costs more than the rest of a small
 * tool call's logging (docs/architecture.md "Requests"). Lines below the level are dropped
 * without building it.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #at(level: Level, args: LogArgs): void {
    if (this.#child === undefined && this.#parent.isLevelEnabled?.(level) === false) return;
    (this.#real()[level] as (...line: unknown[]) => void)(...args);
  }

  fatal(...args: LogArgs): void {
    this.#at('fatal', args);
  }
  error(...args: LogArgs): void {
    this.#at('error', args);
  }
  warn(...args: LogArgs): void {
    this.#at('warn', args);
  }
  info(...args: LogArgs): void {
    this.#at('info', args);
  }
  debug(...args: LogArgs): void {
    this.#at('debug', args);
  }
  trace(...args: LogArgs): void {
    this.#at('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the per-request logger, built only when something is logged. */
export function lazyRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
