import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import {
  auditLog,
  discountCodes,
  jobs,
  orderLines,
  orders,
  refunds,
  sandboxPayments,
  sandboxRefunds,
  shippingMethods,
  taxRates,
} from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart, stockOf } from '../../../../test/support/catalog';
import { ADDRESS, customerCalls, linkParts, visitorCalls } from '../../../../test/support/orders';
import { readMail, startSmtpSink } from '../../../../test/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

/**
 * Partial refunds from the outside, the amounts worked by hand (as in src/shared/refunds.test.ts).
 *
 * The Californian order: 3 × $29.99 (8997) and 1 × $12.50 (1250), code TENOFF (10 %), Standard $4.99
 * (9222 after the discount is under $100), 7.25 % tax on the discounted lines only.
 *   batteries: discount 900, tax 587.0325 → 587, paid 8097 + 587 = 8684 → units 2894, 2894, 2896
 *   fan: discount 125, tax 81.5625 → 82, paid 1125 + 82 = 1207
 *   total 10247 − 1025 + 499 + 669 = 10390; shipping paid 499
 *
 * The British order: 1 × $25.99, Express $14.99, 20 % on the line and on shipping.
 *   screen: tax 519.8 → 520, paid 3119; shipping 1499 + 299.8 → 300 = 1799; total 4918
 */
