// Drawing of the pages a signed-out visitor first sees, so that their content is in the HTML: it paints
// before the JavaScript arrives, and main.tsx then takes it over. Pages without data are drawn at build
// time (scripts/prerender.mjs); pages drawn from their data (`drawnFromAnswers` in src/shared/pages.ts)
// by the server as they are asked for, with the answers the page is sent with (server http/web.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { SHOP_PAGES } from '#shared/pages.ts';
import { pageTitleAt } from '#web/app/page-titles.ts';
import { routes } from '#web/app/router.tsx';
import { drawWithPageAnswers, type PageAnswer } from '#web/lib/page-answers.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { signedOutSession } from '#web/lib/session.ts';

/** The pages drawn ahead for signed-out visitors. */
export const PRERENDERED_PATHS = SHOP_PAGES.filter((page) => page.prerender).map((page) => page.path);

/** Every page's code (keys of Vite's manifest): the build checks that each one is there. */
export const PAGE_MODULES = [...new Set(SHOP_PAGES.flatMap((page) => page.modules))];

/** The `<title>` element each drawn page is sent with, holding the title the app gives it. */
export function prerenderedTitle(path: string): string | undefined {
  const title = pageTitleAt(path);
  return title === undefined ? undefined : renderToString(<title>{title}</title>);
}

/**
 * Until the app takes the page over, its forms must not send anything: a submit (Enter in a field)
 * would otherwise go to the page's own URL as a GET, passwords in the query string. Submit buttons
 * start disabled (so Enter does nothing) and forms say POST; the app's first draw sets both right.
 * Forms that say method="get" (the searches, e.g. the navbar's) are left as they are: they are meant
 * to put their fields in the URL, carry nothing secret, and so work before the app has taken over.
 */
const untilTakenOver = (markup: string) =>
  markup.replace(/<form [\s\S]*?<\/form>/g, (form) =>
    /^<form [^>]*method="get"/.test(form)
      ? form
      : form
          .replace('<form ', '<form method="post" ')
          .replaceAll('<button type="submit"', '<button type="submit" disabled'),
  );

/** index.html's #root, which the drawn markup fills. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/;

/**
 * index.html (`template`) with the page at url (a path and its query) drawn inside #root, as a
 * signed-out visitor's app first draws it with `answers` (the answers to its first reads, sent with
 * the page), and with the page's own title when the table of pages gives it one.
 */
export async function drawnPage(
  template: string,
  url: string,
  answers: Record<string, PageAnswer> = {},
): Promise<string> {
  if (!ROOT.test(template)) throw new Error('index.html has no <div id="root"> to fill');
  const markup = await prerender(url, answers);
  const titleElement = prerenderedTitle(new URL(url, 'http://localhost').pathname);
  const page = template.replace(ROOT, () => `<div id="root">${markup}</div>`);
  return titleElement ? page.replace(/<title>[^<]*<\/title>/, () => titleElement) : page;
}

/** The markup inside #root for a signed-out visit of url (a path), as the app first draws it. */
async function prerender(url: string, answers: Record<string, PageAnswer> = {}): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response)
    throw new Error(`${url} answers with a redirect; it cannot be prerendered`);
  const queryClient = createQueryClient();
  signedOutSession(queryClient);
  const html = drawWithPageAnswers(answers, () =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  queryClient.clear();
  return untilTakenOver(html);
}
