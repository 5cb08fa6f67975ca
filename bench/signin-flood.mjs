// A sign-in flood beside a signed-in customer. 40 client addresses (127.0.0.2…41: loopback answers for
// all of 127/8) sign in to unknown accounts for 15 s, one request at a time each and each well under its
// own per-client limit, while a signed-in customer browses (session, cart, orders) from 127.0.0.1.
// Budgets per engine: the customer's p99 ≤ 250 ms, and every sign-in of the flood answered within 30 s.
// The shop runs at its shipped settings (limits and log level as `npm start` has them).
import { Agent, request } from 'node:http';
import {
  createDatabase,
  dropDatabase,
  percentile,
  postgresAvailable,
  runBenchmark,
  startShop,
  stop,
  tempDir,
} from './lib.mjs';

const PORT = 5141;
const CLIENTS = 40;
const FLOOD_SECONDS = 15;
/** Each client's attempts: under SIGN_IN_ATTEMPTS_PER_CLIENT (30 per 15 minutes), as the attack was. */
const ATTEMPTS_PER_CLIENT = 25;
const ANSWER_TIMEOUT_MS = 30_000;
const BYSTANDER_P99_MS = 250;
const PASSWORD = 'bench flood customer 2026';

/**
 * One HTTP request from a given local address; resolves with its status (0 when it got no answer in
 * time) and how long it took.
 * @param {{ method: string, path: string, agent?: Agent, cookie?: string, body?: object }} options
 * @returns {Promise<{ status: number, ms: number, headers: import('node:http').IncomingHttpHeaders }>}
 */
function send({ method, path, agent, cookie, body }) {
  const started = performance.now();
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        agent: agent ?? false,
        timeout: ANSWER_TIMEOUT_MS,
        headers: {
          origin: `http://127.0.0.1:${PORT}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            headers: response.headers,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, headers: {} }));
    req.end(payload);
  });
}

/** Signs a customer up and in; returns the session cookie. */
async function customerCookie() {
  const account = { email: 'flood-bystander@example.com', password: PASSWORD };
  const signedUp = await send({
    method: 'POST',
    path: '/api/auth/sign-up/email',
    body: { name: 'Bystander', ...account },
  });
  if (signedUp.status !== 200) throw new Error(`sign-up: ${signedUp.status}`);
  const signedIn = await send({ method: 'POST', path: '/api/auth/sign-in/email', body: account });
  const cookie = [signedIn.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (signedIn.status !== 200 || !cookie) throw new Error(`sign-in: ${signedIn.status}`);
  return cookie;
}

/**
 * The flood and the bystander, side by side, for FLOOD_SECONDS.
 * @returns {Promise<{ bystander: number[], bystanderFailures: number, flood: Map<number, number> }>}
 */
async function floodBesideCustomer(/** @type {string} */ cookie) {
  const until = performance.now() + FLOOD_SECONDS * 1000;
  /** @type {Map<number, number>} status → answers (0: none within ANSWER_TIMEOUT_MS) */
  const flood = new Map();
  const client = async (/** @type {number} */ index) => {
    // One connection per client address, kept alive between its requests as HTTP clients do.
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${index + 2}` });
    for (let attempt = 0; attempt < ATTEMPTS_PER_CLIENT && performance.now() < until; attempt++) {
      const { status } = await send({
        method: 'POST',
        path: '/api/auth/sign-in/email',
        agent,
        body: { email: `nobody-${index}-${attempt}@example.com`, password: `guess ${attempt} of ${index}` },
      });
      flood.set(status, (flood.get(status) ?? 0) + 1);
    }
    agent.destroy();
  };
  /** @type {number[]} */
  const bystander = [];
  let bystanderFailures = 0;
  const browse = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const paths = ['/api/session', '/api/cart', '/api/purchase?user=flood-bystander%40example.com'];
    for (let i = 0; performance.now() < until; i++) {
      const { status, ms } = await send({
        method: 'GET',
        path: paths[i % paths.length] ?? '/',
        agent,
        cookie,
      });
      if (status === 200) bystander.push(ms);
      else bystanderFailures++;
    }
    agent.destroy();
  };
  await Promise.all([browse(), ...Array.from({ length: CLIENTS }, (_, index) => client(index))]);
  return { bystander, bystanderFailures, flood };
}

await runBenchmark('signin-flood', async (report) => {
  /** @type {{ engine: string, start: () => Promise<{ shop: Awaited<ReturnType<typeof startShop>>, drop: () => Promise<void> }> }[]} */
  const engines = [
    {
      engine: 'PGlite',
      start: async () => ({
        shop: await startShop({
          port: PORT,
          dataDir: tempDir(),
          env: { LOG_LEVEL: '', SIGN_IN_ATTEMPTS_PER_CLIENT: '', SIGN_UPS_PER_CLIENT: '' },
        }),
        drop: async () => {},
      }),
    },
  ];
  if (await postgresAvailable()) {
    engines.push({
      engine: 'PostgreSQL',
      start: async () => {
        const database = await createDatabase();
        return {
          shop: await startShop({
            port: PORT,
            databaseUrl: database.url,
            env: { LOG_LEVEL: '', SIGN_IN_ATTEMPTS_PER_CLIENT: '', SIGN_UPS_PER_CLIENT: '' },
          }),
          drop: () => dropDatabase(database.name),
        };
      },
    });
  } else report.note('PostgreSQL on 127.0.0.1:5432 did not answer: PGlite only');

  /** @type {(string | number)[][]} */
  const rows = [];
  for (const { engine, start } of engines) {
    const { shop, drop } = await start();
    try {
      const cookie = await customerCookie();
      const { bystander, bystanderFailures, flood } = await floodBesideCustomer(cookie);
      const p99 = percentile(bystander, 99);
      const unanswered = flood.get(0) ?? 0;
      const answers = [...flood.entries()]
        .filter(([status]) => status !== 0)
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      rows.push([
        engine,
        bystander.length,
        percentile(bystander, 50).toFixed(1),
        p99.toFixed(1),
        Math.max(...bystander).toFixed(1),
        bystanderFailures,
        answers,
        unanswered,
      ]);
      report.check(
        `${engine}: the signed-in customer during the flood`,
        p99 <= BYSTANDER_P99_MS && bystanderFailures === 0,
        `p99 ${p99.toFixed(1)} ms over ${bystander.length} requests, ${bystanderFailures} failed (budget p99 ≤ ${BYSTANDER_P99_MS} ms, none failed)`,
      );
      report.check(
        `${engine}: every sign-in of the flood answered`,
        unanswered === 0,
        `${unanswered} without an answer in ${ANSWER_TIMEOUT_MS / 1000} s; answers ${answers}`,
      );
    } finally {
      await stop(shop);
      await drop();
    }
  }
  report.table(
    [
      'engine',
      'customer requests',
      'p50 ms',
      'p99 ms',
      'max ms',
      'customer failures',
      'flood answers',
      'flood unanswered',
    ],
    rows,
  );
});
