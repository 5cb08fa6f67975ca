import { Link, Outlet } from 'react-router';
import type { Role } from '#shared/contracts/session.ts';
import { useSession } from '#web/lib/session.ts';

/**
 * Routes for one role; anyone else gets a clear page (the server refuses their calls with 403 too).
 * `page`: the routes are pages of their own (not inside the dashboard's main), so the refusal is too.
 */
export function RequireRole({ allowed, page = false }: { allowed: Role; page?: boolean }) {
  const session = useSession();
  if (session.data?.user?.role === allowed) return <Outlet />;
  return <NotForYourAccount allowed={allowed} page={page} />;
}

/** Pages for those who buy, visitors included: an admin gets the clear page (admins do not buy). */
export function RefuseAdmins() {
  const session = useSession();
  if (session.data?.user?.role === 'admin') return <NotForYourAccount allowed="customer" page />;
  return <Outlet />;
}

function NotForYourAccount({ allowed, page }: { allowed: Role; page: boolean }) {
  const refusal = (
    <section className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold">Not available for your account</h1>
      <p>
        This page is for {allowed === 'admin' ? 'shop administrators' : 'customers'}. If you think you should
        see it, contact the shop’s administrator.
      </p>
      <Link to="/dashboard" className="btn btn-primary">
        Go to My Profile
      </Link>
    </section>
  );
  return page ? (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      {refusal}
    </main>
  ) : (
    refusal
  );
}
