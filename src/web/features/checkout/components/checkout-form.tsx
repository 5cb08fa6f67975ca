import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { countryName } from '#shared/address-rules.ts';
import type { SavedAddress } from '#shared/contracts/address.ts';
import type { CartQuery } from '#shared/contracts/cart.ts';
import type { CheckoutInput, Order, ShippingAddressInput } from '#shared/contracts/order.ts';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import {
  SHIPPING_ADDRESS_FIELDS,
  ShippingAddressFields,
} from '#web/components/ui/shipping-address-fields.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useIdempotencyKeys } from '#web/lib/idempotency-key.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useCheckout } from '../api/checkout';
import { CheckoutFailure } from './checkout-failure';
import { ShippingMethodChoice } from './shipping-method-choice';

/** The address choice meaning "a new address, typed here". */
const NEW_ADDRESS = 'new';

/**
 * The form: a saved address or a new one (checked by the shared contract only then), and a method; a
 * visitor's (`guest`) also the email the order's mails go to.
 */
const checkoutFormSchema = (guest: boolean) => () =>
  Promise.all([import('#shared/contracts/order.ts'), import('#shared/contracts/email.ts')]).then(
    ([{ shippingAddressSchema }, { emailSchema }]) =>
      z
        .object({
          email: guest ? emailSchema : z.string(),
          addressChoice: z.string(),
          // Typed here for the fields' names; checked by the shared contract below, when it is used.
          shippingAddress: z.object({
            name: z.string(),
            address: z.string(),
            location: z.string(),
            region: z.string(),
            postalCode: z.string(),
            country: z.string(),
            phone: z.string(),
          }),
          save: z.boolean(),
          shippingMethodId: z.string(),
        })
        .superRefine((value, context) => {
          if (value.addressChoice !== NEW_ADDRESS) return;
          const checked = shippingAddressSchema.safeParse(value.shippingAddress);
          for (const issue of checked.error?.issues ?? [])
            context.addIssue({
              code: 'custom',
              path: ['shippingAddress', ...issue.path],
              message: issue.message,
            });
        })
        .transform(({ email, addressChoice, shippingAddress, save, shippingMethodId }) => {
          const input: CheckoutInput =
            addressChoice === NEW_ADDRESS
              ? { shippingAddress: shippingAddressSchema.parse(shippingAddress), save }
              : { addressId: addressChoice };
          return { ...input, ...(guest && { email }), ...(shippingMethodId && { shippingMethodId }) };
        }),
  );

interface CheckoutFormProps {
  /** A visitor checking out without an account: asked for an email, with no address book. */
  guest?: boolean;
  /** The customer's address book: one of them, or a new address. */
  saved: SavedAddress[];
  /** A new address starts as this (the profile's). */
  defaults: Required<ShippingAddressInput>;
  /** Where and how it goes now, for the summary's shipping and tax. */
  onDestinationChange: (where: CartQuery & { shippingMethod: string | null }) => void;
  /** The order was placed: pay for it next (a visitor's at its private link, `orderUrl`). */
  onPlaced: (placed: { order: Order; orderUrl?: string }) => void;
}

const summary = (address: SavedAddress) =>
  [address.address, address.location, address.region, address.postalCode, countryName(address.country)]
    .filter(Boolean)
    .join(', ');

/**
 * Where the cart goes (a saved address or a new one, which may be kept), how (a shipping method that
 * serves the country) and Place order. One press places one order: the button waits for the answer,
 * and a retry after a lost answer is sent under the same Idempotency-Key (lib/idempotency-key.ts).
 */
export function CheckoutForm({
  guest = false,
  saved,
  defaults,
  onDestinationChange,
  onPlaced,
}: CheckoutFormProps) {
  const place = useCheckout();
  const keys = useIdempotencyKeys();
  const first = saved.find((address) => address.isDefault) ?? saved[0];
  // Field problems go under their fields; anything else is said above the button.
  const { form, failure, onSubmit, field } = useServerForm({
    schema: checkoutFormSchema(guest),
    defaultValues: {
      email: '',
      addressChoice: first?.id ?? NEW_ADDRESS,
      shippingAddress: defaults,
      save: !guest && saved.length === 0,
      shippingMethodId: '',
    },
    fields: ['email', ...SHIPPING_ADDRESS_FIELDS, 'shippingMethodId', 'addressChoice'],
    send: async (input) => {
      onPlaced(await keys.run((idempotencyKey) => place.mutateAsync({ input, idempotencyKey })));
    },
  });
  const choice = form.watch('addressChoice');
  const typed = form.watch('shippingAddress');
  const shippingMethodId = form.watch('shippingMethodId');
  const chosen = saved.find((address) => address.id === choice);
  const country = (chosen ? chosen.country : (typed?.country ?? '')).toUpperCase();
  const region = (chosen ? chosen.region : (typed?.region ?? '')).toUpperCase();

  const chooseMethod = useCallback(
    (id: string, name: string | null) => {
      if (form.getValues('shippingMethodId') !== id) form.setValue('shippingMethodId', id);
      onDestinationChange({ country, region, shippingMethodId: id, shippingMethod: name });
    },
    [form, country, region, onDestinationChange],
  );
  useEffect(() => {
    if (!country) onDestinationChange({ shippingMethod: null });
  }, [country, onDestinationChange]);

  return (
    <form noValidate onSubmit={onSubmit} className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        {guest ? (
          <div className="flex flex-col gap-2">
            <h2 className="card-title">Your email</h2>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              hint="Your order and its receipt are sent there, with the link to your order."
              {...field('email')}
            />
            <p className="text-sm">
              Have an account?{' '}
              <Link to={`/login?redirect=${encodeURIComponent('/checkout')}`} className="link">
                Log in
              </Link>{' '}
              to use your address book; your cart comes with you.
            </p>
          </div>
        ) : null}
        <h2 className="card-title">Shipping address</h2>
        {saved.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Ship to</legend>
            {saved.map((address) => (
              <label key={address.id} className="flex cursor-pointer items-start gap-3">
                <input
                  type="radio"
                  className="radio mt-1"
                  value={address.id}
                  {...form.register('addressChoice')}
                />
                <span>
                  <span className="font-medium">{address.name}</span>
                  <span className="block text-sm opacity-80">{summary(address)}</span>
                </span>
              </label>
            ))}
            <label className="flex cursor-pointer items-center gap-3">
              <input type="radio" className="radio" value={NEW_ADDRESS} {...form.register('addressChoice')} />
              <span className="font-medium">A new address</span>
            </label>
          </fieldset>
        ) : null}
        {choice === NEW_ADDRESS ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <ShippingAddressFields field={field} country={country} />
            {guest ? null : (
              <label className="flex cursor-pointer items-center gap-2 sm:col-span-2">
                <input type="checkbox" className="checkbox" {...form.register('save')} />
                Save this address in my address book
              </label>
            )}
          </div>
        ) : null}
        <ShippingMethodChoice
          country={country}
          chosen={shippingMethodId}
          register={form.register('shippingMethodId')}
          error={form.formState.errors.shippingMethodId?.message}
          onChoose={chooseMethod}
        />
        {failure ? (
          <CheckoutFailure error={failure} />
        ) : (
          <FormError message={null} errors={form.formState.errors} />
        )}
        <SubmitButton pending={form.formState.isSubmitting}>Place order</SubmitButton>
      </div>
    </form>
  );
}
