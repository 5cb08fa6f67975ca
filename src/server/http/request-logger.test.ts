import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger';

/** A Fastify app logging to memory at `level`, through the shop's request-logger factory. */
function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    childLoggerFactory: requestLoggerFactory,
    genReqId: () => 'req-1',
    disableRequestLogging: true,
  });
  return { app, lines };
}

describe('request logger', () => {
  it('writes what a request logs at the shop’s level, with the request id, and nothing below it', async () => {
    const { app, lines } = appLoggingAt('warn');
    app.get('/', async (request) => {
      request.log.info('not written');
      request.log.warn({ part: 7 }, 'written');
      request.log.child({ step: 'pay' }).error('from a child');
      return 'ok';
    });
    expect((await app.inject('/')).statusCode).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', part: 7, msg: 'written' }),
      expect.objectContaining({ level: 50, reqId: 'req-1', step: 'pay', msg: 'from a child' }),
    ]);
  });

  it('lets a route log more than the shop does when it says so', async () => {
    const { app, lines } = appLoggingAt('warn');
    app.get('/detailed', { logLevel: 'debug' }, async (request) => {
      request.log.debug('written at the route’s level');
      return 'ok';
    });
    await app.inject('/detailed');
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'req-1' })]);
  });

  it('works with logging off', async () => {
    const app = Fastify({ logger: false, childLoggerFactory: requestLoggerFactory });
    app.get('/', async (request) => {
      request.log.error('nowhere');
      return 'ok';
    });
    expect((await app.inject('/')).body).toBe('ok');
  });
});
