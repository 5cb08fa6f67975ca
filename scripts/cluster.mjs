// `npm run start:cluster`: several shop processes sharing one port and one PostgreSQL database.
// Sessions, rate limits and the catalogue cache are shared through the database, so any process can
// answer any request; a load balancer in front can spread traffic over machines the same way.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { ensureBuild } from './ensure-build.mjs';

if (cluster.isPrimary) {
  if (!process.env.DATABASE_URL) {
    console.error(
      'start:cluster needs DATABASE_URL: the embedded database in DATA_DIR belongs to one process.',
    );
    process.exit(1);
  }
  const workers = Number(process.env.WORKERS ?? availableParallelism());
  if (!Number.isInteger(workers) || workers < 1) {
    console.error(`Invalid setting WORKERS: a whole number above 0 (got "${process.env.WORKERS}")`);
    process.exit(1);
  }
  ensureBuild();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    });
  }
} else {
  await import('../dist/server/main.js');
}
