import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partReviews } from '#server/db/schema.ts';
import { partSchema } from '#shared/contracts/part.ts';
import { partReviewSchema } from '#shared/contracts/part-review.ts';
import { PASSWORD, type SignedIn, signUp, signUpAdmin } from '../../../../test/support/auth';
import { addLaptop, addPart } from '../../../../test/support/catalog';
import { eventually } from '../../../../test/support/eventually';
import { customerCalls, deliveredOrder } from '../../../../test/support/orders';
import { createSecondInstance, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('reviews of parts by their buyers', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { ADMIN_EMAILS: 'reviews-admin@example.com', SIGN_UPS_PER_CLIENT: '100' },
    });
    admin = await signUpAdmin(t, { email: 'reviews-admin@example.com' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const review = (partId: string, cookie: string | undefined, payload: object) =>
    call('POST', `/api/part/${partId}/reviews`, cookie, payload);
  const reviewsOf = (partId: string, cookie?: string, query = '') =>
    call('GET', `/api/part/${partId}/reviews${query}`, cookie);
  const ratingOf = async (partId: string) => (await call('GET', `/api/part/${partId}`)).json().rating;

  /** A customer who received the part (one delivered order line of it). */
  async function buyerOf(partId: string, name = 'Ada Lovelace', laptop?: string) {
    const customer = await signUp(t, { name });
    await deliveredOrder(t, { customer: customer.cookie, admin: admin.cookie }, partId, { laptop });
    return customer;
  }

  it('lets a customer who received the part review it, with the Verified buyer mark and their laptop', async () => {
    const laptop = await addLaptop(t, { name: 'Lenovo ThinkPad T480 reviews' });
    const part = await addPart(t, { name: 'Reviewed battery' });
    expect(await ratingOf(part.id)).toEqual({ average: null, count: 0 });
    const empty = await reviewsOf(part.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');

    const ada = await buyerOf(part.id, 'Ada Lovelace', laptop.slug);
    const mine = (await call('GET', `/api/part/${part.id}/reviews/mine`, ada.cookie)).json();
    expect(mine).toEqual({
      canReview: true,
      review: null,
      orderedFor: { slug: laptop.slug, name: laptop.name },
    });

    const written = await review(part.id, ada.cookie, {
      rating: 4,
      text: 'Holds a charge all day.',
      laptop: laptop.slug,
    });
    expect(written.statusCode).toBe(201);
    const body = written.json();
    expect(partReviewSchema.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({
      partId: part.id,
      rating: 4,
      text: 'Holds a charge all day.',
      laptop: { slug: laptop.slug, name: laptop.name },
      // The first name and the last name's initial, never the whole name.
      author: 'Ada L.',
      verifiedBuyer: true,
      hidden: false,
    });
    expect(await ratingOf(part.id)).toEqual({ average: 4, count: 1 });
    const listed = await reviewsOf(part.id);
    expect(listed.json()).toEqual([body]);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.headers['cache-control']).toMatch(/^public/);
    expect((await call('GET', `/api/part/${part.id}/reviews/mine`, ada.cookie)).json()).toMatchObject({
      canReview: true,
      review: body,
    });
  });

  it('refuses people without a delivered order line of the part (403), before anything is written', async () => {
    const part = await addPart(t, { name: 'Not yet reviewable fan' });
    const other = await addPart(t, { name: 'Other delivered part' });
    const body = { rating: 5, text: 'I never got this part.' };

    expect((await review(part.id, undefined, body)).statusCode).toBe(401);
    const asAdmin = await review(part.id, admin.cookie, body);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.code).toBe('buying_is_for_customers');

    const stranger = await signUp(t);
    const refused = await review(part.id, stranger.cookie, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'not_a_buyer',
      message: 'Only customers who received this part can review it.',
    });
    expect((await call('GET', `/api/part/${part.id}/reviews/mine`, stranger.cookie)).json()).toEqual({
      canReview: false,
      review: null,
      orderedFor: null,
    });

    // Paid but not delivered yet: not received.
    const payer = customerCalls(t, stranger.cookie);
    const { order } = (await payer.buy(part.id, 1)).json();
    expect((await payer.pay(order._id)).statusCode).toBe(200);
    expect((await review(part.id, stranger.cookie, body)).statusCode).toBe(403);

    // Another part delivered is not this one.
    await deliveredOrder(t, { customer: stranger.cookie, admin: admin.cookie }, other.id);
    expect((await review(part.id, stranger.cookie, body)).statusCode).toBe(403);
    expect(await t.database.db.$count(partReviews, eq(partReviews.partId, part.id))).toBe(0);
    expect(await ratingOf(part.id)).toEqual({ average: null, count: 0 });

    // Unknown parts are 404 for everyone.
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await review(unknown, stranger.cookie, body)).statusCode).toBe(404);
    expect((await reviewsOf(unknown)).statusCode).toBe(404);
    expect((await reviewsOf('not-an-id')).statusCode).toBe(404);
  });

  it('keeps one review per part and customer: a second one edits it, never duplicates it', async () => {
    const part = await addPart(t, { name: 'Edited review keyboard' });
    const buyer = await buyerOf(part.id, 'Grace Hopper');
    const first = await review(part.id, buyer.cookie, { rating: 2, text: 'Two keys were sticky.' });
    expect(first.statusCode).toBe(201);
    const edited = await review(part.id, buyer.cookie, {
      rating: 5,
      text: 'The seller sent new keys: perfect.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ _id: first.json()._id, rating: 5, laptop: null });
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.json().updatedAt));
    expect(await ratingOf(part.id)).toEqual({ average: 5, count: 1 });

    // Two at once (a double click): still one review.
    const both = await Promise.all([
      review(part.id, buyer.cookie, { rating: 3, text: 'Sent twice at once, kept once.' }),
      review(part.id, buyer.cookie, { rating: 3, text: 'Sent twice at once, kept once.' }),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const listed = (await reviewsOf(part.id)).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: first.json()._id, rating: 3 });
    expect(await ratingOf(part.id)).toEqual({ average: 3, count: 1 });
  });

  it('never touches another customer’s review: each buyer writes and edits only their own', async () => {
    const part = await addPart(t, { name: 'Two buyers screen' });
    const ada = await buyerOf(part.id, 'Ada Byron');
    const ben = await buyerOf(part.id, 'Ben');
    // At the same moment: each counts once in the part's rating.
    const [adasAnswer, bens] = await Promise.all([
      review(part.id, ada.cookie, { rating: 5, text: 'Bright and sharp panel.' }),
      review(part.id, ben.cookie, { rating: 2, text: 'Dead pixel in a corner.' }),
    ]);
    const adas = adasAnswer.json();
    expect(await ratingOf(part.id)).toEqual({ average: 3.5, count: 2 });
    expect(bens.statusCode).toBe(201);
    expect(bens.json()._id).not.toBe(adas._id);
    expect(bens.json().author).toBe('Ben');
    await review(part.id, ben.cookie, { rating: 1, text: 'Now two dead pixels.' });
    const listed = (await reviewsOf(part.id)).json();
    expect(listed.find((one: { _id: string }) => one._id === adas._id)).toEqual(adas);
    expect(await ratingOf(part.id)).toEqual({ average: 3, count: 2 });
    // Only admins hide reviews; a customer cannot hide another's (or their own).
    for (const cookie of [ben.cookie, ada.cookie])
      expect((await call('POST', `/api/part/${part.id}/reviews/${adas._id}/hide`, cookie)).statusCode).toBe(
        403,
      );
    expect((await call('POST', `/api/part/${part.id}/reviews/${adas._id}/hide`)).statusCode).toBe(401);
  });

  it('lets admins hide and restore a review: hidden ones leave the list and the average', async () => {
    const part = await addPart(t, { name: 'Hidden review charger' });
    const kind = await buyerOf(part.id, 'Kind Buyer');
    const rude = await buyerOf(part.id, 'Rude Buyer');
    await review(part.id, kind.cookie, { rating: 5, text: 'Charges my laptop fast.' });
    const rudeReview = (
      await review(part.id, rude.cookie, { rating: 1, text: 'Words the shop will not show.' })
    ).json();
    expect(await ratingOf(part.id)).toEqual({ average: 3, count: 2 });

    const hidden = await call('POST', `/api/part/${part.id}/reviews/${rudeReview._id}/hide`, admin.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ _id: rudeReview._id, hidden: true });
    expect(await ratingOf(part.id)).toEqual({ average: 5, count: 1 });
    const publicList = await reviewsOf(part.id);
    expect(publicList.json().map((one: { _id: string }) => one._id)).not.toContain(rudeReview._id);
    expect(publicList.headers['x-total-count']).toBe('1');
    // The author does not see it among the part's reviews either, but their own answer says it is hidden.
    expect((await reviewsOf(part.id, rude.cookie)).json()).toHaveLength(1);
    expect((await call('GET', `/api/part/${part.id}/reviews/mine`, rude.cookie)).json().review).toMatchObject(
      {
        hidden: true,
      },
    );
    // Admins see every review, the hidden marked.
    const adminList = (await reviewsOf(part.id, admin.cookie)).json();
    expect(adminList.map((one: { hidden: boolean }) => one.hidden).sort()).toEqual([false, true]);

    // Editing a hidden review keeps it hidden and out of the average.
    await review(part.id, rude.cookie, { rating: 2, text: 'Still words the shop will not show.' });
    expect(await ratingOf(part.id)).toEqual({ average: 5, count: 1 });

    const restored = await call(
      'POST',
      `/api/part/${part.id}/reviews/${rudeReview._id}/restore`,
      admin.cookie,
    );
    expect(restored.json()).toMatchObject({ hidden: false, rating: 2 });
    expect(await ratingOf(part.id)).toEqual({ average: 3.5, count: 2 });

    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, rudeReview._id));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['part-review.hide', 'part-review.restore']);

    // A review is hidden through its own part only.
    const otherPart = await addPart(t);
    expect(
      (await call('POST', `/api/part/${otherPart.id}/reviews/${rudeReview._id}/hide`, admin.cookie))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    ['a rating of 0', { rating: 0 }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['a rating of 6', { rating: 6 }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['half a star', { rating: 3.5 }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['a rating in words', { rating: 'five' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['no rating', { rating: undefined }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['a short text', { text: 'Fine.' }, 'text', 'Write at least 10 characters'],
    ['no text', { text: '   ' }, 'text', 'Review is required'],
    ['an unknown laptop', { laptop: 'no-such-laptop' }, 'laptop', 'Choose one of the shop’s laptop models'],
  ])('refuses %s (400 naming the field), writing nothing', async (_, change, field, message) => {
    const part = await addPart(t);
    const buyer = await buyerOf(part.id);
    const answer = await review(part.id, buyer.cookie, {
      rating: 4,
      text: 'A good part, as sold.',
      ...change,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields[field]).toBe(message);
    expect(await t.database.db.$count(partReviews, eq(partReviews.partId, part.id))).toBe(0);
  });

  it('takes the rating as text of digits, as forms send it, and pages the reviews with links', async () => {
    const part = await addPart(t, { name: 'Paged reviews part' });
    for (const [n, name] of ['Ann One', 'Bob Two', 'Cy Three'].entries()) {
      const buyer = await buyerOf(part.id, name);
      expect(
        (await review(part.id, buyer.cookie, { rating: String(n + 3), text: `Review number ${n + 1}.` }))
          .statusCode,
      ).toBe(201);
    }
    expect(await ratingOf(part.id)).toEqual({ average: 4, count: 3 });
    const first = await reviewsOf(part.id, undefined, '?limit=2');
    expect(first.json().map((one: { author: string }) => one.author)).toEqual(['Cy T.', 'Bob T.']);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.headers.link).toContain(`</api/part/${part.id}/reviews?page=2&limit=2>; rel="next"`);
    const second = await reviewsOf(part.id, undefined, '?limit=2&page=2');
    expect(second.json().map((one: { author: string }) => one.author)).toEqual(['Ann O.']);
    expect((await reviewsOf(part.id, undefined, '?limit=500')).statusCode).toBe(400);
  });

  it('shows the rating on catalogue lists and drops the cached answers of a reviewed part, on every instance', async () => {
    const word = `reviewcache${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
    const part = await addPart(t, { name: `Cached ${word} cooler`, category: 'cooling' });
    const buyer = await buyerOf(part.id, 'Cache Reader');
    const second = await createSecondInstance(t);
    try {
      const listOn = async (app: TestApp) =>
        (await app.app.inject({ method: 'GET', url: '/api/part?category=cooling' }))
          .json()
          .find((one: { _id: string }) => one._id === part.id);
      // Both instances hold the list and the part in their caches.
      for (const app of [t, second]) {
        expect((await listOn(app)).rating).toEqual({ average: null, count: 0 });
        await app.app.inject({ method: 'GET', url: `/api/part/${part.id}` });
      }
      await review(part.id, buyer.cookie, { rating: 5, text: 'Keeps it cool under load.' });
      // This instance at once; the other through the parts' announcement.
      expect((await listOn(t)).rating).toEqual({ average: 5, count: 1 });
      await eventually(async () => {
        expect((await listOn(second)).rating).toEqual({ average: 5, count: 1 });
        const one = await second.app.inject({ method: 'GET', url: `/api/part/${part.id}` });
        expect(one.json().rating).toEqual({ average: 5, count: 1 });
      });
      const listed = (await listOn(t)) as unknown;
      expect(partSchema.strict().parse(listed)).toEqual(listed);
    } finally {
      await second.close();
    }
  });

  it('takes a customer’s reviews away with their account, and the rating with them', async () => {
    const part = await addPart(t, { name: 'Leaving customer part' });
    const staying = await buyerOf(part.id, 'Staying Buyer');
    const leaving = await buyerOf(part.id, 'Leaving Buyer');
    await review(part.id, staying.cookie, { rating: 4, text: 'Good value for the money.' });
    await review(part.id, leaving.cookie, { rating: 1, text: 'I am leaving the shop.' });
    expect(await ratingOf(part.id)).toEqual({ average: 2.5, count: 2 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: PASSWORD },
      headers: { cookie: leaving.cookie },
    });
    expect(removed.statusCode).toBe(204);
    // The account's removal changes the part's row: its cached answer goes with the announcement.
    await eventually(async () => expect(await ratingOf(part.id)).toEqual({ average: 4, count: 1 }));
    expect(
      await t.database.db.$count(
        partReviews,
        and(eq(partReviews.partId, part.id), eq(partReviews.userId, leaving.id)),
      ),
    ).toBe(0);
  });
});
