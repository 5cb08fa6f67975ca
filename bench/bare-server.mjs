// The baseline for bench/catalog.mjs: a bare Fastify server answering the shop's catalogue JSON from
// memory. Usage: node bench/bare-server.mjs <port> <file with { list, detail }>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const { list, detail } = JSON.parse(readFileSync(String(file), 'utf8'));
const byId = new Map([[detail._id, detail]]);

const app = Fastify({ logger: false });
app.get('/healthz', () => ({ ok: true }));
app.get('/api/part', () => list);
app.get('/api/part/:id', (request, reply) => {
  const { id } = /** @type {{ id: string }} */ (request.params);
  return byId.get(id) ?? reply.code(404).send({ error: { code: 'not_found', message: 'Part not found' } });
});

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
