import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from '../../lib/notify';

const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** The toast area (docs/product.md): top right, closing after 5000 ms; mounted when the first toast is shown. */
export function Toaster() {
  const requested = useSyncExternalStore(toastStore.subscribe, toastStore.isRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} />
    </Suspense>
  );
}
