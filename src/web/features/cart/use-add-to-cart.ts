import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addToCart, type PartToAdd } from './add-to-cart';

/** What the page knows about the shopper's laptop when a part goes into the cart. */
export interface AddingFor {
  /** The shopper's laptop (a model's slug), kept on the cart line. */
  laptop?: string;
  /** Asked before adding (a part not listed for the laptop); false: nothing is added. */
  confirm?: () => Promise<boolean>;
}

/**
 * Add to cart for a button, for customers and visitors alike (a visitor's cart is kept by the shop
 * under a cookie, and joins their account's cart when they sign in), once `confirm` (if any) said yes.
 */
export function useAddToCart({ laptop, confirm }: AddingFor = {}) {
  const queryClient = useQueryClient();
  // From the press until the cart answers, so a second press adds to what the first one added.
  const [pending, setPending] = useState(false);

  const add = async (part: PartToAdd, adding: number) => {
    if (confirm && !(await confirm())) return;
    setPending(true);
    try {
      await addToCart(queryClient, part, adding, laptop);
    } finally {
      setPending(false);
    }
  };

  return { add, pending };
}
