import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import { RETURN_WINDOW_DAYS, SITE_PAGES } from '#shared/site-pages.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { eventually } from '../../../../test/support/eventually';
import { createSecondInstance, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { DEFAULT_SITE_PAGE_TEXTS } from './default-texts';

describe('pages of text', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'pages-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'pages-admin@example.com' });
    customer = await signUp(t);
  });
  afterAll(() => t.close());

  const read = (slug: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/pages/${slug}`, headers });
  const save = (slug: string, cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/pages/${slug}`,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it('lets anyone read every page: its title and the demo’s text, cacheable with an ETag', async () => {
    for (const page of SITE_PAGES) {
      const response = await read(page.slug);
      expect(response.statusCode, page.slug).toBe(200);
      expect(response.json()).toMatchObject({
        slug: page.slug,
        title: page.title,
        body: DEFAULT_SITE_PAGE_TEXTS[page.slug],
      });
      expect(response.json().updatedAt).toEqual(expect.any(String));
    }
    const first = await read('returns');
    expect(first.json().body).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=10');
    const again = await read('returns', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a page the shop does not have, read or saved', async () => {
    expect((await read('jobs')).statusCode).toBe(404);
    expect((await read('ABOUT')).statusCode).toBe(404);
    const saved = await save('jobs', admin.cookie, { body: 'We are hiring.' });
    expect(saved.statusCode).toBe(404);
    expect(saved.json().error.code).toBe('not_found');
  });

  it('refuses to save for visitors (401) and customers (403), before looking at the body', async () => {
    expect((await save('about', undefined, { body: 'Hacked' })).statusCode).toBe(401);
    expect((await save('about', customer.cookie, { body: 'Hacked' })).statusCode).toBe(403);
    expect((await save('about', customer.cookie, { nonsense: true })).statusCode).toBe(403);
    expect((await read('about')).json().body).toBe(DEFAULT_SITE_PAGE_TEXTS.about);
  });

  it('refuses a text that is missing, blank, too long or holds control characters (400 naming body)', async () => {
    for (const bad of [
      {},
      { body: '' },
      { body: ' \n\n ' },
      { body: 'x'.repeat(20_001) },
      { body: 'Hidden \u0007 bell' },
      { body: '\u202Eevil' },
      { body: 42 },
    ]) {
      const response = await save('terms', admin.cookie, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(bad).slice(0, 40)).toEqual([
        'body',
      ]);
    }
  });

  it('saves an admin’s text, trimmed, with its paragraphs; every read shows it at once; audited', async () => {
    const text = 'Send any part back within 30 days.\n\n- Keep the box\n- Tell us the order number';
    const saved = await save('returns', admin.cookie, { body: `  ${text}\n\n`, slug: 'about', title: 'Hi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ slug: 'returns', title: 'Returns & warranty', body: text });
    expect((await read('returns')).json().body).toBe(text);
    expect((await read('about')).json().body).toBe(DEFAULT_SITE_PAGE_TEXTS.about);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'page.update'));
    expect(entry).toMatchObject({ actorEmail: 'pages-admin@example.com', target: 'returns' });
    expect(entry?.details).toEqual({ characters: text.length });
  });

  it('keeps markup as text: a <script> comes back as the characters typed', async () => {
    const text = 'Hello <script>alert("x")</script> & <b>bold</b>';
    expect((await save('contact', admin.cookie, { body: text })).statusCode).toBe(200);
    const response = await read('contact');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().body).toBe(text);
  });

  it('shows a saved text on another instance too, whose cached copy the change clears', async () => {
    const second = await createSecondInstance(t);
    try {
      const readThere = async () =>
        (await second.app.inject({ method: 'GET', url: '/api/pages/privacy' })).json().body as string;
      expect(await readThere()).toBe(DEFAULT_SITE_PAGE_TEXTS.privacy);
      expect((await save('privacy', admin.cookie, { body: 'We keep nothing.' })).statusCode).toBe(200);
      await eventually(async () => expect(await readThere()).toBe('We keep nothing.'));
    } finally {
      await second.close();
    }
  });
});

describe('pages of text in a shop started without the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('shows the shop’s default text until the owner saves one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/pages/privacy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      slug: 'privacy',
      title: 'Privacy policy',
      body: DEFAULT_SITE_PAGE_TEXTS.privacy,
      updatedAt: null,
    });
  });
});
