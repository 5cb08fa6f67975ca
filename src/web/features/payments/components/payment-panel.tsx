import { lazy, Suspense, useState } from 'react';
import { formatDollars } from '../../../../shared/money';
import { FormError } from '../../../components/ui/form-feedback';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useMarkPaid } from '../api/mark-paid';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface PaymentPanelProps {
  order: {
    _id: string;
    userName: string;
    user: string;
    parts: string;
    totalCents: number;
    quantity: number;
    paid: boolean;
    transactionId: string | null;
  };
  onPaid: () => void;
}

/** The spec's payment page: greeting, part, price in dollars, the card form, and the outcome. */
export function PaymentPanel({ order, onPaid }: PaymentPanelProps) {
  const intent = usePaymentIntent(order._id, !order.paid);
  const markPaid = useMarkPaid();
  const [transactionId, setTransactionId] = useState<string | null>(order.paid ? order.transactionId : null);
  const [error, setError] = useState<string | null>(null);
  const amountLabel = formatDollars(order.totalCents);

  const handlePaid = async (paymentIntentId: string) => {
    setError(null);
    try {
      const paid = await markPaid.mutateAsync({ orderId: order._id, transactionId: paymentIntentId });
      setTransactionId(paid.transactionId);
      onPaid();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const formProps = {
    clientSecret: intent.data?.clientSecret ?? null,
    publishableKey: intent.data?.publishableKey ?? null,
    amountLabel,
    buyer: { name: order.userName, email: order.user },
    disabled: transactionId !== null,
    onPaid: handlePaid,
  };

  return (
    <section aria-labelledby="payment-heading" className="card max-w-lg bg-base-100 shadow">
      <div className="card-body gap-3">
        <p className="font-semibold text-green-800">Hello, {order.userName}</p>
        <h1 id="payment-heading" className="card-title text-2xl">
          Please pay for {order.parts}
        </h1>
        <p>
          {order.quantity} × {order.parts}: <span className="text-xl font-bold">{amountLabel}</span>
        </p>
        {transactionId ? (
          <div role="status" className="alert alert-success flex flex-col items-start">
            <p className="font-semibold">Congrats! Your payment is completed.</p>
            <p>
              Your transaction Id: <span className="font-mono">{transactionId}</span>
            </p>
          </div>
        ) : intent.isError ? (
          <QueryError
            title="The payment could not be prepared."
            error={intent.error}
            onRetry={() => void intent.refetch()}
          />
        ) : intent.data?.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label="Loading the payment form…" />}>
            <StripeCardForm {...formProps} />
          </Suspense>
        ) : (
          <SandboxCardForm {...formProps} />
        )}
        <FormError message={error} />
      </div>
    </section>
  );
}
