import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { RequireRole } from './guards/require-role';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

type AdminPage = keyof typeof import('./routes/dashboard-admin-pages');
const adminPage = (name: AdminPage) => async () => ({
  Component: (await import('./routes/dashboard-admin-pages'))[name],
});

/** Everything but the home page loads on demand, keeping the first page load small. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A page that fails keeps the shop around it: the navigation never disappears.
    errorElement: <RootLayout failed />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'parts', lazy: async () => ({ Component: (await import('./routes/parts')).PartsRoute }) },
      {
        path: 'parts/:id',
        lazy: async () => ({ Component: (await import('./routes/product')).ProductRoute }),
      },
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
      { path: 'login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }) },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordRoute }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'purchase/:id',
            lazy: async () => ({ Component: (await import('./routes/purchase')).PurchaseRoute }),
          },
          {
            element: <RequireRole allowed="customer" page />,
            children: [
              { path: 'cart', lazy: async () => ({ Component: (await import('./routes/cart')).CartRoute }) },
              {
                path: 'checkout',
                lazy: async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute }),
              },
            ],
          },
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await import('./dashboard-layout')).DashboardLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/dashboard-profile')).DashboardProfileRoute,
                }),
              },
              {
                element: <RequireRole allowed="customer" />,
                children: [
                  {
                    path: 'order',
                    lazy: async () => ({
                      Component: (await import('./routes/dashboard-orders')).DashboardOrdersRoute,
                    }),
                  },
                  {
                    path: 'payment/:id',
                    lazy: async () => ({
                      Component: (await import('./routes/dashboard-payment')).DashboardPaymentRoute,
                    }),
                  },
                  {
                    path: 'review',
                    lazy: async () => ({
                      Component: (await import('./routes/dashboard-review')).DashboardReviewRoute,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed="admin" />,
                children: [
                  { path: 'overview', lazy: adminPage('OverviewRoute') },
                  { path: 'allorder', lazy: adminPage('AllUsersRoute') },
                  { path: 'addproduct', lazy: adminPage('AddProductRoute') },
                  { path: 'admin', lazy: adminPage('MakeAdminRoute') },
                  { path: 'manage', lazy: adminPage('ManageProductsRoute') },
                  { path: 'categories', lazy: adminPage('ManageCategoriesRoute') },
                  { path: 'orders', lazy: adminPage('AllOrdersRoute') },
                  { path: 'feedback', lazy: adminPage('FeedbackRoute') },
                ],
              },
              { path: '*', element: <NotFoundRoute /> },
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
