import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  location: 'London',
  message: 'Do you ship to the UK?',
};

describe('feedback API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FEEDBACK_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/feedback', payload: payload as object, headers });
  const stored = () => t.database.db.select().from(feedback);

  it('stores a valid message, trimmed and with the email lower-cased', async () => {
    const before = (await stored()).length;
    const response = await post({ ...valid, name: '  Ada Lovelace  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, id: expect.any(String) });
    const rows = await stored();
    expect(rows.length).toBe(before + 1);
    const row = rows.find((r) => r.id === response.json().id)!;
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      location: 'London',
      readAt: null,
    });
  });

  it('accepts a message without a location', async () => {
    const { location: _, ...withoutLocation } = valid;
    expect((await post(withoutLocation)).statusCode).toBe(201);
  });

  it('ignores fields it does not know (no mass assignment)', async () => {
    const response = await post({
      ...valid,
      id: '00000000-0000-4000-8000-000000000000',
      readAt: '2020-01-01',
      role: 'admin',
    });
    expect(response.statusCode).toBe(201);
    const row = (await stored()).find((r) => r.id === response.json().id)!;
    expect(row.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(row.readAt).toBeNull();
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Provide a valid email'],
    ['email', { email: 'a@b' }, 'Provide a valid email'],
    ['location', { location: 'x'.repeat(101) }, 'Location must be at most 100 characters'],
    ['message', { message: 'short' }, 'Message must be at least 10 characters'],
    ['message', { message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    ['message', { message: { $gt: '' } }, undefined],
    ['name', { name: ['a', 'b'] }, undefined],
    ['email', { email: 42 }, undefined],
  ])('refuses a bad %s with 400 naming the field, storing nothing (%j)', async (field, change, message) => {
    const before = (await stored()).length;
    const response = await post({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toContain(field);
    if (message) expect(body.error.fields[field]).toBe(message);
    expect(body.error.message).toEqual(expect.any(String));
    expect((await stored()).length).toBe(before);
  });

  it('names every missing field', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('refuses malformed JSON, a non-JSON body and an oversized body with the error format', async () => {
    const malformed = await post('{"name":', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('invalid_json');

    const form = await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('unsupported_media_type');

    const huge = await post({ ...valid, message: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  it('stores injection strings as plain text', async () => {
    const message = "Robert'); DROP TABLE feedback;-- <script>alert(1)</script>";
    const response = await post({ ...valid, message });
    expect(response.statusCode).toBe(201);
    const row = (await stored()).find((r) => r.id === response.json().id)!;
    expect(row.message).toBe(message);
  });
});

describe('feedback rate limit', () => {
  it('answers 429 with Retry-After past the limit, per client address, shared through the database', async () => {
    const t = await createTestApp({ env: { FEEDBACK_LIMIT_PER_HOUR: '3' } });
    const send = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/feedback', payload: valid, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await send('10.0.0.1')).statusCode).toBe(201);
    const limited = await send('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await send('10.0.0.2')).statusCode).toBe(201);

    // A spoofed X-Forwarded-For does not give a new identity unless TRUST_PROXY is set.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: valid,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(spoofed.statusCode).toBe(429);
    expect(await t.database.db.$count(feedback)).toBe(4);
    await t.close();
  });
});
