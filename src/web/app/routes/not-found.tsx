import { Link } from 'react-router';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <main id="main">
      <h1 className="sr-only">Page not found</h1>
      <img
        src="/images/not-found.webp"
        alt="Page not found (404)"
        className="h-[580px] w-full object-cover"
      />
      <div className="flex flex-col items-center gap-4 py-8 text-center">
        <p className="text-lg">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className="btn btn-primary">
          Back to the shop
        </Link>
      </div>
    </main>
  );
}
