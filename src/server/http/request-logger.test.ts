import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerAnswer, requestLoggerFactory } from './request-logger';

/** A Fastify app logging to memory at `level`, through the shop's request-logger factory. */
function appLoggingAt(level: string, answers?: OneLinePerAnswer) {
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
    logController: answers ?? new OneLinePerAnswer({ disableRequestLogging: true }),
  });
  if (answers) answers.logger = app.log;
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

  it('writes one line per answer at info, once it is sent, and none for a route that logs less', async () => {
    const { app, lines } = appLoggingAt('info', new OneLinePerAnswer());
    app.get('/api/part', async () => 'ok');
    app.get('/healthz', { logLevel: 'warn' }, async () => 'ok');
    await app.inject('/api/part?page=2');
    await app.inject('/healthz');
    await app.inject('/missing');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'req-1',
        method: 'GET',
        url: '/api/part?page=2',
        statusCode: 200,
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
      expect.objectContaining({ url: '/missing', statusCode: 404, msg: 'request completed' }),
    ]);
  });

  it('hides a private link’s token in the answer’s line, wherever it is in the address', async () => {
    const { app, lines } = appLoggingAt('info', new OneLinePerAnswer());
    app.get('/api/purchase/:id', async () => 'ok');
    await app.inject('/api/purchase/7?token=s3cret-link');
    await app.inject('/api/purchase/7?view=full&token=s3cret-link&x=1');
    await app.inject('/api/purchase/7?view=full');
    expect(lines.map((line) => line.url)).toEqual([
      '/api/purchase/7?token=[hidden]',
      '/api/purchase/7?view=full&token=[hidden]&x=1',
      '/api/purchase/7?view=full',
    ]);
  });

  it('writes no line per answer above info', async () => {
    const { app, lines } = appLoggingAt('warn', new OneLinePerAnswer());
    app.get('/', async () => 'ok');
    await app.inject('/');
    expect(lines).toEqual([]);
  });
});
