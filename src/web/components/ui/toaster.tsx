import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from '../../lib/notify';

const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** react-toastify's own width for phones, where its toasts span the screen. */
const phone = '(max-width: 480px)';
const onPhoneChange = (listener: () => void) => {
  const query = window.matchMedia(phone);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/**
 * The toast area (docs/product.md): top right, closing after 5000 ms; on a phone at the bottom, where a
 * full-width toast does not cover the header. At most three at once. Mounted when the first toast is shown.
 */
export function Toaster() {
  const requested = useSyncExternalStore(toastStore.subscribe, toastStore.isRequested, () => false);
  const onPhone = useSyncExternalStore(
    onPhoneChange,
    () => window.matchMedia(phone).matches,
    () => false,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position={onPhone ? 'bottom-center' : 'top-right'} autoClose={5000} limit={3} />
    </Suspense>
  );
}
