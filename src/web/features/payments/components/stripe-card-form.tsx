import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { FormError } from '../../../components/ui/form-feedback';
import { Spinner } from '../../../components/ui/spinner';
import type { CardFormProps } from './card-form-props';

/** Stripe Elements (loaded only on the payment page, only with the stripe provider). */
export default function StripeCardForm(props: CardFormProps) {
  const stripePromise = useMemo<Promise<Stripe | null>>(
    () => (props.publishableKey ? loadStripe(props.publishableKey) : Promise.resolve(null)),
    [props.publishableKey],
  );
  if (!props.clientSecret) return <Spinner label="Preparing the payment form…" />;
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret }}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ amountLabel, buyer, disabled, onPaid }: CardFormProps) {
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
      <button type="submit" className="btn btn-primary" disabled={!stripe || !elements || disabled || paying}>
        Pay {amountLabel}
      </button>
    </form>
  );
}
