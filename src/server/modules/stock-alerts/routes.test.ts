import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, stockAlerts } from '#server/db/schema.ts';
import { type SignedIn, signUp, signUpAdmin, verifyEmail } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { customerCalls } from '../../../../test/support/orders';
import { type ReceivedMail, readMail, startSmtpSink } from '../../../../test/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('notify me when a part is back', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: SignedIn;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'alerts-admin@example.com',
        SMTP_URL: smtp.url,
        SIGN_UPS_PER_CLIENT: '100',
        STOCK_ALERTS_PER_CLIENT_PER_HOUR: '1000',
      },
    });
    admin = await signUpAdmin(t, { email: 'alerts-admin@example.com' });
    // This suite runs the job worker itself, so that it knows when mails have gone out.
    await t.app.jobs.stop();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let visitors = 0;
  /** Each visitor comes from an address of its own (the rate limit counts per client address). */
  const notify = (partId: string, payload?: object, cookie?: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/part/${partId}/notify`,
      payload,
      headers: cookie ? { cookie } : {},
      remoteAddress: remoteAddress ?? `10.1.0.${++visitors % 250}`,
    });
  const setStock = (partId: string, available: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/part/${partId}`,
      payload: { available },
      headers: { cookie: admin.cookie },
    });
  /**
   * The back-in-stock mails to an address (not the account's own), read as a mail program shows them,
   * once every queued job has run.
   */
  const mailsTo = async (address: string) => {
    while ((await t.app.jobs.runOnce()) > 0);
    const raw = smtp.mails.filter((mail) => mail.to.includes(address));
    const read = await Promise.all(raw.map(async (mail) => ({ ...(await readMail(mail)), raw: mail })));
    return read.filter((mail) => !mail.subject.startsWith('Confirm your email'));
  };
  /** A mail's headers, each on one line (long ones are folded when sent). */
  const headersOf = (mail: ReceivedMail) => mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  /** The `token` of the first link to the shop's part page in a mail (quoted-printable undone). */
  const tokenIn = (mail: ReceivedMail, action: 'confirm' | 'unsubscribe') => {
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = new RegExp(`/parts/[0-9a-f-]+\\?alert=${action}&token=([A-Za-z0-9._-]+)`).exec(text);
    if (!match) throw new Error(`no ${action} link in:\n${text}`);
    return match[1]!;
  };
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/stock-alerts/confirm', payload: { token } });
  let emails = 0;
  const visitorEmail = () => `visitor-${++emails}-${Date.now()}@example.com`;
  const soldOut = (name: string) =>
    addPart(t, { name: `${name} ${Math.random().toString(36).slice(2, 8)}`, available: 0 });

  it('mails a visitor a link to confirm, and nothing else until it is opened', async () => {
    const part = await soldOut('Confirmed fan');
    const email = visitorEmail();
    const asked = await notify(part.id, { email: email.toUpperCase() });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      status: 'confirmation_sent',
      message: `Check your inbox at ${email}: open the link we sent to confirm. Nothing else is sent to that address until you do.`,
    });
    const [confirmation, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(confirmation!.subject).toBe(`Confirm: tell me when ${part.name} is back`);

    // Unconfirmed, the part coming back sends nothing to the address.
    expect((await setStock(part.id, 3)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    await setStock(part.id, 0);

    const confirmed = await confirm(tokenIn(confirmation!.raw, 'confirm'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      part: { _id: part.id, name: part.name },
      inStock: false,
      message: `Confirmed: we will email you once, when ${part.name} is back.`,
    });
    // Opening the link again changes nothing.
    expect((await confirm(tokenIn(confirmation!.raw, 'confirm'))).statusCode).toBe(200);

    await setStock(part.id, 4);
    const [, back] = await mailsTo(email);
    expect(back!.subject).toBe(`${part.name} is back in stock`);
    expect(back!.text).toContain('$25.00');
  });

  it('refuses links the shop did not sign for that action', async () => {
    const part = await soldOut('Link check keyboard');
    const email = visitorEmail();
    await notify(part.id, { email });
    const [mail] = await mailsTo(email);
    const token = tokenIn(mail!.raw, 'confirm');
    const [id, signature] = token.split('.');
    for (const forged of [
      `${id}.${signature!.slice(0, -2)}AA`,
      `${id}`,
      'not-a-token',
      `00000000-0000-4000-8000-000000000000.${signature}`,
    ]) {
      const answer = await confirm(forged);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('invalid_link');
    }
    // A confirmation link does not unsubscribe, nor the other way round.
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url: '/api/stock-alerts/unsubscribe',
      payload: { token },
    });
    expect(unsubscribe.statusCode).toBe(404);
    expect((await confirm('')).statusCode).toBe(400);
  });

  it('puts a verified customer on the list in one click, once however often they click', async () => {
    const part = await soldOut('One click screen');
    const customer = await signUp(t, { name: 'Cleo Click' });
    await verifyEmail(t, customer.email);
    const first = await notify(part.id, undefined, customer.cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      status: 'subscribed',
      message: `We will email ${customer.email} once, when it is back.`,
    });
    // A body's address is not theirs to choose: the account's is used.
    const again = await notify(part.id, { email: 'someone-else@example.com' }, customer.cookie);
    expect(again.statusCode).toBe(200);
    expect(await t.database.db.$count(stockAlerts, eq(stockAlerts.partId, part.id))).toBe(1);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/part/${part.id}/notify`,
      headers: { cookie: customer.cookie },
    });
    expect(mine.json()).toEqual({ subscribed: true });
    // No confirmation mail: the address was proven when the account was verified.
    expect(await mailsTo(customer.email)).toEqual([]);
  });

  it('asks a customer whose address is not verified to confirm it first', async () => {
    const part = await soldOut('Unverified battery');
    const customer = await signUp(t, { name: 'Una Verified' });
    const asked = await notify(part.id, {}, customer.cookie);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().status).toBe('confirmation_sent');
    const [mail] = await mailsTo(customer.email);
    expect(mail!.subject).toMatch(/^Confirm: tell me when/);
  });

  it('sends each subscriber one mail through the job queue when stock comes back, and the alerts end', async () => {
    const part = await soldOut('Back again SSD');
    const customers = await Promise.all(['Ann', 'Bob'].map((name) => signUp(t, { name })));
    for (const customer of customers) {
      await verifyEmail(t, customer.email);
      expect((await notify(part.id, {}, customer.cookie)).statusCode).toBe(201);
    }
    const visitor = visitorEmail();
    await notify(part.id, { email: visitor });
    const [confirmation] = await mailsTo(visitor);
    await confirm(tokenIn(confirmation!.raw, 'confirm'));
    const unconfirmed = visitorEmail();
    await notify(part.id, { email: unconfirmed });

    // Nothing happens while the stock changes below the part's minimum, or goes up without being zero.
    await t.database.db.update(parts).set({ minQuantity: 5 }).where(eq(parts.id, part.id));
    await setStock(part.id, 3);
    for (const customer of customers) expect(await mailsTo(customer.email)).toEqual([]);

    expect((await setStock(part.id, 8)).statusCode).toBe(200);
    const addresses = [...customers.map((customer) => customer.email), visitor];
    for (const address of addresses) {
      const back = (await mailsTo(address)).filter((mail) => /is back in stock$/.test(mail.subject));
      expect(back).toHaveLength(1);
      expect(back[0]!.subject).toBe(`${part.name} is back in stock`);
      // The way out, for a mail program's button too (RFC 8058).
      const headers = headersOf(back[0]!.raw);
      expect(headers).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/stock-alerts\/unsubscribe\?token=/m,
      );
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(back[0]!.text).toContain('Unsubscribe from every back-in-stock mail to this address');
    }
    // The one that never confirmed got its confirmation only.
    expect((await mailsTo(unconfirmed)).map((mail) => mail.subject)).toEqual([
      `Confirm: tell me when ${part.name} is back`,
    ]);
    const waiting = await t.database.db
      .select({ endReason: stockAlerts.endReason })
      .from(stockAlerts)
      .where(eq(stockAlerts.partId, part.id));
    expect(waiting.map((alert) => alert.endReason).sort()).toEqual([
      'notified',
      'notified',
      'notified',
      null,
    ]);

    // Out and back again: the alerts have ended, no second mail.
    await setStock(part.id, 0);
    await setStock(part.id, 9);
    for (const address of addresses)
      expect((await mailsTo(address)).filter((mail) => /back in stock/.test(mail.subject))).toHaveLength(1);
  });

  it('sees stock come back however it comes: an order removed puts its parts back, and the mail goes', async () => {
    const part = await addPart(t, {
      name: `Last units hinge ${Math.random().toString(36).slice(2, 8)}`,
      available: 2,
    });
    const buyer = await signUp(t, { name: 'Holder' });
    const { order } = (await customerCalls(t, buyer.cookie).buy(part.id, 2)).json();
    const waiting = await signUp(t, { name: 'Waiting Wendy' });
    await verifyEmail(t, waiting.email);
    expect((await notify(part.id, {}, waiting.cookie)).statusCode).toBe(201);
    expect(await mailsTo(waiting.email)).toEqual([]);
    // The unpaid order is removed: its two units go back on the shelf.
    expect((await customerCalls(t, buyer.cookie).remove(order._id)).statusCode).toBe(200);
    const [back] = await mailsTo(waiting.email);
    expect(back!.subject).toBe(`${part.name} is back in stock`);
  });

  it('unsubscribes without signing in: every alert of the address ends, from the page or a mail program', async () => {
    const first = await soldOut('Unsubscribe first');
    const second = await soldOut('Unsubscribe second');
    const customer = await signUp(t, { name: 'Uma Unsub' });
    await verifyEmail(t, customer.email);
    for (const part of [first, second]) await notify(part.id, {}, customer.cookie);
    await setStock(first.id, 5);
    const [back] = await mailsTo(customer.email);
    const token = tokenIn(back!.raw, 'unsubscribe');

    const stopped = await t.app.inject({
      method: 'POST',
      url: '/api/stock-alerts/unsubscribe',
      payload: { token },
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({
      ended: 1,
      message: 'You will get no more back-in-stock mails at this address.',
    });
    await setStock(second.id, 5);
    expect(await mailsTo(customer.email)).toHaveLength(1);

    // A mail program's one-click post (a form body, the token in the address) works too, again and again.
    const oneClick =
      /^List-Unsubscribe: <http:\/\/localhost:3000(\/api\/stock-alerts\/unsubscribe\?token=[^>]+)>/m.exec(
        headersOf(back!.raw),
      )![1]!;
    const posted = await t.app.inject({
      method: 'POST',
      url: oneClick,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().ended).toBe(0);
  });

  it('lets a customer cancel their alert', async () => {
    const part = await soldOut('Cancelled alert cooler');
    const customer = await signUp(t, { name: 'Carl Cancel' });
    await verifyEmail(t, customer.email);
    await notify(part.id, {}, customer.cookie);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/part/${part.id}/notify`,
      headers: { cookie: customer.cookie },
    });
    expect(cancelled.statusCode).toBe(204);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/part/${part.id}/notify`,
      headers: { cookie: customer.cookie },
    });
    expect(mine.json()).toEqual({ subscribed: false });
    await setStock(part.id, 5);
    expect(await mailsTo(customer.email)).toEqual([]);
  });

  it('keeps one waiting alert per address and part: asking again resends nothing at once', async () => {
    const part = await soldOut('Duplicate request fan');
    const email = visitorEmail();
    for (let n = 0; n < 3; n++) expect((await notify(part.id, { email })).statusCode).toBe(202);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(
      await t.database.db.$count(
        stockAlerts,
        and(eq(stockAlerts.partId, part.id), eq(stockAlerts.email, email), isNull(stockAlerts.endedAt)),
      ),
    ).toBe(1);
    // Confirmed, a visitor asking again is told the same, and no mail goes.
    const [mail] = await mailsTo(email);
    await confirm(tokenIn(mail!.raw, 'confirm'));
    expect((await notify(part.id, { email })).json().status).toBe('confirmation_sent');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('mails at once an alert confirmed after the part came back', async () => {
    const part = await soldOut('Late confirm charger');
    const email = visitorEmail();
    await notify(part.id, { email });
    const [mail] = await mailsTo(email);
    await setStock(part.id, 2);
    const confirmed = await confirm(tokenIn(mail!.raw, 'confirm'));
    expect(confirmed.json()).toMatchObject({ inStock: true });
    const [, back] = await mailsTo(email);
    expect(back!.subject).toBe(`${part.name} is back in stock`);
    // Once mailed, the link says so.
    const again = await confirm(tokenIn(mail!.raw, 'confirm'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`We already wrote to you: ${part.name} is back in stock.`);
  });

  it.each([
    ['no email', undefined, 'Email is required'],
    ['an empty email', { email: ' ' }, 'Email is required'],
    ['a malformed email', { email: 'not-an-address' }, 'Provide a valid email'],
  ])('asks a visitor for an address: %s is 400 naming email', async (_, payload, message) => {
    const part = await soldOut('Email check');
    const answer = await notify(part.id, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields.email).toBe(message);
  });

  it('offers it only for parts that cannot be bought, and not to admins', async () => {
    const inStock = await addPart(t, { available: 5 });
    const answer = await notify(inStock.id, { email: visitorEmail() });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toEqual({
      code: 'part_in_stock',
      message: 'This part is in stock: you can order it now.',
    });
    expect((await notify('00000000-0000-4000-8000-000000000000', { email: visitorEmail() })).statusCode).toBe(
      404,
    );
    const part = await soldOut('Admin check');
    const asAdmin = await notify(part.id, {}, admin.cookie);
    expect(asAdmin.statusCode).toBe(403);
    for (const method of ['GET', 'DELETE'] as const)
      expect((await t.app.inject({ method, url: `/api/part/${part.id}/notify` })).statusCode).toBe(401);
  });

  it('lists the most wanted parts out of stock on the Overview, by confirmed subscribers', async () => {
    const wanted = await soldOut('Most wanted battery');
    const lessWanted = await soldOut('Less wanted battery');
    for (const [part, count] of [
      [wanted, 3],
      [lessWanted, 1],
    ] as const)
      for (let n = 0; n < count; n++) {
        const customer = await signUp(t);
        await verifyEmail(t, customer.email);
        await notify(part.id, {}, customer.cookie);
      }
    // Unconfirmed addresses do not count.
    await notify(lessWanted.id, { email: visitorEmail() });
    await notify(lessWanted.id, { email: visitorEmail() });
    const stats = await t.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: admin.cookie } });
    const listed = stats
      .json()
      .mostWanted.filter((row: { partId: string }) => [wanted.id, lessWanted.id].includes(row.partId));
    expect(listed).toEqual([
      { partId: wanted.id, name: wanted.name, subscribers: 3, available: 0, minimum: 1 },
      { partId: lessWanted.id, name: lessWanted.name, subscribers: 1, available: 0, minimum: 1 },
    ]);
    // Back in stock, it leaves the list.
    await setStock(wanted.id, 10);
    const after = await t.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: admin.cookie } });
    expect(after.json().mostWanted.map((row: { partId: string }) => row.partId)).not.toContain(wanted.id);
  });
});

describe('visitors asking to be notified', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { STOCK_ALERTS_PER_CLIENT_PER_HOUR: '2' } });
  });
  afterAll(() => t.close());

  it('may ask STOCK_ALERTS_PER_CLIENT_PER_HOUR times an hour from one address (429 past it)', async () => {
    const part = await addPart(t, { available: 0 });
    const ask = (n: number, remoteAddress = '10.9.9.9') =>
      t.app.inject({
        method: 'POST',
        url: `/api/part/${part.id}/notify`,
        payload: { email: `limited-${n}@example.com` },
        remoteAddress,
      });
    expect((await ask(1)).statusCode).toBe(202);
    expect((await ask(2)).statusCode).toBe(202);
    const limited = await ask(3);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.db.$count(stockAlerts, eq(stockAlerts.email, 'limited-3@example.com'))).toBe(0);
    // Another client address is counted on its own.
    expect((await ask(4, '10.9.9.10')).statusCode).toBe(202);
    // Customers are not counted: their click names their own address.
    const customer = await signUp(t, { remoteAddress: '10.9.9.9' });
    const clicked = await t.app.inject({
      method: 'POST',
      url: `/api/part/${part.id}/notify`,
      headers: { cookie: customer.cookie },
      remoteAddress: '10.9.9.9',
    });
    expect(clicked.statusCode).toBe(202);
  });
});
