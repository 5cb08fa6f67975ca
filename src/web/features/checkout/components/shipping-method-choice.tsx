import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { countryName } from '#shared/address-rules.ts';
import { formatDollars } from '#shared/money.ts';
import { FieldError } from '#web/components/ui/field-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useShippingMethods } from '../api/get-shipping-methods';

interface ShippingMethodChoiceProps {
  country: string;
  chosen: string;
  register: UseFormRegisterReturn;
  error?: string;
  /** Picks a method: the cheapest one when the chosen one does not ship to the country. */
  onChoose: (id: string, name: string | null) => void;
}

/** The shipping methods that go to the chosen country, as radio buttons with their price for this cart. */
export function ShippingMethodChoice({
  country,
  chosen,
  register,
  error,
  onChoose,
}: ShippingMethodChoiceProps) {
  const methods = useShippingMethods(country);
  const offers = methods.data;
  useEffect(() => {
    if (!offers) return;
    const current = offers.find((offer) => offer.id === chosen);
    if (current) onChoose(current.id, current.name);
    else onChoose(offers[0]?.id ?? '', offers[0]?.name ?? null);
  }, [offers, chosen, onChoose]);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'shipping-method-error' : undefined}>
      <legend className="mb-2 font-semibold">Shipping method</legend>
      {country === '' ? (
        <p className="text-sm opacity-80">Choose the country first: the methods depend on it.</p>
      ) : methods.isPending ? (
        <Spinner label="Loading the shipping methods…" />
      ) : methods.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The shipping methods could not be loaded.{' '}
          <button type="button" className="link" onClick={() => void methods.refetch()}>
            Try again
          </button>
        </p>
      ) : offers?.length === 0 ? (
        <p className="text-sm">Sorry, we do not ship to {countryName(country)} yet.</p>
      ) : (
        offers?.map((offer) => (
          <label key={offer.id} className="flex cursor-pointer items-center gap-3">
            <input type="radio" className="radio" value={offer.id} {...register} />
            <span className="grow">
              <span className="font-medium">{offer.name}</span>
              {offer.days ? <span className="block text-sm opacity-80">{offer.days}</span> : null}
            </span>
            <span className="font-semibold">
              {offer.priceCents === 0 ? 'Free' : formatDollars(offer.priceCents)}
            </span>
          </label>
        ))
      )}
      <FieldError id="shipping-method-error" message={error} />
    </fieldset>
  );
}
