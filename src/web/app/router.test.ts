import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { inDashboard, SHOP_PAGES } from '#shared/pages.ts';
import { RequireAuth } from './guards/require-auth';
import { RefuseAdmins, RequireRole } from './guards/require-role';
import { routes } from './router';

interface DrawnPage {
  path: string;
  route: RouteObject;
  /** The guards above it: `auth` for RequireAuth, a role for RequireRole, `buyers` for RefuseAdmins. */
  guards: string[];
  /** The lazy layouts above it (the dashboard's). */
  layouts: number;
}

/** Every page the router draws (its catch-all not-found routes left out), with what stands above it. */
function drawnPages(list: RouteObject[], parent = '', guards: string[] = [], layouts = 0): DrawnPage[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const element = route.element;
    const guard = !isValidElement(element)
      ? []
      : element.type === RequireAuth
        ? ['auth']
        : element.type === RequireRole
          ? [(element.props as { allowed: string }).allowed]
          : element.type === RefuseAdmins
            ? ['buyers']
            : [];
    const above = [...guards, ...guard];
    // A page is an index route or a path without children (a path with children is a layout).
    const isPage = route.index || (route.path !== undefined && !route.children);
    return [
      ...(isPage ? [{ path: path || '/', route, guards: above, layouts }] : []),
      ...drawnPages(route.children ?? [], path, above, layouts + (route.lazy && route.children ? 1 : 0)),
    ];
  });
}

const drawn = drawnPages(routes);

/** The pages' modules as the router finds them, loaded here to compare with what it draws. */
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>(
  ['./routes/*.tsx', '!./routes/*.test.tsx', '../features/*/*-page.tsx'],
  { eager: true },
);

describe('the router, made from the table of pages', () => {
  it('draws every page of the table, and no other', () => {
    expect(drawn.map((page) => page.path).sort()).toEqual(SHOP_PAGES.map((page) => page.path).sort());
  });

  it('guards each page as the table says who may open it', () => {
    for (const page of SHOP_PAGES) {
      const { guards } = drawn.find((route) => route.path === page.path)!;
      const expected =
        page.access === 'everyone'
          ? []
          : page.access === 'buyers'
            ? ['buyers']
            : page.access === 'signed-in'
              ? ['auth']
              : ['auth', page.access];
      expect(guards, page.path).toEqual(expected);
    }
  });

  it("draws the dashboard's pages inside its frame, and the others outside it", () => {
    for (const page of SHOP_PAGES)
      expect(drawn.find((route) => route.path === page.path)?.layouts, page.path).toBe(
        inDashboard(page) ? 1 : 0,
      );
  });

  it("loads each page's own code: the component the table names", async () => {
    for (const page of SHOP_PAGES) {
      const { route } = drawn.find((candidate) => candidate.path === page.path)!;
      const loaded = route.lazy ? await (route.lazy as () => Promise<RouteObject>)() : route;
      const component =
        loaded.Component ?? (isValidElement(loaded.element) ? loaded.element.type : undefined);
      const module = page.modules.at(-1) ?? 'app/routes/home.tsx';
      const file = module.startsWith('app/') ? `./${module.slice(4)}` : `../${module}`;
      expect(component, page.path).toBe(PAGE_MODULES[file]?.[page.view]);
    }
  });
});
