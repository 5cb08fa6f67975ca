import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Footer } from '../components/ui/footer';
import { Navbar } from '../components/ui/navbar';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { useSession } from '../features/auth/api/get-session';
import { useSignOut } from '../features/auth/api/sign-out';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner';
import { useCartCount } from '../features/cart/api/get-cart';
import { hasPendingAdd, takePendingAdd } from '../features/cart/pending-add';
import { HeaderSearch } from '../features/catalog/components/header-search';
import { MyLaptopBar } from '../features/profile/components/my-laptop-bar';
import { useChooseMyLaptop, useMyLaptop, useMyLaptopSync } from '../features/profile/my-laptop';
import { errorMessage } from '../lib/error-message';
import { notify } from '../lib/notify';
import { usePageTitle } from './page-titles';
import { RouteError } from './route-error';

/**
 * A visitor pressed Add to cart and was sent to log in: once signed in, the part goes into the cart
 * (the code that adds it loads only then). An admin's sign-in drops it: admins have no cart.
 */
function useFinishPendingAdd(role: 'admin' | 'customer' | undefined) {
  const queryClient = useQueryClient();
  // Not on the sign-in pages themselves: they are about to leave (maybe loading the next page afresh),
  // which would cut the adding short. It happens on the page the visitor comes back to.
  const signingIn = /^\/(login|signup)(\/|$)/.test(useLocation().pathname);
  useEffect(() => {
    if (!role || signingIn || !hasPendingAdd()) return;
    if (role === 'admin') {
      takePendingAdd();
      return;
    }
    void import('../features/cart/finish-pending-add').then((module) => module.finishPendingAdd(queryClient));
  }, [role, signingIn, queryClient]);
}

/**
 * The shop's frame: navbar, page, footer. `failed`: a page could not be shown (its code did not load, or
 * it broke); the frame stays, with the explanation where the page would be.
 */
export function RootLayout({ failed = false }: { failed?: boolean }) {
  usePageTitle();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signedIn = session.data ? session.data.user !== null : session.isError ? false : undefined;
  // Customers buy; admins have no cart.
  const buys = session.data?.user?.role === 'customer';
  const cartCount = useCartCount(buys);
  useFinishPendingAdd(session.data?.user?.role);
  useMyLaptopSync(signedIn);
  const laptop = useMyLaptop();
  const chooseLaptop = useChooseMyLaptop(signedIn);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar
        signedIn={signedIn}
        signingOut={signOut.isPending}
        cart={buys ? { count: cartCount } : undefined}
        dashboard={session.data?.user?.role === 'admin' ? '/dashboard/overview' : '/dashboard'}
        search={(onSearch) => <HeaderSearch onSearch={onSearch} />}
        below={laptop ? <MyLaptopBar laptop={laptop} onClear={() => void chooseLaptop(null)} /> : null}
        onSignOut={() =>
          signOut.mutate(undefined, {
            onSuccess: () => navigate('/'),
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      />
      <VerifyEmailBanner />
      {/* At least a screen tall, so the footer never jumps into view while a page loads. */}
      <div className="min-h-screen flex-1">
        {failed ? (
          <RouteError />
        ) : (
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        )}
      </div>
      <Footer />
      <Toaster />
      {/* New pages open at their top; back and forward return to where the reader was (a page loaded
          fresh by a typed address or a reload opens at its top too: app/history-entry-key.ts). */}
      <ScrollRestoration />
    </div>
  );
}
