import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { primeSessionFromPage } from './features/auth/api/get-session';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
primeSessionFromPage(queryClient);

// Start the router, then draw, each in a task of its own after a yield to the browser: loading the code,
// matching the page and drawing it become three shorter tasks, so a phone can paint and answer input in
// between. The first draw waits until the router has the page's code, so that a page that came drawn
// from the server (server http/web.ts) is taken over as it is, never blanked while its code loads.
setTimeout(() => {
  const router = createAppRouter();
  const draw = () =>
    setTimeout(() =>
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
  if (router.state.initialized) return draw();
  const stopWaiting = router.subscribe((state) => {
    if (!state.initialized) return;
    stopWaiting();
    draw();
  });
}, 0);
