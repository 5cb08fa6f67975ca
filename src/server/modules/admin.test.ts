import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feedback, orders, parts, reviews, users } from '#server/db/schema.ts';
import { cookiesOf, sessionOf, signIn, signUp, signUpAdmin } from '../../../test/support/auth';
import { addPart, stockOf } from '../../../test/support/catalog';
import { ADDRESS } from '../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const validPart = {
  name: 'Laptop Stand',
  price: '39.90',
  minimum: '1',
  available: '25',
  description: 'Aluminium stand that lifts the screen to eye level.',
  img: '/images/parts/laptop-sleeve.svg',
  category: 'other-parts',
};

describe('admin area API', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'root@example.com' } });
    admin = await signUpAdmin(t, { email: 'root@example.com', name: 'Root' });
    customer = await signUp(t, { email: 'carl@example.com', name: 'Carl' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  it('answers 401 to anonymous callers and 403 to customers on every admin endpoint', async () => {
    const part = await addPart(t);
    const endpoints: [Parameters<typeof call>[0], string, object?][] = [
      ['POST', '/api/part', validPart],
      ['PUT', `/api/part/${part.id}`, validPart],
      ['PATCH', `/api/part/${part.id}`, { available: 3 }],
      ['DELETE', `/api/part/${part.id}`],
      ['GET', '/api/user'],
      ['PUT', '/api/user/admin/carl@example.com'],
      ['DELETE', '/api/user/carl@example.com'],
      ['GET', '/api/orders'],
      ['POST', '/api/orders/00000000-0000-4000-8000-000000000000/ship'],
      ['GET', '/api/feedback'],
      ['POST', '/api/feedback/00000000-0000-4000-8000-000000000000/read'],
      ['DELETE', '/api/review/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/audit-log'],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} anonymous`).toBe(
        401,
      );
      expect(
        (await call(method, url, customer.cookie, payload)).statusCode,
        `${method} ${url} customer`,
      ).toBe(403);
    }
    expect(await stockOf(t, part.id)).toBe(10);
    expect((await sessionOf(t, customer.cookie)).role).toBe('customer');
  });

  describe('products', () => {
    it('creates a part from the create shape (strings) and shows it in the read shape', async () => {
      const response = await call('POST', '/api/part', admin.cookie, validPart);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        _id: expect.any(String),
        name: 'Laptop Stand',
        img: '/images/parts/laptop-sleeve.svg',
        category: 'other-parts',
        price: 39.9,
        priceCents: 3990,
        minquantity: 1,
        avaquantity: 25,
        description: 'Aluminium stand that lifts the screen to eye level.',
        partNumbers: [],
        condition: 'new',
        warrantyMonths: 12,
        rating: { average: null, count: 0 },
      });
      const listed = (await call('GET', '/api/part')).json();
      expect(listed.map((part: { _id: string }) => part._id)).toContain(response.json()._id);
      const numbers = await call('POST', '/api/part', admin.cookie, {
        ...validPart,
        name: 'Laptop Stand, sent as numbers',
        price: 12,
        minimum: 2,
        available: 0,
        img: 'https://cdn.example.com/a.png',
      });
      expect(numbers.statusCode).toBe(201);
      expect(numbers.json()).toMatchObject({ priceCents: 1200, minquantity: 2, avaquantity: 0 });
    });

    it.each([
      ['name', { name: '' }, 'Name is required'],
      ['name', { name: 'x'.repeat(121) }, 'Name must be at most 120 characters'],
      ['description', { description: ' ' }, 'Description is required'],
      ['description', { description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
      ['price', { price: '0' }, 'Enter a price in dollars above 0, like 19.99'],
      ['price', { price: '-5' }, 'Enter a price in dollars above 0, like 19.99'],
      ['price', { price: '9.999' }, 'Enter a price in dollars above 0, like 19.99'],
      ['price', { price: 'free' }, 'Enter a price in dollars above 0, like 19.99'],
      ['price', { price: '' }, 'Price is required'],
      ['minimum', { minimum: '0' }, 'Minimum must be at least 1'],
      ['minimum', { minimum: '1.5' }, 'Minimum must be a whole number'],
      ['available', { available: '-1' }, 'Available must be a whole number'],
      ['available', { available: 2_000_000 }, 'Available must be at most 1,000,000'],
      [
        'img',
        { img: 'http://insecure.example/a.png' },
        'Use an https:// image URL or a shop image path like /images/parts/ssd.svg',
      ],
      [
        'img',
        { img: 'javascript:alert(1)' },
        'Use an https:// image URL or a shop image path like /images/parts/ssd.svg',
      ],
      [
        'img',
        { img: '/images/../../etc/passwd.png' },
        'Use an https:// image URL or a shop image path like /images/parts/ssd.svg',
      ],
      ['img', { img: '/images/parts/nothing-here.svg' }, 'The shop has no image at that path'],
    ])('refuses a bad %s with 400 naming it (%j), storing nothing', async (field, change, message) => {
      const before = await t.database.db.$count(parts);
      const response = await call('POST', '/api/part', admin.cookie, { ...validPart, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
      expect(await t.database.db.$count(parts)).toBe(before);
    });

    it('edits a part fully (PUT) and partly (PATCH), with the same rules', async () => {
      const part = await addPart(t, { available: 4 });
      const put = await call('PUT', `/api/part/${part.id}`, admin.cookie, {
        ...validPart,
        name: 'Renamed',
        available: '9',
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name: 'Renamed', avaquantity: 9, priceCents: 3990 });
      const patch = await call('PATCH', `/api/part/${part.id}`, admin.cookie, { available: '40' });
      expect(patch.json()).toMatchObject({ name: 'Renamed', avaquantity: 40 });
      expect(
        (await call('PATCH', `/api/part/${part.id}`, admin.cookie, { available: '-3' })).statusCode,
      ).toBe(400);
      expect((await call('PATCH', `/api/part/${part.id}`, admin.cookie, {})).statusCode).toBe(400);
      expect(
        (await call('PATCH', `/api/part/${part.id}`, admin.cookie, { priceCents: 1, id: 'x' })).statusCode,
      ).toBe(400);
      expect(await stockOf(t, part.id)).toBe(40);
      expect(
        (await call('PUT', '/api/part/00000000-0000-4000-8000-000000000000', admin.cookie, validPart))
          .statusCode,
      ).toBe(404);
    });

    it('refuses a minimum above the stock, unless the part is out of stock (available 0)', async () => {
      const create = (minimum: number, available: number) =>
        call('POST', '/api/part', admin.cookie, {
          ...validPart,
          name: `Minimum ${minimum} of ${available} ${Math.random()}`,
          minimum,
          available,
        });
      const before = await t.database.db.$count(parts);
      const above = await create(5, 3);
      expect(above.statusCode).toBe(400);
      expect(above.json().error.fields).toEqual({ minimum: 'Minimum must be at most the 3 available' });
      expect(await t.database.db.$count(parts)).toBe(before);
      expect((await create(5, 5)).statusCode).toBe(201);
      expect((await create(5, 0)).statusCode).toBe(201);

      // The rule holds for the part that results from a change, whichever field the change sends.
      const part = await addPart(t, { minimum: 2, available: 10 });
      const patch = (body: object) => call('PATCH', `/api/part/${part.id}`, admin.cookie, body);
      const lowStock = await patch({ available: 1 });
      expect(lowStock.statusCode).toBe(400);
      expect(lowStock.json().error.fields).toEqual({ minimum: 'Minimum must be at most the 1 available' });
      expect((await patch({ minimum: 11 })).json().error.fields).toEqual({
        minimum: 'Minimum must be at most the 10 available',
      });
      expect((await patch({ minimum: 4, available: 3 })).statusCode).toBe(400);
      expect(await stockOf(t, part.id)).toBe(10);
      expect((await patch({ available: 0 })).statusCode).toBe(200);
      expect((await patch({ minimum: 20 })).statusCode).toBe(200);
      expect((await patch({ available: 19 })).statusCode).toBe(400);
      expect((await patch({ available: 20 })).json()).toMatchObject({ minquantity: 20, avaquantity: 20 });
      const put = await call('PUT', `/api/part/${part.id}`, admin.cookie, {
        ...validPart,
        name: 'Put with a minimum above its stock',
        minimum: 9,
        available: 8,
      });
      expect(put.json().error.fields).toEqual({ minimum: 'Minimum must be at most the 8 available' });

      // Orders may leave less than the minimum; a change to the part's other fields is still allowed.
      const sold = await addPart(t, { minimum: 5, available: 3 });
      const renamed = await call('PATCH', `/api/part/${sold.id}`, admin.cookie, { price: '12.50' });
      expect(renamed.statusCode).toBe(200);
    });

    it('refuses a name another part on sale has, whatever its case or accent encoding', async () => {
      const hinge = await addPart(t, { name: 'Écran Hinge Set' });
      const named = (name: string) => ({ ...validPart, name });
      const taken = await call('POST', '/api/part', admin.cookie, named('ÉCRAN hinge set'));
      expect(taken.statusCode).toBe(400);
      expect(taken.json().error.fields).toEqual({ name: '"ÉCRAN hinge set" is already in the shop' });
      const decomposed = await call('POST', '/api/part', admin.cookie, named('E\u0301cran Hinge Set'));
      expect(decomposed.json().error.fields).toEqual({
        name: '"E\u0301cran Hinge Set" is already in the shop',
      });

      const other = await addPart(t, { name: 'Plain Hinge Set' });
      const put = await call('PUT', `/api/part/${other.id}`, admin.cookie, named('écran hinge set'));
      expect(put.statusCode).toBe(400);
      expect(put.json().error.fields).toEqual({ name: '"écran hinge set" is already in the shop' });
      const patch = await call('PATCH', `/api/part/${other.id}`, admin.cookie, { name: 'ÉCRAN HINGE SET' });
      expect(patch.json().error.fields).toEqual({ name: '"ÉCRAN HINGE SET" is already in the shop' });
      // A part may change the case of its own name.
      const own = await call('PATCH', `/api/part/${hinge.id}`, admin.cookie, { name: 'ÉCRAN HINGE SET' });
      expect(own.json()).toMatchObject({ name: 'ÉCRAN HINGE SET' });

      // A hidden part (deleted with orders) keeps its name for order history; a new part may take it.
      await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, hinge.id));
      expect((await call('POST', '/api/part', admin.cookie, named('Écran Hinge Set'))).statusCode).toBe(201);
    });

    it('lets only one of two parts created at once with the same name through, and the other hears why', async () => {
      const [first, second] = await Promise.all([
        call('POST', '/api/part', admin.cookie, { ...validPart, name: 'Twin Fan' }),
        call('POST', '/api/part', admin.cookie, { ...validPart, name: 'TWIN FAN' }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
      const refusal = first.statusCode === 400 ? first : second;
      expect(Object.keys(refusal.json().error.fields)).toEqual(['name']);
      // The database itself refuses a second part on sale with the same name (parts_on_sale_name_key).
      await expect(addPart(t, { name: 'twin fan' })).rejects.toThrow();
    });

    it('deletes a part without orders, and only hides one with orders', async () => {
      const lonely = await addPart(t);
      const removed = await call('DELETE', `/api/part/${lonely.id}`, admin.cookie);
      expect(removed.json()).toEqual({ deleted: true, hidden: false });
      expect(await t.database.db.$count(parts, eq(parts.id, lonely.id))).toBe(0);

      const ordered = await addPart(t);
      const bought = await call('POST', '/api/purchase', customer.cookie, {
        purchaseId: ordered.id,
        quantity: 1,
        shippingAddress: ADDRESS,
      });
      expect(bought.statusCode).toBe(201);
      const hidden = await call('DELETE', `/api/part/${ordered.id}`, admin.cookie);
      expect(hidden.json()).toEqual({ deleted: false, hidden: true });
      expect((await call('GET', `/api/part/${ordered.id}`)).statusCode).toBe(404);
      expect(
        (await call('GET', `/api/purchase/${bought.json().order._id}`, customer.cookie)).json().parts,
      ).toBe(ordered.name);
      expect((await call('DELETE', `/api/part/${ordered.id}`, admin.cookie)).statusCode).toBe(404);
    });
  });

  describe('users', () => {
    it('makes a customer admin once (modifiedCount 1, then 0), and writes the audit log', async () => {
      const target = await signUp(t, { email: 'promote@example.com' });
      const first = await call('PUT', '/api/user/admin/promote@example.com', admin.cookie);
      expect(first.json()).toEqual({ modifiedCount: 1 });
      expect((await sessionOf(t, target.cookie)).role).toBe('admin');
      expect((await call('PUT', '/api/user/admin/PROMOTE@example.com', admin.cookie)).json()).toEqual({
        modifiedCount: 0,
      });
      expect((await call('PUT', '/api/user/admin/nobody@example.com', admin.cookie)).statusCode).toBe(404);
      const audit = (await call('GET', '/api/audit-log', admin.cookie)).json();
      expect(audit[0]).toMatchObject({
        actor: 'root@example.com',
        action: 'user.make-admin',
        target: 'promote@example.com',
      });
    });

    it('removes an account, signing it out everywhere and keeping its orders', async () => {
      const leaving = await signUp(t, { email: 'leaving@example.com' });
      const otherSession = cookiesOf(await signIn(t, 'leaving@example.com'));
      const part = await addPart(t);
      const order = (
        await call('POST', '/api/purchase', leaving.cookie, {
          purchaseId: part.id,
          quantity: 1,
          shippingAddress: ADDRESS,
        })
      ).json().order;
      const removed = await call('DELETE', '/api/user/leaving@example.com', admin.cookie);
      expect(removed.json()).toEqual({ deletedCount: 1 });
      expect(await sessionOf(t, leaving.cookie)).toBeNull();
      expect(await sessionOf(t, otherSession)).toBeNull();
      const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect(kept).toMatchObject({ userId: null, buyerEmail: 'leaving@example.com' });
      expect((await call('DELETE', '/api/user/leaving@example.com', admin.cookie)).statusCode).toBe(404);
    });

    it('does not let an admin remove themself or the last admin', async () => {
      const self = await call('DELETE', '/api/user/root@example.com', admin.cookie);
      expect(self.statusCode).toBe(409);
      expect(self.json().error.message).toBe('You cannot remove your own account.');

      // Two admins removing each other at the same moment: one wins, the shop keeps an admin. (Admins
      // whose address has left ADMIN_EMAILS: those in it cannot be removed at all.)
      const solo = await createTestApp({ seed: false });
      const a1 = await signUp(solo, { email: 'a1@example.com' });
      const a2 = await signUp(solo, { email: 'a2@example.com' });
      await solo.database.db
        .update(users)
        .set({ role: 'admin' })
        .where(inArray(users.email, [a1.email, a2.email]));
      const results = await Promise.all([
        solo.app.inject({
          method: 'DELETE',
          url: '/api/user/a2@example.com',
          headers: { cookie: a1.cookie },
        }),
        solo.app.inject({
          method: 'DELETE',
          url: '/api/user/a1@example.com',
          headers: { cookie: a2.cookie },
        }),
      ]);
      // The loser is refused either as the last admin (409) or, if it came second, as a removed account (401).
      const statuses = results.map((response) => response.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await solo.database.db.$count(users, eq(users.role, 'admin'))).toBe(1);
      expect(await solo.database.db.$count(auditLog)).toBe(1);
      await solo.close();
    });
  });

  describe('Remove admin', () => {
    it('turns an admin back into a customer, once, with an audit entry; never an ADMIN_EMAILS address', async () => {
      const helper = await signUp(t, { email: 'helper-admin@example.com' });
      expect((await call('PUT', '/api/user/admin/helper-admin@example.com', admin.cookie)).json()).toEqual({
        modifiedCount: 1,
      });
      expect((await sessionOf(t, helper.cookie)).role).toBe('admin');
      const removed = await call('DELETE', '/api/user/admin/HELPER-ADMIN@example.com', admin.cookie);
      expect(removed.json()).toEqual({ modifiedCount: 1 });
      expect((await sessionOf(t, helper.cookie)).role).toBe('customer');
      expect((await call('GET', '/api/user', helper.cookie)).statusCode).toBe(403);
      expect((await call('DELETE', '/api/user/admin/helper-admin@example.com', admin.cookie)).json()).toEqual(
        {
          modifiedCount: 0,
        },
      );
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.remove-admin'));
      expect(entry).toMatchObject({ actorEmail: 'root@example.com', target: 'helper-admin@example.com' });
      const configured = await call('DELETE', '/api/user/admin/root@example.com', admin.cookie);
      expect(configured.statusCode).toBe(409);
      expect(configured.json().error.code).toBe('configured_admin');
      expect((await call('DELETE', '/api/user/admin/nobody@example.com', admin.cookie)).statusCode).toBe(404);
      expect((await call('DELETE', '/api/user/admin/root@example.com', customer.cookie)).statusCode).toBe(
        403,
      );
    });

    it('never leaves the shop without an admin, even when two admins demote each other at once', async () => {
      const shop = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'founder@example.com' } });
      try {
        const founder = await signUpAdmin(shop, { email: 'founder@example.com' });
        const [b1, b2] = [
          await signUp(shop, { email: 'b1@example.com' }),
          await signUp(shop, { email: 'b2@example.com' }),
        ];
        for (const email of ['b1@example.com', 'b2@example.com']) {
          await shop.app.inject({
            method: 'PUT',
            url: `/api/user/admin/${email}`,
            headers: { cookie: founder.cookie },
          });
        }
        // The founder is no longer in ADMIN_EMAILS and has left: b1 and b2 are the admins.
        await shop.database.db.delete(users).where(eq(users.email, 'founder@example.com'));
        const demote = (cookie: string, email: string) =>
          shop.app.inject({ method: 'DELETE', url: `/api/user/admin/${email}`, headers: { cookie } });
        const results = await Promise.all([
          demote(b1.cookie, 'b2@example.com'),
          demote(b2.cookie, 'b1@example.com'),
        ]);
        // The loser is refused as the last admin (409) or, having lost its role first, as a customer (403).
        const statuses = results.map((response) => response.statusCode).sort();
        expect(statuses[0]).toBe(200);
        expect([403, 409]).toContain(statuses[1]);
        expect(await shop.database.db.$count(users, eq(users.role, 'admin'))).toBe(1);
        const [last] = await shop.database.db.select().from(users).where(eq(users.role, 'admin'));
        const lastCookie = last!.email === 'b1@example.com' ? b1.cookie : b2.cookie;
        const self = await demote(lastCookie, last!.email);
        expect(self.statusCode).toBe(409);
        expect(self.json().error.message).toBe('The shop needs at least one admin.');
      } finally {
        await shop.close();
      }
    });
  });

  describe('orders', () => {
    it('lists every order, filters by state, and ships only paid orders', async () => {
      const part = await addPart(t, { available: 30 });
      const unpaid = (
        await call('POST', '/api/purchase', customer.cookie, {
          purchaseId: part.id,
          quantity: 2,
          shippingAddress: ADDRESS,
        })
      ).json().order;
      const toPay = (
        await call('POST', '/api/purchase', customer.cookie, {
          purchaseId: part.id,
          quantity: 1,
          shippingAddress: ADDRESS,
        })
      ).json().order;
      const { clientSecret } = (
        await call('POST', '/api/create-payment-intent', customer.cookie, { purchaseId: toPay._id })
      ).json();
      const { paymentIntentId } = (
        await call('POST', '/api/sandbox/confirm-payment', customer.cookie, {
          clientSecret,
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
        })
      ).json();
      await call('PATCH', `/api/purchase/${toPay._id}`, customer.cookie, { transactionId: paymentIntentId });

      const all = (await call('GET', '/api/orders', admin.cookie)).json();
      expect(all.map((order: { _id: string }) => order._id)).toEqual(
        expect.arrayContaining([unpaid._id, toPay._id]),
      );
      const paidOnly = (await call('GET', '/api/orders?status=paid', admin.cookie)).json();
      expect(paidOnly.every((order: { status: string }) => order.status === 'paid')).toBe(true);
      expect((await call('GET', '/api/orders?status=lost', admin.cookie)).statusCode).toBe(400);

      const notYet = await call('POST', `/api/orders/${unpaid._id}/ship`, admin.cookie);
      expect(notYet.statusCode).toBe(409);
      const shipped = await call('POST', `/api/orders/${toPay._id}/ship`, admin.cookie);
      expect(shipped.json()).toMatchObject({ status: 'shipped', paid: true });
      expect((await call('POST', `/api/orders/${toPay._id}/ship`, admin.cookie)).statusCode).toBe(409);
      expect((await call('DELETE', `/api/purchase/${toPay._id}`, admin.cookie)).statusCode).toBe(409);
    });
  });

  describe('feedback inbox', () => {
    it('shows messages newest first with an unread count, and marks them read', async () => {
      await t.database.db.insert(feedback).values([
        {
          name: 'Old',
          email: 'o@example.com',
          location: '',
          message: 'The older message',
          createdAt: new Date(Date.now() - 60_000),
        },
        { name: 'New', email: 'n@example.com', location: '', message: 'The newer message' },
      ]);
      const inbox = (await call('GET', '/api/feedback', admin.cookie)).json();
      expect(inbox.messages.map((m: { name: string }) => m.name).slice(0, 2)).toEqual(['New', 'Old']);
      expect(inbox.unread).toBeGreaterThanOrEqual(2);
      const read = await call('POST', `/api/feedback/${inbox.messages[0]._id}/read`, admin.cookie);
      expect(read.json().read).toBe(true);
      expect((await call('GET', '/api/feedback', admin.cookie)).json().unread).toBe(inbox.unread - 1);
    });
  });

  describe('reviews', () => {
    const review = {
      name: 'Carl',
      location: 'Denver',
      rating: 4,
      review: 'Fast shipping and a perfect fit.',
    };

    it('ties a review to the signed-in author and shows it first', async () => {
      expect((await call('POST', '/api/review', undefined, review)).statusCode).toBe(401);
      const created = await call('POST', '/api/review', customer.cookie, {
        ...review,
        rating: '5',
        userId: admin.id,
      });
      expect(created.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, created.json()._id));
      expect(row).toMatchObject({ userId: customer.id, rating: 5 });
      expect((await call('GET', '/api/review')).json()[0]._id).toBe(created.json()._id);
    });

    it.each([
      ['rating', { rating: 0 }],
      ['rating', { rating: 6 }],
      ['rating', { rating: 3.5 }],
      ['rating', { rating: 'five' }],
      ['name', { name: '' }],
      ['review', { review: 'short' }],
      ['review', { review: 'x'.repeat(1001) }],
      ['location', { location: 'x'.repeat(81) }],
    ])('refuses a bad %s (%j)', async (field, change) => {
      const response = await call('POST', '/api/review', customer.cookie, { ...review, ...change });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    });

    it('lets an admin delete a review', async () => {
      const created = (await call('POST', '/api/review', customer.cookie, review)).json();
      expect((await call('DELETE', `/api/review/${created._id}`, admin.cookie)).json()).toEqual({
        success: true,
      });
      expect((await call('GET', '/api/review')).json().map((r: { _id: string }) => r._id)).not.toContain(
        created._id,
      );
      expect((await call('DELETE', `/api/review/${created._id}`, admin.cookie)).statusCode).toBe(404);
    });
  });
});
