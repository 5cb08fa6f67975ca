import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Role } from '#shared/contracts/session.ts';
import { DASHBOARD_LAYOUT, inDashboard, SHOP_PAGES, type ShopPage } from '#shared/pages.ts';
import { RequireAuth } from './guards/require-auth';
import { RefuseAdmins, RequireRole } from './guards/require-role';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/** Pages drawn by the entry's own code (the table gives them no module): the home page. */
const ENTRY_VIEWS: Record<string, ComponentType> = { HomeRoute };

/**
 * The code of every page, by its path under src/web as the table of pages names it, each loaded on
 * demand: a page's chunk arrives when someone opens it (the table's modules must match one of these).
 */
const PAGE_CODE = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, ComponentType>>([
      './routes/*.tsx',
      '!./routes/*.test.tsx',
      '!./routes/home.tsx',
      '!./routes/not-found.tsx',
      './dashboard-layout.tsx',
      '../features/*/*-page.tsx',
    ]),
  ).map(([file, load]) => [file.replace(/^\.\//, 'app/').replace(/^\.\.\//, ''), load]),
);

/** A module's export, loaded when first needed; a name the table gets wrong fails at start, loudly. */
function lazyExport(module: string, name: string): RouteObject['lazy'] {
  const load = PAGE_CODE[module];
  if (!load) throw new Error(`src/shared/pages.ts names ${module}, which the router cannot load`);
  return async () => {
    const Component = (await load())[name];
    if (!Component) throw new Error(`${module} has no export ${name}`);
    return { Component };
  };
}

/** One page's route, its address relative to its parent's (`base`). */
function pageRoute(page: ShopPage, base: string): RouteObject {
  const path = page.path.slice(base.length + 1);
  const at = path === '' ? { index: true as const } : { path };
  const module = page.modules.at(-1);
  if (module === undefined) {
    const View = ENTRY_VIEWS[page.view];
    if (!View) throw new Error(`${page.path} has no module and ${page.view} is not drawn by the entry`);
    return { ...at, element: <View /> };
  }
  return { ...at, lazy: lazyExport(module, page.view) };
}

const ROLES: Role[] = ['customer', 'admin'];

/**
 * The routes of some pages, under the guards their access asks for beyond what the parent checks (a
 * signed-in account): one role's pages each behind their role's guard. `asPages`: the guard's
 * refusal is a page of its own (outside the dashboard's frame).
 */
function guardedRoutes(pages: ShopPage[], base: string, asPages: boolean): RouteObject[] {
  return [
    ...pages.filter((page) => page.access === 'signed-in').map((page) => pageRoute(page, base)),
    ...ROLES.flatMap((role) => {
      const forRole = pages.filter((page) => page.access === role);
      return forRole.length === 0
        ? []
        : [
            {
              element: <RequireRole allowed={role} page={asPages} />,
              children: forRole.map((page) => pageRoute(page, base)),
            },
          ];
    }),
  ];
}

const outside = SHOP_PAGES.filter((page) => !inDashboard(page));
const dashboard = SHOP_PAGES.filter(inDashboard);

/** Made from the table of pages (src/shared/pages.ts); all but the home page load on demand. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A page that fails keeps the shop around it: the navigation never disappears.
    errorElement: <RootLayout failed />,
    children: [
      ...outside.filter((page) => page.access === 'everyone').map((page) => pageRoute(page, '')),
      {
        element: <RefuseAdmins />,
        children: outside.filter((page) => page.access === 'buyers').map((page) => pageRoute(page, '')),
      },
      {
        element: <RequireAuth />,
        children: [
          ...guardedRoutes(
            outside.filter((page) => page.access !== 'everyone' && page.access !== 'buyers'),
            '',
            true,
          ),
          {
            path: 'dashboard',
            lazy: lazyExport(DASHBOARD_LAYOUT, 'DashboardLayout'),
            children: [
              {
                // A dashboard page that fails keeps the dashboard's sidebar around it.
                errorElement: <RouteError inFrame />,
                children: [
                  ...guardedRoutes(dashboard, '/dashboard', false),
                  { path: '*', element: <NotFoundRoute /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** A function, so that main.tsx decides when the router starts (it starts matching and loading at once). */
export const createAppRouter = () => createBrowserRouter(routes);
