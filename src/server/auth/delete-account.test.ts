import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, users } from '#server/db/schema.ts';
import { cookiesOf, PASSWORD, sessionOf, signIn, signUp, signUpAdmin } from '../../../test/support/auth';
import { addPart } from '../../../test/support/catalog';
import { customerCalls } from '../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

describe('DELETE /api/me (Delete my account)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'owner@example.com' } });
  });
  afterAll(() => t.close());

  const deleteMe = (cookie: string | undefined, password: unknown = PASSWORD) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password },
      headers: cookie ? { cookie } : {},
    });
  const accountOf = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('is refused without a session (401)', async () => {
    expect((await deleteMe(undefined)).statusCode).toBe(401);
  });

  it('refuses a wrong password, naming the field, and keeps the account', async () => {
    const carol = await signUp(t);
    const response = await deleteMe(carol.cookie, 'not my password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: 'That password is not right.' });
    expect((await deleteMe(carol.cookie, '')).statusCode).toBe(400);
    expect(await accountOf(carol.email)).toBeDefined();
    expect(await sessionOf(t, carol.cookie)).toMatchObject({ email: carol.email });
  });

  it('refuses the owner (an ADMIN_EMAILS address) with 409, as an admin’s removal does', async () => {
    const owner = await signUpAdmin(t, { email: 'owner@example.com' });
    const response = await deleteMe(owner.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('configured_admin');
    expect(await accountOf(owner.email)).toBeDefined();
  });

  it('deletes the account: signed out everywhere, the orders kept with their records, audited', async () => {
    const dora = await signUp(t);
    const otherDevice = cookiesOf(await signIn(t, dora.email));
    const part = await addPart(t, { available: 10, minimum: 1 });
    const bought = await customerCalls(t, dora.cookie).buy(part.id, 2);
    expect(bought.statusCode).toBe(201);
    const orderId = bought.json().order._id;

    const response = await deleteMe(dora.cookie);
    expect(response.statusCode).toBe(204);
    // This browser's session cookie is taken out.
    const cleared = [response.headers['set-cookie']].flat().join('\n');
    expect(cleared).toMatch(/better-auth\.session_token=; Path=\/; Max-Age=0/);

    expect(await accountOf(dora.email)).toBeUndefined();
    expect(await sessionOf(t, dora.cookie)).toBeNull();
    expect(await sessionOf(t, otherDevice)).toBeNull();
    expect((await signIn(t, dora.email)).statusCode).toBe(401);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, dora.email));
    expect(entry).toMatchObject({ action: 'user.delete-own', actorEmail: dora.email });
  });

  it('deletes only the session’s own account: nobody else’s can be named', async () => {
    const erin = await signUp(t);
    const frank = await signUp(t);
    // The body names nobody (unknown fields are dropped); the account is the session's.
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: PASSWORD, email: frank.email, id: frank.id },
      headers: { cookie: erin.cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(await accountOf(erin.email)).toBeUndefined();
    expect(await accountOf(frank.email)).toBeDefined();
    // Erin's session went with her account: it can delete nothing more.
    expect((await deleteMe(erin.cookie)).statusCode).toBe(401);
    expect(await sessionOf(t, frank.cookie)).toMatchObject({ email: frank.email });
  });
});
