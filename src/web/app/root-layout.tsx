import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Footer } from '../components/ui/footer';
import { Navbar } from '../components/ui/navbar';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { useSession } from '../features/auth/api/get-session';
import { useSignOut } from '../features/auth/api/sign-out';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner';
import { errorMessage } from '../lib/error-message';
import { notify } from '../lib/notify';

export function RootLayout() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signedIn = session.data ? session.data.user !== null : session.isError ? false : undefined;

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
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
      <Toaster />
    </div>
  );
}
