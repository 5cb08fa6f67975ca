import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
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

describe('Navbar search', () => {
  it('keeps its items and searches the parts from any page', async () => {
    const router = renderAt('/blog');
    for (const name of ['Home', 'Blog', 'My Portfolio', 'Login'])
      expect(screen.getAllByRole('link', { name })[0]).toBeInTheDocument();
    const box = screen.getByLabelText('Search parts');
    expect(box).toHaveAttribute('name', 'q');
    expect(box.closest('form')).toHaveAttribute('action', '/parts');
    await userEvent.type(box, '  usb c dock {Enter}');
    expect(router.state.location.pathname).toBe('/parts');
    expect(router.state.location.search).toBe('?q=usb+c+dock');
  });

  it('sends an empty search to the whole catalogue', async () => {
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/parts');
    expect(router.state.location.search).toBe('');
  });

  it('shows the search on screen on /parts, and nothing elsewhere', async () => {
    const router = renderAt('/parts?q=ssd');
    expect(screen.getByLabelText('Search parts')).toHaveValue('ssd');
    await router.navigate('/parts?q=fan');
    await waitFor(() => expect(screen.getByLabelText('Search parts')).toHaveValue('fan'));
    await router.navigate('/blog');
    await waitFor(() => expect(screen.getByLabelText('Search parts')).toHaveValue(''));
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
