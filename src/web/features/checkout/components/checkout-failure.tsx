import { Link } from 'react-router';
import { ApiError } from '#web/lib/api-client.ts';
import { mayHaveSucceeded } from '#web/lib/idempotency-key.ts';

/** What to do about a refused order: each refusal with the way out of it. */
function wayOut(error: ApiError): { text: string; to: string; label: string } | null {
  if (error.status === 409) return { text: error.message, to: '/cart', label: 'Back to your cart' };
  if (error.status === 429) return { text: error.message, to: '/dashboard/order', label: 'Go to My Orders' };
  if (error.code === 'cart_empty') return { text: error.message, to: '/parts', label: 'Browse all parts' };
  if (error.status === 422)
    return {
      text: 'An earlier try may already have placed this order. Check My Orders before placing it again.',
      to: '/dashboard/order',
      label: 'Go to My Orders',
    };
  return null;
}

/** Why Place order did not place the order, in red, announced, with a link to what fixes it. */
export function CheckoutFailure({ error }: { error: unknown }) {
  const known = error instanceof ApiError ? error : null;
  const way = known ? wayOut(known) : null;
  const text =
    way?.text ??
    (known ? known.message : 'Something went wrong. Please try again.') +
      // The key is kept for such a retry: the shop answers the first order instead of a second one.
      (mayHaveSucceeded(error) ? ' Trying again will not order twice.' : '');
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
      <p>{text}</p>
      {way ? (
        <Link to={way.to} className="link font-semibold">
          {way.label}
        </Link>
      ) : null}
    </div>
  );
}
