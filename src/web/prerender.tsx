// Build-time rendering of the pages a signed-out visitor first sees (scripts/prerender.mjs), so that
// their content is in the HTML: it paints before the JavaScript arrives, and main.tsx then takes it over.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { SHOP_PAGES } from '../shared/pages';
import { pageTitleAt } from './app/page-titles';
import { routes } from './app/router';
import { signedOutSession } from './features/auth/api/get-session';
import { createQueryClient } from './lib/query-client';

/** The pages drawn ahead for signed-out visitors. */
export const PRERENDERED_PATHS = SHOP_PAGES.filter((page) => page.prerender).map((page) => page.path);

/** Every page's code (keys of Vite's manifest): the build checks that each one is there. */
export const PAGE_MODULES = [...new Set(SHOP_PAGES.flatMap((page) => page.modules))];

/** The `<title>` element each drawn page is sent with, holding the title the app gives it. */
export function prerenderedTitle(path: string): string | undefined {
  const title = pageTitleAt(path);
  return title === undefined ? undefined : renderToString(<title>{title}</title>);
}

/** The markup inside #root for a signed-out visit of url (a path), as the app first draws it. */
export async function prerender(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response)
    throw new Error(`${url} answers with a redirect; it cannot be prerendered`);
  const queryClient = createQueryClient();
  signedOutSession(queryClient);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return html;
}
