import { useState } from 'react';
import { Link, NavLink } from 'react-router';

const links = [
  { to: '/', label: 'Home' },
  { to: '/blog', label: 'Blog' },
  { to: '/portfolio', label: 'My Portfolio' },
] as const;

interface NavbarProps {
  /** true when signed in, false when signed out, undefined while the session loads. */
  signedIn: boolean | undefined;
  onSignOut: () => void;
  signingOut: boolean;
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

export function Navbar({ signedIn, onSignOut, signingOut }: NavbarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const items = (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={linkClass} onClick={close}>
            {link.label}
          </NavLink>
        </li>
      ))}
      {signedIn ? (
        <>
          <li>
            <NavLink to="/dashboard" className={linkClass} onClick={close}>
              Dashboard
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              disabled={signingOut}
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              Sign Out
            </button>
          </li>
        </>
      ) : signedIn === false ? (
        <li>
          <NavLink to="/login" className={linkClass} onClick={close}>
            Login
          </NavLink>
        </li>
      ) : null}
    </>
  );

  return (
    <header className="sticky top-0 z-30 bg-base-100 shadow-sm">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl px-4">
        <div className="flex-1">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold">
            <img src="/images/logo.svg" alt="" width="32" height="32" />
            Reliable Tech Parts
          </Link>
        </div>
        <ul className="menu menu-horizontal hidden gap-1 lg:flex">{items}</ul>
        <button
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
          </svg>
        </button>
      </nav>
      {menuOpen ? (
        <ul id="mobile-menu" className="menu w-full border-t border-base-200 bg-base-100 px-4 pb-3 lg:hidden">
          {items}
        </ul>
      ) : null}
    </header>
  );
}
