// A load driven from many client addresses, for what the shop limits per client (searches read from the
// database count against SEARCHES_PER_CLIENT_PER_MINUTE, 60 per address at the shipped settings):
// loopback answers for all of 127/8 (as in signin-flood.mjs), so each connection comes from its own
// 127.1.x.y and moves to a fresh one before the limit; autocannon cannot choose its source address, so
// this load is driven with node:http.
import { Agent, request } from 'node:http';
import { percentile } from './lib.mjs';

/**
 * GET of path from a given local address, on a kept-alive connection; status, milliseconds and body.
 * @param {string} base @param {string} path @param {Agent} agent
 * @returns {Promise<{ status: number, ms: number, body: string }>}
 */
function get(base, path, agent) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent, timeout: 30_000 }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    req.end();
  });
}

let addresses = 0;
/** A connection from a loopback address no request of this run came from yet (127.1.x.y). */
function freshAgent() {
  const n = addresses++;
  return new Agent({
    keepAlive: true,
    maxSockets: 1,
    localAddress: `127.1.${Math.floor(n / 250) + 1}.${(n % 250) + 2}`,
  });
}

/**
 * `paths`, each asked once in the list's order, by `connections` clients in parallel, each from its own
 * loopback address and one request at a time, moving to a fresh address every `perAddress` requests;
 * with `bodies`, keeps each answer's body there.
 * @param {string} base @param {string[]} paths
 * @param {{ connections: number, perAddress: number, bodies?: Record<string, string> }} options
 */
export async function onceEachFromAddresses(base, paths, { connections, perAddress, bodies }) {
  let next = 0;
  const addressesBefore = addresses;
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<number, number>} */
  const statuses = new Map();
  const started = performance.now();
  const client = async () => {
    let agent = freshAgent();
    let asked = 0;
    while (next < paths.length) {
      const path = /** @type {string} */ (paths[next++]);
      if (asked++ === perAddress) {
        agent.destroy();
        agent = freshAgent();
        asked = 1;
      }
      const { status, ms, body } = await get(base, path, agent);
      if (bodies) bodies[path] = body;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) latencies.push(ms);
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, client));
  const seconds = (performance.now() - started) / 1000;
  return {
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(Math.max(...latencies)),
    rps: latencies.length / seconds,
    answered: latencies.length,
    failed: paths.length - latencies.length,
    addresses: addresses - addressesBefore,
    statuses: [...statuses.entries()].map(([status, count]) => `${status}×${count}`).join(' '),
  };
}