describe('partial refunds', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let secondAdmin: Awaited<ReturnType<typeof signUp>>;
  let standard: string;
  let express: string;
  const CALIFORNIA = { ...ADDRESS, country: 'US', region: 'CA', postalCode: '94105' };
  const BRITAIN = { ...ADDRESS, country: 'GB', postalCode: 'SW1A 1AA' };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'refunds-admin@example.com,refunds-admin2@example.com',
        SMTP_URL: smtp.url,
        SIGN_UPS_PER_CLIENT: '100',
        SIGN_IN_ATTEMPTS_PER_CLIENT: '100',
      },
    });
    await t.app.jobs.stop();
    admin = await signUpAdmin(t, { email: 'refunds-admin@example.com' });
    secondAdmin = await signUpAdmin(t, { email: 'refunds-admin2@example.com' });
    const db = t.database.db;
    const methods = await db
      .insert(shippingMethods)
      .values([
        { name: 'Standard', priceCents: 499, freeOverCents: 10_000, days: '3–5 business days' },
        { name: 'Express', priceCents: 1499, days: '1–2 business days' },
      ])
      .returning();
    [standard, express] = methods.map((method) => method.id) as [string, string];
    await db.insert(taxRates).values([
      { country: 'US', region: 'CA', rateMilli: 7250 },
      { country: 'GB', rateMilli: 20_000, appliesToShipping: true },
    ]);
    await db.insert(discountCodes).values({ code: 'TENOFF', kind: 'percent', value: 10 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const refund = (orderId: string, payload?: object, cookie = admin.cookie) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, payload, headers: { cookie } });
  const asAdmin = (url: string) => t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie } });
  const mailsTo = async (address: string, subject: RegExp) => {
    await t.app.jobs.runOnce();
    const read = await Promise.all(smtp.mails.filter((mail) => mail.to.includes(address)).map(readMail));
    return read.filter((mail) => subject.test(mail.subject));
  };
  const providerRefunds = (transactionId: string) =>
    t.database.db
      .select({ amountCents: sandboxRefunds.amountCents })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, transactionId));

  /** The Californian order, paid. */
  async function californianOrder() {
    const account = await signUp(t);
    const buyer = customerCalls(t, account.cookie);
    const battery = await addPart(t, { priceCents: 2999, available: 10, category: 'batteries-power' });
    const fan = await addPart(t, { priceCents: 1250, available: 10, category: 'cooling' });
    await buyer.addToCart(battery.id, 3);
    await buyer.addToCart(fan.id, 1);
    expect((await buyer.call('PUT', '/api/cart/discount', { code: 'TENOFF' })).statusCode).toBe(200);
    const placed = await buyer.call('POST', '/api/checkout', {
      shippingAddress: CALIFORNIA,
      shippingMethodId: standard,
    });
    const { order } = placed.json();
    expect(order.totalCents).toBe(10390);
    const paid = await buyer.pay(order._id);
    expect(paid.statusCode).toBe(200);
    const [batteryLine, fanLine] = order.lines as { lineId: string }[];
    return {
      account,
      buyer,
      order,
      transactionId: paid.json().paymentIntentId as string,
      battery,
      fan,
      batteryLine: batteryLine!.lineId,
      fanLine: fanLine!.lineId,
    };
  }

  /** The British order, paid, shipped and delivered. */
  async function deliveredBritishOrder() {
    const account = await signUp(t);
    const buyer = customerCalls(t, account.cookie);
    const screen = await addPart(t, { priceCents: 2599, available: 5, category: 'screens' });
    await buyer.addToCart(screen.id, 1);
    const { order } = (
      await buyer.call('POST', '/api/checkout', { shippingAddress: BRITAIN, shippingMethodId: express })
    ).json();
    expect(order.totalCents).toBe(4918);
    const paid = await buyer.pay(order._id);
    expect((await asAdmin(`/api/orders/${order._id}/ship`)).statusCode).toBe(200);
    expect((await asAdmin(`/api/orders/${order._id}/deliver`)).json().status).toBe('delivered');
    return {
      account,
      buyer,
      order,
      screen,
      transactionId: paid.json().paymentIntentId as string,
      line: order.lines[0].lineId as string,
    };
  }

  it('refunds one unit of a line (its share of discount and tax), then the rest: partially refunded, then refunded', async () => {
    const { account, buyer, order, transactionId, battery, fan, batteryLine } = await californianOrder();
    const first = await refund(order._id, {
      lines: [{ lineId: batteryLine, quantity: 1 }],
      reason: 'One cell was dead',
      restock: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'partially_refunded',
      paid: true,
      refunded: 28.94,
      refundedCents: 2894,
      shippingRefunded: false,
    });
    expect(first.json().lines.map((line: { refundedQuantity: number }) => line.refundedQuantity)).toEqual([
      1, 0,
    ]);
    expect(first.json().timeline.at(-1)).toMatchObject({
      status: 'partially_refunded',
      note: 'One cell was dead',
    });
    expect(await stockOf(t, battery.id)).toBe(8);
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 2894 }]);

    // The customer sees it too, and is told by mail what was refunded.
    expect((await buyer.order(order._id)).json()).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 2894,
    });
    const [mail] = await mailsTo(account.email, /refunded/);
    expect(mail!.subject).toBe(`Part of your order ${order.number} was refunded`);
    expect(mail!.text).toContain(`We refunded $28.94 for order ${order.number}`);
    expect(mail!.text).toContain('Reason: One cell was dead');
    expect(mail!.text).toContain('In all, $28.94 of the $103.90 you paid is refunded.');
    expect(mail!.text).toMatch(/\| 1 \| \$28\.94/);

    // The whole order now: the two batteries left (2894 + 2896), the fan (1207) and shipping (499).
    const rest = await refund(order._id, { reason: 'Customer returned the rest' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({
      status: 'refunded',
      refundedCents: 10390,
      refunded: 103.9,
      shippingRefunded: true,
    });
    expect(rest.json().lines.map((line: { refundedQuantity: number }) => line.refundedQuantity)).toEqual([
      3, 1,
    ]);
    expect(
      rest
        .json()
        .timeline.map((event: { status: string }) => event.status)
        .slice(-2),
    ).toEqual(['partially_refunded', 'refunded']);
    // Not restocked this time.
    expect(await stockOf(t, battery.id)).toBe(8);
    expect(await stockOf(t, fan.id)).toBe(9);
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 2894 }, { amountCents: 7496 }]);
    const mails = await mailsTo(account.email, /refunded/);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('We refunded $74.96');
    expect(mails[1]!.text).toContain('Shipping |  | $4.99');

    // Nothing is left: any further refund is refused.
    const again = await refund(order._id, { lines: [{ lineId: batteryLine, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order was already refunded.');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.target, order.number)));
    expect(entries.map((entry) => (entry.details as { amountCents: number }).amountCents).sort()).toEqual([
      2894, 7496,
    ]);
  });

  it('refunds the lines without the shipping, and the shipping alone last', async () => {
    const { order, transactionId, batteryLine, fanLine } = await californianOrder();
    const lines = await refund(order._id, {
      lines: [
        { lineId: batteryLine, quantity: 3 },
        { lineId: fanLine, quantity: 1 },
      ],
    });
    // 8684 + 1207: every part, but the shipping is still paid for.
    expect(lines.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 9891 });
    const shipping = await refund(order._id, { lines: [], shipping: true });
    expect(shipping.json()).toMatchObject({
      status: 'refunded',
      refundedCents: 10390,
      shippingRefunded: true,
    });
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 9891 }, { amountCents: 499 }]);
  });

  it('refunds a delivered order: the shipping once (with its tax), a line never past its quantity', async () => {
    const { buyer, order, transactionId, line, screen } = await deliveredBritishOrder();
    const shipping = await refund(order._id, { lines: [], shipping: true });
    expect(shipping.statusCode).toBe(200);
    expect(shipping.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 1799 });

    const twice = await refund(order._id, { lines: [], shipping: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({
      code: 'shipping_already_refunded',
      message: 'The shipping of this order was already refunded.',
    });
    const past = await refund(order._id, { lines: [{ lineId: line, quantity: 2 }] });
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toEqual({
      code: 'refund_exceeds_line',
      message: `Only 1 of ${screen.name} can still be refunded.`,
    });

    const rest = await refund(order._id, { lines: [{ lineId: line, quantity: 1 }], restock: true });
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedCents: 4918 });
    expect(await stockOf(t, screen.id)).toBe(5);
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 1799 }, { amountCents: 3119 }]);
    const again = await refund(order._id, { lines: [{ lineId: line, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect((await buyer.order(order._id)).json()).toMatchObject({ status: 'refunded', refundedCents: 4918 });
  });

  it('refuses what is not this order’s, nothing, and bad quantities (400), leaving the order as it was', async () => {
    const { order, batteryLine } = await californianOrder();
    const other = await californianOrder();
    const foreign = await refund(order._id, { lines: [{ lineId: other.batteryLine, quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toEqual({
      code: 'refund_line_unknown',
      message: 'This order has no such line.',
    });
    expect((await refund(order._id, { lines: [] })).json().error).toEqual({
      code: 'refund_empty',
      message: 'Choose at least one part or the shipping to refund.',
    });
    for (const quantity of [0, -1, 1.5, '1'])
      expect((await refund(order._id, { lines: [{ lineId: batteryLine, quantity }] })).statusCode).toBe(400);
    const repeated = await refund(order._id, {
      lines: [
        { lineId: batteryLine, quantity: 1 },
        { lineId: batteryLine, quantity: 1 },
      ],
    });
    expect(repeated.json().error.code).toBe('refund_line_twice');
    // An amount or status in the body changes nothing: the server works the amount out.
    const stripped = await refund(order._id, {
      lines: [{ lineId: batteryLine, quantity: 1 }],
      amountCents: 1,
      status: 'refunded',
    });
    expect(stripped.json()).toMatchObject({ refundedCents: 2894, status: 'partially_refunded' });
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(row).toMatchObject({ state: 'succeeded', amountCents: 2894, shipping: false });
    expect((await refund(other.order._id, {})).json()).toMatchObject({
      status: 'refunded',
      refundedCents: 10390,
    });
  });

  it('two admins refunding the same unit at once refund it once: 409 for the second', async () => {
    const { order, transactionId, batteryLine } = await californianOrder();
    const ask = { lines: [{ lineId: batteryLine, quantity: 1 }], expectRefundedCents: 0 };
    const both = await Promise.all([refund(order._id, ask), refund(order._id, ask, secondAdmin.cookie)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((response) => response.statusCode === 409)!;
    expect(refused.json().error.code).toMatch(/^refund_conflict$/);
    expect(refused.json().error.message).toBe(
      'Another refund of this order came first: $28.94 of it is refunded now. Check the order and try again.',
    );
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 2894 }]);
  });

  it('never refunds past what was paid, however many refunds race: the units’ shares add up exactly', async () => {
    const { order, transactionId, batteryLine } = await californianOrder();
    const five = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        refund(
          order._id,
          { lines: [{ lineId: batteryLine, quantity: 1 }] },
          i % 2 ? secondAdmin.cookie : admin.cookie,
        ),
      ),
    );
    expect(five.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
    const amounts = (await providerRefunds(transactionId)).map((row) => row.amountCents).sort();
    expect(amounts).toEqual([2894, 2894, 2896]);
    const whole = (await refund(order._id, {})).json();
    expect(whole).toMatchObject({ status: 'refunded', refundedCents: 10390 });
    // Two whole-order refunds at once, on another order: one refund, 409 for the other.
    const another = await californianOrder();
    const wholeTwice = await Promise.all([
      refund(another.order._id, {}),
      refund(another.order._id, {}, secondAdmin.cookie),
    ]);
    expect(wholeTwice.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await providerRefunds(another.transactionId)).toEqual([{ amountCents: 10390 }]);
  });

  it('leaves nothing reserved when the provider refuses (502): the order can be refunded in full afterwards', async () => {
    const { buyer, order, transactionId, batteryLine, battery } = await californianOrder();
    await t.database.db
      .update(sandboxPayments)
      .set({ status: 'canceled' })
      .where(eq(sandboxPayments.id, transactionId));
    const refused = await refund(order._id, {
      lines: [{ lineId: batteryLine, quantity: 2 }],
      shipping: true,
      restock: true,
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.code).toBe('payment_provider_refused');
    expect((await buyer.order(order._id)).json()).toMatchObject({
      status: 'paid',
      refundedCents: 0,
      shippingRefunded: false,
      lines: [{ refundedQuantity: 0 }, { refundedQuantity: 0 }],
    });
    expect(await stockOf(t, battery.id)).toBe(7);
    const [failed] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(failed).toMatchObject({ state: 'failed', retryable: false, amountCents: 2894 * 2 + 499 });
    await t.database.db
      .update(sandboxPayments)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPayments.id, transactionId));
    expect((await refund(order._id, {})).json()).toMatchObject({ status: 'refunded', refundedCents: 10390 });
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 10390 }]);
  });

  it('settles a refund an instance left pending (stopped before the provider answered): asked again with its key, once', async () => {
    const { account, order, transactionId, batteryLine } = await californianOrder();
    // The state such an instance leaves: the refund reserved and pending, the provider never told. Made
    // here from a refused refund (whose settling job is queued with it) by putting its reservation back.
    await t.database.db
      .update(sandboxPayments)
      .set({ status: 'canceled' })
      .where(eq(sandboxPayments.id, transactionId));
    expect((await refund(order._id, { lines: [{ lineId: batteryLine, quantity: 1 }] })).statusCode).toBe(502);
    await t.database.db
      .update(sandboxPayments)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPayments.id, transactionId));
    const [row] = await t.database.db
      .update(refunds)
      .set({ state: 'pending', failure: null, settledAt: null })
      .where(eq(refunds.orderId, order._id))
      .returning();
    await t.database.db.update(orderLines).set({ refundedQuantity: 1 }).where(eq(orderLines.id, batteryLine));
    await t.database.db.update(orders).set({ refundedCents: 2894 }).where(eq(orders.id, order._id));
    // Meanwhile nobody refunds that unit again: it is reserved.
    const meanwhile = await refund(order._id, { lines: [{ lineId: batteryLine, quantity: 3 }] });
    expect(meanwhile.json().error.message).toMatch(/^Only 2 of .* can still be refunded\.$/);

    // Ten minutes on, the job asks the provider (the same key) and settles it.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(sql`${jobs.kind} = 'refund-settle' and ${jobs.payload}->>'refundId' = ${row!.id}`);
    // The worker takes a batch at a time, the oldest first (earlier tests left mails queued).
    const settleJobDone = async () => {
      const [job] = await t.database.db
        .select({ doneAt: jobs.doneAt })
        .from(jobs)
        .where(sql`${jobs.kind} = 'refund-settle' and ${jobs.payload}->>'refundId' = ${row!.id}`);
      return job!.doneAt !== null;
    };
    for (let round = 0; round < 20 && !(await settleJobDone()); round++) await t.app.jobs.runOnce();
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 2894 }]);
    const [settled] = await t.database.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(settled).toMatchObject({ state: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });
    const customer = customerCalls(t, account.cookie);
    expect((await customer.order(order._id)).json()).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 2894,
    });
    // Run again, it finds nothing pending: still one refund.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(), doneAt: null })
      .where(sql`${jobs.kind} = 'refund-settle' and ${jobs.payload}->>'refundId' = ${row!.id}`);
    for (let round = 0; round < 20 && !(await settleJobDone()); round++) await t.app.jobs.runOnce();
    expect(await providerRefunds(transactionId)).toEqual([{ amountCents: 2894 }]);
    expect(await mailsTo(account.email, /refunded/)).toHaveLength(1);
  });

  it('refunds part of a visitor’s order: they see it through the order’s private link, and the mail carries it', async () => {
    const guest = visitorCalls(t);
    const cable = await addPart(t, { priceCents: 1500, available: 5 });
    await guest.addToCart(cable.id, 2);
    const placed = await guest.checkout('rita.visitor@example.com', { shippingMethodId: standard });
    expect(placed.statusCode).toBe(201);
    const { order, orderUrl } = placed.json();
    // 2 × 15.00 and Standard 4.99 to Norway, no tax.
    expect(order.totalCents).toBe(3499);
    expect((await guest.pay(orderUrl)).statusCode).toBe(200);
    const answer = await refund(order._id, { lines: [{ lineId: order.lines[0].lineId, quantity: 1 }] });
    expect(answer.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 1500 });
    const { id, token } = linkParts(orderUrl);
    expect((await guest.call('GET', `/api/purchase/${id}?token=${token}`)).json()).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 1500,
      lines: [{ refundedQuantity: 1 }],
    });
    const [mail] = await mailsTo('rita.visitor@example.com', /Part of your order/);
    expect(mail!.text).toContain('We refunded $15.00');
    expect(mail!.text).toContain(`http://localhost:3000${orderUrl}`);
  });

  it('lets only admins refund: customers (the buyer too) are refused, visitors asked to sign in', async () => {
    const { account, order, batteryLine } = await californianOrder();
    const ask = { lines: [{ lineId: batteryLine, quantity: 1 }] };
    expect((await refund(order._id, ask, account.cookie)).statusCode).toBe(403);
    expect((await refund(order._id, ask, (await signUp(t)).cookie)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/refund`,
      payload: ask,
    });
    expect(visitor.statusCode).toBe(401);
    expect(await t.database.db.$count(refunds, eq(refunds.orderId, order._id))).toBe(0);
  });

  it('ships and delivers a partly refunded paid order once each', async () => {
    const { order, fanLine } = await californianOrder();
    expect((await refund(order._id, { lines: [{ lineId: fanLine, quantity: 1 }] })).json().status).toBe(
      'partially_refunded',
    );
    const early = await asAdmin(`/api/orders/${order._id}/deliver`);
    expect(early.statusCode).toBe(409);
    expect((await asAdmin(`/api/orders/${order._id}/ship`)).json().status).toBe('shipped');
    expect((await asAdmin(`/api/orders/${order._id}/deliver`)).json().status).toBe('delivered');
    expect((await asAdmin(`/api/orders/${order._id}/deliver`)).statusCode).toBe(409);
    expect((await refund(order._id, {})).json()).toMatchObject({ status: 'refunded', refundedCents: 10390 });
    const [count] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${refunds} where ${refunds.orderId} = ${order._id} and ${refunds.state} = 'succeeded'`,
    );
    expect(count!.n).toBe(2);
  });
});
