// The baseline for bench/catalog.mjs: a bare Fastify server answering, for each address, the very bytes
// the shop answered for it, from memory. Usage: node bench/bare-server.mjs <port> <file>, the file holding
// { "<path and query>": "<JSON body as the shop sent it>", … }.
// It logs as the shop ships: pino at LOG_LEVEL (default `info`, as the shop's), one line per answer with
// the same fields, written to stdout, so the ratio compares like with like.
import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';

const [port, file] = process.argv.slice(2);
/** @type {Map<string, string>} */
const bodies = new Map(Object.entries(JSON.parse(readFileSync(String(file), 'utf8'))));

const app = Fastify({
  logger: { level: process.env.LOG_LEVEL || 'info' },
  logController: new LogController({ disableRequestLogging: true }),
});
app.addHook('onResponse', (request, reply, done) => {
  request.log.info(
    {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request completed',
  );
  done();
});
app.get('/healthz', () => ({ ok: true }));
app.get('/*', (request, reply) => {
  const body = bodies.get(request.url);
  if (body === undefined) return reply.code(404).send({ error: { code: 'not_found', message: 'Not here' } });
  return reply.type('application/json; charset=utf-8').send(body);
});

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
