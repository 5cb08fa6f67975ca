// The floor under bench/checkout.mjs: the SQL writes of one paid cart order of two parts, sent by a bare
// `pg` client with no HTTP, no auth and no ORM, at the same concurrency and on the same database and
// parts as the shop's run. What the shop does beyond these statements (sessions, carts, prices, the
// payment provider, mails) is what the ratio shop ÷ SQL prices.
//
// Per order, as the shop's checkout and payment do (modules/orders/place-order.ts, settle.ts):
// - checkout, one transaction: lock the buyer's account row; read the parts' prices; insert the order
//   with its two lines and its first event in one statement; last, take the stock of both parts in one
//   conditional update that locks them in part order;
// - payment, one transaction: lock the order; mark it paid with its event in one statement.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { percentile } from './lib.mjs';

/** The shop's own pool size (src/server/db/postgres.ts). */
const POOL_SIZE = 10;

const ADDRESS = JSON.stringify({
  name: 'Bench Buyer',
  address: '1 Load Street',
  location: 'Testville',
  country: 'NO',
  phone: '+1 555 0100',
});

/**
 * Orders placed and paid per second by `buyers` concurrent loops for `seconds`, and the p99 latency of
 * one (both transactions). The stock taken is put back at the end, so the shop's stock checks after it
 * still add up.
 * @param {{ databaseUrl: string, partIds: string[], buyers: number, seconds: number }} options
 */
export async function sqlCheckout({ databaseUrl, partIds, buyers, seconds }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  try {
    const { rows: accounts } = await pool.query(
      "select id, email, name from users where email like 'buyer%@example.com' order by email limit $1",
      [buyers],
    );
    if (accounts.length === 0) throw new Error('no buyer accounts in the database');
    const sorted = [...partIds].sort();
    /** @type {number[]} */
    const latencies = [];
    let units = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: buyers }, async (_, i) => {
        const account = accounts[i % accounts.length];
        for (let n = 0; performance.now() < deadline; n++) {
          const quantity = 1 + ((i + n) % 3);
          const began = performance.now();
          await placeAndPay(pool, account, sorted, quantity);
          latencies.push(performance.now() - began);
          units += quantity * sorted.length;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    for (const id of sorted)
      await pool.query('update parts set available_quantity = available_quantity + $2 where id = $1', [
        id,
        units / sorted.length,
      ]);
    return {
      ordersPerSecond: latencies.length / elapsed,
      p99: percentile(latencies, 99),
      orders: latencies.length,
    };
  } finally {
    await pool.end();
  }
}

/** @param {pg.Pool} pool @param {{ id: string, email: string, name: string }} account @param {string[]} partIds @param {number} quantity */
async function placeAndPay(pool, account, partIds, quantity) {
  const orderId = randomUUID();
  await transaction(pool, async (client) => {
    await client.query('select id from users where id = $1 for update', [account.id]);
    const { rows: priced } = await client.query(
      'select id, price_cents, name from parts where id = any($1::uuid[]) order by id',
      [partIds],
    );
    const subtotal = priced.reduce((sum, part) => sum + part.price_cents * quantity, 0);
    await client.query(
      'with lines as (insert into order_lines (order_id, position, part_id, part_name, unit_price_cents, ' +
        'quantity, line_total_cents) select $1, n, part_id, part_name, price, $2, price * $2 ' +
        'from unnest($3::uuid[], $4::text[], $5::int[]) with ordinality as line(part_id, part_name, price, n)), ' +
        "event as (insert into order_events (order_id, from_status, to_status, actor, actor_id) values ($1, null, 'unpaid', 'customer', $6)) " +
        'insert into orders (id, user_id, buyer_email, buyer_name, shipping_address, subtotal_cents, total_cents, ' +
        "expires_at) values ($1, $6, $7, $8, $9, $10, $10, now() + interval '30 minutes')",
      [
        orderId,
        quantity,
        priced.map((part) => part.id),
        priced.map((part) => part.name),
        priced.map((part) => part.price_cents),
        account.id,
        account.email,
        account.name,
        ADDRESS,
        subtotal,
      ],
    );
    // Last, so the parts' rows (which every buyer waits on) are held for this statement and the commit.
    const { rowCount } = await client.query(
      'update parts set available_quantity = available_quantity - wanted.quantity from (' +
        'select locked.id, $2::int as quantity from parts locked where locked.id = any($1::uuid[]) ' +
        'order by locked.id for no key update of locked) as wanted ' +
        'where parts.id = wanted.id and parts.available_quantity >= wanted.quantity and parts.min_quantity <= wanted.quantity',
      [partIds, quantity],
    );
    if (rowCount !== partIds.length) throw new Error('a part is out of stock');
  });
  await transaction(pool, async (client) => {
    await client.query('select id from orders where id = $1 for update', [orderId]);
    const payment = `pi_sql_${orderId}`;
    await client.query(
      "with event as (insert into order_events (order_id, from_status, to_status, actor) values ($1, 'unpaid', 'paid', 'payment')) " +
        "update orders set status = 'paid', paid_at = now(), expires_at = null, transaction_id = $2, " +
        'payment_intent_id = $2 where id = $1',
      [orderId, payment],
    );
  });
}

/** @param {pg.Pool} pool @param {(client: pg.PoolClient) => Promise<void>} work */
async function transaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
