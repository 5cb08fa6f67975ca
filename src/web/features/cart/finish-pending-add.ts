import type { QueryClient } from '@tanstack/react-query';
import type { PartDetail } from '../../../shared/contracts/part';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { partQueryOptions } from '../catalog/api/get-part';
import { addToCart } from './add-to-cart';
import { takePendingAdd } from './pending-add';

/**
 * Once a visitor who pressed Add to cart has signed in: the part goes into the cart (with the usual
 * toast), as the press asked. Loaded only when something is waiting (root layout).
 */
export async function finishPendingAdd(queryClient: QueryClient): Promise<void> {
  const pending = takePendingAdd();
  if (!pending) return;
  // Bounds as they are now: the minimum and what is left decide what can be added.
  let part: Awaited<ReturnType<typeof queryClient.fetchQuery<PartDetail>>>;
  try {
    part = await queryClient.fetchQuery(partQueryOptions(pending.partId));
  } catch (error) {
    notify.error(`The part could not be added to your cart: ${errorMessage(error)}`);
    return;
  }
  await addToCart(queryClient, part, pending.quantity, () => {}, pending.laptop);
}
