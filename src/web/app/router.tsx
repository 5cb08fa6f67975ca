import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      {
        path: 'blog',
        lazy: async () => ({ Component: (await import('../features/blog/blog-page')).BlogPage }),
      },
      {
        path: 'portfolio',
        lazy: async () => ({
          Component: (await import('../features/portfolio/portfolio-page')).PortfolioPage,
        }),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
