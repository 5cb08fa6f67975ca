import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentChild, render } from 'preact';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { keyThisHistoryEntry } from '#web/app/history-entry-key.ts';
import { createAppRouter } from '#web/app/router.tsx';
import { firstScreenCameDrawn } from '#web/components/ui/later.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { primeSessionFromPage } from '#web/lib/session.ts';

const queryClient = createQueryClient();
primeSessionFromPage(queryClient);

// Start the router, then draw, each in a task of its own after a yield to the browser: loading the code,
// matching the page and drawing it become three shorter tasks, so a phone can paint and answer input in
// between. The first draw waits until the router has the page's code, so that a page that came drawn
// from the server (server http/web.ts) is taken over as it is, never blanked while its code loads.
// Drawn with Preact's own render, not React's createRoot: createRoot (preact/compat) empties the
// element first, as React does, so every drawn element would be thrown away and built again; Preact's
// render adopts the elements already there and corrects what differs (docs/decisions/020).
setTimeout(() => {
  // Before the router reads the entry: only Back and Forward bring back a saved scroll position.
  keyThisHistoryEntry();
  const router = createAppRouter();
  const draw = () =>
    setTimeout(() => {
      const root = document.getElementById('root')!;
      // index.html's header is a stand-in: Preact adopts elements inside the ones it draws, but one left
      // over at the top would stay beside the app. It goes in the same task as the draw, so nothing blinks.
      const standIn = root.querySelector(':scope > [data-stand-in]');
      if (standIn) standIn.remove();
      else firstScreenCameDrawn();
      render(
        (
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </StrictMode>
        ) as ComponentChild,
        root,
      );
    });
  if (router.state.initialized) return draw();
  const stopWaiting = router.subscribe((state) => {
    if (!state.initialized) return;
    stopWaiting();
    draw();
  });
}, 0);
