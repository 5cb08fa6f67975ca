import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from '#web/lib/notify.tsx';

const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** react-toastify's own width for phones, where its toasts span the screen. */
const phone = '(max-width: 480px)';
/** The phone query, where the page can ask it (not in every test DOM). */
const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(phone) : null);
const onPhoneChange = (listener: () => void) => {
  const query = phoneQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/**
 * The toast area (docs/product.md): top right, closing after 5000 ms; on a phone at the bottom, where a
 * full-width toast does not cover the header. At most three at once. Mounted when the first toast is shown.
 */
export function Toaster() {
  const requested = useSyncExternalStore(toastStore.subscribe, toastStore.isRequested, () => false);
  const onPhone = useSyncExternalStore(
    onPhoneChange,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position={onPhone ? 'bottom-center' : 'top-right'} autoClose={5000} limit={3} />
    </Suspense>
  );
}
