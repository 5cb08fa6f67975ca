import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addToCart, type PartToAdd } from './add-to-cart';
import { rememberPendingAdd } from './pending-add';

/** What the page knows about the shopper's laptop when a part goes into the cart. */
export interface AddingFor {
  /** The shopper's laptop (a model's slug), kept on the cart line. */
  laptop?: string;
  /** Asked before adding (a part not listed for the laptop); false: nothing is added. */
  confirm?: () => Promise<boolean>;
}

/** The login page's address that says why (`reason=cart`) and comes back to `from` afterwards. */
export const loginToAddPath = (from: string) => `/login?redirect=${encodeURIComponent(from)}&reason=cart`;

/**
 * Add to cart for a button: a visitor who is not signed in is sent to log in first (told why), and once
 * signed in the part is added (pending-add.ts) on this page, where they come back; anyone else adds
 * (add-to-cart.ts), once `confirm` (if any) said yes. `signedIn` is undefined while the session loads:
 * then the shop is asked, and its 401 decides.
 */
export function useAddToCart(signedIn: boolean | undefined, { laptop, confirm }: AddingFor = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // From the press until the cart answers, so a second press adds to what the first one added.
  const [pending, setPending] = useState(false);
  const toLogin = (part: PartToAdd, adding: number) => {
    rememberPendingAdd({ partId: part._id, quantity: adding, ...(laptop && { laptop }) });
    navigate(loginToAddPath(`${location.pathname}${location.search}${location.hash}`));
  };

  const add = async (part: PartToAdd, adding: number) => {
    if (confirm && !(await confirm())) return;
    if (signedIn === false) {
      toLogin(part, adding);
      return;
    }
    setPending(true);
    try {
      await addToCart(queryClient, part, adding, () => toLogin(part, adding), laptop);
    } finally {
      setPending(false);
    }
  };

  return { add, pending };
}
