import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

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

/** An address as logged: a private link's token (a visitor's order, a password reset) never reaches the logs. */
export const withoutTokens = (url: string) =>
  // Checked first: every answer's line passes here, and few addresses hold a token.
  url.includes('token=') ? url.replace(/([?&]token=)[^&#]*/g, '$1[hidden]') : url;

/** pino's numbers for the levels a route may set. */
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

type LevelCheckingLogger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * Fastify's request logging as one line per answer, at `info`, written once the answer has been sent:
 * the request id, method, address, status and response time in milliseconds. Fastify's own writes two
 * lines per request (one as it comes in, one as it ends), each through a child logger made for the
 * request; this one is written by the shop's logger itself (`logger`, set once the app has it), with no
 * child, and costs one level check when the shop logs above `info`. A route that logs above `info` (the
 * health check, asked every few seconds by a load balancer) is left out, as Fastify did; a request that
 * ended in an error of the reply is Fastify's own line, and every other line of Fastify's stays.
 */
export class OneLinePerAnswer extends LogController {
  logger: LevelCheckingLogger | undefined;

  override incomingRequest(): void {}

  /** The answer's line says 404. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const logger = this.logger;
    if (logger?.isLevelEnabled?.('info') !== true) return;
    const routeLevel = request.routeOptions.logLevel;
    if (routeLevel && (LEVEL_VALUES[routeLevel] ?? 0) > LEVEL_VALUES.info!) return;
    logger.info(
      {
        [this.requestIdLogLabel]: request.id,
        method: request.method,
        url: withoutTokens(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  }
}
