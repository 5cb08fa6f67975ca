import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

describe('NUL characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('are refused in a query field, which the answer names', async () => {
    const response = await t.app.inject('/api/part?q=fan%00x');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ q: 'Text must not contain NUL characters' });
  });

  it('are refused in a path field', async () => {
    const response = await t.app.inject('/api/part/%00');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ id: 'Text must not contain NUL characters' });
  });

  it('leave every other query alone', async () => {
    const response = await t.app.inject('/api/part?q=100%25');
    expect(response.statusCode).toBe(200);
  });
});
