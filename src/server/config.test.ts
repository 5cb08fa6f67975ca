import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a new user', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED: 'demo',
      ADMIN_EMAILS: [],
      TRUST_PROXY: false,
      SEARCHES_PER_CLIENT_PER_MINUTE: 60,
      publicUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      PUBLIC_URL: 'https://shop.example',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      SEED: 'none',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      publicUrl: 'https://shop.example',
      trustedOrigins: ['https://shop.example'],
      ADMIN_EMAILS: ['boss@example.com', 'ops@example.com'],
      SEED: 'none',
      TRUST_PROXY: true,
    });
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', 'Invalid setting PORT: a whole number from 0 to 65535 (got "abc")'],
    ['PORT', '70000', 'Invalid setting PORT: a whole number from 0 to 65535 (got "70000")'],
    [
      'DATABASE_URL',
      'mysql://x',
      'Invalid setting DATABASE_URL: a postgres or postgresql URL (got "mysql://x")',
    ],
    ['PUBLIC_URL', 'shop.example', 'Invalid setting PUBLIC_URL: an http or https URL (got "shop.example")'],
    [
      'ADMIN_EMAILS',
      'boss',
      'Invalid setting ADMIN_EMAILS: a comma-separated list of email addresses (got "boss")',
    ],
    ['SEED', 'all', 'Invalid setting SEED'],
    ['TRUST_PROXY', 'yes', 'Invalid setting TRUST_PROXY'],
    [
      'SEARCHES_PER_CLIENT_PER_MINUTE',
      '0',
      'Invalid setting SEARCHES_PER_CLIENT_PER_MINUTE: a whole number above 0 (got "0")',
    ],
  ])('stops on a bad %s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
