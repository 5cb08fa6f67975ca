import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type Options = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger that makes its pino child (which serialises the request id) only when the request
 * logs at a level the shop writes: most requests log nothing, and making the child was a measurable
 * share of the cost of a cached catalogue answer.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: Options,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  private write(level: Level, args: unknown[]): void {
    // A parent without isLevelEnabled (Fastify's logger when logging is off) leaves it to its child.
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (level: Level) => boolean };
    if (parent.isLevelEnabled?.(level) === false) return;
    (this.real[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.real.level;
  }

  set level(level: string) {
    this.real.level = level;
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

  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's child-logger factory, with the lazy child above; a route with a log level of its own gets its
 * child at once, since that level may be more verbose than the shop's.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: { level?: string },
): FastifyBaseLogger {
  return options.level === undefined
    ? (new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger)
    : logger.child(bindings, options);
}
