import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { parts } from '#server/db/schema.ts';
import { addPart } from '../support/catalog';
import { ADDRESS } from '../support/orders';
import { freePort, spawnShop, waitForHealth } from '../support/shop-process';
import { createTestDatabase } from '../support/test-database';

const CUSTOMERS = 16;
const TERMINATIONS = 30;
const STOCK = 100_000;
const REQUEST_TIMEOUT_MS = 10_000;

interface Outcome {
  status: number;
  retryAfter: string | null;
  body: string;
}

/** One request that can never hang the test: a timeout counts as status 0. */
async function send(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  } catch (error) {
    return { status: 0, retryAfter: null, body: String(error) };
  }
}

describe('losing database connections while customers buy', () => {
  it('keeps the process alive, answers 503 in the window, recovers, and loses no unit of stock', async () => {
    const database = await createTestDatabase();
    const part = await addPart(
      { database },
      { name: 'Terminated-connection test part', available: STOCK, priceCents: 1000 },
    );
    const port = await freePort();
    const shop = spawnShop({
      DATABASE_URL: database.url!,
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      SIGN_UPS_PER_CLIENT: '1000',
      MAX_UNPAID_ORDERS_PER_CUSTOMER: '100000',
      MAX_EVENT_LOOP_DELAY_MS: '60000',
    });
    let exitCode: number | null | undefined;
    void shop.exited.then((code) => {
      exitCode = code;
    });
    const killer = new pg.Client({ connectionString: database.url });
    try {
      await waitForHealth(port);
      const base = `http://127.0.0.1:${port}`;
      const cookies = await Promise.all(
        Array.from({ length: CUSTOMERS }, async (_, i) => {
          const account = { email: `buyer-${i}@example.com`, password: 'Lost connection 42' };
          const post = (path: string, body: object) =>
            fetch(`${base}/api/auth/${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
          expect((await post('sign-up/email', { name: `Buyer ${i}`, ...account })).status).toBe(200);
          const response = await post('sign-in/email', account);
          expect(response.status).toBe(200);
          return response.headers
            .getSetCookie()
            .map((cookie) => cookie.split(';')[0])
            .join('; ');
        }),
      );
      const buy = (cookie: string) =>
        send(`${base}/api/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS }),
        });

      let buying = true;
      const outcomes: Outcome[] = [];
      const customers = cookies.map(async (cookie) => {
        while (buying) {
          const bought = await buy(cookie);
          outcomes.push(bought);
          if (bought.status === 201 && Math.random() < 0.5) {
            const { order } = JSON.parse(bought.body) as { order: { _id: string } };
            outcomes.push(
              await send(`${base}/api/purchase/${order._id}`, { method: 'DELETE', headers: { cookie } }),
            );
          }
        }
      });

      await killer.connect();
      for (let i = 0; i < TERMINATIONS; i++) {
        await killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const windowEnded = Date.now();
      let healthyAfterMs = Number.POSITIVE_INFINITY;
      const healthAnswers: string[] = [];
      while (Date.now() - windowEnded < 10_000) {
        const health = await send(`${base}/healthz`, {});
        healthAnswers.push(`${Date.now() - windowEnded} ms: ${health.status} ${health.body.slice(0, 120)}`);
        if (health.status === 200) {
          healthyAfterMs = Date.now() - windowEnded;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      buying = false;
      await Promise.all(customers);

      expect(exitCode, shop.output().slice(-3_000)).toBeUndefined();
      const unexpected = outcomes.filter(
        (outcome) =>
          !(
            outcome.status === 200 ||
            outcome.status === 201 ||
            (outcome.status === 503 && outcome.retryAfter)
          ),
      );
      expect(unexpected, JSON.stringify(unexpected.slice(0, 5))).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(0);
      expect(
        healthyAfterMs,
        `${healthAnswers.slice(-5).join('\n')}\n${shop.output().slice(-3_000)}`,
      ).toBeLessThanOrEqual(5_000);

      const afterwards = await Promise.all(cookies.map(buy));
      expect(
        afterwards.map((outcome) => outcome.status),
        `${afterwards[0]?.body}\n${shop.output().slice(-3_000)}`,
      ).toEqual(cookies.map(() => 201));

      const [stock] = await database.db
        .select({ available: parts.availableQuantity })
        .from(parts)
        .where(eq(parts.id, part.id));
      const [held] = await rowsOf<{ units: number }>(
        database.db,
        sql`select coalesce(sum(line.quantity), 0)::int as units from order_lines line
            join orders on orders.id = line.order_id
            where line.part_id = ${part.id} and orders.status not in ('cancelled', 'expired')`,
      );
      expect(stock!.available + held!.units).toBe(STOCK);
    } finally {
      await killer.end().catch(() => {});
      shop.child.kill('SIGKILL');
      await shop.exited;
      await database.close();
    }
  }, 120_000);
});
