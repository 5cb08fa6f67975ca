// The baseline for bench/catalog.mjs: a bare Fastify server answering, for each address, the very bytes
// the shop answered for it, from memory. Usage: node bench/bare-server.mjs <port> <file>, the file holding
// { "<path and query>": "<JSON body as the shop sent it>", … }.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
/** @type {Map<string, string>} */
const bodies = new Map(Object.entries(JSON.parse(readFileSync(String(file), 'utf8'))));

const app = Fastify({ logger: false });
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
