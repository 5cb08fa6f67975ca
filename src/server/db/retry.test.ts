import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/support/auth';
import { addPart, stockOf } from '../../../test/support/catalog';
import { ADDRESS } from '../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { rowsOf } from './database';

/** Makes order inserts fail with a serialization failure, the first `failures` times (or always). */
async function loseRaces(t: TestApp, failures: number | null) {
  await t.database.db.execute(sql.raw('create sequence if not exists lost_races'));
  await t.database.db.execute(
    sql.raw(`create or replace function lose_race() returns trigger language plpgsql as $$
      begin
        if ${failures === null ? 'true' : `nextval('lost_races') <= ${failures}`} then
          ${failures === null ? "perform nextval('lost_races');" : ''}
          raise exception 'could not serialize access' using errcode = '40001';
        end if;
        return new;
      end $$`),
  );
  await t.database.db.execute(
    sql.raw('create trigger lose_race before insert on orders for each row execute function lose_race()'),
  );
}

const attemptsSoFar = async (t: TestApp) => {
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql.raw('select last_value::int as n from lost_races'),
  );
  return row!.n;
};

describe('transactions that lose a race', () => {
  let t: TestApp;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    buyer = await signUp(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.database.db.execute(sql.raw('drop trigger if exists lose_race on orders'));
    await t.database.db.execute(sql.raw('drop function if exists lose_race()'));
    await t.database.db.execute(sql.raw('drop sequence if exists lost_races'));
  });

  const purchase = (partId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      payload: { purchaseId: partId, quantity: 2, shippingAddress: ADDRESS },
      headers: { cookie: buyer.cookie },
    });

  it('are run again, and one that wins on its second try places the order once', async () => {
    const part = await addPart(t, { available: 10 });
    await loseRaces(t, 1);
    const response = await purchase(part.id);
    expect(response.statusCode).toBe(201);
    expect(await attemptsSoFar(t)).toBe(2);
    expect(await stockOf(t, part.id)).toBe(8);
  });

  it('are answered 503 with Retry-After after four attempts, with nothing reserved', async () => {
    const part = await addPart(t, { available: 10 });
    await loseRaces(t, null);
    const response = await purchase(part.id);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json().error.code).toBe('service_unavailable');
    expect(await attemptsSoFar(t)).toBe(4);
    expect(await stockOf(t, part.id)).toBe(10);
  });
});
