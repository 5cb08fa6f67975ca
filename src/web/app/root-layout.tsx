import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { Footer } from '#web/components/ui/footer.tsx';
import { Navbar } from '#web/components/ui/navbar.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { useSignOut } from '#web/features/auth/api/sign-out.ts';
import { VerifyEmailBanner } from '#web/features/auth/components/verify-email-banner.tsx';
import { useCartCount } from '#web/features/cart/api/get-cart.ts';
import { HeaderSearch } from '#web/features/catalog/components/header-search.tsx';
import { MyLaptopBar } from '#web/features/profile/components/my-laptop-bar.tsx';
import { useChooseMyLaptop, useMyLaptop, useMyLaptopSync } from '#web/features/profile/my-laptop.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import { useSession } from '#web/lib/session.ts';
import { usePageTitle } from './page-titles';
import { RouteError } from './route-error';

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
  // Customers and visitors buy (once the session is known); admins have no cart.
  const buys = signedIn !== undefined && session.data?.user?.role !== 'admin';
  const cartCount = useCartCount(buys);
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
