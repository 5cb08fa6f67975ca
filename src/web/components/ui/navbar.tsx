import { type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { SHOP_NAME } from '#shared/shop.ts';
import { StrokeIcon } from './stroke-icon';

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
  /** The cart link, for those who buy: units in the cart (undefined while they load). */
  cart?: { count: number | undefined };
  /** A line under the navigation, inside the sticky header (the shopper's laptop). */
  below?: ReactNode;
  /** The search box, given the call that closes the small-screen menu when it searches. */
  search?: (onSearch: () => void) => ReactNode;
  /** Where Dashboard opens: an admin's Overview, else My Profile. */
  dashboard?: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

/** "Cart, 3 items": the link's name says what the badge shows. */
export const cartLabel = (count: number | undefined) =>
  count === undefined ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * The cart link with its count: beside the menu toggle at every width (not inside the small-screen
 * menu), so a phone shows it at a glance.
 */
function CartLink({ count, onClick }: { count: number | undefined; onClick: () => void }) {
  return (
    <NavLink
      to="/cart"
      className={({ isActive }) => `btn btn-ghost btn-square relative ${isActive ? 'btn-active' : ''}`}
      aria-label={cartLabel(count)}
      onClick={onClick}
    >
      <StrokeIcon className="h-6 w-6" strokeWidth={2} round>
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.6L21.5 7H6" />
      </StrokeIcon>
      {count ? (
        <span
          className="badge badge-sm absolute -right-1 -top-1 border-0 bg-red-700 px-1.5 text-white"
          aria-hidden="true"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}

export function Navbar({
  signedIn,
  onSignOut,
  signingOut,
  cart,
  below,
  search,
  dashboard = '/dashboard',
}: NavbarProps) {
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
            <NavLink to={dashboard} className={linkClass} onClick={close}>
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
    <header className="sticky top-0 z-30 bg-base-100 shadow-sm print:hidden">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl flex-wrap gap-x-3 px-4">
        <div className="flex-1">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold">
            <img src="/images/logo.webp" alt="" width="32" height="32" />
            {SHOP_NAME}
          </Link>
        </div>
        {search?.(close)}
        <ul className="menu menu-horizontal hidden gap-1 lg:flex">{items}</ul>
        {cart ? <CartLink count={cart.count} onClick={close} /> : null}
        <button
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <StrokeIcon className="h-6 w-6" strokeWidth={2}>
            <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
          </StrokeIcon>
        </button>
      </nav>
      {menuOpen ? (
        <ul id="mobile-menu" className="menu w-full border-t border-base-200 bg-base-100 px-4 pb-3 lg:hidden">
          {items}
        </ul>
      ) : null}
      {below}
    </header>
  );
}
