import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, sandboxRefunds } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addLaptop, addPart, stockOf } from '../../../../test/support/catalog';
import { customerCalls, deliveredOrder, linkParts, visitorCalls } from '../../../../test/support/orders';
import { readMail, startSmtpSink } from '../../../../test/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

type Order = { _id: string; number: string; lines: { lineId: string }[]; transactionId: string };

/** Returns from the outside: the buyer asks (by account or by the order's link), admins work them. */
describe('returns', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'returns-admin@example.com',
        SMTP_URL: smtp.url,
        SIGN_UPS_PER_CLIENT: '100',
        SIGN_IN_ATTEMPTS_PER_CLIENT: '100',
        RETURN_REQUESTS_PER_HOUR: '100',
      },
    });
    await t.app.jobs.stop();
    admin = await signUpAdmin(t, { email: 'returns-admin@example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
  const mailsTo = async (address: string, subject: RegExp) => {
    while ((await t.app.jobs.runOnce()) > 0);
    const read = await Promise.all(smtp.mails.filter((mail) => mail.to.includes(address)).map(readMail));
    return read.filter((mail) => subject.test(mail.subject));
  };
  const deliveredDaysAgo = (orderId: string, days: number) =>
    t.database.db
      .update(orders)
      .set({ deliveredAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(orders.id, orderId));

  /** A customer's order of `quantity` units of a $40 part, for `laptop`, delivered. */
  async function delivered(quantity = 3, laptop?: string) {
    const account = await signUp(t);
    const part = await addPart(t, { priceCents: 4000, available: 10 });
    const order = (await deliveredOrder(t, { customer: account.cookie, admin: admin.cookie }, part.id, {
      quantity,
      laptop,
    })) as unknown as Order;
    const full = (await customerCalls(t, account.cookie).order(order._id)).json() as Order;
    const buyer = customerCalls(t, account.cookie);
    const ask = (payload: object, cookie = account.cookie) =>
      t.app.inject({
        method: 'POST',
        url: `/api/purchase/${order._id}/returns`,
        payload,
        headers: { cookie },
      });
    return { account, buyer, part, order: full, line: full.lines[0]!.lineId, ask };
  }

  it('takes a return that did not fit through approve, receive with restock and refund, mailing each step', async () => {
    const laptop = await addLaptop(t, { name: 'Lenovo ThinkPad T480 returns' });
    const { account, buyer, part, order, line, ask } = await delivered(3, laptop.slug);
    expect(await stockOf(t, part.id)).toBe(7);

    const asked = await ask({
      lines: [{ lineId: line, quantity: 2 }],
      reason: 'doesnt_fit',
      note: 'The connector is on the other side.',
      status: 'refunded',
    });
    expect(asked.statusCode).toBe(201);
    const ret = asked.json();
    expect(ret).toMatchObject({
      number: expect.stringMatching(/^RET-\d+$/),
      orderId: order._id,
      orderNumber: order.number,
      status: 'requested',
      reason: 'doesnt_fit',
      note: 'The connector is on the other side.',
      lines: [
        {
          lineId: line,
          partId: part.id,
          quantity: 2,
          restock: null,
          forLaptop: { slug: laptop.slug, name: laptop.name },
        },
      ],
      refundedCents: null,
    });
    const listed = await buyer.call('GET', `/api/purchase/${order._id}/returns`);
    expect(listed.json()).toEqual([ret]);
    const [requestedMail] = await mailsTo(account.email, /return request/);
    expect(requestedMail!.subject).toBe(`We received your return request ${ret.number}`);
    expect(requestedMail!.text).toContain(`return ${ret.number} of order ${order.number}`);
    expect(requestedMail!.text).toContain("Doesn't fit my laptop");

    // The part's admin page: reported not fitting the buyer's laptop.
    const reported = await asAdmin('GET', `/api/part/${part.id}/not-fitting`);
    expect(reported.json()).toEqual([{ slug: laptop.slug, name: laptop.name, returns: 1, units: 2 }]);

    const approved = await asAdmin('POST', `/api/returns/${ret.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await mailsTo(account.email, /is approved/))[0]!.subject).toBe(
      `Your return ${ret.number} is approved`,
    );

    const received = await asAdmin('POST', `/api/returns/${ret.id}/receive`, { restock: true });
    expect(received.json()).toMatchObject({ status: 'received', lines: [{ restock: true }] });
    expect(await stockOf(t, part.id)).toBe(9);
    expect((await mailsTo(account.email, /We received the parts/))[0]!.subject).toBe(
      `We received the parts of your return ${ret.number}`,
    );

    const refunded = await asAdmin('POST', `/api/returns/${ret.id}/refund`);
    expect(refunded.statusCode).toBe(200);
    // Two of the three $40 units (no tax or shipping in Norway's demo-less shop).
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundedCents: 8000 });
    // Restocked on receipt, not again by the refund.
    expect(await stockOf(t, part.id)).toBe(9);
    const after = (await buyer.order(order._id)).json();
    expect(after).toMatchObject({ status: 'partially_refunded', refundedCents: 8000 });
    expect(after.lines[0].refundedQuantity).toBe(2);
    const payments = await t.database.db
      .select({ amountCents: sandboxRefunds.amountCents })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, order.transactionId));
    expect(payments).toEqual([{ amountCents: 8000 }]);
    const [refundMail] = await mailsTo(account.email, /was refunded/);
    expect(refundMail!.text).toContain(`Reason: Return ${ret.number}`);

    // Every move is on the order's timeline and, for admins' moves, in the audit log.
    const moves = after.timeline.filter((event: { returnStatus?: string }) => event.returnStatus);
    expect(moves.map((event: { returnStatus: string }) => event.returnStatus)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);
    expect(moves[0].note).toBe(`${ret.number}: 2 × ${part.name}`);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, ret.number));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'return.approved',
      'return.received',
      'return.refunded',
    ]);

    // Nothing moves a refunded return again.
    for (const step of ['approve', 'receive', 'refund'])
      expect((await asAdmin('POST', `/api/returns/${ret.id}/${step}`)).statusCode).toBe(409);
  });

  it('never returns more than was delivered, less what is refunded or in an open return', async () => {
    const { order, line, ask, part } = await delivered(3);
    const tooMany = await ask({ lines: [{ lineId: line, quantity: 4 }], reason: 'defective' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toEqual({
      code: 'return_exceeds_line',
      message: `Only 3 of ${part.name} can still be returned.`,
    });
    // An empty note (the form sends one) is no note.
    const first = await ask({ lines: [{ lineId: line, quantity: 2 }], reason: 'defective', note: '' });
    expect(first.statusCode).toBe(201);
    expect(first.json().note).toBeNull();
    const second = await ask({ lines: [{ lineId: line, quantity: 2 }], reason: 'defective' });
    expect(second.json().error.message).toBe(`Only 1 of ${part.name} can still be returned.`);

    // A unit refunded by an admin cannot be returned either.
    const refund = await asAdmin('POST', `/api/orders/${order._id}/refund`, {
      lines: [{ lineId: line, quantity: 1 }],
    });
    expect(refund.statusCode).toBe(200);
    const none = await ask({ lines: [{ lineId: line, quantity: 1 }], reason: 'defective' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(`${part.name} is already refunded or being returned.`);

    // A rejected return gives its units back to be asked for again.
    const rejected = await asAdmin('POST', `/api/returns/${first.json().id}/reject`, {
      reason: 'The seal is broken.',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'The seal is broken.' });
    expect((await ask({ lines: [{ lineId: line, quantity: 2 }], reason: 'other' })).statusCode).toBe(201);

    // Bad requests: a line of another order, the same line twice, no lines, an unknown reason.
    const other = await delivered(1);
    expect(
      (await ask({ lines: [{ lineId: other.line, quantity: 1 }], reason: 'defective' })).json().error.code,
    ).toBe('return_line_unknown');
    const twice = await ask({
      lines: [
        { lineId: line, quantity: 1 },
        { lineId: line, quantity: 1 },
      ],
      reason: 'defective',
    });
    expect(twice.statusCode).toBe(400);
    expect((await ask({ lines: [], reason: 'defective' })).statusCode).toBe(400);
    expect((await ask({ lines: [{ lineId: line, quantity: 1 }], reason: 'bored' })).statusCode).toBe(400);
    expect((await ask({ lines: [{ lineId: line, quantity: 0 }], reason: 'other' })).statusCode).toBe(400);
  });

  it('takes returns within RETURN_WINDOW_DAYS (30) of delivery, and only of delivered orders', async () => {
    const { order, line, ask } = await delivered(2);
    await deliveredDaysAgo(order._id, 31);
    const late = await ask({ lines: [{ lineId: line, quantity: 1 }], reason: 'changed_mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('return_window_closed');
    expect(late.json().error.message).toMatch(
      /could be returned until \d{4}-\d{2}-\d{2}, 30 days after delivery/,
    );
    await deliveredDaysAgo(order._id, 29);
    expect((await ask({ lines: [{ lineId: line, quantity: 1 }], reason: 'changed_mind' })).statusCode).toBe(
      201,
    );

    // Paid but not delivered yet.
    const account = await signUp(t);
    const buyer = customerCalls(t, account.cookie);
    const part = await addPart(t, { priceCents: 1000, available: 5 });
    const placed = (await buyer.buy(part.id, 1)).json().order;
    expect((await buyer.pay(placed._id)).statusCode).toBe(200);
    const early = await buyer.call('POST', `/api/purchase/${placed._id}/returns`, {
      lines: [{ lineId: placed.lines[0].lineId, quantity: 1 }],
      reason: 'defective',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: 'return_not_delivered',
      message: 'Only delivered orders can be returned; this one is paid.',
    });
  });

  it("hides another customer's order (404), refuses admins asking (403) and customers working returns (403)", async () => {
    const { order, line, ask } = await delivered(2);
    const stranger = await signUp(t);
    const body = { lines: [{ lineId: line, quantity: 1 }], reason: 'defective' };
    expect((await ask(body, stranger.cookie)).statusCode).toBe(404);
    const peek = await customerCalls(t, stranger.cookie).call('GET', `/api/purchase/${order._id}/returns`);
    expect(peek.statusCode).toBe(404);
    expect((await ask(body, admin.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/purchase/${order._id}/returns`, payload: body }))
        .statusCode,
    ).toBe(401);

    const mine = await ask(body);
    expect(mine.statusCode).toBe(201);
    const { id } = mine.json();
    // Admins see an order's returns; customers cannot work them.
    expect((await asAdmin('GET', `/api/purchase/${order._id}/returns`)).json()).toHaveLength(1);
    const buyerCookie = { cookie: (await signUp(t)).cookie };
    for (const step of ['approve', 'reject', 'receive', 'refund'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/returns/${id}/${step}`,
            payload: { reason: 'x' },
            headers: buyerCookie,
          })
        ).statusCode,
      ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/returns', headers: buyerCookie })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/returns' })).statusCode).toBe(401);
    expect(
      (await asAdmin('POST', '/api/returns/00000000-0000-4000-8000-000000000000/approve')).statusCode,
    ).toBe(404);
  });

  it("lets a visitor return parts through the order's private link, and nobody through a wrong one", async () => {
    const guest = visitorCalls(t, '10.0.0.7');
    const part = await addPart(t, { priceCents: 2500, available: 5 });
    await guest.addToCart(part.id, 2);
    const { order, orderUrl } = (await guest.checkout('vera.visitor@example.com')).json();
    expect((await guest.pay(orderUrl)).statusCode).toBe(200);
    for (const step of ['ship', 'deliver'])
      expect((await asAdmin('POST', `/api/orders/${order._id}/${step}`, {})).statusCode).toBe(200);
    const { id, token } = linkParts(orderUrl);
    const body = { lines: [{ lineId: order.lines[0].lineId, quantity: 1 }], reason: 'not_as_described' };

    const wrong = await guest.call('POST', `/api/purchase/${id}/returns?token=${'x'.repeat(43)}`, body);
    expect(wrong.statusCode).toBe(404);
    expect((await guest.call('GET', `/api/purchase/${id}/returns?token=${'x'.repeat(43)}`)).statusCode).toBe(
      404,
    );
    const customer = await signUp(t);
    expect(
      (await customerCalls(t, customer.cookie).call('POST', `/api/purchase/${id}/returns`, body)).statusCode,
    ).toBe(404);

    const asked = await guest.call('POST', `/api/purchase/${id}/returns?token=${token}`, body);
    expect(asked.statusCode).toBe(201);
    expect((await guest.call('GET', `/api/purchase/${id}/returns?token=${token}`)).json()).toHaveLength(1);
    const [mail] = await mailsTo('vera.visitor@example.com', /return request/);
    expect(mail!.text).toContain(`http://localhost:3000${orderUrl}`);
  });

  it('refuses every move the table does not allow (409), and a rejection without a reason (400)', async () => {
    const { line, ask, account } = await delivered(3);
    const ret = (await ask({ lines: [{ lineId: line, quantity: 1 }], reason: 'defective' })).json();
    const step = (name: string, payload?: object) =>
      asAdmin('POST', `/api/returns/${ret.id}/${name}`, payload);
    expect((await step('receive')).statusCode).toBe(409);
    const early = await step('refund');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: 'return_not_movable',
      message: 'A requested return cannot be refunded.',
    });
    expect((await step('reject', {})).statusCode).toBe(400);
    expect((await step('approve')).statusCode).toBe(200);
    const again = await step('approve');
    expect(again.json().error.message).toBe('This return is already approved.');
    expect((await step('reject', { reason: 'Too late' })).statusCode).toBe(409);
    expect((await step('refund')).statusCode).toBe(409);

    // A rejected one is done.
    const other = (await ask({ lines: [{ lineId: line, quantity: 1 }], reason: 'defective' })).json();
    const rejected = await asAdmin('POST', `/api/returns/${other.id}/reject`, { reason: 'No fault found' });
    expect(rejected.statusCode).toBe(200);
    const [mail] = await mailsTo(account.email, /was not accepted/);
    expect(mail!.text).toContain('Reason: No fault found');
    for (const name of ['approve', 'receive', 'refund'])
      expect((await asAdmin('POST', `/api/returns/${other.id}/${name}`)).statusCode).toBe(409);
  });

  it('refunds a return once when two admins refund it at the same time', async () => {
    const { order, line, ask } = await delivered(2);
    const ret = (await ask({ lines: [{ lineId: line, quantity: 2 }], reason: 'defective' })).json();
    await asAdmin('POST', `/api/returns/${ret.id}/approve`);
    await asAdmin('POST', `/api/returns/${ret.id}/receive`, {});
    const both = await Promise.all([
      asAdmin('POST', `/api/returns/${ret.id}/refund`),
      asAdmin('POST', `/api/returns/${ret.id}/refund`),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const payments = await t.database.db
      .select({ amountCents: sandboxRefunds.amountCents })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, order.transactionId));
    expect(payments).toEqual([{ amountCents: 8000 }]);
    expect((await asAdmin('GET', `/api/purchase/${order._id}`)).json()).toMatchObject({
      status: 'refunded',
      refundedCents: 8000,
    });
  });

  it('restocks per line as the admin chooses, and lists returns by status and reason', async () => {
    const account = await signUp(t);
    const buyer = customerCalls(t, account.cookie);
    const kept = await addPart(t, { priceCents: 1000, available: 10 });
    const back = await addPart(t, { priceCents: 2000, available: 10 });
    await buyer.addToCart(kept.id, 2);
    await buyer.addToCart(back.id, 2);
    const placed = (await buyer.checkout()).json().order;
    expect((await buyer.pay(placed._id)).statusCode).toBe(200);
    for (const step of ['ship', 'deliver']) await asAdmin('POST', `/api/orders/${placed._id}/${step}`, {});
    const [keptLine, backLine] = placed.lines.map((line: { lineId: string }) => line.lineId);
    const ret = (
      await buyer.call('POST', `/api/purchase/${placed._id}/returns`, {
        lines: [
          { lineId: keptLine, quantity: 2 },
          { lineId: backLine, quantity: 1 },
        ],
        reason: 'changed_mind',
      })
    ).json();
    await asAdmin('POST', `/api/returns/${ret.id}/approve`);
    const received = await asAdmin('POST', `/api/returns/${ret.id}/receive`, {
      restock: true,
      lines: [{ lineId: keptLine, restock: false }],
    });
    expect(received.json().lines.map((line: { restock: boolean }) => line.restock)).toEqual([false, true]);
    expect(await stockOf(t, kept.id)).toBe(8);
    expect(await stockOf(t, back.id)).toBe(9);

    // Paged like every list: an array, the total in X-Total-Count, Link keeping the filter.
    const byStatusAnswer = await asAdmin('GET', '/api/returns?status=received&reason=changed_mind');
    const byStatus = byStatusAnswer.json();
    expect(byStatus.map((found: { id: string }) => found.id)).toContain(ret.id);
    expect(
      byStatus.every(
        (found: { status: string; reason: string }) =>
          found.status === 'received' && found.reason === 'changed_mind',
      ),
    ).toBe(true);
    expect(byStatusAnswer.headers['x-total-count']).toBe(String(byStatus.length));
    const none = (await asAdmin('GET', '/api/returns?status=received&reason=doesnt_fit')).json();
    expect(none.map((found: { id: string }) => found.id)).not.toContain(ret.id);
    expect((await asAdmin('GET', '/api/returns?status=lost')).statusCode).toBe(400);
    const all = await asAdmin('GET', '/api/returns');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(all.json().length);
    const firstOfOne = await asAdmin('GET', '/api/returns?limit=1');
    expect(firstOfOne.json()).toHaveLength(1);
    if (Number(all.headers['x-total-count']) > 1)
      expect(firstOfOne.headers.link).toContain('</api/returns?page=2&limit=1>; rel="next"');
    else expect(firstOfOne.headers.link).toBeUndefined();
  });

  it('counts only doesnt_fit returns of lines bought for a laptop, by laptop, not rejected ones', async () => {
    const t480 = await addLaptop(t, { name: 'Lenovo ThinkPad T480 fit' });
    const x1 = await addLaptop(t, { name: 'Lenovo ThinkPad X1 fit' });
    const part = await addPart(t, { priceCents: 3000, available: 20 });
    const returnOf = async (laptop: string | undefined, quantity: number, reason = 'doesnt_fit') => {
      const account = await signUp(t);
      const order = await deliveredOrder(t, { customer: account.cookie, admin: admin.cookie }, part.id, {
        quantity,
        laptop,
      });
      const full = (await customerCalls(t, account.cookie).order(order._id)).json();
      return (
        await customerCalls(t, account.cookie).call('POST', `/api/purchase/${order._id}/returns`, {
          lines: [{ lineId: full.lines[0].lineId, quantity }],
          reason,
        })
      ).json();
    };
    await returnOf(t480.slug, 2);
    await returnOf(t480.slug, 1);
    await returnOf(x1.slug, 1);
    const rejected = await returnOf(x1.slug, 1);
    await asAdmin('POST', `/api/returns/${rejected.id}/reject`, { reason: 'It fits: wrong cable used' });
    await returnOf(x1.slug, 1, 'defective');
    await returnOf(undefined, 1);
    const reported = await asAdmin('GET', `/api/part/${part.id}/not-fitting`);
    expect(reported.json()).toEqual([
      { slug: t480.slug, name: t480.name, returns: 2, units: 3 },
      { slug: x1.slug, name: x1.name, returns: 1, units: 1 },
    ]);
    const customer = await signUp(t);
    expect(
      (await customerCalls(t, customer.cookie).call('GET', `/api/part/${part.id}/not-fitting`)).statusCode,
    ).toBe(403);
  });
});

describe('return requests are rate limited', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { ADMIN_EMAILS: 'limit-admin@example.com', RETURN_REQUESTS_PER_HOUR: '2' },
    });
    await t.app.jobs.stop();
    admin = await signUpAdmin(t, { email: 'limit-admin@example.com' });
  });
  afterAll(() => t.close());

  it('answers 429 past RETURN_REQUESTS_PER_HOUR for one account', async () => {
    const account = await signUp(t);
    const part = await addPart(t, { priceCents: 1000, available: 10 });
    const order = await deliveredOrder(t, { customer: account.cookie, admin: admin.cookie }, part.id, {
      quantity: 5,
    });
    const buyer = customerCalls(t, account.cookie);
    const lineId = (await buyer.order(order._id)).json().lines[0].lineId;
    const ask = () =>
      buyer.call('POST', `/api/purchase/${order._id}/returns`, {
        lines: [{ lineId, quantity: 1 }],
        reason: 'other',
      });
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    const third = await ask();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order._id)));
    expect(rows).toHaveLength(1);
  });
});
