import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { SHOP_PAGES } from '#shared/pages.ts';
import { useSession } from '#web/lib/session.ts';

const sidebarLinks = SHOP_PAGES.flatMap((page) =>
  page.sidebar ? [{ to: page.path, label: page.sidebar, access: page.access }] : [],
);

/** The dashboard: a sidebar of the pages for this account's role, with its own small-screen toggle. */
export function DashboardLayout() {
  const session = useSession();
  const role = session.data?.user?.role;
  const [open, setOpen] = useState(false);
  const links = sidebarLinks.filter((link) => link.access === 'signed-in' || link.access === role);

  return (
    <main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row">
      <div className="lg:hidden print:hidden">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={open}
          aria-controls="dashboard-sidebar"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide dashboard menu' : 'Show dashboard menu'}
        </button>
      </div>
      <nav
        id="dashboard-sidebar"
        aria-label="Dashboard"
        className={`${open ? 'block' : 'hidden'} shrink-0 lg:block lg:w-60 print:hidden`}
      >
        <h2 className="mb-2 px-4 text-sm font-semibold uppercase tracking-wide opacity-80">Dashboard</h2>
        <ul className="menu w-full rounded-box bg-base-100 shadow">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) => (isActive ? 'menu-active' : '')}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </main>
  );
}
