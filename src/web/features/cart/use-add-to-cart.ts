import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addToCart, type PartToAdd } from './add-to-cart';

/**
 * Add to cart for a button: a visitor who is not signed in is sent to log in first and comes back to
 * this page afterwards; anyone else adds (add-to-cart.ts). `signedIn` is undefined while the session
 * loads: then the shop is asked, and its 401 decides.
 */
export function useAddToCart(signedIn: boolean | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // From the press until the cart answers, so a second press adds to what the first one added.
  const [pending, setPending] = useState(false);
  const toLogin = () =>
    navigate(
      `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}${location.hash}`)}`,
    );

  const add = async (part: PartToAdd, adding: number) => {
    if (signedIn === false) {
      toLogin();
      return;
    }
    setPending(true);
    try {
      await addToCart(queryClient, part, adding, toLogin);
    } finally {
      setPending(false);
    }
  };

  return { add, pending };
}
