import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

const origin = 'https://shop.example';

describe('safeRedirectPath', () => {
  it.each([
    ['/purchase/abc', '/purchase/abc'],
    ['/dashboard/order?page=2#top', '/dashboard/order?page=2#top'],
    ['/', '/'],
    ['/parts?q=ssd%201tb', '/parts?q=ssd%201tb'],
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
    '/..//evil.example',
    '/%2F%2Fevil.example',
    '/.%2F/evil.example',
    '/%5Cevil.example',
    '/%255Cevil.example',
    '/%2F%252Fevil.example',
    '/\tevil',
    '/%E0%A4%A',
  ])('sends %j to /', (target) => {
    expect(safeRedirectPath(target, origin)).toBe('/');
  });
});
