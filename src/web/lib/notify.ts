/**
 * Toasts (react-toastify, top right, 5 s). The library loads on the first toast, keeping it out of
 * the first page load; react-toastify queues toasts until <Toaster> has mounted its container.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let requested = false;

function show(kind: 'success' | 'error', message: string): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested: () => requested,
};
