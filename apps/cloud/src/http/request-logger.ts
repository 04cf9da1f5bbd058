// Fastify gives every request a child logger bound to its request id. pino's child() serializes
// the bindings and builds a new logger object: on a request the logger writes nothing of (with
// LOG_LEVEL above info Fastify's "incoming request" and "request completed" lines are not
// written), that child is the only thing logging costs, and every request pays it. Here the
// child is made when a line at an enabled level is first written (a warning, an error), with
// the same bindings; at info or below every request writes its lines, so it is made at once.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's levels (the names FastifyBaseLogger's `level` holds); a line is written at or above its logger's. */
const SEVERITY: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

const writes = (logger: FastifyBaseLogger, level: Level): boolean =>
  SEVERITY[level]! >= (SEVERITY[logger.level] ?? 0);

class DeferredChild {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  set level(level: string) {
    this.instance().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.instance().child(bindings, options);
  }

  /** The call as made (pino reads an object, a message and its arguments by position). */
  private write(level: Level, args: unknown[]): void {
    if (!writes(this.parent, level)) return;
    const logger = this.instance();
    Reflect.apply(logger[level], logger, args);
  }

  private instance(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }
}

/** Fastify's childLoggerFactory (see above). */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined || writes(parent, 'info'))
    return parent.child(bindings, options);
  return new DeferredChild(parent, bindings);
}
