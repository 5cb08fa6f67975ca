import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { addressesQueryOptions } from '#web/features/addresses/api/get-addresses.ts';
import { firstShippingAddress } from '#web/features/addresses/first-shipping-address.ts';
import { PartDetails } from '#web/features/catalog/components/part-details.tsx';
import { PurchaseForm } from '#web/features/orders/components/purchase-form.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useMyLaptop } from '#web/features/profile/my-laptop.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { notify } from '#web/lib/notify.tsx';
import { usePart } from '#web/lib/queries/get-part.ts';
import { useSession } from '#web/lib/session.ts';

export function PurchaseRoute() {
  const { id = '' } = useParams();
  const part = usePart(id);
  const session = useSession();
  const navigate = useNavigate();
  const laptop = useMyLaptop();
  const user = session.data?.user;
  const profile = useProfile();
  // Admins do not buy, and have no address book.
  const addresses = useQuery({ ...addressesQueryOptions(), enabled: user?.role === 'customer' });

  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      {part.isPending ? (
        <Spinner label="Loading the part…" />
      ) : part.isError ? (
        part.error instanceof ApiError && part.error.status === 404 ? (
          <div className="flex flex-col items-start gap-3">
            <h1 className="text-2xl font-bold">Part not found</h1>
            <p>This part does not exist or is no longer sold.</p>
            <Link to="/" className="btn btn-primary">
              Back to the shop
            </Link>
          </div>
        ) : (
          <QueryError
            title="The part could not be loaded."
            error={part.error}
            onRetry={() => void part.refetch()}
          />
        )
      ) : (
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <PartDetails part={part.data} />
          {user?.role === 'admin' ? (
            <div className="flex flex-col items-start gap-3">
              <h2 className="text-xl font-bold">Admins do not buy</h2>
              <p>Admins manage the shop: use a customer account to buy parts.</p>
              <Link to="/dashboard" className="btn btn-primary">
                Go to the Dashboard
              </Link>
            </div>
          ) : user && addresses.isPending ? (
            <Spinner label="Loading your address…" />
          ) : user ? (
            // The address book's default (else the profile's address), to check or fill in before BUY NOW.
            <QueryView
              query={profile}
              loadingLabel="Loading your address…"
              errorTitle="Your address could not be loaded."
            >
              {(found) => (
                <PurchaseForm
                  key={part.data._id}
                  partId={part.data._id}
                  minimum={part.data.minimumQuantity}
                  available={part.data.availableQuantity}
                  buyer={{ name: user.name, email: user.email }}
                  address={firstShippingAddress(addresses.data, found, user.name)}
                  laptop={laptop?.slug}
                  onOrdered={() => {
                    notify.success('Purchase is set to Database');
                    navigate('/dashboard/order');
                  }}
                />
              )}
            </QueryView>
          ) : null}
        </div>
      )}
    </main>
  );
}
