import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { CartQuery } from '#shared/contracts/cart.ts';
import type { ShippingAddressInput } from '#shared/contracts/order.ts';
import { paymentPagePath } from '#shared/pages.ts';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { addressesQueryOptions } from '#web/features/addresses/api/get-addresses.ts';
import { firstShippingAddress } from '#web/features/addresses/first-shipping-address.ts';
import { useCart } from '#web/features/cart/api/get-cart.ts';
import { CartQueryView, EmptyCart } from '#web/features/cart/components/cart-query-view.tsx';
import { CartSummary } from '#web/features/cart/components/cart-summary.tsx';
import { CheckoutForm } from '#web/features/checkout/components/checkout-form.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useSession } from '#web/lib/session.ts';

type Destination = CartQuery & { shippingMethod: string | null };

/** A visitor's new address starts empty. */
const NO_ADDRESS: Required<ShippingAddressInput> = {
  name: '',
  address: '',
  location: '',
  region: '',
  postalCode: '',
  country: '',
  phone: '',
};

/** Once placed, the order is paid on a page loaded as a document of its own (only it may load the card provider's script). */
function openPayment({ order, orderUrl }: { order: { _id: string }; orderUrl?: string }) {
  window.location.assign(orderUrl ?? paymentPagePath(order._id));
}

/**
 * The page's frame: the form beside what the cart holds and what it costs there (shipping and tax as
 * soon as the country and method are known). `form` draws the form for the cart, told where it goes.
 */
function CheckoutLayout({
  form,
}: {
  form: (props: {
    onDestinationChange: (next: Destination) => void;
    onPlaced: typeof openPayment;
  }) => ReactNode;
}) {
  const [placed, setPlaced] = useState(false);
  const [destination, setDestination] = useState<Destination>({ shippingMethod: null });
  const { shippingMethod, ...where } = destination;
  const priced = useCart(where);
  const onDestinationChange = useCallback(
    (next: Destination) =>
      setDestination((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next)),
    [],
  );
  if (placed) return <Spinner label="Opening the payment page…" />;
  return (
    <CartQueryView>
      {(cart) =>
        cart.items.length === 0 ? (
          <EmptyCart />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
            {form({
              onDestinationChange,
              onPlaced: (answer) => {
                setPlaced(true);
                openPayment(answer);
              },
            })}
            <div className="flex flex-col gap-3">
              <CartSummary cart={priced.data ?? cart} shippingMethod={shippingMethod} />
              <Link to="/cart" className="link self-start">
                Change the cart
              </Link>
            </div>
          </div>
        )
      }
    </CartQueryView>
  );
}

/** A customer's form: a saved address (the default first) or a new one, which may be kept. */
function CustomerCheckout({ userName }: { userName: string }) {
  const profile = useProfile();
  const addresses = useQuery(addressesQueryOptions());
  return (
    // The addresses load along with the cart: to the shopper it is still the cart loading.
    <QueryView
      query={profile}
      loadingLabel="Loading your cart…"
      errorTitle="Your address could not be loaded."
    >
      {(found) =>
        addresses.isPending ? (
          <Spinner label="Loading your cart…" />
        ) : (
          <CheckoutLayout
            form={(props) => (
              <CheckoutForm
                saved={addresses.data ?? []}
                defaults={firstShippingAddress(undefined, found, userName)}
                {...props}
              />
            )}
          />
        )
      }
    </QueryView>
  );
}

/**
 * /checkout: where the cart goes and how, then Place order and the payment page. A visitor checks out
 * as a guest (an email, an address) or logs in.
 */
export function CheckoutRoute() {
  const session = useSession();
  const user = session.data?.user;
  const content = () => {
    if (session.isPending) return <Spinner label="Loading your cart…" />;
    if (user) return <CustomerCheckout userName={user.name} />;
    return (
      <CheckoutLayout form={(props) => <CheckoutForm guest saved={[]} defaults={NO_ADDRESS} {...props} />} />
    );
  };
  return (
    <main id="main" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {content()}
    </main>
  );
}
