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

// Start the router and draw after a yield to the browser: loading the code and drawing the page become
// two shorter tasks, so a phone can paint and answer input in between.
setTimeout(() => {
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}, 0);
