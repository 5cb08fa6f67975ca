import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../components/ui/footer';
import { Navbar } from '../components/ui/navbar';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm"
      >
        Skip to content
      </a>
      <Navbar />
      <div className="flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
      <Toaster />
    </div>
  );
}
