import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when loadStripe() is called, never on import: only a document
// loaded at the payment page's address may fetch it under the shop's policy.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { isPaymentDocument } from '#shared/pages.ts';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { CardFormProps } from './card-form-props';

/** The path of the URL this document was loaded from; in-app navigation leaves it unchanged. */
function documentPath(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation ? new URL(navigation.name).pathname : window.location.pathname;
}

/**
 * Stripe Elements (loaded only on the payment page, only with the stripe provider). Only a document
 * loaded at the payment page's address may load Stripe.js under the shop's Content-Security-Policy, so
 * a payment page reached by in-app navigation (a link, back and forward) loads itself once more.
 */
export default function StripeCardForm(props: CardFormProps) {
  const loadedAsPaymentPage = isPaymentDocument(documentPath());
  useEffect(() => {
    if (!loadedAsPaymentPage) window.location.replace(window.location.href);
  }, [loadedAsPaymentPage]);
  return loadedAsPaymentPage ? (
    <StripeElementsForm {...props} />
  ) : (
    <Spinner label="Loading the secure payment form…" />
  );
}

function StripeElementsForm(props: CardFormProps) {
  const stripe = useStripeJs(props.publishableKey);
  if (stripe === 'failed')
    return (
      <FormError message="The secure payment form could not be loaded. Check your connection, then reload this page." />
    );
  if (!props.clientSecret || !stripe) return <Spinner label="Preparing the payment form…" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <StripeForm {...props} />
    </Elements>
  );
}

/** Stripe.js, once loaded; 'failed' when it cannot be fetched (offline, blocked), which the page then says. */
function useStripeJs(publishableKey: string | null): Stripe | null | 'failed' {
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);
  useEffect(() => {
    if (!publishableKey) return;
    let current = true;
    loadStripe(publishableKey).then(
      (loaded) => current && setStripe(loaded ?? 'failed'),
      () => current && setStripe('failed'),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  return stripe;
}

function StripeForm({ amountLabel, buyer, disabled, onAttempt, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!stripe || !elements) return;
        setError(null);
        onAttempt();
        setPaying(true);
        try {
          const result = await stripe.confirmPayment({
            elements,
            redirect: 'if_required',
            confirmParams: {
              return_url: window.location.href,
              payment_method_data: { billing_details: { name: buyer.name, email: buyer.email } },
            },
          });
          if (result.error) setError(result.error.message ?? 'The payment did not go through.');
          else if (result.paymentIntent?.status === 'succeeded') await onPaid(result.paymentIntent.id);
          else setError('The payment is being processed. Your order will show as paid once it completes.');
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : 'The payment did not go through.');
        } finally {
          setPaying(false);
        }
      }}
    >
      <PaymentElement />
      <FormError message={error} />
      <SubmitButton pending={paying} disabled={!stripe || !elements || disabled}>
        Pay {amountLabel}
      </SubmitButton>
    </form>
  );
}
