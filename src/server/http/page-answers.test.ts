import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_MATCH_HEADER } from '#shared/catalogue.ts';
import { PAGE_ANSWERS_ELEMENT } from '#shared/page-answers.ts';
import { addPart } from '../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/** The answers a page carries, by API address, as the web app reads them. */
function answersIn(
  html: string,
): Record<string, { total: number | null; headers?: Record<string, string>; body: unknown }> {
  const found = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">(.*?)</script>`,
  ).exec(html);
  return found ? JSON.parse(found[1]!) : {};
}

describe('answers sent with a page', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'shop-page-answers-'));
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('carries the page of parts, the category’s spec counts and the categories the browse page asks for, as the API answers them', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/parts?category=cooling&sort=price' });
    expect(page.statusCode).toBe(200);
    const answers = answersIn(page.body);
    expect(Object.keys(answers)).toEqual([
      '/api/part?category=cooling&sort=price&limit=12',
      '/api/part/facets?category=cooling',
      '/api/categories',
    ]);
    const facets = await t.app.inject({ method: 'GET', url: '/api/part/facets?category=cooling' });
    expect(answers['/api/part/facets?category=cooling']).toEqual({ total: null, body: facets.json() });
    const api = await t.app.inject({ method: 'GET', url: '/api/part?category=cooling&sort=price&limit=12' });
    expect(answers['/api/part?category=cooling&sort=price&limit=12']).toEqual({
      total: Number(api.headers['x-total-count']),
      body: api.json(),
    });
    const categories = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(answers['/api/categories']).toEqual({ total: null, body: categories.json() });
  });

  it('reads a URL the way the browse page does: values it cannot answer fall back to their defaults', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/parts?page=abc&sort=bogus&category=NOT%20A%20SLUG',
    });
    expect(Object.keys(answersIn(page.body))).toEqual(['/api/part?limit=12', '/api/categories']);
  });

  it('carries a product page’s part, and leaves out one that does not exist', async () => {
    const part = await addPart(t, { name: 'Answered hinge' });
    const page = await t.app.inject({ method: 'GET', url: `/parts/${part.id}` });
    expect(answersIn(page.body)[`/api/part/${part.id}`]?.body).toMatchObject({
      _id: part.id,
      name: 'Answered hinge',
    });
    const missing = await t.app.inject({ method: 'GET', url: '/parts/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(answersIn(missing.body))).toEqual(['/api/categories']);
  });

  it('carries a part’s text as written, dollar signs included, and the page stays whole', async () => {
    const name = "Fan $' kit $& pair";
    const part = await addPart(t, { name, description: 'Was $$5, now $` less' });
    const page = await t.app.inject({ method: 'GET', url: `/parts/${part.id}` });
    expect(page.body.match(/<\/head>/g)).toHaveLength(1);
    expect(page.body.match(/<body>/g)).toHaveLength(1);
    expect(answersIn(page.body)[`/api/part/${part.id}`]?.body).toMatchObject({
      name,
      description: 'Was $$5, now $` less',
    });
  });

  it('cannot be closed by what an admin writes into a part', async () => {
    const name = '</script><script>alert(1)</script>';
    const part = await addPart(t, { name, description: '<!-- a comment -->' });
    const page = await t.app.inject({ method: 'GET', url: `/parts/${part.id}` });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<!-- a comment');
    expect(answersIn(page.body)[`/api/part/${part.id}`]?.body).toMatchObject({
      name,
      description: '<!-- a comment -->',
    });
  });

  it('sends nothing extra with pages that read nothing public first', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/blog' });
    expect(page.body).not.toContain(PAGE_ANSWERS_ELEMENT);
  });
});

describe('answers sent with a page, for a visitor who searches', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'shop-page-answers-'));
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webRoot, env: { SEARCHES_PER_CLIENT_PER_MINUTE: '2' } });
    // A first search on a new database connection plans the search functions; a page waits only so
    // long for its answers (page-answers.ts), so the test's own searches come after one.
    await t.app.inject({ method: 'GET', url: '/api/part?q=hinge', remoteAddress: '10.4.9.9' });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const searchPage = async (q: string, remoteAddress: string) => {
    const page = await t.app.inject({ method: 'GET', url: `/parts?q=${q}`, remoteAddress });
    expect(page.statusCode).toBe(200);
    return Object.keys(answersIn(page.body));
  };

  it('counts the search it asks for against the visitor, not against the shop itself', async () => {
    expect(await searchPage('battery', '10.4.0.1')).toEqual([
      '/api/part?q=battery&limit=12',
      '/api/categories',
    ]);
    expect(await searchPage('fan', '10.4.0.1')).toEqual(['/api/part?q=fan&limit=12', '/api/categories']);
    // Past the visitor's searches the page goes without that answer (the app asks, and is told 429).
    expect(await searchPage('screen', '10.4.0.1')).toEqual(['/api/categories']);
    // Another visitor's searches are their own.
    expect(await searchPage('screen', '10.4.0.2')).toEqual([
      '/api/part?q=screen&limit=12',
      '/api/categories',
    ]);
  });

  it('says when the parts of a search have most of its words, not all, as the API does', async () => {
    await addPart(t, { name: 'Quiet hinge bracket' });
    const page = await t.app.inject({
      method: 'GET',
      url: '/parts?q=hinge%20walrus',
      remoteAddress: '10.4.0.3',
    });
    const answer = answersIn(page.body)['/api/part?q=hinge+walrus&limit=12'];
    expect(answer?.headers).toEqual({ [PARTIAL_MATCH_HEADER]: 'true' });
    expect(answer?.body).toContainEqual(expect.objectContaining({ name: 'Quiet hinge bracket' }));
    const whole = await t.app.inject({
      method: 'GET',
      url: '/parts?q=hinge%20bracket',
      remoteAddress: '10.4.0.3',
    });
    expect(answersIn(whole.body)['/api/part?q=hinge+bracket&limit=12']).not.toHaveProperty('headers');
  });
});
