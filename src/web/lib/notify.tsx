import { Link } from 'react-router';

/**
 * Toasts (react-toastify, top right — at the bottom on phones, clear of the header — 5 s). The library
 * loads on the first toast, keeping it out of the first page load; react-toastify queues toasts until
 * <Toaster> has mounted its container.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let requested = false;

interface ToastOptions {
  /** A toast of the same key replaces the one still showing (four parts added: one toast, not four). */
  key?: string;
  /** A next step, as a link in the toast ("View cart"). */
  link?: { label: string; to: string };
}

function show(kind: 'success' | 'error', message: string, { key, link }: ToastOptions = {}): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const content = link ? (
    <span className="flex flex-wrap items-baseline gap-x-3">
      <span>{message}</span>
      <Link className="link font-semibold" to={link.to}>
        {link.label}
      </Link>
    </span>
  ) : (
    message
  );
  void import('react-toastify').then(({ toast }) => {
    if (key !== undefined && toast.isActive(key))
      toast.update(key, { render: content, type: kind, autoClose: 5000 });
    else toast[kind](content, key === undefined ? {} : { toastId: key });
  });
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested: () => requested,
};
