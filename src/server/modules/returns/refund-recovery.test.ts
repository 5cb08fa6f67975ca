import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, refunds } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { startFakeStripe } from '../../../../test/support/fake-stripe';
import { customerCalls } from '../../../../test/support/orders';
import { readMail, startSmtpSink } from '../../../../test/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

const SECRET_KEY = 'sk_test_returns123';

/**
 * A return's refund under faults (docs/decisions/037-returns.md), against a local fake of Stripe's API:
 * the return is claimed in the transaction that reserves its refund and moved to `refunded` in the one
 * that settles it, so an instance that stops half-way leaves nothing stuck, and no money goes back twice.
 */
describe('a return’s refund when things fail', () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    stripe = await startFakeStripe(SECRET_KEY);
    smtp = await startSmtpSink();
    t = await createTestApp({
      seed: false,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_returns123',
        STRIPE_WEBHOOK_SECRET: 'whsec_returns',
        STRIPE_API_URL: stripe.url,
        ADMIN_EMAILS: 'recovery-admin@example.com',
        SMTP_URL: smtp.url,
        SIGN_UPS_PER_CLIENT: '100',
        RETURN_REQUESTS_PER_HOUR: '100',
      },
    });
    await t.app.jobs.stop();
    admin = await signUpAdmin(t, { email: 'recovery-admin@example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await stripe.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
  const refundReturn = (id: string) => asAdmin('POST', `/api/returns/${id}/refund`);
  const refundsAtStripe = (intentId: string) =>
    stripe.refunds.filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount);

  /** A return of 2 of 3 $40 units, received; the order paid through Stripe and delivered. */
  async function receivedReturn() {
    const account = await signUp(t);
    const buyer = customerCalls(t, account.cookie);
    const part = await addPart(t, { priceCents: 4000, available: 10 });
    const order = (await buyer.buy(part.id, 3)).json().order as { _id: string; number: string };
    const intentId = (await buyer.intent(order._id)).json().clientSecret.split('_secret_')[0] as string;
    stripe.setStatus(intentId, 'succeeded');
    expect(
      (await buyer.call('PATCH', `/api/purchase/${order._id}`, { transactionId: intentId })).statusCode,
    ).toBe(200);
    for (const step of ['ship', 'deliver'])
      expect((await asAdmin('POST', `/api/orders/${order._id}/${step}`, {})).statusCode).toBe(200);
    const line = (await buyer.order(order._id)).json().lines[0].lineId as string;
    const asked = await buyer.call('POST', `/api/purchase/${order._id}/returns`, {
      lines: [{ lineId: line, quantity: 2 }],
      reason: 'defective',
    });
    const ret = { ...(asked.json() as { id: string; number: string; orderId: string }), buyer };
    expect((await asAdmin('POST', `/api/returns/${ret.id}/approve`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/returns/${ret.id}/receive`, { restock: false })).statusCode).toBe(
      200,
    );
    return { account, buyer, order, intentId, ret };
  }

  /** The return as its buyer sees it on the order's page. */
  const returnOf = async (ret: { id: string; orderId: string; buyer: ReturnType<typeof customerCalls> }) =>
    ((await ret.buyer.call('GET', `/api/purchase/${ret.orderId}/returns`)).json() as { id: string }[]).find(
      (found) => found.id === ret.id,
    );

  /** Brings the refund's settle job forward (it is due 10 minutes after the reservation) and runs it once. */
  async function runSettleJob(refundId: string) {
    const ofRefund = sql`${jobs.kind} = 'refund-settle' and ${jobs.payload}->>'refundId' = ${refundId}`;
    const [before] = await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(ofRefund, sql`${jobs.doneAt} is null`))
      .returning();
    // The worker takes a batch at a time, the oldest first (earlier mails may be queued).
    for (let round = 0; round < 20; round++) {
      await t.app.jobs.runOnce();
      const [job] = await t.database.db.select().from(jobs).where(ofRefund);
      if (job!.attempts > before!.attempts) return job!;
    }
    throw new Error('the settle job did not run');
  }

  it('finishes a return whose instance stopped waiting for Stripe: the settle job makes it refunded, once', async () => {
    const { account, buyer, order, intentId, ret } = await receivedReturn();
    // Stripe makes the refund, but its answer never reaches the instance that asked.
    const held = stripe.holdNextRefundAnswer();
    const stopped = refundReturn(ret.id);
    await held.made;

    // What that instance leaves: the return received and claimed, the refund pending and reserved.
    expect(await returnOf(ret)).toMatchObject({ status: 'received', refundedCents: null });
    const [pending] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(pending).toMatchObject({ state: 'pending', amountCents: 8000 });
    const meanwhile = await refundReturn(ret.id);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error).toEqual({
      code: 'return_being_refunded',
      message: 'This return is being refunded already.',
    });

    // Stripe cannot be reached when the job first asks: the job tries again later, the claim kept.
    stripe.fail(503);
    expect((await runSettleJob(pending!.id)).doneAt).toBeNull();
    expect(await returnOf(ret)).toMatchObject({ status: 'received' });
    stripe.recover();
    expect((await runSettleJob(pending!.id)).doneAt).not.toBeNull();

    // Asked again with the refund's key, Stripe answers with the refund it made: once.
    expect(refundsAtStripe(intentId)).toEqual([8000]);
    const keys = stripe.requests
      .filter(
        (request) => request.path === '/v1/refunds' && request.idempotencyKey === `refund-${pending!.id}`,
      )
      .map((request) => request.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(await returnOf(ret)).toMatchObject({ status: 'refunded', refundedCents: 8000 });
    expect((await buyer.order(order._id)).json()).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 8000,
    });

    // The stopped instance's answer arrives after all: nothing changes, it reads the return refunded.
    held.answer();
    const late = await stopped;
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'refunded', refundedCents: 8000 });
    expect(refundsAtStripe(intentId)).toEqual([8000]);
    expect((await refundReturn(ret.id)).json().error.code).toBe('return_not_movable');

    // One move to refunded, on the timeline and in the audit log (the admin who asked), one mail.
    const timeline = (await buyer.order(order._id)).json().timeline as { returnStatus?: string }[];
    expect(timeline.filter((event) => event.returnStatus === 'refunded')).toHaveLength(1);
    const audit = await t.database.db
      .select({ action: auditLog.action, actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.target, ret.number), eq(auditLog.action, 'return.refunded')));
    expect(audit).toEqual([{ action: 'return.refunded', actorEmail: 'recovery-admin@example.com' }]);
    while ((await t.app.jobs.runOnce()) > 0);
    const mails = await Promise.all(
      smtp.mails.filter((mail) => mail.to.includes(account.email)).map((mail) => readMail(mail)),
    );
    expect(mails.filter((mail) => /was refunded/.test(mail.subject))).toHaveLength(1);
  });

  it('leaves no claim when the refund could not be written (the database refused it): refunded on the next try', async () => {
    const { intentId, ret } = await receivedReturn();
    await t.database.db.execute(sql`create function refuse_refunds() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_refunds before insert on refunds for each row execute function refuse_refunds()`,
    );
    try {
      expect((await refundReturn(ret.id)).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_refunds on refunds`);
      await t.database.db.execute(sql`drop function refuse_refunds()`);
    }
    expect(await returnOf(ret)).toMatchObject({ status: 'received', refundedCents: null });
    expect(refundsAtStripe(intentId)).toEqual([]);
    const again = await refundReturn(ret.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'refunded', refundedCents: 8000 });
    expect(refundsAtStripe(intentId)).toEqual([8000]);
  });

  it('gives the claim back with the reservation when Stripe refuses: refunded once it takes it', async () => {
    const { order, intentId, ret } = await receivedReturn();
    stripe.fail(400, {
      type: 'invalid_request_error',
      code: 'charge_disputed',
      message: 'This charge is disputed.',
    });
    const refused = await refundReturn(ret.id);
    stripe.recover();
    expect(refused.statusCode).toBe(502);
    expect(await returnOf(ret)).toMatchObject({ status: 'received', refundedCents: null });
    expect((await asAdmin('GET', `/api/purchase/${order._id}`)).json()).toMatchObject({ refundedCents: 0 });
    const again = await refundReturn(ret.id);
    expect(again.json()).toMatchObject({ status: 'refunded', refundedCents: 8000 });
    expect(refundsAtStripe(intentId)).toEqual([8000]);
  });
});
