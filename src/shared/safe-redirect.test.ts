import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

const origin = 'https://shop.example';

describe('safeRedirectPath', () => {
  it.each([
    ['/purchase/abc', '/purchase/abc'],
    ['/dashboard/order?page=2#top', '/dashboard/order?page=2#top'],
    ['/', '/'],
    // An encoded backslash stays a path on this site (it shows the not-found page).
    ['/%5Cevil.example', '/%5Cevil.example'],
  ])('keeps the same-origin path %s', (target, expected) => {
    expect(safeRedirectPath(target, origin)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http://shop.example.evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '/login',
    '/signup?redirect=/x',
  ])('sends %j to /', (target) => {
    expect(safeRedirectPath(target, origin)).toBe('/');
  });
});
