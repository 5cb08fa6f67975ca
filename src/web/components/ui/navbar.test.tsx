import { render, screen } from '@testing-library/preact';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Navbar } from './navbar';

function renderAt(path: string, props: Partial<Parameters<typeof Navbar>[0]> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <Navbar signedIn={false} signingOut={false} onSignOut={() => {}} {...props} />,
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Navbar', () => {
  it('keeps its items, and draws the search it is given', () => {
    renderAt('/blog', { search: () => <p>The search</p> });
    for (const name of ['Home', 'Blog', 'My Portfolio', 'Login'])
      expect(screen.getAllByRole('link', { name })[0]).toBeInTheDocument();
    expect(screen.getByText('The search')).toBeInTheDocument();
  });
});

describe('Navbar cart', () => {
  it('links to the cart, its name saying how many items the badge shows', () => {
    renderAt('/', { signedIn: true, cart: { count: 3 } });
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent('3');
  });

  it('says one item, no items, and nothing of a count still loading', () => {
    renderAt('/', { signedIn: true, cart: { count: 1 } });
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    renderAt('/', { signedIn: true, cart: { count: 0 } });
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).not.toHaveTextContent('0');
    renderAt('/', { signedIn: true, cart: { count: undefined } });
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it('is not there for those who do not buy, and keeps the usual items', () => {
    renderAt('/', { signedIn: true });
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    for (const name of ['Home', 'Blog', 'My Portfolio', 'Dashboard'])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });
});
