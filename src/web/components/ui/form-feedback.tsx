import type { ReactNode } from 'react';

/** A form's failure in small red text (the spec's style for errors), announced to screen readers. */
export function FormError({ message, className = '' }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm text-red-700 ${className}`}>
      {message}
    </p>
  );
}

/** A form's submit button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
  pending,
  children,
  className = '',
}: {
  pending: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={pending}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
