import type { ReactNode } from 'react';

/**
 * A form's failure in small red text (the shop's style for errors), announced to screen readers: the
 * given message, else the form's own error about itself (lib/form-resolver.ts sets one when the form
 * cannot be checked).
 */
export function FormError({
  message,
  errors,
  className = '',
}: {
  message: string | null;
  errors?: { root?: { message?: string } };
  className?: string;
}) {
  const shown = message ?? errors?.root?.message;
  if (!shown) return null;
  return (
    <p role="alert" className={`text-sm text-red-700 ${className}`}>
      {shown}
    </p>
  );
}

/** A form's submit button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
  pending,
  disabled = false,
  children,
  className = '',
}: {
  pending: boolean;
  /** Cannot be sent for another reason (sold out, an upload still running). */
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={pending || disabled}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
