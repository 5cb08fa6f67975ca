import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SHOP_PAGES } from '../../shared/pages';
import { routes } from './router';

/** Every address the router draws a page at (its catch-all not-found routes left out). */
function routerPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    // A page is an index route or a path without children (a path with children is a layout).
    const isPage = route.index || (route.path !== undefined && !route.children);
    return [...(isPage ? [path || '/'] : []), ...routerPaths(route.children ?? [], path)];
  });
}

describe('the router and the table of pages', () => {
  it('draw the same pages', () => {
    expect(new Set(routerPaths(routes))).toEqual(new Set(SHOP_PAGES.map((page) => page.path)));
  });
});
