import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, sandboxPayments, sandboxRefunds } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addLaptop, addPart, stockOf } from '../../../../test/support/catalog';
import { ADDRESS, customerCalls } from '../../../../test/support/orders';
import { readMail, startSmtpSink } from '../../../../test/support/smtp-sink';
import { createSecondInstance, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('after the sale: mails, refunds', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'sale-admin@example.com',
        SMTP_URL: smtp.url,
        ORDER_ALERT_EMAIL: 'orders@shop.example',
      },
    });
    admin = await signUpAdmin(t, { email: 'sale-admin@example.com' });
    // This suite runs the job worker itself (runOnce), so that it knows when mails go out.
    await t.app.jobs.stop();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const asAdmin = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin.cookie } });
  /** Mails sent to an address with a subject matching, once the job worker has run. */
  const mailsTo = async (address: string, subject: RegExp) => {
    await t.app.jobs.runOnce();
    const read = await Promise.all(smtp.mails.filter((mail) => mail.to.includes(address)).map(readMail));
    return read.filter((mail) => subject.test(mail.subject));
  };
  let orders = 0;
  async function paidOrder(name = 'Paige Buyer') {
    // Part names are unique in the shop: each order gets its own parts, named alike.
    const n = ++orders;
    const account = await signUp(t, { name });
    const buyer = customerCalls(t, account.cookie);
    const battery = await addPart(t, { name: `Battery <b>57Wh</b> #${n}`, priceCents: 5999, available: 10 });
    const fan = await addPart(t, { name: `Fan #${n}`, priceCents: 1250, available: 10 });
    await buyer.addToCart(battery.id, 2);
    await buyer.addToCart(fan.id, 1);
    const { order } = (await buyer.checkout({ ...ADDRESS, name: 'Paige & <Co>' })).json();
    const paid = await buyer.pay(order._id);
    return { buyer, account, order, transactionId: paid.json().paymentIntentId as string, battery, fan };
  }

  it('mails the receipt to the customer and the alert to the shop when an order is paid, each once', async () => {
    const { account, order, transactionId } = await paidOrder();
    const [receipt, ...more] = await mailsTo(account.email, /confirmed/);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe(`Your order ${order.number} is confirmed`);
    for (const body of [receipt!.text, receipt!.html]) {
      expect(body).toContain(order.number);
      expect(body).toContain(transactionId);
      expect(body).toContain('$132.48');
      expect(body).toContain('12 Circuit Road');
    }
    expect(receipt!.text).toMatch(/Battery <b>57Wh<\/b> #\d+ \(\$59\.99 each\) \| 2 \| \$119\.98/);
    // People's text is text in the HTML part.
    expect(receipt!.html).toContain('Battery &lt;b&gt;57Wh&lt;/b&gt;');
    expect(receipt!.html).toContain('Paige &amp; &lt;Co&gt;');
    expect(receipt!.html).not.toContain('<b>57Wh</b>');
    const [alert] = await mailsTo('orders@shop.example', new RegExp(order.number));
    expect(alert!.subject).toBe(`New paid order ${order.number}: $132.48`);
    await t.app.jobs.runOnce();
    expect(await mailsTo(account.email, /confirmed/)).toHaveLength(1);
  });

  it('says in the receipt which laptop a line was bought for', async () => {
    const laptop = await addLaptop(t, { name: 'Lenovo ThinkPad T480 <i>', slug: 'receipt-t480' });
    const account = await signUp(t);
    const buyer = customerCalls(t, account.cookie);
    const battery = await addPart(t, { name: 'Receipt battery', priceCents: 5999 });
    const fan = await addPart(t, { name: 'Receipt fan', priceCents: 1250 });
    expect((await buyer.addToCart(battery.id, 1, laptop.slug)).statusCode).toBe(200);
    expect((await buyer.addToCart(fan.id, 1)).statusCode).toBe(200);
    const { order } = (await buyer.checkout()).json();
    await buyer.pay(order._id);
    const [receipt] = await mailsTo(account.email, /confirmed/);
    expect(receipt!.text).toContain('Receipt battery ($59.99 each), for Lenovo ThinkPad T480 <i> | 1');
    expect(receipt!.text).toContain('Receipt fan ($12.50 each) | 1');
    expect(receipt!.html).toContain('Receipt battery ($59.99 each), for Lenovo ThinkPad T480 &lt;i&gt;');
    expect(receipt!.html).not.toContain('Receipt fan ($12.50 each), for');
  });

  it('writes a web address typed into a name so that no mail program makes it a link', async () => {
    const { account, order } = await paidOrder('Security alert – log in at https://evil.example');
    const [receipt] = await mailsTo(account.email, /confirmed/);
    const [alert] = await mailsTo('orders@shop.example', new RegExp(order.number));
    for (const body of [receipt!.text, receipt!.html, alert!.text, alert!.html]) {
      expect(body).not.toMatch(/https?:\/\/evil/);
      expect(body).not.toContain('evil.example');
      // The reader still sees the same characters: a zero-width space sits between them.
      expect(body).toContain('https:\u200B//evil.\u200Bexample');
    }
  });

  it('mails shipped (with the tracking number) and delivered', async () => {
    const { account, order } = await paidOrder();
    await asAdmin(`/api/orders/${order._id}/ship`, { trackingNumber: '1Z999AA10123456784' });
    const [shipped] = await mailsTo(account.email, /on its way/);
    expect(shipped!.text).toContain('Tracking number: 1Z999AA10123456784');
    await asAdmin(`/api/orders/${order._id}/deliver`);
    const [delivered] = await mailsTo(account.email, /delivered/);
    expect(delivered!.subject).toBe(`Your order ${order.number} was delivered`);
  });

  it('retries a mail the SMTP server refused, with backoff, and never fails the payment', async () => {
    const { account, order } = await paidOrder();
    smtp.refuseNext(2);
    await t.app.jobs.runOnce();
    expect((await customerCalls(t, account.cookie).order(order._id)).json().status).toBe('paid');
    const refused = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'orderId' = ${order._id}`);
    expect(refused).toHaveLength(2);
    for (const job of refused) {
      expect(job).toMatchObject({
        attempts: 1,
        doneAt: null,
        lastError: expect.stringMatching(/451|Try again later/),
      });
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    }
    expect(await mailsTo(account.email, /confirmed/)).toHaveLength(0);
    // Time passes: the retries come due, and go through.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(sql`${jobs.payload}->>'orderId' = ${order._id}`);
    expect(await mailsTo(account.email, /confirmed/)).toHaveLength(1);
    const done = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'orderId' = ${order._id}`);
    expect(done.every((job) => job.doneAt !== null && job.attempts === 2)).toBe(true);
  });

  it('refunds a paid order through the provider, restocking when asked, and mails the customer', async () => {
    const { account, order, transactionId, battery, fan } = await paidOrder();
    const refunded = await asAdmin(`/api/orders/${order._id}/refund`, {
      reason: 'Customer changed their mind',
      restock: true,
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', paid: true });
    expect(refunded.json().timeline.at(-1)).toMatchObject({
      status: 'refunded',
      note: 'Customer changed their mind',
    });
    expect(await stockOf(t, battery.id)).toBe(10);
    expect(await stockOf(t, fan.id)).toBe(10);
    const [refund] = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, transactionId));
    expect(refund).toMatchObject({ amountCents: 13248, reason: 'Customer changed their mind' });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.refund'));
    expect(entry).toMatchObject({ actorEmail: 'sale-admin@example.com', target: order.number });
    const [mail] = await mailsTo(account.email, /refunded/);
    expect(mail!.text).toContain('We refunded $132.48');
  });

  it('refunds a shipped order without restocking by default; refuses unpaid, removed and refunded ones (409)', async () => {
    const { order, battery } = await paidOrder();
    await asAdmin(`/api/orders/${order._id}/ship`);
    expect((await asAdmin(`/api/orders/${order._id}/refund`)).json().status).toBe('refunded');
    expect(await stockOf(t, battery.id)).toBe(8);
    const again = await asAdmin(`/api/orders/${order._id}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order was already refunded.');
    const buyer = customerCalls(t, (await signUp(t)).cookie);
    const part = await addPart(t);
    const unpaid = (await buyer.buy(part.id, 1)).json().order;
    expect((await asAdmin(`/api/orders/${unpaid._id}/refund`)).json().error.message).toBe(
      'Only paid, shipped or delivered orders can be refunded; this one is unpaid.',
    );
    await buyer.remove(unpaid._id);
    expect((await asAdmin(`/api/orders/${unpaid._id}/refund`)).statusCode).toBe(409);
    expect((await asAdmin('/api/orders/00000000-0000-4000-8000-000000000000/refund')).statusCode).toBe(404);
    expect((await buyer.call('POST', `/api/orders/${order._id}/refund`)).statusCode).toBe(403);
  });

  it('answers 502 when the provider refuses the refund, as every payment path does, and leaves the order paid', async () => {
    const { buyer, order, transactionId, battery } = await paidOrder();
    // The sandbox no longer holds a charge to give back (as a provider may say of a disputed one).
    await t.database.db
      .update(sandboxPayments)
      .set({ status: 'canceled' })
      .where(eq(sandboxPayments.id, transactionId));
    const refused = await asAdmin(`/api/orders/${order._id}/refund`, { restock: true });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toEqual({
      code: 'payment_provider_refused',
      message: `The payment provider refused the request (sandbox: ${transactionId} has no successful charge to refund), so nothing was changed.`,
    });
    expect((await buyer.order(order._id)).json()).toMatchObject({ status: 'paid', paid: true });
    expect(await stockOf(t, battery.id)).toBe(8);
  });

  it('refunds once when two admins refund at the same moment', async () => {
    const { order, transactionId } = await paidOrder();
    const both = await Promise.all([
      asAdmin(`/api/orders/${order._id}/refund`),
      asAdmin(`/api/orders/${order._id}/refund`),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.$count(sandboxRefunds, eq(sandboxRefunds.paymentId, transactionId))).toBe(1);
  });

  it('mails the customer when an unpaid order expires', async () => {
    const quick = await createTestApp({
      seed: false,
      env: { SMTP_URL: smtp.url, UNPAID_ORDER_HOLD_MINUTES: '0.001' },
    });
    try {
      const account = await signUp(quick);
      const buyer = customerCalls(quick, account.cookie);
      const order = (await buyer.buy((await addPart(quick)).id, 1)).json().order;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await buyer.intent(order._id)).statusCode).toBe(409);
      await quick.app.jobs.runOnce();
      const mails = await Promise.all(
        smtp.mails.filter((mail) => mail.to.includes(account.email)).map(readMail),
      );
      const orderMails = mails
        .map((mail) => mail.subject)
        .filter((subject) => subject.includes(order.number));
      expect(orderMails).toEqual([`Your order ${order.number} expired`]);
    } finally {
      await quick.close();
    }
  });
});

describe('order mails with two app instances', () => {
  // Two app instances, three customers: more than the default time on a busy two-core machine.
  it('sends each mail once, whichever instance runs the job', async () => {
    const smtp = await startSmtpSink();
    const first = await createTestApp({
      seed: false,
      env: { SMTP_URL: smtp.url, ORDER_ALERT_EMAIL: 'alerts@shop.example' },
    });
    const second = await createSecondInstance(first);
    try {
      const orders = [];
      for (let i = 0; i < 3; i++) {
        const buyer = customerCalls(first, (await signUp(first)).cookie);
        const order = (await buyer.buy((await addPart(first)).id, 1)).json().order;
        await buyer.pay(order._id);
        orders.push(order);
      }
      await Promise.all([first.app.jobs.runOnce(), second.app.jobs.runOnce(), first.app.jobs.runOnce()]);
      await Promise.all([first.app.jobs.runOnce(), second.app.jobs.runOnce()]);
      // Sign-ups send their own mail (email verification): only order mails count here.
      const subjects = (await Promise.all(smtp.mails.map(readMail)))
        .map((mail) => mail.subject)
        .filter((subject) => subject.includes('RTP-'))
        .sort();
      expect(subjects).toEqual(
        orders
          .flatMap((order) => [
            `New paid order ${order.number}: $25.00`,
            `Your order ${order.number} is confirmed`,
          ])
          .sort(),
      );
    } finally {
      await second.close();
      await first.close();
      await smtp.close();
    }
  }, 60_000);
});
