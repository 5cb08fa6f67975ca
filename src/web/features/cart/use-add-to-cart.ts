import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addToCart, type PartToAdd } from './add-to-cart';

/** What the page knows about the shopper's laptop when a part goes into the cart. */
export interface AddingFor {
  /** The shopper's laptop (a model's slug), kept on the cart line. */
  laptop?: string;
  /** Asked before adding (a part not listed for the laptop); false: nothing is added. */
  confirm?: () => Promise<boolean>;
}

/**
 * Add to cart for a button: a visitor who is not signed in is sent to log in first and comes back to
 * this page afterwards; anyone else adds (add-to-cart.ts), once `confirm` (if any) said yes. `signedIn`
 * is undefined while the session loads: then the shop is asked, and its 401 decides.
 */
export function useAddToCart(signedIn: boolean | undefined, { laptop, confirm }: AddingFor = {}) {
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
    if (confirm && !(await confirm())) return;
    setPending(true);
    try {
      await addToCart(queryClient, part, adding, toLogin, laptop);
    } finally {
      setPending(false);
    }
  };

  return { add, pending };
}
